import type { LoanStatus } from '@maktaba/shared/lending';
import { clsx } from 'clsx';
import { useTranslation } from 'react-i18next';
import { statusTone } from '../lib/loan-view';

/** A loan's state in words, coloured by where it stands; an overdue loan says so. */
export function LoanStatusBadge({ status, overdue }: { status: LoanStatus; overdue: boolean }) {
  const { t } = useTranslation();
  const tone = statusTone(status, overdue);
  return (
    <span
      className={clsx(
        'inline-flex w-fit items-center rounded-full px-2 py-0.5 text-xs font-semibold',
        tone === 'primary' && 'bg-primary-soft text-primary',
        tone === 'warning' && 'bg-warning-soft text-fg',
        tone === 'danger' && 'bg-danger-soft text-danger',
        tone === 'muted' && 'bg-surface-2 text-fg',
      )}
      data-testid="loan-status"
    >
      {overdue ? t('loans.overdue') : t(`lending.status.${status}`)}
    </span>
  );
}
