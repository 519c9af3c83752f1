import { useTranslation } from 'react-i18next';

/** An account's status (active, suspended, deactivated) as a coloured, translated badge. */
export function UserStatusBadge({ status }: { status: string }) {
  const { t } = useTranslation();
  const tone =
    status === 'active'
      ? 'bg-primary-soft text-primary'
      : status === 'suspended'
        ? 'bg-danger-soft text-danger'
        : 'bg-surface-2 text-muted';
  return (
    <span className={`inline-flex rounded-full px-2 py-0.5 text-xs font-semibold ${tone}`}>
      {t(`users.statuses.${status}`)}
    </span>
  );
}
