import { apiFetch } from '../../../lib/api-client';
import { useOptimisticNotifications } from './use-optimistic-notifications';

/** `POST /api/notifications/read-all`: every unread one of the reader's. */
export function markAllNotificationsRead(): Promise<{ count: number }> {
  return apiFetch<{ count: number }>('/notifications/read-all', { method: 'POST' });
}

export function useMarkAllNotificationsRead() {
  return useOptimisticNotifications(
    (_: undefined) => markAllNotificationsRead(),
    (_, notification, now) => (notification.read_at === null ? { ...notification, read_at: now } : notification),
  );
}
