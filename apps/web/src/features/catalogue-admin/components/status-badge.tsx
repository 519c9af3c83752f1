import type { BookStatus } from '@maktaba/shared/schemas/catalogue';
import { clsx } from 'clsx';
import { useTranslation } from 'react-i18next';

const TONES: Record<BookStatus, string> = {
  draft: 'bg-surface-2 text-fg',
  pending: 'bg-warning-soft text-fg',
  approved: 'bg-primary-soft text-fg',
  archived: 'bg-danger-soft text-fg',
};

export function StatusBadge({ status }: { status: BookStatus }) {
  const { t } = useTranslation();
  return (
    <span
      className={clsx('inline-flex rounded-full px-2.5 py-0.5 text-xs font-semibold whitespace-nowrap', TONES[status])}
      data-status={status}
    >
      {t(`catalogueAdmin.status.${status}`)}
    </span>
  );
}
