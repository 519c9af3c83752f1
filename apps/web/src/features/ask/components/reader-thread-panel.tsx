import { CheckCircle2, RotateCcw } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { isNotFound, LoadErrorState } from '../../../components/page-states';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { Skeleton } from '../../../components/ui/skeleton';
import { apiErrorText } from '../../../lib/api-error-text';
import { useQuestion, useReply, useSetConsent, useSetResolved } from '../api/reader-questions';
import { REPLY_MAX } from '../lib/form';
import { MessageComposer } from './message-composer';
import { QuestionThread } from './question-thread';

/** One of the reader's questions: the thread, the reply box, resolve or reopen, and the FAQ consent. */
export function ReaderThreadPanel({ id }: { id: string }) {
  const { t } = useTranslation();
  const question = useQuestion(id);
  const reply = useReply();
  const setResolved = useSetResolved();
  const setConsent = useSetConsent();
  const [failure, setFailure] = useState<string | null>(null);

  if (question.isError) {
    if (isNotFound(question.error)) return <Alert variant="destructive" title={t('ask.thread.notFound')} />;
    return (
      <LoadErrorState
        error={question.error}
        titleKey="ask.thread.loadError"
        className="py-4"
        onRetry={() => void question.refetch()}
      />
    );
  }
  if (!question.data) return <Skeleton className="h-64 w-full" />;
  const data = question.data;
  const isResolved = data.status === 'resolved';
  const run = async (action: () => Promise<unknown>, done?: string) => {
    setFailure(null);
    try {
      await action();
      if (done) toast.success(done);
      return true;
    } catch (caught) {
      setFailure(apiErrorText(t, caught));
      return false;
    }
  };

  return (
    <div className="flex flex-col gap-5" data-testid="reader-thread">
      <QuestionThread question={data} viewer="reader" />
      {failure ? <Alert variant="destructive" title={failure} /> : null}
      {isResolved ? (
        <div className="flex flex-wrap items-center gap-3 rounded-app border border-border bg-surface-2 p-4">
          <p className="flex-1 text-sm">{t('ask.thread.resolvedNote')}</p>
          <Button
            variant="secondary"
            disabled={setResolved.isPending}
            onClick={() => void run(() => setResolved.mutateAsync({ id, resolved: false }), t('ask.thread.reopened'))}
          >
            <RotateCcw aria-hidden className="size-4" />
            {t('ask.thread.reopen')}
          </Button>
        </div>
      ) : (
        <>
          <MessageComposer
            id="reader-reply"
            label={t('ask.thread.reply')}
            submitLabel={t('ask.thread.send')}
            max={REPLY_MAX}
            isPending={reply.isPending}
            onSend={(body) => run(() => reply.mutateAsync({ id, body }))}
          />
          {data.status === 'answered' ? (
            <Button
              variant="secondary"
              className="self-start"
              disabled={setResolved.isPending}
              onClick={() => void run(() => setResolved.mutateAsync({ id, resolved: true }), t('ask.thread.resolved'))}
            >
              <CheckCircle2 aria-hidden className="size-4" />
              {t('ask.thread.resolve')}
            </Button>
          ) : null}
        </>
      )}
      <label className="flex items-start gap-3 rounded-app border border-border p-4 text-sm">
        <input
          type="checkbox"
          checked={data.publish_consent}
          disabled={setConsent.isPending}
          onChange={(event) => void run(() => setConsent.mutateAsync({ id, consent: event.target.checked }))}
          className="mt-0.5 size-5 shrink-0 accent-primary"
        />
        <span className="flex flex-col gap-1">
          <span>{t('ask.form.consent')}</span>
          {data.faq_entry_id ? <span className="text-muted">{t('ask.thread.published')}</span> : null}
        </span>
      </label>
    </div>
  );
}
