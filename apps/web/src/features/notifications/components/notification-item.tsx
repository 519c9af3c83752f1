import type { Notification, NotificationType } from '@maktaba/shared/schemas/notifications';
import { clsx } from 'clsx';
import { Check, CircleCheck, CircleX, Info, type LucideIcon, TriangleAlert } from 'lucide-react';
import { Popover } from 'radix-ui';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { formatExactTime, formatRelativeTime } from '../../../lib/format';

/** Each kind of notification has its own mark, so a warning does not look like good news. */
const KIND: Record<NotificationType, { icon: LucideIcon; className: string }> = {
  success: { icon: CircleCheck, className: 'text-primary' },
  warning: { icon: TriangleAlert, className: 'text-warning' },
  error: { icon: CircleX, className: 'text-danger' },
  info: { icon: Info, className: 'text-muted' },
};

type NotificationItemProps = {
  notification: Notification;
  now: Date;
  onMarkRead: (id: string) => void;
};

/**
 * One notification in the panel: unread marker, its kind's mark, title (a link to what it is about,
 * closing the panel, when it has one), message, when, and 'Mark as read' while unread.
 */
export function NotificationItem({ notification, now, onMarkRead }: NotificationItemProps) {
  const { t, i18n } = useTranslation();
  const isUnread = notification.read_at === null;
  const createdAt = new Date(notification.created_at);
  const kind = KIND[notification.type] ?? KIND.info;
  const KindIcon = kind.icon;
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
      <KindIcon aria-hidden data-kind={notification.type} className={clsx('mt-0.5 size-4 shrink-0', kind.className)} />
      <div className="min-w-0 flex-1">
        {/* Written by people in either language: isolated, but aligned with the panel. */}
        <p className="text-sm font-semibold break-words">
          {isUnread ? <span className="sr-only">{t('notifications.unread')} </span> : null}
          <span className="sr-only">{t(`notifications.kinds.${notification.type}`)}: </span>
          {notification.link ? (
            <Popover.Close asChild>
              <Link
                to={notification.link}
                className="inline-flex min-h-11 items-center text-primary underline-offset-4 hover:underline"
              >
                <bdi>{notification.title}</bdi>
              </Link>
            </Popover.Close>
          ) : (
            <bdi>{notification.title}</bdi>
          )}
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
