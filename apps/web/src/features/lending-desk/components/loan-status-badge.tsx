import type { LoanStatus } from '@maktaba/shared/lending';
import { clsx } from 'clsx';
import { useTranslation } from 'react-i18next';

/** A loan's status as a small badge; an overdue loan says so beside it. */
export function LoanStatusBadge({ status, overdue = false }: { status: LoanStatus; overdue?: boolean }) {
  const { t } = useTranslation();
  const tone =
    status === 'requested'
      ? 'bg-primary text-primary-fg'
      : status === 'denied' || status === 'lost'
        ? 'bg-danger-soft text-danger'
        : 'bg-surface-2 text-fg';
  return (
    <span className="inline-flex flex-wrap items-center gap-1">
      <span
        className={clsx('inline-flex rounded-full px-2 py-0.5 text-xs font-semibold', tone)}
        data-testid="loan-status"
      >
        {t(`lending.status.${status}`)}
      </span>
      {overdue ? (
        <span className="inline-flex rounded-full bg-danger-soft px-2 py-0.5 text-xs font-semibold text-danger">
          {t('desk.overdue')}
        </span>
      ) : null}
    </span>
  );
}
