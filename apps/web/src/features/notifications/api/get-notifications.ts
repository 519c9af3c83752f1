import { TIMINGS } from '@maktaba/shared/constants';
import type { Notification, NotificationList } from '@maktaba/shared/schemas/notifications';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api-client';

/** `GET /api/notifications`: the reader's newest 50, the unread count and where a live stream starts. */
export function getNotifications(signal?: AbortSignal): Promise<NotificationList> {
  return apiFetch<NotificationList>('/notifications', { signal });
}

/** Per reader: what was kept for one reader is never shown to the next. */
export const notificationsQueryOptions = (userId: string | null) =>
  queryOptions({
    queryKey: ['notifications', userId],
    queryFn: ({ signal }) => getNotifications(signal),
    staleTime: TIMINGS.notificationsStale,
    enabled: userId !== null,
  });

export function useNotifications(userId: string | null) {
  return useQuery(notificationsQueryOptions(userId));
}

/** The list with `change` applied to each notification, and the unread count recounted from the change. */
export function updateNotifications(
  list: NotificationList,
  change: (notification: Notification) => Notification | null,
): NotificationList {
  let unread = list.unread_count;
  const notifications: Notification[] = [];
  for (const notification of list.notifications) {
    const changed = change(notification);
    const wasUnread = notification.read_at === null;
    const isUnread = changed !== null && changed.read_at === null;
    if (wasUnread && !isUnread) unread--;
    if (changed) notifications.push(changed);
  }
  return { ...list, notifications, unread_count: Math.max(0, unread) };
}

/** The list with a newly arrived notification first; unchanged (same object) when it is there already. */
export function addNotification(list: NotificationList, notification: Notification, limit: number): NotificationList {
  if (list.notifications.some((known) => known.id === notification.id)) return list;
  return {
    ...list,
    notifications: [notification, ...list.notifications].slice(0, limit),
    unread_count: list.unread_count + (notification.read_at === null ? 1 : 0),
  };
}
