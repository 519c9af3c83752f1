import { LIMITS } from '@maktaba/shared/constants';
import type { Context } from 'hono';
import { streamSSE } from 'hono/streaming';
import { NO_STORE } from '../../http/cache.js';
import type { AppEnv } from '../../http/context.js';
import { isStillSignedIn } from '../../http/guards.js';
import { findLastSeq, findReplay, type NotificationRow } from './notifications.repository.js';
import { toNotification } from './notifications.service.js';

/**
 * How far before the last row a stream sent it looks again on a reconnect. A transaction that
 * notifies (lending) lasts well under this; see findReplay for why the overlap is needed at all.
 */
export const REPLAY_OVERLAP_SECONDS = 60;
/** Ids a stream remembers having sent, so a replay does not send them twice. */
const SENT_IDS_KEPT = 500;

/** `Last-Event-ID` (a reconnecting EventSource sends it), else `?last_event_id` of a first connect. */
export function readLastEventId(c: Context<AppEnv>): number | null {
  const raw = c.req.header('Last-Event-ID') ?? c.req.query('last_event_id');
  if (!raw || !/^\d{1,15}$/.test(raw)) return null;
  return Number(raw);
}

/**
 * The caller's notifications as Server-Sent Events: event `notification`, id = the row's `seq`,
 * data = the Notification view. On connect with a last event id it first replays what came after
 * it; a comment every `heartbeatMs` keeps the connection open through idle proxies.
 */
export function openNotificationStream(c: Context<AppEnv>, lastEventId: number | null): Response {
  const { database, logger } = c.get('deps');
  const hub = c.get('deps').notifications;
  const userId = c.get('actor').id;
  const response = streamSSE(c, async (stream) => {
    const sent = new Set<string>();
    let lastSeq = lastEventId;
    let writes = Promise.resolve();
    const write = (text: string) => {
      writes = writes.then(() => stream.write(text)).then(() => undefined);
    };
    const send = (row: NotificationRow) => {
      if (sent.has(row.id)) return;
      if (sent.size >= SENT_IDS_KEPT) sent.clear();
      sent.add(row.id);
      lastSeq = Math.max(lastSeq ?? 0, row.seq);
      const data = JSON.stringify(toNotification(row));
      write(`event: notification\nid: ${row.seq}\ndata: ${data}\n\n`);
    };
    const replay = async () => {
      if (lastSeq === null) {
        // A first connect replays nothing; what it has seen so far is the reader's newest row.
        const newest = await findLastSeq(database.db, userId);
        lastSeq = Math.max(lastSeq ?? 0, newest);
        return;
      }
      const rows = await findReplay(database.db, userId, lastSeq, REPLAY_OVERLAP_SECONDS, LIMITS.notificationsLimit);
      for (const row of rows.reverse()) send(row);
    };

    let finish = () => {};
    const finished = new Promise<void>((resolve) => {
      finish = resolve;
    });
    // Subscribed before the replay: a row committed meanwhile comes by one way or the other, once.
    const unsubscribe = hub.subscribe({
      userId,
      deliver: send,
      resync: () => {
        replay().catch((error) => logger.error({ err: error }, 'could not replay notifications'));
      },
      close: finish,
    });
    stream.onAbort(finish);
    // The browser waits this long before reconnecting after the connection drops.
    write('retry: 3000\n\n');
    // Each heartbeat also asks whether the session is still good: a stream opened by a session
    // that has since ended (signed out elsewhere, account suspended) ends with it.
    const heartbeat = setInterval(() => {
      write(': heartbeat\n\n');
      isStillSignedIn(c)
        .then((signedIn) => {
          if (!signedIn) finish();
        })
        .catch((error) => logger.warn({ err: error }, 'could not check the session of a notification stream'));
    }, hub.heartbeatMs);
    try {
      await replay();
      await finished;
    } finally {
      clearInterval(heartbeat);
      unsubscribe();
      await writes;
    }
  });
  // Private to its reader and never to be kept by a cache on the way; not buffered by a proxy.
  response.headers.set('Cache-Control', NO_STORE);
  response.headers.set('X-Accel-Buffering', 'no');
  return response;
}
