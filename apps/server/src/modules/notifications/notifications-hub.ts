import type { Logger } from 'pino';
import type { DatabaseHandle } from '../../db/client.js';
import { findById, type NotificationRow } from './notifications.repository.js';

export const NOTIFICATIONS_CHANNEL = 'user_notifications';

/** One open stream of one user (an open tab). */
export type NotificationSubscriber = {
  userId: string;
  /** A new row of this user, as read back after its announcement. */
  deliver(row: NotificationRow): void;
  /** Announcements may have been lost (the listener reconnected): read back what was missed. */
  resync(): void;
  /** The server is stopping: end the stream. */
  close(): void;
};

export type NotificationHub = {
  /** Milliseconds between the comments that keep an idle stream (and the proxies on its way) open. */
  readonly heartbeatMs: number;
  /** LISTEN on the channel: one listener per server instance, whatever the number of streams. */
  start(): Promise<void>;
  subscribe(subscriber: NotificationSubscriber): () => void;
  /** Ends every open stream and refuses new ones, so that a graceful shutdown is not held open. */
  closeStreams(): void;
  /** Stops listening (after the streams are closed, before the database is). */
  stop(): Promise<void>;
  /** Open streams, for the health of the instance and for tests. */
  size(): number;
};

type Announcement = { id: string; user_id: string };

function parseAnnouncement(payload: string): Announcement | undefined {
  try {
    const value = JSON.parse(payload) as Partial<Announcement>;
    return typeof value.id === 'string' && typeof value.user_id === 'string'
      ? { id: value.id, user_id: value.user_id }
      : undefined;
  } catch {
    return undefined;
  }
}

/**
 * Relays the `user_notifications` announcements of the database (migration 0008's trigger) to
 * the streams of this instance. An announcement names the row; it is read back once, and only
 * when this instance has a stream of that user.
 */
export function createNotificationHub(options: {
  database: DatabaseHandle;
  logger: Logger;
  heartbeatMs: number;
}): NotificationHub {
  const { database, logger } = options;
  const byUser = new Map<string, Set<NotificationSubscriber>>();
  let unlisten: (() => Promise<void>) | undefined;
  let isClosed = false;

  const relay = async (payload: string) => {
    const announcement = parseAnnouncement(payload);
    if (!announcement) {
      logger.warn({ payload }, 'an unreadable notification announcement');
      return;
    }
    if (!byUser.get(announcement.user_id)?.size) return;
    const row = await findById(database.db, announcement.id);
    // Gone already (cleared, or the account deleted): nothing to show.
    if (!row) return;
    for (const subscriber of byUser.get(row.userId) ?? []) subscriber.deliver(row);
  };

  const resyncAll = () => {
    for (const subscribers of byUser.values()) for (const subscriber of subscribers) subscriber.resync();
  };

  return {
    heartbeatMs: options.heartbeatMs,
    async start() {
      unlisten = await database.listen(
        NOTIFICATIONS_CHANNEL,
        (payload) => {
          relay(payload).catch((error) => logger.error({ err: error }, 'could not relay a notification'));
        },
        { onReconnected: resyncAll },
      );
    },
    subscribe(subscriber) {
      if (isClosed) {
        subscriber.close();
        return () => {};
      }
      let subscribers = byUser.get(subscriber.userId);
      if (!subscribers) {
        subscribers = new Set();
        byUser.set(subscriber.userId, subscribers);
      }
      subscribers.add(subscriber);
      return () => {
        subscribers.delete(subscriber);
        if (subscribers.size === 0 && byUser.get(subscriber.userId) === subscribers) byUser.delete(subscriber.userId);
      };
    },
    closeStreams() {
      isClosed = true;
      for (const subscribers of byUser.values()) for (const subscriber of subscribers) subscriber.close();
    },
    async stop() {
      isClosed = true;
      const stopListening = unlisten;
      unlisten = undefined;
      await stopListening?.();
    },
    size() {
      let total = 0;
      for (const subscribers of byUser.values()) total += subscribers.size;
      return total;
    },
  };
}
