import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { LoadError } from '../../../components/load-error';
import { Skeleton } from '../../../components/ui/skeleton';
import { formatDate as formatDay } from '../../../lib/format';
import { pickLocalized } from '../../../lib/localized-text';
import { useUserActivity } from '../api/get-user-activity';
import { useUserBorrowings } from '../api/get-user-borrowings';
import { useStaffContext } from '../hooks/use-staff-context';
import { formatDate } from '../lib/format';

/** The last ten activities of the user. */
export function UserActivityList({ userId }: { userId: string }) {
  const { t, i18n } = useTranslation();
  const activity = useUserActivity(userId);
  return (
    <section aria-labelledby="user-activity-title" className="rounded-app border border-border bg-surface p-5">
      <h2 id="user-activity-title" className="font-display text-xl font-bold">
        {t('users.activity.title')}
      </h2>
      <div className="mt-3">
        {activity.isError ? (
          <LoadError titleKey="users.errors.fetchActivity" onRetry={() => void activity.refetch()} />
        ) : !activity.data ? (
          <Skeleton className="h-24 w-full" />
        ) : activity.data.length === 0 ? (
          <p className="text-sm text-muted">{t('users.activity.empty')}</p>
        ) : (
          <ol className="flex flex-col divide-y divide-border text-sm">
            {activity.data.map((entry) => (
              <li key={entry.id} className="flex flex-wrap justify-between gap-2 py-2">
                <span className="font-medium">
                  {t(`users.activity.types.${entry.activity_type}`, { defaultValue: entry.activity_type })}
                </span>
                <time dateTime={entry.created_at} className="text-muted">
                  {formatDate(entry.created_at, i18n.language, t)}
                </time>
              </li>
            ))}
          </ol>
        )}
      </div>
    </section>
  );
}

/** Every loan of the user, newest first, the book's title in the reader's language, each opening its desk page. */
export function UserBorrowingList({ userId }: { userId: string }) {
  const { t, i18n } = useTranslation();
  const { language } = useStaffContext();
  const borrowings = useUserBorrowings(userId);
  const day = (value: string) => formatDay(value, i18n.language);
  return (
    <section aria-labelledby="user-borrowings-title" className="rounded-app border border-border bg-surface p-5">
      <h2 id="user-borrowings-title" className="font-display text-xl font-bold">
        {t('users.borrowings.title')}
      </h2>
      <div className="mt-3">
        {borrowings.isError ? (
          <LoadError titleKey="users.errors.fetchBorrowings" onRetry={() => void borrowings.refetch()} />
        ) : !borrowings.data ? (
          <Skeleton className="h-24 w-full" />
        ) : borrowings.data.length === 0 ? (
          <p className="text-sm text-muted">{t('users.borrowings.empty')}</p>
        ) : (
          <ul className="flex flex-col divide-y divide-border text-sm" data-testid="user-borrowings">
            {borrowings.data.map((item) => {
              const title = pickLocalized(item.book.title, item.book.title_ar, language);
              const name = title?.text ?? t('users.borrowings.unknownTitle');
              return (
                <li key={item.id} className="flex flex-col gap-1 py-2">
                  <span className="flex flex-wrap items-center justify-between gap-2">
                    <Link
                      to={`/library/loans/${item.id}`}
                      className="font-medium text-primary underline-offset-2 hover:underline"
                      aria-label={t('users.borrowings.open', { title: name })}
                    >
                      <span lang={title?.lang}>{name}</span>
                    </Link>
                    <span className="rounded-full bg-surface-2 px-2 py-0.5 text-xs font-semibold">
                      {t(`lending.status.${item.status}`, {
                        defaultValue: t(`users.borrowings.statuses.${item.status}`, { defaultValue: item.status }),
                      })}
                    </span>
                  </span>
                  <span className="flex flex-wrap gap-x-3 text-muted">
                    <span>{t('users.borrowings.requested', { date: day(item.checked_out_at) })}</span>
                    {item.due_date ? <span>{t('users.borrowings.due', { date: day(item.due_date) })}</span> : null}
                    {item.returned_at ? (
                      <span>{t('users.borrowings.returned', { date: day(item.returned_at) })}</span>
                    ) : null}
                  </span>
                </li>
              );
            })}
          </ul>
        )}
      </div>
    </section>
  );
}
