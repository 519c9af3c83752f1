import type { Notification } from '@maktaba/shared/schemas/notifications';
import { clsx } from 'clsx';
import { Check } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { formatExactTime, formatRelativeTime } from '../../../lib/format';

type NotificationItemProps = {
  notification: Notification;
  now: Date;
  onMarkRead: (id: string) => void;
};

/** One notification in the panel: unread marker, title, message, when, and 'Mark as read' while unread. */
export function NotificationItem({ notification, now, onMarkRead }: NotificationItemProps) {
  const { t, i18n } = useTranslation();
  const isUnread = notification.read_at === null;
  const createdAt = new Date(notification.created_at);
  return (
    <li
      data-testid="notification"
      data-unread={isUnread}
      className={clsx('flex items-start gap-3 px-4 py-3', isUnread && 'bg-primary/5')}
    >
      <span
        aria-hidden
        className={clsx('mt-1.5 size-2 shrink-0 rounded-full', isUnread ? 'bg-primary' : 'bg-transparent')}
      />
      <div className="min-w-0 flex-1">
        {/* Written by people in either language: isolated, but aligned with the panel. */}
        <p className="text-sm font-semibold break-words">
          {isUnread ? <span className="sr-only">{t('notifications.unread')} </span> : null}
          <bdi>{notification.title}</bdi>
        </p>
        <p className="mt-0.5 text-sm break-words text-muted">
          <bdi>{notification.message}</bdi>
        </p>
        <time
          dateTime={notification.created_at}
          title={formatExactTime(createdAt, i18n.language)}
          className="mt-1 block text-xs text-muted"
        >
          {formatRelativeTime(createdAt, now, i18n.language)}
        </time>
      </div>
      {isUnread ? (
        <button
          type="button"
          className="inline-flex size-11 shrink-0 items-center justify-center rounded-app text-muted hover:bg-surface-2 hover:text-fg"
          aria-label={t('notifications.markRead', { title: notification.title })}
          title={t('notifications.markReadShort')}
          onClick={() => onMarkRead(notification.id)}
        >
          <Check aria-hidden className="size-4" />
        </button>
      ) : null}
    </li>
  );
}
