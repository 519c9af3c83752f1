import type { Notification } from '@maktaba/shared/schemas/notifications';

export type ToastKind = 'success' | 'info' | 'warning';

const BY_EVENT: Record<string, ToastKind> = {
  book_request_approved: 'success',
  book_request_denied: 'info',
  checkout_overdue: 'warning',
};

const BY_TYPE: Record<string, ToastKind> = {
  success: 'success',
  warning: 'warning',
  // An error is shown in the warning style (reader-area §4.2).
  error: 'warning',
  info: 'info',
};

/**
 * The toast a live notification gets (reader-area §4.2): the event decides when there is one,
 * otherwise the type, and anything unknown is info. Null when there is nothing to show: a
 * notification without a title or a message is ignored.
 */
export function toastKindOf(
  notification: Pick<Partial<Notification>, 'title' | 'message' | 'type' | 'event_type'>,
): ToastKind | null {
  if (!notification.title?.trim() || !notification.message?.trim()) return null;
  const byEvent = notification.event_type ? BY_EVENT[notification.event_type] : undefined;
  return byEvent ?? BY_TYPE[notification.type ?? ''] ?? 'info';
}
