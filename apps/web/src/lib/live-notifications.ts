import type { Notification } from '@maktaba/shared/schemas/notifications';

type Listener = (notification: Notification) => void;
const listeners = new Set<Listener>();

/**
 * Called for each new notification the live stream brings (the notifications feature announces
 * them). The app wires other features to it, e.g. the reader's loans read again when the library
 * approves, ships or receives one, without a feature importing another.
 */
export function onLiveNotification(listener: Listener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function announceLiveNotification(notification: Notification) {
  for (const listener of listeners) listener(notification);
}
