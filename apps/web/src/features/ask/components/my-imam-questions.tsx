import { MessageCircleQuestion } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { buttonClass } from '../../../components/ui/button';
import { Skeleton } from '../../../components/ui/skeleton';
import { useMyQuestions } from '../api/reader-questions';
import { QuestionList } from './question-list';

const LATEST = 3;

/** My Imam's "Your questions": the latest three with their status, or a way to ask the first one. */
export function MyImamQuestions() {
  const { t } = useTranslation();
  const mine = useMyQuestions();
  const items = (mine.data?.items ?? []).slice(0, LATEST);
  return (
    <section aria-labelledby="my-imam-questions" className="flex flex-col gap-4">
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h2 id="my-imam-questions" className="font-display text-2xl font-bold">
          {t('ask.mine.title')}
        </h2>
        {items.length > 0 ? (
          <Link to="/ask" className="inline-flex min-h-11 items-center text-primary underline">
            {t('ask.mine.all')}
          </Link>
        ) : null}
      </div>
      {mine.isError ? (
        <p className="text-sm text-danger">{t('ask.mine.loadError')}</p>
      ) : !mine.data ? (
        <Skeleton className="h-24 w-full" />
      ) : items.length === 0 ? (
        <div className="flex flex-col items-start gap-3 rounded-app border border-dashed border-border p-6">
          <p className="text-muted">{t('ask.mine.empty')}</p>
          <Link to="/ask_test" className={buttonClass('primary')}>
            <MessageCircleQuestion aria-hidden className="size-4" />
            {t('ask.mine.askFirst')}
          </Link>
        </div>
      ) : (
        <QuestionList items={items} />
      )}
    </section>
  );
}
