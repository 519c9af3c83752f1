import type { Notification } from '@maktaba/shared/schemas/notifications';
import { apiFetch } from '../../../lib/api-client';
import { useOptimisticNotifications } from './use-optimistic-notifications';

/** `POST /api/notifications/{id}/read`: one of the reader's own. */
export function markNotificationRead(id: string): Promise<Notification> {
  return apiFetch<Notification>(`/notifications/${encodeURIComponent(id)}/read`, { method: 'POST' });
}

export function useMarkNotificationRead() {
  return useOptimisticNotifications(markNotificationRead, (id: string, notification, now) =>
    notification.id === id && notification.read_at === null ? { ...notification, read_at: now } : notification,
  );
}
