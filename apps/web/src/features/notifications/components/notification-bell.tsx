import { LIMITS } from '@maktaba/shared/constants';
import { useQuery } from '@tanstack/react-query';
import { Bell } from 'lucide-react';
import { Popover } from 'radix-ui';
import { useTranslation } from 'react-i18next';
import { useAuthStore } from '../../../lib/auth/use-auth';
import { numberFormat } from '../../../lib/format';
import { notificationsQueryOptions } from '../api/get-notifications';
import { NotificationPanel } from './notification-panel';

/**
 * The header's bell (reader-area §2.2, §2.7, §9): the unread count as a badge (9+ beyond 9), the
 * panel on click. The list and its live stream are the header's NotificationFeed.
 */
export function NotificationBell() {
  const { t, i18n } = useTranslation();
  const userId = useAuthStore((state) => state.user?.id ?? null);
  // The header's NotificationFeed fetches the list and keeps it; the bell, whose code comes a
  // moment later, only reads it: its mounting does not ask the server again.
  const { data } = useQuery({ ...notificationsQueryOptions(userId), refetchOnMount: false });
  const unread = data?.unread_count ?? 0;
  const number = numberFormat(i18n.language);
  const badge =
    unread > LIMITS.notificationBadgeMax ? `${number.format(LIMITS.notificationBadgeMax)}+` : number.format(unread);
  const label =
    unread > 0
      ? t('notifications.bellUnread', { count: unread, formatted: number.format(unread) })
      : t('header.notifications');
  // Radix places the panel by physical edges: its end edge meets the bell's in both directions.
  const align = i18n.dir() === 'rtl' ? 'start' : 'end';

  return (
    <Popover.Root>
      {/* The badge sits beside the button, not in it: the button's name says the exact count. */}
      <span className="relative inline-flex">
        <Popover.Trigger
          className="inline-flex size-11 items-center justify-center rounded-app hover:bg-surface-2"
          aria-label={label}
        >
          <Bell aria-hidden className="size-5" />
        </Popover.Trigger>
        {unread > 0 ? (
          <span
            aria-hidden
            data-testid="notification-badge"
            className="pointer-events-none absolute -end-0.5 -top-0.5 inline-flex h-5 min-w-5 items-center justify-center rounded-full bg-danger px-1 text-[0.6875rem] leading-none font-bold text-danger-fg"
          >
            {badge}
          </span>
        ) : null}
      </span>
      <Popover.Portal>
        <Popover.Content
          align={align}
          sideOffset={6}
          collisionPadding={8}
          dir={i18n.dir()}
          aria-labelledby="notifications-title"
          className="z-40 flex max-h-[min(32rem,calc(100dvh-5rem))] w-[min(24rem,calc(100vw-1rem))] flex-col overflow-hidden rounded-app border border-border bg-surface text-fg shadow-lg"
        >
          <NotificationPanel />
        </Popover.Content>
      </Popover.Portal>
    </Popover.Root>
  );
}
