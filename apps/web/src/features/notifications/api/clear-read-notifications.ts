import { apiFetch } from '../../../lib/api-client';
import { useOptimisticNotifications } from './use-optimistic-notifications';

/** `DELETE /api/notifications/read`: deletes the reader's read ones. */
export function clearReadNotifications(): Promise<{ count: number }> {
  return apiFetch<{ count: number }>('/notifications/read', { method: 'DELETE' });
}

export function useClearReadNotifications() {
  return useOptimisticNotifications(
    (_: undefined) => clearReadNotifications(),
    (_, notification) => (notification.read_at === null ? notification : null),
  );
}
