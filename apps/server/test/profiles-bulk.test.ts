/**
 * The profiles editor over HTTP: each filter (role, status, country, incomplete address, created
 * between, inactive for N days) against known accounts with exact totals and paging, the CSV of
 * every match, and bulk changes by ids and by filter — one audit entry per account with the value
 * before and after, the acting admin and the last active admin skipped with their reasons,
 * suspended accounts' sessions ended, and what is refused (more than 500 ids, more than 5,000
 * matches, bad values, NUL characters, librarians).
 */
import crypto from 'node:crypto';
import { ProfilesBulkResultSchema, ProfilesListSchema } from '@maktaba/shared/schemas/profiles-bulk';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../src/db/client.js';
import { adminAuditLog, authUsers, profiles, userAnalytics } from '../src/db/schema/index.js';
import { bulkUpdateProfiles } from '../src/modules/profiles-bulk/profiles-bulk.service.js';
import type { ApiResponse } from './api-client.js';
import { accountAs, describeEachDriver, type TestAccount, useTestServer } from './helpers.js';

const DAY_MS = 86_400_000;
/** Every fixture was created in this window, so the filters below see only them. */
const WINDOW = 'createdFrom=2021-03-01&createdTo=2021-03-10';

describeEachDriver('profiles editor over HTTP', (driver) => {
  const server = useTestServer(driver, { env: { TRUST_PROXY_HOPS: '1', DEMO_CATALOGUE: 'false' } });
  let db: Database;
  let admin: TestAccount;
  let secondAdmin: TestAccount;
  let librarian: TestAccount;
  let reader: TestAccount;
  const tag = crypto.randomBytes(3).toString('hex');
  const ids: Record<'p1' | 'p2' | 'p3' | 'p4', string> = { p1: '', p2: '', p3: '', p4: '' };

  const ok = (response: ApiResponse, status = 200) => {
    expect(response.status, JSON.stringify(response.body)).toBe(status);
    return response.body;
  };
  const list = async (query: string) =>
    ProfilesListSchema.parse(ok(await admin.client.get(`/api/admin/profiles?${WINDOW}&${query}`)));
  const names = (rows: { display_name: string | null }[]) => rows.map((row) => row.display_name?.split(' ')[0]);
  const bulk = async (body: unknown, who = admin) =>
    ProfilesBulkResultSchema.parse(ok(await who.client.post('/api/admin/profiles/bulk', body)));
  const auditOf = (target: string, action: string) =>
    db
      .select()
      .from(adminAuditLog)
      .where(and(eq(adminAuditLog.targetUser, target), eq(adminAuditLog.actionType, action)));

  async function shape(
    id: string,
    values: Partial<typeof profiles.$inferInsert>,
    lastSignInAt: Date | null,
  ): Promise<void> {
    await db.update(profiles).set(values).where(eq(profiles.id, id));
    await db.delete(userAnalytics).where(eq(userAnalytics.userId, id));
    if (lastSignInAt) await db.insert(userAnalytics).values({ userId: id, signInCount: 1, lastSignInAt });
  }

  beforeAll(async () => {
    db = server.db;
    [admin, secondAdmin, librarian, reader] = await Promise.all([
      accountAs(server, 'admin', { name: `Admin ${tag}` }),
      accountAs(server, 'admin', { name: `Second ${tag}` }),
      accountAs(server, 'librarian', { name: `Librarian ${tag}` }),
      accountAs(server, 'patron', { name: `P1 ${tag}` }),
    ]);
    ids.p1 = reader.id;
    const address = { addressLine1: '1 Main St', city: 'Springfield', stateProvince: 'IL', postalCode: '62701' };
    await shape(
      ids.p1,
      { ...address, country: 'United States', createdAt: new Date('2021-03-01T08:00:00Z'), borrowingLimit: 3 },
      new Date(),
    );
    for (const [key, name] of [
      ['p2', `P2 ${tag}`],
      ['p3', `P3 ${tag}`],
      ['p4', `=SUM(1) ${tag}`],
    ] as const) {
      const email = `${key}.${tag}@example.com`;
      const [user] = await db.insert(authUsers).values({ email, name }).returning({ id: authUsers.id });
      if (!user) throw new Error('no user');
      await db.insert(profiles).values({ id: user.id, email, displayName: name });
      ids[key] = user.id;
    }
    // p2: a Canadian reader without a city who never signed in.
    await shape(
      ids.p2,
      { ...address, city: null, country: 'Canada', createdAt: new Date('2021-03-02T10:00:00Z') },
      null,
    );
    // p3: suspended, a blank postal code, last seen 100 days ago.
    await shape(
      ids.p3,
      {
        ...address,
        postalCode: '  ',
        country: 'United States',
        status: 'suspended',
        createdAt: new Date('2021-03-05T23:30:00Z'),
      },
      new Date(Date.now() - 100 * DAY_MS),
    );
    // p4: a librarian in Canada with a whole address, last seen 10 days ago.
    await shape(
      ids.p4,
      { ...address, country: 'Canada', role: 'librarian', createdAt: new Date('2021-03-09T12:00:00Z') },
      new Date(Date.now() - 10 * DAY_MS),
    );
  });

  describe('the list', () => {
    it('gives the accounts of the window newest first, with their fields and the exact total', async () => {
      const all = await list('');
      expect(all.total).toBe(4);
      expect(names(all.rows)).toEqual(['=SUM(1)', 'P3', 'P2', 'P1']);
      const p2 = all.rows.find((row) => row.id === ids.p2);
      expect(p2).toMatchObject({
        email: `p2.${tag}@example.com`,
        role: 'patron',
        status: 'active',
        country: 'Canada',
        address_complete: false,
        borrowing_limit: 3,
        created_at: '2021-03-02T10:00:00.000Z',
        last_sign_in_at: null,
      });
      expect(all.rows.find((row) => row.id === ids.p1)?.address_complete).toBe(true);
      const page = await list('pageSize=2&page=2');
      expect({ total: page.total, page: page.page, pageSize: page.pageSize }).toEqual({
        total: 4,
        page: 2,
        pageSize: 2,
      });
      expect(names(page.rows)).toEqual(['P2', 'P1']);
    });

    it('filters by role, status, country, address, creation day and inactivity', async () => {
      const check = async (query: string, expected: string[]) => {
        const result = await list(query);
        expect({ query, total: result.total, names: names(result.rows) }).toEqual({
          query,
          total: expected.length,
          names: expected,
        });
      };
      await check('role=patron', ['P3', 'P2', 'P1']);
      await check('role=librarian', ['=SUM(1)']);
      await check('status=suspended', ['P3']);
      await check('status=active', ['=SUM(1)', 'P2', 'P1']);
      await check('country=CA', ['=SUM(1)', 'P2']);
      await check('country=US', ['P3', 'P1']);
      await check('incompleteAddress=true', ['P3', 'P2']);
      await check('incompleteAddress=false', ['=SUM(1)', 'P1']);
      // The last day counts whole (p3 was created at 23:30 UTC on the 5th).
      const early = ProfilesListSchema.parse(
        ok(await admin.client.get('/api/admin/profiles?createdFrom=2021-03-01&createdTo=2021-03-05')),
      );
      expect(names(early.rows)).toEqual(['P3', 'P2', 'P1']);
      const later = ProfilesListSchema.parse(
        ok(await admin.client.get('/api/admin/profiles?createdFrom=2021-03-03&createdTo=2021-03-10')),
      );
      expect(names(later.rows)).toEqual(['=SUM(1)', 'P3']);
      // Never signed in counts as inactive since creation.
      await check('inactiveDays=30', ['P3', 'P2']);
      await check('inactiveDays=5', ['=SUM(1)', 'P3', 'P2']);
      await check('role=patron&country=US&incompleteAddress=true', ['P3']);
    });

    it('refuses unknown values, NUL characters and patrons and librarians', async () => {
      for (const query of [
        'role=guest',
        'status=banned',
        'country=XX',
        'incompleteAddress=maybe',
        'createdFrom=2021-13',
        'inactiveDays=0',
        'inactiveDays=abc',
        'pageSize=101',
        'country=C%00A',
        'nonsense=1',
      ]) {
        const response = await admin.client.get(`/api/admin/profiles?${query}`);
        expect({ query, status: response.status }).toEqual({ query, status: 422 });
      }
      expect((await librarian.client.get('/api/admin/profiles')).status).toBe(403);
      expect((await reader.client.get('/api/admin/profiles')).status).toBe(403);
      expect(
        (await librarian.client.post('/api/admin/profiles/bulk', { ids: [ids.p2], change: { borrowingLimit: 9 } }))
          .status,
      ).toBe(403);
    });

    it('exports every match as CSV: byte-order mark, header, quoting, formula defusing', async () => {
      const response = await fetch(`${server.url}/api/admin/profiles?${WINDOW}&country=CA&pageSize=1&format=csv`, {
        headers: { ...admin.client.defaultHeaders, cookie: admin.client.cookieHeader() },
      });
      expect(response.status).toBe(200);
      expect(response.headers.get('content-type')).toBe('text/csv; charset=utf-8');
      expect(response.headers.get('content-disposition')).toMatch(
        /^attachment; filename="maktaba-profiles-\d{4}-\d{2}-\d{2}\.csv"$/,
      );
      const bytes = new Uint8Array(await response.arrayBuffer());
      expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
      const lines = new TextDecoder().decode(bytes).split('\r\n');
      expect(lines[0]).toBe(
        'id,display_name,email,role,status,country,address_complete,borrowing_limit,created_at,last_sign_in_at',
      );
      // Not one page: both Canadian accounts, newest first, the formula-looking name defused.
      expect(lines).toHaveLength(4);
      expect(lines[1]).toMatch(
        new RegExp(
          `^${ids.p4},'=SUM\\(1\\) ${tag},p4\\.${tag}@example\\.com,librarian,active,Canada,yes,3,2021-03-09T12:00:00\\.000Z,`,
        ),
      );
      expect(lines[2]).toBe(
        `${ids.p2},P2 ${tag},p2.${tag}@example.com,patron,active,Canada,no,3,2021-03-02T10:00:00.000Z,`,
      );
      expect(lines[3]).toBe('');
    });
  });

  describe('bulk changes', () => {
    it('changes the borrowing limit of the ids given, one audit entry each with before and after', async () => {
      expect(await bulk({ ids: [ids.p1, ids.p2], change: { borrowingLimit: 7 } })).toEqual({ updated: 2, skipped: [] });
      const rows = await db
        .select()
        .from(profiles)
        .where(inArray(profiles.id, [ids.p1, ids.p2]));
      expect(rows.map((row) => row.borrowingLimit)).toEqual([7, 7]);
      for (const id of [ids.p1, ids.p2]) {
        const entries = await auditOf(id, 'update_borrowing_limit');
        expect(entries).toHaveLength(1);
        expect(entries[0]).toMatchObject({
          actorId: admin.id,
          targetType: 'user',
          targetId: id,
          changes: { borrowing_limit: 7 },
          metadata: { previous: { borrowing_limit: 3 }, bulk: true },
        });
      }
      // The same change again changes nothing and writes nothing.
      const again = await bulk({ ids: [ids.p1, ids.p2], change: { borrowingLimit: 7 } });
      expect(again.updated).toBe(0);
      expect(again.skipped.map((entry) => entry.reason)).toEqual(['unchanged', 'unchanged']);
      expect(await auditOf(ids.p1, 'update_borrowing_limit')).toHaveLength(1);
      // An unknown id is reported, not an error.
      const unknown = crypto.randomUUID();
      expect(await bulk({ ids: [unknown, ids.p4], change: { borrowingLimit: 4 } })).toEqual({
        updated: 1,
        skipped: [{ id: unknown, reason: 'not_found' }],
      });
    });

    it('suspends every account a filter selects, ending their sessions, audited per account', async () => {
      expect((await reader.client.get('/api/profiles/me')).status).toBe(200);
      const result = await bulk({
        filter: { createdFrom: '2021-03-01', createdTo: '2021-03-10', role: 'patron', status: 'active' },
        change: { status: 'suspended' },
      });
      expect(result).toEqual({ updated: 2, skipped: [] });
      expect(names((await list('status=suspended')).rows)).toEqual(['P3', 'P2', 'P1']);
      const [entry] = await auditOf(ids.p1, 'update_user_status');
      expect(entry).toMatchObject({
        actorId: admin.id,
        changes: { status: 'suspended' },
        metadata: { previous_status: 'active', previous: { status: 'active' } },
      });
      expect(await auditOf(ids.p2, 'update_user_status')).toHaveLength(1);
      expect(await auditOf(ids.p3, 'update_user_status')).toHaveLength(0);
      // The suspended reader's session is over.
      expect((await reader.client.get('/api/profiles/me')).status).toBe(401);
      // Back to active by ids: the audit has the way back too.
      expect(await bulk({ ids: [ids.p1, ids.p2], change: { status: 'active' } })).toEqual({ updated: 2, skipped: [] });
      expect(await auditOf(ids.p1, 'update_user_status')).toHaveLength(2);
    });

    it('never changes the acting admin, and keeps the last active admin', async () => {
      const result = await bulk({
        ids: [admin.id, secondAdmin.id],
        change: { status: 'suspended', borrowingLimit: 5 },
      });
      expect(result).toEqual({ updated: 1, skipped: [{ id: admin.id, reason: 'self' }] });
      const [self] = await db.select().from(profiles).where(eq(profiles.id, admin.id));
      expect({ status: self?.status, limit: self?.borrowingLimit }).toEqual({ status: 'active', limit: 3 });
      // The acting admin may change their own borrowing limit alone.
      expect(await bulk({ ids: [admin.id], change: { borrowingLimit: 5 } })).toEqual({ updated: 1, skipped: [] });
      expect(await bulk({ ids: [secondAdmin.id], change: { status: 'active' } })).toEqual({ updated: 1, skipped: [] });

      // Through the service, by an actor who is not one of them: every active admin but the last is suspended.
      const admins = await db
        .select({ id: profiles.id })
        .from(profiles)
        .where(and(eq(profiles.role, 'admin'), eq(profiles.status, 'active')));
      const outsider = { id: librarian.id, email: librarian.email, role: 'admin' as const, sessionId: 'x' };
      const outcome = await bulkUpdateProfiles(
        db,
        outsider,
        { ids: admins.map((row) => row.id), change: { status: 'suspended' } },
        { clientIp: '127.0.0.1' } as never,
      );
      expect(outcome.updated).toBe(admins.length - 1);
      expect(outcome.skipped).toHaveLength(1);
      expect(outcome.skipped[0]?.reason).toBe('last_admin');
      const stillActive = await db
        .select({ id: profiles.id })
        .from(profiles)
        .where(and(eq(profiles.role, 'admin'), eq(profiles.status, 'active')));
      expect(stillActive.map((row) => row.id)).toEqual([outcome.skipped[0]?.id]);
      await db
        .update(profiles)
        .set({ status: 'active' })
        .where(
          inArray(
            profiles.id,
            admins.map((row) => row.id),
          ),
        );
    });

    it('refuses more than 500 ids, more than 5,000 matches, bad values and NUL characters', async () => {
      // A fresh admin session: the tests before end the first admin's sessions (suspension ends them).
      admin = await accountAs(server, 'admin', { name: `Checker ${tag}` });
      const refused = async (body: unknown) => {
        const response = await admin.client.post('/api/admin/profiles/bulk', body);
        expect({ body: JSON.stringify(body).slice(0, 80), status: response.status }).toEqual({
          body: JSON.stringify(body).slice(0, 80),
          status: 422,
        });
        return response;
      };
      const many = Array.from({ length: 501 }, () => crypto.randomUUID());
      await refused({ ids: many, change: { borrowingLimit: 5 } });
      await refused({ ids: [], change: { borrowingLimit: 5 } });
      await refused({ ids: [ids.p2], change: { borrowingLimit: 0 } });
      await refused({ ids: [ids.p2], change: { borrowingLimit: 51 } });
      await refused({ ids: [ids.p2], change: { borrowingLimit: 2.5 } });
      await refused({ ids: [ids.p2], change: { status: 'banned' } });
      await refused({ ids: [ids.p2], change: {} });
      await refused({ ids: [ids.p2], filter: { role: 'patron' }, change: { borrowingLimit: 5 } });
      await refused({ change: { borrowingLimit: 5 } });
      await refused({ ids: ['not-a-uuid'], change: { borrowingLimit: 5 } });
      await refused({ filter: { country: 'C\u0000A' }, change: { borrowingLimit: 5 } });
      await refused({ ids: [ids.p2], change: { borrowingLimit: 5 }, role: 'admin' });

      // 5,001 accounts created on one day: the filter selects too many, nothing changes.
      await db.execute(sql`
        with made as (
          insert into auth_users (email, name, email_verified)
          select ${`many-${tag}-`} || n || '@example.com', 'Many', false from generate_series(1, 5001) n
          returning id, email
        )
        insert into profiles (id, email, display_name, created_at)
        select id, email, 'Many', '2019-06-01T12:00:00Z'::timestamptz from made`);
      const response = await refused({
        filter: { createdFrom: '2019-06-01', createdTo: '2019-06-01' },
        change: { borrowingLimit: 9 },
      });
      expect(response.body.error.code).toBe('VALIDATION_FAILED');
      const changed = await db.execute(sql`select count(*) as n from profiles where borrowing_limit = 9`);
      expect(Number((changed as { rows: { n: number | string }[] }).rows[0]?.n)).toBe(0);
      expect((await list('')).total).toBe(4);
    });
  });
});
