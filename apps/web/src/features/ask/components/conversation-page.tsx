import { ArrowLeft, Plus } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { buttonClass } from '../../../components/ui/button';
import { Skeleton } from '../../../components/ui/skeleton';
import { useMyQuestions } from '../api/reader-questions';
import { useLiveQuestionRefresh } from '../hooks/use-live-question-refresh';
import { QuestionList } from './question-list';
import { ReaderThreadPanel } from './reader-thread-panel';

/**
 * /ask, the reader's conversations with the librarians (the footer is hidden here): the list of
 * their questions beside the chosen thread on a wide screen; on a phone the list, then the thread
 * with a way back. `?question=<id>` chooses the thread. A librarian's answer arriving live shows at once.
 */
export function ConversationPage() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const selected = params.get('question');
  const mine = useMyQuestions();
  useLiveQuestionRefresh();
  const items = mine.data?.items ?? [];

  return (
    <div className="mx-auto flex w-full max-w-6xl flex-col gap-4 px-4 py-6">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h1 className="font-display text-3xl font-bold">{t('ask.conversations.title')}</h1>
        <Link to="/ask_test" className={buttonClass('secondary')}>
          <Plus aria-hidden className="size-4" />
          {t('ask.conversations.ask')}
        </Link>
      </div>
      <div className="grid gap-6 lg:grid-cols-[20rem_minmax(0,1fr)]">
        <nav aria-label={t('ask.conversations.list')} className={selected ? 'hidden lg:block' : 'block'}>
          {mine.data ? (
            items.length > 0 ? (
              <QuestionList items={items} selectedId={selected} />
            ) : (
              <div className="flex flex-col items-start gap-3 rounded-app border border-dashed border-border p-6">
                <p className="text-muted">{t('ask.mine.empty')}</p>
                <Link to="/ask_test" className={buttonClass('primary')}>
                  {t('ask.mine.askFirst')}
                </Link>
              </div>
            )
          ) : (
            <Skeleton className="h-48 w-full" />
          )}
        </nav>
        <section aria-label={t('ask.conversations.thread')} className={selected ? 'block min-w-0' : 'hidden lg:block'}>
          {selected ? (
            <div className="flex flex-col gap-4">
              <Link to="/ask" className={buttonClass('ghost', 'self-start lg:hidden')}>
                <ArrowLeft aria-hidden className="size-4 rtl:-scale-x-100" />
                {t('ask.conversations.back')}
              </Link>
              <ReaderThreadPanel key={selected} id={selected} />
            </div>
          ) : (
            <p className="rounded-app border border-dashed border-border p-6 text-center text-muted">
              {t('ask.conversations.choose')}
            </p>
          )}
        </section>
      </div>
    </div>
  );
}
