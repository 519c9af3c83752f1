import { LIMITS, TIMINGS } from '@maktaba/shared/constants';
import type { Notification, NotificationSchema } from '@maktaba/shared/schemas/notifications';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { announceLiveNotification } from '../../../lib/live-notifications';
import { reportError } from '../../../lib/telemetry/error-reporter';
import { toast } from '../../../lib/toast';
import { addNotification, notificationsQueryOptions } from '../api/get-notifications';
import { toastKindOf } from '../lib/toast-kind';

const REOPEN_DELAY = { first: 2_000, max: 30_000 } as const;

/**
 * Live notifications while signed in (reader-area §4.2): an EventSource on the reader's stream,
 * opened once the list is loaded, from the list's cursor, so nothing that came in between is
 * missed. The browser reconnects by itself and sends the last event id; when the server refused
 * the stream (it was restarting) the hook opens it again, a little later each time. Each new
 * notification joins the list (once, by id) and shows as a toast for 5 s.
 */
export function useNotificationStream(userId: string | null, cursor: number | undefined) {
  const queryClient = useQueryClient();
  // Read when the stream opens: later refetches of the list do not reopen it.
  const cursorRef = useRef(cursor);
  cursorRef.current = cursor;
  const isReady = userId !== null && cursor !== undefined;

  useEffect(() => {
    if (!isReady) return;
    const { queryKey } = notificationsQueryOptions(userId);
    let source: EventSource | undefined;
    let timer: ReturnType<typeof setTimeout> | undefined;
    let attempt = 0;
    let lastEventId = cursorRef.current ?? 0;
    let isClosed = false;
    // The schema, with its validation library, comes with the stream rather than with the first
    // page. The events wait for it in the order they came; one that fails does not stop the next.
    let schema: Promise<typeof NotificationSchema> | null = null;
    const loadSchema = () =>
      (schema ??= import('@maktaba/shared/schemas/notifications').then(
        (module) => module.NotificationSchema,
        (error: unknown) => {
          schema = null;
          throw error;
        },
      ));
    let received: Promise<void> = Promise.resolve();

    const onNotification = (event: MessageEvent<string>) => {
      const id = Number(event.lastEventId);
      if (Number.isFinite(id)) lastEventId = Math.max(lastEventId, id);
      received = received
        .then(loadSchema)
        .then((Schema) => {
          if (isClosed) return;
          let notification: Notification;
          try {
            notification = Schema.parse(JSON.parse(event.data));
          } catch {
            return;
          }
          receive(notification);
        })
        .catch((error: unknown) => reportError(error));
    };

    const receive = (notification: Notification) => {
      let isNew = false;
      queryClient.setQueryData(queryKey, (list) => {
        if (!list) return list;
        const updated = addNotification(list, notification, LIMITS.notificationsLimit);
        isNew = updated !== list;
        return updated;
      });
      if (isNew) announceLiveNotification(notification);
      const kind = isNew ? toastKindOf(notification) : null;
      if (kind) {
        toast[kind](notification.title, {
          id: notification.id,
          description: notification.message,
          duration: TIMINGS.notificationToast,
        });
      }
    };

    const open = () => {
      source = new EventSource(`/api/notifications/stream?last_event_id=${lastEventId}`);
      source.addEventListener('notification', onNotification);
      source.addEventListener('open', () => {
        attempt = 0;
      });
      source.addEventListener('error', () => {
        // CONNECTING: the browser retries by itself. CLOSED: it gave up (the server refused).
        if (source?.readyState !== EventSource.CLOSED) return;
        source.close();
        const delay = Math.min(REOPEN_DELAY.max, REOPEN_DELAY.first * 2 ** attempt);
        attempt++;
        timer = setTimeout(open, delay);
      });
    };
    open();
    return () => {
      isClosed = true;
      clearTimeout(timer);
      source?.close();
    };
  }, [isReady, userId, queryClient]);
}
