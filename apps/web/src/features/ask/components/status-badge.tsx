import { clsx } from 'clsx';
import { useTranslation } from 'react-i18next';
import type { QuestionStatus } from '../lib/types';

/** Where a question stands: new, with a librarian, answered, resolved. */
export function StatusBadge({ status }: { status: QuestionStatus }) {
  const { t } = useTranslation();
  return (
    <span
      className={clsx(
        'inline-flex shrink-0 items-center rounded-full px-2.5 py-0.5 text-xs font-semibold',
        status === 'new' && 'bg-warning-soft text-warning',
        status === 'assigned' && 'bg-primary-soft text-primary',
        status === 'answered' && 'bg-primary text-primary-fg',
        status === 'resolved' && 'bg-surface-2 text-fg',
      )}
      data-testid="question-status"
      data-status={status}
    >
      <span className="sr-only">{t('ask.status.label')}: </span>
      {t(`ask.status.${status}`)}
    </span>
  );
}
