/**
 * A reader's last activity, as the admin user page shows it: moved by what the reader does
 * (a bookmark, feedback, a profile change, a search), each logged in their activity history, and
 * a burst of searches written at most once a minute.
 */

import { UserActivitySchema, UserDetailSchema } from '@maktaba/shared/schemas/admin-users';
import { ShelfSchema } from '@maktaba/shared/schemas/catalogue';
import { eq, sql } from 'drizzle-orm';
import { beforeAll, expect, it } from 'vitest';
import type { Database } from '../src/db/client.js';
import { profiles } from '../src/db/schema/index.js';
import { readerWritesSettled } from '../src/modules/search/reader-writes.js';
import { type ApiClient, uniqueIp } from './api-client.js';
import { accountAs, describeEachDriver, type TestAccount, useTestServer } from './helpers.js';

describeEachDriver('last activity over HTTP', (driver) => {
  const server = useTestServer(driver, { env: { TRUST_PROXY_HOPS: '1' } });
  let db: Database;
  let admin: TestAccount;
  let bookId: string;
  let readers = 0;

  beforeAll(async () => {
    db = server.db;
    admin = await accountAs(server, 'admin', { name: 'Activity Admin' });
    const recent = ShelfSchema.parse((await admin.client.get('/api/shelves/recent?p_limit=5')).body);
    const first = recent.books[0];
    if (!first) throw new Error('the seeded catalogue has no books');
    bookId = first.id;
  });

  /** A reader whose last activity is cleared (or set `ago` back), as if they had not acted since. */
  async function reader(): Promise<TestAccount> {
    const account = await accountAs(server, 'patron', { name: `Active Reader ${++readers}` });
    await setLastActivity(account.id, null);
    return account;
  }
  const setLastActivity = (id: string, secondsAgo: number | null) =>
    db
      .update(profiles)
      .set({ lastActivityAt: secondsAgo === null ? null : sql`now() - make_interval(secs => ${secondsAgo})` })
      .where(eq(profiles.id, id));

  async function lastActivityOf(id: string): Promise<string | null> {
    const response = await admin.client.get(`/api/admin/users/${id}`);
    expect(response.status).toBe(200);
    return UserDetailSchema.parse(response.body).profile.last_activity_at;
  }
  async function activityTypes(id: string): Promise<string[]> {
    const response = await admin.client.get(`/api/admin/users/${id}/activity`);
    return UserActivitySchema.array()
      .parse(response.body)
      .map((entry) => entry.activity_type);
  }
  const isRecent = (value: string | null) => value !== null && Date.now() - Date.parse(value) < 60_000;

  it('moves when a reader adds or removes a bookmark', async () => {
    const { client, id } = await reader();
    expect((await client.post('/api/bookmarks', { book_id: bookId })).status).toBe(201);
    expect(isRecent(await lastActivityOf(id))).toBe(true);

    await setLastActivity(id, null);
    expect((await client.delete(`/api/bookmarks/by-book/${bookId}`)).status).toBeLessThan(300);
    expect(isRecent(await lastActivityOf(id))).toBe(true);
    expect(await activityTypes(id)).toEqual(expect.arrayContaining(['bookmark_added', 'bookmark_removed']));
  });

  it('moves when a reader sends feedback', async () => {
    const { client, id } = await reader();
    const sent = await client.post(
      '/api/feedback',
      {
        kind: 'feedback',
        fields: {
          goal: 'Find commentaries on Nahj al-Balagha',
          helpful: 'partially',
          improvements: 'More Arabic originals',
          topic_requests: 'Fiqh of prayer',
        },
      },
      { headers: { 'X-Forwarded-For': uniqueIp() } },
    );
    expect(sent.status).toBe(201);
    expect(isRecent(await lastActivityOf(id))).toBe(true);
    expect(await activityTypes(id)).toContain('feedback_sent');
  });

  it('moves when a reader changes their profile', async () => {
    const { client, id } = await reader();
    expect((await client.patch('/api/profiles/me', { display_name: 'Renamed Reader' })).status).toBe(200);
    expect(isRecent(await lastActivityOf(id))).toBe(true);
  });

  it('moves on a search, but a burst of searches writes at most once a minute', async () => {
    const { client, id } = await reader();
    // A search's writes follow its answer (reader-writes.ts): wait for them before reading the row.
    const search = async (client: ApiClient, q: string) => {
      const answer = await client.get(`/api/search?q=${encodeURIComponent(q)}`);
      await readerWritesSettled(db, id);
      return answer;
    };
    expect((await search(client, 'pr')).status).toBe(200);
    const first = await lastActivityOf(id);
    expect(isRecent(first)).toBe(true);

    await setLastActivity(id, 30);
    const [before] = await db.select({ at: profiles.lastActivityAt }).from(profiles).where(eq(profiles.id, id));
    for (const q of ['pra', 'pray', 'praye', 'prayer']) expect((await search(client, q)).status).toBe(200);
    expect(await lastActivityOf(id)).toBe(before?.at?.toISOString());

    await setLastActivity(id, 120);
    await search(client, 'prayers');
    expect(Date.now() - Date.parse((await lastActivityOf(id)) ?? '')).toBeLessThan(30_000);
    expect(await activityTypes(id)).not.toContain('search');
  });
});
