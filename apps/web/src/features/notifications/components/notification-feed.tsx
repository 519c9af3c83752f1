import { useAuthStore } from '../../../lib/auth/use-auth';
import { useNotifications } from '../api/get-notifications';
import { useNotificationStream } from '../hooks/use-notification-stream';

/**
 * The signed-in reader's notifications: the list, then its live stream from the list's cursor
 * (reader-area §4.2). It shows nothing: the header mounts it with its signed-in controls, whose
 * code comes later, and the bell reads the same list.
 */
export function NotificationFeed() {
  const userId = useAuthStore((state) => state.user?.id ?? null);
  const { data } = useNotifications(userId);
  useNotificationStream(userId, data?.stream_cursor);
  return null;
}
