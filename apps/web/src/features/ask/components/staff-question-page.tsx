import { ArrowLeft, BookCheck, UserMinus, UserPlus } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { toast } from 'sonner';
import { isNotFound, LoadErrorState } from '../../../components/page-states';
import { Alert } from '../../../components/ui/alert';
import { Button, buttonClass } from '../../../components/ui/button';
import { Skeleton } from '../../../components/ui/skeleton';
import { apiErrorText } from '../../../lib/api-error-text';
import { useAuthStore } from '../../../lib/auth/use-auth';
import { useQuestion } from '../api/reader-questions';
import { useAnswer, useAssign } from '../api/staff-questions';
import { ANSWER_BOOKS_MAX, ANSWER_MAX } from '../lib/form';
import type { QuestionBook, QuestionDetail } from '../lib/types';
import { BookPicker } from './book-picker';
import { MessageComposer } from './message-composer';
import { PublishDialog } from './publish-dialog';
import { QuestionThread } from './question-thread';

/** /library/questions/:questionId: a reader's question for a librarian — the thread, assignment, the answer, the FAQ. */
export function StaffQuestionPage() {
  const { t } = useTranslation();
  const { questionId = '' } = useParams();
  const question = useQuestion(questionId);

  return (
    <div className="mx-auto flex max-w-4xl flex-col gap-6 px-4 py-8 sm:py-10">
      <Link to="/library/questions" className={buttonClass('ghost', 'self-start')}>
        <ArrowLeft aria-hidden className="size-4 rtl:-scale-x-100" />
        {t('ask.staff.backToQueue')}
      </Link>
      <h1 className="sr-only">{t('ask.staff.title')}</h1>
      {question.isError ? (
        isNotFound(question.error) ? (
          <Alert variant="destructive" title={t('ask.thread.notFound')} />
        ) : (
          <LoadErrorState
            error={question.error}
            titleKey="ask.thread.loadError"
            className="py-4"
            onRetry={() => void question.refetch()}
          />
        )
      ) : question.data ? (
        <StaffThread question={question.data} />
      ) : (
        <Skeleton className="h-64 w-full" />
      )}
    </div>
  );
}

/** The librarian's view of the thread; exported for the component tests. */
export function StaffThread({ question }: { question: QuestionDetail }) {
  const { t } = useTranslation();
  const userId = useAuthStore((state) => state.user?.id ?? null);
  const assign = useAssign();
  const answer = useAnswer();
  const [books, setBooks] = useState<QuestionBook[]>([]);
  const [failure, setFailure] = useState<string | null>(null);
  const [publishing, setPublishing] = useState(false);
  const isMine = question.assigned_to?.id === userId;
  const canPublish = question.publish_consent && (question.status === 'answered' || question.status === 'resolved');

  const run = async (action: () => Promise<unknown>, done: string) => {
    setFailure(null);
    try {
      await action();
      toast.success(done);
      return true;
    } catch (caught) {
      setFailure(apiErrorText(t, caught));
      return false;
    }
  };

  return (
    <div className="flex flex-col gap-6" data-testid="staff-thread">
      <QuestionThread question={question} viewer="staff" />
      <div className="flex flex-wrap items-center gap-3 rounded-app border border-border bg-surface p-4">
        <p className="min-w-0 flex-1 text-sm" data-testid="assignee">
          {question.assigned_to ? (
            <>
              {t('ask.staff.assignedTo')}{' '}
              <bdi className="font-semibold">{question.assigned_to.name ?? t('ask.thread.librarian')}</bdi>
            </>
          ) : (
            t('ask.staff.unassigned')
          )}
        </p>
        {question.status !== 'resolved' && !isMine ? (
          <Button
            variant="secondary"
            disabled={assign.isPending}
            onClick={() =>
              void run(() => assign.mutateAsync({ id: question.id, assign: true }), t('ask.staff.assigned'))
            }
          >
            <UserPlus aria-hidden className="size-4" />
            {t('ask.staff.assignToMe')}
          </Button>
        ) : null}
        {question.assigned_to ? (
          <Button
            variant="ghost"
            disabled={assign.isPending}
            onClick={() =>
              void run(() => assign.mutateAsync({ id: question.id, assign: false }), t('ask.staff.unassignedDone'))
            }
          >
            <UserMinus aria-hidden className="size-4" />
            {t('ask.staff.unassign')}
          </Button>
        ) : null}
      </div>
      {failure ? <Alert variant="destructive" title={failure} /> : null}
      {question.status === 'resolved' ? (
        <p className="rounded-app border border-border bg-surface-2 p-4 text-sm">{t('ask.staff.resolvedNote')}</p>
      ) : (
        <section aria-labelledby="staff-answer" className="flex flex-col gap-3 rounded-app border border-border p-4">
          <h2 id="staff-answer" className="font-display text-xl font-bold">
            {t('ask.staff.answerTitle')}
          </h2>
          <MessageComposer
            id="staff-answer-body"
            label={t('ask.staff.answer')}
            submitLabel={t('ask.staff.sendAnswer')}
            max={ANSWER_MAX}
            isPending={answer.isPending}
            onSend={async (body) => {
              const sent = await run(
                () => answer.mutateAsync({ id: question.id, body, bookIds: books.map((book) => book.id) }),
                t('ask.staff.answered'),
              );
              if (sent) setBooks([]);
              return sent;
            }}
          >
            <BookPicker
              id="staff-answer-books"
              label={t('ask.staff.books')}
              hint={t('ask.staff.booksHint', { count: ANSWER_BOOKS_MAX })}
              value={books}
              onChange={setBooks}
              max={ANSWER_BOOKS_MAX}
              optional
            />
          </MessageComposer>
        </section>
      )}
      <section aria-labelledby="staff-faq" className="flex flex-col gap-3 rounded-app border border-border p-4">
        <h2 id="staff-faq" className="font-display text-xl font-bold">
          {t('ask.staff.faqTitle')}
        </h2>
        {question.faq_entry_id ? (
          <p className="text-sm" data-testid="faq-published">
            {t('ask.staff.faqPublished')}
          </p>
        ) : canPublish ? (
          <Button className="self-start" onClick={() => setPublishing(true)} data-testid="publish-faq">
            <BookCheck aria-hidden className="size-4" />
            {t('ask.staff.publish')}
          </Button>
        ) : (
          <p className="text-sm text-muted" data-testid="faq-unavailable">
            {question.publish_consent ? t('ask.staff.faqAfterAnswer') : t('ask.staff.noConsent')}
          </p>
        )}
      </section>
      {publishing ? <PublishDialog question={question} onClose={() => setPublishing(false)} /> : null}
    </div>
  );
}
