import { clsx } from 'clsx';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { formatRelativeTime } from '../../../lib/format';
import { usePageLanguage } from '../../../lib/hooks/use-page-language';
import type { QuestionSummary } from '../lib/types';
import { StatusBadge } from './status-badge';

type QuestionListProps = {
  items: QuestionSummary[];
  /** The question shown beside the list, marked as the current one. */
  selectedId?: string | null;
};

/** The reader's questions: subject, status and last activity, each opening its thread in /ask. */
export function QuestionList({ items, selectedId }: QuestionListProps) {
  const { t } = useTranslation();
  const language = usePageLanguage();
  const now = new Date();
  return (
    <ul className="flex flex-col gap-2" data-testid="my-questions">
      {items.map((question) => {
        const isSelected = question.id === selectedId;
        return (
          <li key={question.id}>
            <Link
              to={`/ask?question=${encodeURIComponent(question.id)}`}
              aria-current={isSelected ? 'page' : undefined}
              className={clsx(
                'flex min-h-11 flex-col gap-1 rounded-app border p-3 hover:bg-surface-2',
                isSelected ? 'border-primary bg-primary-soft' : 'border-border bg-surface',
              )}
              data-testid="my-question"
            >
              <span className="flex items-start gap-2">
                <span className="min-w-0 flex-1 font-semibold break-words" dir="auto">
                  {question.subject}
                </span>
                <StatusBadge status={question.status} />
              </span>
              <span className="flex flex-wrap items-center gap-2 text-xs text-muted">
                <time dateTime={question.updated_at}>
                  {formatRelativeTime(new Date(question.updated_at), now, language)}
                </time>
                {question.unread ? (
                  <span className="rounded-full bg-primary px-2 py-0.5 font-semibold text-primary-fg">
                    {t('ask.list.newAnswer')}
                  </span>
                ) : null}
              </span>
            </Link>
          </li>
        );
      })}
    </ul>
  );
}
