/**
 * Notifications through HTTP (reader-area §2.7, §3, §4.2, §7, §9): the reader's own list, mark
 * read, mark all read, clear read, that nobody reaches another reader's, the support endpoint, and
 * live delivery over Server-Sent Events (LISTEN/NOTIFY): only to its reader, replayed after a
 * reconnect, kept alive by heartbeats, across two server instances, and ended on shutdown.
 */
import { NotificationListSchema, NotificationSchema } from '@maktaba/shared/schemas/notifications';
import { eq, sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, beforeEach, expect, it } from 'vitest';
import type { Database } from '../src/db/client.js';
import { LISTENER_APPLICATION_NAME } from '../src/db/pg-listener.js';
import { profiles, userNotifications } from '../src/db/schema/index.js';
import { notifyUser } from '../src/modules/notifications/notifications.service.js';
import { type ApiClient, clientFrom, registerAccount } from './api-client.js';
import { accountAs, describeEachDriver, startTestServer, useTestServer } from './helpers.js';
import { notificationsOf, openSse, type SseStream } from './sse-client.js';

const HEARTBEAT_MS = 300;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describeEachDriver('notifications over HTTP', (driver) => {
  const server = useTestServer(driver, {
    env: { TRUST_PROXY_HOPS: '1', NOTIFICATIONS_HEARTBEAT_MS: String(HEARTBEAT_MS) },
  });
  let db: Database;
  type Account = { client: ApiClient; id: string };
  let reader: Account;
  let other: Account;
  let admin: Account;
  const streams: SseStream[] = [];

  const account = (role: 'patron' | 'admin'): Promise<Account> => accountAs(server, role);

  async function stream(who: Account, headers: Record<string, string> = {}, base = server.url) {
    const opened = await openSse(`${base}/api/notifications/stream`, { cookie: who.client.cookieHeader(), ...headers });
    streams.push(opened);
    expect(opened.status).toBe(200);
    return opened;
  }

  const notify = (userId: string, title: string, extra: Record<string, unknown> = {}) =>
    notifyUser(db, { userId, title, message: `${title}: the message`, ...extra });

  const list = async (who: Account) => {
    const response = await who.client.get('/api/notifications');
    expect(response.status, JSON.stringify(response.body)).toBe(200);
    return NotificationListSchema.parse(response.body);
  };

  beforeAll(async () => {
    db = server.db;
    [reader, other, admin] = await Promise.all([account('patron'), account('patron'), account('admin')]);
  });
  afterAll(async () => {
    for (const opened of streams) opened.close();
  });
  beforeEach(async () => {
    for (const opened of streams.splice(0)) opened.close();
    await db.delete(userNotifications);
  });

  it('lists the newest 50 of the reader’s own, newest first, with the unread count of all, never cached', async () => {
    for (let index = 1; index <= 55; index++) await notify(reader.id, `Note ${index}`);
    await notify(other.id, 'Not yours');
    const response = await reader.client.get('/api/notifications');
    expect(response.headers.get('cache-control')).toBe('no-store');
    const body = NotificationListSchema.parse(response.body);
    expect(body.notifications).toHaveLength(50);
    expect(body.notifications[0]?.title).toBe('Note 55');
    expect(body.notifications.at(-1)?.title).toBe('Note 6');
    expect(body.unread_count).toBe(55);
    expect(body.notifications.every((notification) => notification.read_at === null)).toBe(true);
    expect((await clientFrom(server.url).get('/api/notifications')).status).toBe(401);
  });

  it('carries the page a notification is about, and only a path of the app', async () => {
    const linked = await notify(other.id, 'Linked', { type: 'success', link: '/myimam' });
    const plain = await notify(other.id, 'Plain');
    const shown = (await list(other)).notifications;
    expect(shown.find((notification) => notification.id === linked.id)?.link).toBe('/myimam');
    expect(shown.find((notification) => notification.id === plain.id)?.link).toBeNull();
    // Another site, a protocol-relative address or a backslash trick never becomes a link.
    for (const link of ['https://example.org/', '//example.org/', '/\\example.org', 'javascript:alert(1)', 'myimam']) {
      await expect(notify(other.id, 'Elsewhere', { link })).rejects.toThrow();
    }
    expect((await list(other)).notifications.filter((notification) => notification.title === 'Elsewhere')).toEqual([]);
  });

  it('marks one read, then all read, then clears the read ones', async () => {
    const first = await notify(reader.id, 'First', { type: 'success', eventType: 'book_request_approved' });
    await notify(reader.id, 'Second', { type: 'warning' });
    await notify(reader.id, 'Third');

    const marked = await reader.client.post(`/api/notifications/${first.id}/read`);
    expect(marked.status).toBe(200);
    const read = NotificationSchema.parse(marked.body);
    expect(read).toMatchObject({ id: first.id, type: 'success', event_type: 'book_request_approved' });
    expect(read.read_at).not.toBeNull();
    // Marking again keeps the first reading time.
    expect((await reader.client.post(`/api/notifications/${first.id}/read`)).body.read_at).toBe(read.read_at);
    expect((await list(reader)).unread_count).toBe(2);

    const all = await reader.client.post('/api/notifications/read-all');
    expect(all.body).toEqual({ count: 2 });
    const afterAll = await list(reader);
    expect(afterAll.unread_count).toBe(0);
    expect(afterAll.notifications.every((notification) => notification.read_at !== null)).toBe(true);

    await notify(reader.id, 'Fourth, unread');
    const cleared = await reader.client.delete('/api/notifications/read');
    expect(cleared.body).toEqual({ count: 3 });
    const remaining = await list(reader);
    expect(remaining.notifications.map((notification) => notification.title)).toEqual(['Fourth, unread']);
    expect(remaining.unread_count).toBe(1);
  });

  it('refuses another reader’s notification as unknown (404) and changes nothing of it', async () => {
    const mine = await notify(reader.id, 'Mine');
    const readMine = await notify(reader.id, 'Mine, read');
    await reader.client.post(`/api/notifications/${readMine.id}/read`);

    const refused = await other.client.post(`/api/notifications/${mine.id}/read`);
    expect({ status: refused.status, code: refused.body.error.code }).toEqual({ status: 404, code: 'NOT_FOUND' });
    expect((await other.client.post(`/api/notifications/${crypto.randomUUID()}/read`)).status).toBe(404);
    expect((await other.client.post('/api/notifications/read-all')).body).toEqual({ count: 0 });
    expect((await other.client.delete('/api/notifications/read')).body).toEqual({ count: 0 });

    const rows = await db.select().from(userNotifications).where(eq(userNotifications.userId, reader.id));
    expect(rows).toHaveLength(2);
    expect(rows.find((row) => row.id === mine.id)?.readAt).toBeNull();
    expect((await list(other)).notifications).toEqual([]);
  });

  it('lets support send a notification (users.edit), validated, and refuses patrons', async () => {
    const body = { user_id: reader.id, title: ' Your request ', message: 'It was approved.', type: 'success' };
    const sent = await admin.client.post('/api/admin/notifications', body);
    expect(sent.status, JSON.stringify(sent.body)).toBe(201);
    expect(NotificationSchema.parse(sent.body)).toMatchObject({
      title: 'Your request',
      type: 'success',
      read_at: null,
    });
    expect((await list(reader)).notifications.map((notification) => notification.id)).toEqual([sent.body.id]);

    const forbidden = await reader.client.post('/api/admin/notifications', { ...body, user_id: other.id });
    expect(forbidden.status).toBe(403);
    expect((await list(other)).notifications).toEqual([]);
    const unknown = await admin.client.post('/api/admin/notifications', { ...body, user_id: crypto.randomUUID() });
    expect(unknown.status).toBe(404);
    const invalid = await admin.client.post('/api/admin/notifications', {
      user_id: reader.id,
      title: '',
      message: 'x'.repeat(2001),
      type: 'urgent',
    });
    expect(invalid.status).toBe(422);
    expect(Object.keys(invalid.body.error.details.fieldErrors).sort()).toEqual(['message', 'title', 'type']);
    expect((await clientFrom(server.url).post('/api/admin/notifications', body)).status).toBe(401);
  });

  it('streams a new notification to its reader only, with its sequence as the event id', async () => {
    const unauthenticated = await openSse(`${server.url}/api/notifications/stream`);
    expect(unauthenticated.status).toBe(401);

    const [readerStream, otherStream] = [await stream(reader), await stream(other)];
    expect(readerStream.headers.get('content-type')).toMatch(/^text\/event-stream/);
    expect(readerStream.headers.get('cache-control')).toBe('no-store');

    const viaFunction = await notify(reader.id, 'Approved', { type: 'success', eventType: 'book_request_approved' });
    const viaAdmin = await admin.client.post('/api/admin/notifications', {
      user_id: reader.id,
      title: 'From support',
      message: 'Hello',
    });
    expect(viaAdmin.status).toBe(201);
    await readerStream.waitFor((s) => notificationsOf(s).length === 2);
    const received = notificationsOf(readerStream);
    expect(received.map((notification) => notification.id)).toEqual([viaFunction.id, viaAdmin.body.id]);
    expect(received[0]).toMatchObject({ title: 'Approved', type: 'success', event_type: 'book_request_approved' });
    const [row] = await db.select().from(userNotifications).where(eq(userNotifications.id, viaFunction.id));
    expect(received[0]?.seq).toBe(row?.seq);

    // The other reader's stream, open all along, got nothing; its own arrives.
    const forOther = await notify(other.id, 'Yours');
    await otherStream.waitFor((s) => notificationsOf(s).length > 0);
    expect(notificationsOf(otherStream).map((notification) => notification.id)).toEqual([forOther.id]);
    await sleep(100);
    expect(notificationsOf(readerStream)).toHaveLength(2);
  });

  it('replays what a reconnecting stream missed after its Last-Event-ID', async () => {
    const first = await stream(reader);
    const seen = await notify(reader.id, 'Seen');
    await first.waitFor((s) => notificationsOf(s).length === 1);
    const lastEventId = first.events.at(-1)?.id ?? '';
    first.close();
    await first.ended;

    const missed = [await notify(reader.id, 'Missed 1'), await notify(reader.id, 'Missed 2')];
    await notify(other.id, 'Someone else’s');
    const again = await stream(reader, { 'Last-Event-ID': lastEventId });
    await again.waitFor((s) => notificationsOf(s).some((notification) => notification.id === missed[1]?.id));
    const replayed = notificationsOf(again).map((notification) => notification.id);
    // The overlap may send the last one seen again (the browser drops it by id); nothing else.
    expect(replayed.filter((id) => id !== seen.id)).toEqual(missed.map((notification) => notification.id));

    // A new one still comes live on the replayed stream, once.
    const live = await notify(reader.id, 'Live');
    await again.waitFor((s) => notificationsOf(s).some((notification) => notification.id === live.id));
    await sleep(100);
    expect(notificationsOf(again).filter((notification) => notification.id === live.id)).toHaveLength(1);
  });

  it('sends heartbeat comments on an idle stream', async () => {
    const idle = await stream(reader);
    await idle.waitFor((s) => s.comments.filter((comment) => comment === 'heartbeat').length >= 2, HEARTBEAT_MS * 10);
    expect(idle.events.filter((event) => event.event === 'notification')).toEqual([]);
  });

  it('ends a stream when its session ends elsewhere or the account is suspended', async () => {
    const signedOut = await account('patron');
    const open = await stream(signedOut);
    // Signed out everywhere from another request with the same cookie: the stream's session is gone.
    expect((await signedOut.client.post('/api/auth/sign-out', { scope: 'global' })).status).toBe(204);
    await Promise.race([open.ended, sleep(HEARTBEAT_MS * 10).then(() => expect.fail('the stream stayed open'))]);

    const suspended = await account('patron');
    const second = await stream(suspended);
    await db.update(profiles).set({ status: 'suspended' }).where(eq(profiles.id, suspended.id));
    await Promise.race([second.ended, sleep(HEARTBEAT_MS * 10).then(() => expect.fail('the stream stayed open'))]);
    await notify(suspended.id, 'After suspension');
    await sleep(HEARTBEAT_MS);
    expect(notificationsOf(second)).toEqual([]);

    // A reader whose session is still good keeps theirs.
    const kept = await stream(reader);
    await sleep(HEARTBEAT_MS * 3);
    const live = await notify(reader.id, 'Still here');
    await kept.waitFor((s) => notificationsOf(s).some((notification) => notification.id === live.id));
  });

  it('ends open streams at shutdown, so that stopping is not held', async () => {
    const stopping = await startTestServer({ driver, env: { SHUTDOWN_TIMEOUT_MS: '20000', TRUST_PROXY_HOPS: '1' } });
    try {
      const client = clientFrom(stopping.url);
      await registerAccount(client);
      const open = await openSse(`${stopping.url}/api/notifications/stream`, { cookie: client.cookieHeader() });
      expect(open.status).toBe(200);
      await sleep(100);
      expect(stopping.running.deps.notifications.size()).toBe(1);
      const started = Date.now();
      await stopping.running.close();
      await open.ended;
      expect(Date.now() - started).toBeLessThan(5_000);
    } finally {
      await stopping.close();
    }
  });

  if (driver.name === 'postgres') {
    const databaseUrl = () => server.running.deps.config.databaseUrl ?? '';

    it('delivers a notification inserted through one instance to a stream open on another', async () => {
      // Instances behind one load balancer share the database and the session secret.
      const second = await startTestServer({
        driver,
        env: {
          DATABASE_URL: databaseUrl(),
          AUTH_SECRET: server.running.secrets.authSecret,
          TRUST_PROXY_HOPS: '1',
        },
      });
      try {
        const onSecond = await stream(reader, {}, second.url);
        const sent = await admin.client.post('/api/admin/notifications', {
          user_id: reader.id,
          title: 'Across instances',
          message: 'Sent through the first',
        });
        expect(sent.status).toBe(201);
        await onSecond.waitFor((s) => notificationsOf(s).length === 1);
        expect(notificationsOf(onSecond)[0]?.id).toBe(sent.body.id);
      } finally {
        await second.close();
      }
    });

    it('replays a row that committed after a later one was sent (sequence values commit out of order)', async () => {
      const connection = new pg.Client({ connectionString: databaseUrl() });
      await connection.connect();
      try {
        const first = await stream(reader);
        await connection.query('begin');
        const { rows } = await connection.query<{ id: string }>(
          `insert into user_notifications (user_id, title, message) values ($1, 'Slow', 'Committed late') returning id`,
          [reader.id],
        );
        const late = rows[0]?.id;
        const quick = await notify(reader.id, 'Quick');
        await first.waitFor((s) => notificationsOf(s).length === 1);
        expect(notificationsOf(first)[0]?.id).toBe(quick.id);
        const lastEventId = first.events.at(-1)?.id ?? '';
        first.close();
        await first.ended;
        await connection.query('commit');

        const again = await stream(reader, { 'Last-Event-ID': lastEventId });
        await again.waitFor((s) => notificationsOf(s).some((notification) => notification.id === late));
      } finally {
        await connection.end();
      }
    });

    it('listens again after its connection is cut, and sends what came meanwhile', async () => {
      const open = await stream(reader);
      const killed = await db.execute(
        sql`select pg_terminate_backend(pid) as done from pg_stat_activity where application_name = ${LISTENER_APPLICATION_NAME} and datname = current_database()`,
      );
      expect((killed as unknown as { rows: unknown[] }).rows).toHaveLength(1);
      const meanwhile = await notify(reader.id, 'While the listener was away');
      await open.waitFor((s) => notificationsOf(s).some((notification) => notification.id === meanwhile.id), 10_000);
      // And it hears new ones again.
      await sleep(200);
      const after = await notify(reader.id, 'After');
      await open.waitFor((s) => notificationsOf(s).some((notification) => notification.id === after.id), 10_000);
    });
  }
});
