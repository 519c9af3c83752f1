import { BellOff } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { useAuthStore } from '../../../lib/auth/use-auth';
import { useClearReadNotifications } from '../api/clear-read-notifications';
import { useNotifications } from '../api/get-notifications';
import { useMarkAllNotificationsRead } from '../api/mark-all-notifications-read';
import { useMarkNotificationRead } from '../api/mark-notification-read';
import { NotificationItem } from './notification-item';

/** The panel under the bell (reader-area §2.7, §4.2): the list, its actions, and its empty, loading and error states. */
export function NotificationPanel() {
  const { t } = useTranslation();
  const userId = useAuthStore((state) => state.user?.id ?? null);
  const { data, isPending, isError, refetch } = useNotifications(userId);
  const markRead = useMarkNotificationRead();
  const markAllRead = useMarkAllNotificationsRead();
  const clearRead = useClearReadNotifications();
  const notifications = data?.notifications ?? [];
  const hasUnread = (data?.unread_count ?? 0) > 0;
  const hasRead = notifications.some((notification) => notification.read_at !== null);
  const now = new Date();

  return (
    <div className="flex max-h-[inherit] min-h-0 flex-col">
      <div className="flex flex-wrap items-center gap-2 border-b border-border px-4 py-3">
        <h2 id="notifications-title" className="me-auto text-base font-semibold">
          {t('notifications.title')}
        </h2>
        <Button
          variant="ghost"
          className="min-h-11 px-2 text-xs"
          disabled={!hasUnread}
          onClick={() => markAllRead.mutate(undefined)}
        >
          {t('notifications.markAllRead')}
        </Button>
        <Button
          variant="ghost"
          className="min-h-11 px-2 text-xs"
          disabled={!hasRead}
          onClick={() => clearRead.mutate(undefined)}
        >
          {t('notifications.clearRead')}
        </Button>
      </div>
      <div className="min-h-0 flex-1 overflow-y-auto">
        {isPending ? (
          <p role="status" className="px-4 py-6 text-center text-sm text-muted">
            {t('notifications.loading')}
          </p>
        ) : isError ? (
          <div className="p-3">
            <Alert
              variant="destructive"
              title={t('notifications.loadFailed')}
              action={
                <Button variant="secondary" onClick={() => void refetch()}>
                  {t('common.retry')}
                </Button>
              }
            />
          </div>
        ) : notifications.length === 0 ? (
          <div className="flex flex-col items-center gap-2 px-6 py-8 text-center">
            <BellOff aria-hidden className="size-8 text-muted" />
            <p className="text-sm font-semibold">{t('notifications.empty.title')}</p>
            <p className="text-sm text-muted">{t('notifications.empty.description')}</p>
          </div>
        ) : (
          <ul className="divide-y divide-border">
            {notifications.map((notification) => (
              <NotificationItem
                key={notification.id}
                notification={notification}
                now={now}
                onMarkRead={(id) => markRead.mutate(id)}
              />
            ))}
          </ul>
        )}
      </div>
    </div>
  );
}
