import type { UserDetail } from '@maktaba/shared/schemas/admin-users';
import { useTranslation } from 'react-i18next';
import { EmailText } from '../../../components/email-text';
import { UserStatusBadge as StatusBadge } from '../../../components/user-status-badge';
import { formatNumber, formatRelativeTime } from '../../../lib/format';
import { formatDate, roleLabel } from '../lib/format';
import { UserAvatar } from './user-avatar';

/** Who the user is: picture or initials, e-mail, role, status, limit, dates and how the account began. */
export function UserProfileCard({ detail }: { detail: UserDetail }) {
  const { t, i18n } = useTranslation();
  const { profile } = detail;
  const rows: [string, React.ReactNode][] = [
    ['email', <EmailText key="email" email={profile.email} />],
    ['role', roleLabel(t, profile.role)],
    ['status', <StatusBadge key="status" status={profile.status} />],
    ['borrowing_limit', profile.borrowing_limit ?? t('users.defaultLimit')],
    ['created_at', formatDate(profile.created_at, i18n.language, t)],
    ['last_activity_at', <LastActivity key="last_activity_at" value={profile.last_activity_at} />],
    [
      'creation_source',
      profile.creation_source
        ? t(`users.sources.${profile.creation_source}`, { defaultValue: profile.creation_source })
        : t('users.never'),
    ],
    ['sessions', formatNumber(detail.active_sessions, i18n.language)],
  ];
  return (
    <section aria-labelledby="user-card-title" className="rounded-app border border-border bg-surface p-5">
      <div className="flex items-center gap-4">
        <UserAvatar name={profile.display_name} email={profile.email} url={profile.avatar_url} size="lg" />
        <div className="min-w-0">
          <h1 id="user-card-title" className="font-display text-2xl font-bold break-words">
            <bdi>{profile.display_name || t('users.noName')}</bdi>
          </h1>
          {profile.biography ? (
            <p dir="auto" className="mt-1 text-sm text-muted whitespace-pre-line">
              {profile.biography}
            </p>
          ) : null}
        </div>
      </div>
      <dl className="mt-4 grid gap-x-4 gap-y-2 text-sm sm:grid-cols-2">
        {rows.map(([key, value]) => (
          <div key={key} className="flex gap-2">
            <dt className="text-muted">{t(`users.columns.${key}`)}:</dt>
            <dd className="min-w-0 break-words font-medium" data-testid={`user-${key}`}>
              {value}
            </dd>
          </div>
        ))}
      </dl>
    </section>
  );
}

/** When the user last acted: how long ago, then the exact local time; a dash before the first time. */
function LastActivity({ value }: { value: string | null }) {
  const { t, i18n } = useTranslation();
  const date = value ? new Date(value) : null;
  if (!value || !date || Number.isNaN(date.getTime())) return <>{t('users.never')}</>;
  return (
    <time dateTime={value}>
      {formatRelativeTime(date, new Date(), i18n.language)}
      <span className="ms-2 font-normal text-muted">{formatDate(value, i18n.language, t)}</span>
    </time>
  );
}
