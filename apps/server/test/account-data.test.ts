/**
 * Settings → Your data over HTTP: the export (every table that holds a reader's data, nobody
 * else's, no secrets, streamed, limited), and deleting your own account (typed e-mail address and
 * password, refused while a book is with the reader, open requests cancelled and their copies
 * passed on, the admin's deletion otherwise, the last admin kept).
 */
import crypto from 'node:crypto';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../src/db/client.js';
import { rowsOf } from '../src/db/raw.js';
import {
  adminAuditLog,
  authAccounts,
  authSessions,
  bookCopies,
  bookmarks,
  checkouts,
  feedbackReports,
  holds,
  profiles,
  userNotifications,
} from '../src/db/schema/index.js';
import { USER_DATA_COLUMNS } from '../src/modules/account-data/account-data.coverage.js';
import { EXPORT_SECTIONS } from '../src/modules/account-data/account-data.export.js';
import { expectError, SESSION_COOKIE } from './api-client.js';
import { accountAs, describeEachDriver, rawRequest, type TestAccount, useTestServer } from './helpers.js';
import { makeBook, ok, walkLoan } from './lending-fixtures.js';

const FEEDBACK = {
  goal: 'Find the tafsir of a verse',
  helpful: 'partially',
  improvements: 'More Arabic originals, please',
  topic_requests: 'Fiqh of prayer',
};

describeEachDriver('your data: export and account deletion', (driver) => {
  const server = useTestServer(driver, { env: { TRUST_PROXY_HOPS: '1', DEMO_CATALOGUE: 'false' } });
  let db: Database;
  let librarian: TestAccount;
  const tag = crypto.randomBytes(3).toString('hex');
  let n = 0;
  const reader = () => accountAs(server, 'patron', { name: `Data reader ${++n} ${tag}` });
  const book = (copies: number) => makeBook(db, `Data book ${++n} ${tag}`, copies);

  /** A reader with a loan on loan, a request, a hold, a bookmark, a notification, feedback and a session. */
  async function busyReader() {
    const who = await reader();
    const lent = await book(1);
    const onLoan = await walkLoan(who, librarian, lent.id, 'on_loan');
    const full = await book(0);
    ok(await who.client.post('/api/holds', { book_id: full.id }), 201);
    const marked = await book(1);
    ok(await who.client.post('/api/bookmarks', { book_id: marked.id }), 201);
    ok(await who.client.post('/api/feedback', { kind: 'feedback', fields: FEEDBACK }), 201);
    return { who, onLoan, lent, full, marked };
  }

  const exportOf = async (who: TestAccount) =>
    rawRequest(`${server.url}/api/profiles/me/export`, {
      headers: { cookie: who.client.cookieHeader(), ...who.client.defaultHeaders },
    });

  beforeAll(async () => {
    db = server.db;
    librarian = await accountAs(server, 'librarian', { name: `Data desk ${tag}` });
  });

  it('knows what to do with every column that ties a row to a person', async () => {
    const columns = await rowsOf<{ name: string }>(
      db,
      sql`select distinct kcu.table_name || '.' || kcu.column_name as name
          from information_schema.table_constraints tc
          join information_schema.key_column_usage kcu
            on kcu.constraint_name = tc.constraint_name and kcu.table_schema = tc.table_schema
          join information_schema.constraint_column_usage ccu
            on ccu.constraint_name = tc.constraint_name and ccu.table_schema = tc.table_schema
          where tc.constraint_type = 'FOREIGN KEY' and tc.table_schema = 'public' and ccu.table_name = 'auth_users'
        union
        select table_name || '.' || column_name from information_schema.columns
          where table_schema = 'public' and column_name in ('user_id', 'actor_id', 'target_user', 'created_by', 'handled_by')`,
    );
    const missing = columns.map((row) => row.name).filter((name) => !(name in USER_DATA_COLUMNS));
    expect(missing, 'columns holding a user id that the export and deletion do not cover').toEqual([]);
    for (const [column, coverage] of Object.entries(USER_DATA_COLUMNS)) {
      if (coverage.section) expect(EXPORT_SECTIONS, column).toContain(coverage.section);
    }
  });

  it("exports the reader's rows of every table, streamed, nobody else's and no secrets", async () => {
    const mine = await busyReader();
    const other = await busyReader();
    const response = await exportOf(mine.who);
    expect(response.status).toBe(200);
    expect(response.headers['content-type']).toMatch(/^application\/json/);
    expect(response.headers['transfer-encoding']).toBe('chunked');
    expect(response.headers['content-disposition']).toMatch(
      /^attachment; filename="maktaba-data-\d{4}-\d\d-\d\d\.json"$/,
    );
    expect(response.headers['cache-control']).toContain('no-store');
    const text = response.body.toString('utf8');
    const data = JSON.parse(text);

    expect(data.account.email).toBe(mine.who.email);
    expect(data.profile.id).toBe(mine.who.id);
    expect(data.profile).toHaveProperty('notification_preferences');
    expect(data.profile).toHaveProperty('address_line_1');
    const loans = data.loans as { book_id: string; status: string; shipping_address: unknown; events: unknown[] }[];
    const loan = loans.find((row) => row.book_id === mine.lent.id);
    expect(loan?.status).toBe('on_loan');
    expect(loan?.shipping_address).toBeTruthy();
    expect(loan?.events.length).toBeGreaterThanOrEqual(4);
    expect(data.waiting_lists.map((row: { book_id: string }) => row.book_id)).toEqual([mine.full.id]);
    expect(data.bookmarks.map((row: { book_id: string }) => row.book_id)).toEqual([mine.marked.id]);
    expect(data.bookmarks[0].title).toBe(mine.marked.title);
    expect(data.notifications.length).toBeGreaterThan(0);
    expect(data.feedback).toHaveLength(1);
    expect(data.feedback[0].fields.goal).toBe(FEEDBACK.goal);
    expect(data.sessions.length).toBeGreaterThan(0);
    expect(data.sign_in_methods.map((row: { provider: string }) => row.provider)).toEqual(['credential']);
    expect(data.activity_log.length).toBeGreaterThan(0);
    expect(data.analytics).not.toBeNull();
    for (const section of EXPORT_SECTIONS) expect(data, section).toHaveProperty(section);

    // Nobody else's rows: neither the other reader's id, e-mail, loans nor bookmarks.
    expect(text).not.toContain(other.who.id);
    expect(text.toLowerCase()).not.toContain(other.who.email.toLowerCase());
    expect(text).not.toContain(other.onLoan.id);
    expect(text).not.toContain(librarian.id);
    // No secrets: no password hash, no session token.
    const [account] = await db
      .select({ password: authAccounts.password })
      .from(authAccounts)
      .where(and(eq(authAccounts.userId, mine.who.id), eq(authAccounts.providerId, 'credential')));
    expect(account?.password).toBeTruthy();
    expect(text).not.toContain(String(account?.password));
    const tokens = await db
      .select({ token: authSessions.token })
      .from(authSessions)
      .where(eq(authSessions.userId, mine.who.id));
    expect(tokens.length).toBeGreaterThan(0);
    for (const { token } of tokens) expect(text).not.toContain(token);
    expect(text).not.toContain(String(mine.who.client.sessionToken).split('.')[0]);
    expect(text).not.toMatch(/"password"|"token"/);
  });

  it('allows three exports an hour, then answers 429 with Retry-After', async () => {
    const who = await reader();
    for (let i = 0; i < 3; i++) expect((await exportOf(who)).status).toBe(200);
    const refused = await exportOf(who);
    expect(refused.status).toBe(429);
    expect(JSON.parse(refused.body.toString('utf8')).error.code).toBe('RATE_LIMITED');
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect((await who.client.get('/api/profiles/me/export')).status).toBe(429);
    expect((await (await reader()).client.get('/api/profiles/me/export')).status).toBe(200);
  });

  it('refuses a wrong confirmation, a wrong password and a reader with a book, changing nothing', async () => {
    const { who, lent } = await busyReader();
    const remove = (body: Record<string, unknown>) => who.client.post('/api/profiles/me/delete', body);
    expectError(
      await remove({ confirmation: 'someone@example.com', password: who.password }),
      422,
      'CONFIRMATION_MISMATCH',
    );
    expectError(
      await remove({ confirmation: who.email, password: 'Not-The-Password-1' }),
      400,
      'CURRENT_PASSWORD_INCORRECT',
    );
    expectError(await remove({ confirmation: who.email }), 400, 'CURRENT_PASSWORD_INCORRECT');
    const refused = await remove({ confirmation: ` ${who.email.toUpperCase()} `, password: who.password });
    const error = expectError(refused, 409, 'BOOKS_WITH_READER');
    expect(error.details).toEqual({
      books: [expect.objectContaining({ book_id: lent.id, title: lent.title, status: 'on_loan' })],
    });
    // Nothing changed: still signed in, the profile, the loan and the waiting-list place are there.
    expect(ok(await who.client.get('/api/profiles/me')).email).toBe(who.email);
    const [loan] = await db.select().from(checkouts).where(eq(checkouts.userId, who.id));
    expect(loan?.status).toBe('on_loan');
    const [hold] = await db.select().from(holds).where(eq(holds.userId, who.id));
    expect(hold?.status).toBe('waiting');
    expect(ok(await who.client.get('/api/profiles/me/deletion'))).toEqual({ has_password: true, recent_sign_in: true });
  });

  it('deletes the account: requests cancelled and copies passed on, the rest as an admin deletes it', async () => {
    const who = await reader();
    const next = await reader();
    const wanted = await book(1);
    const requested = await walkLoan(who, librarian, wanted.id, 'requested');
    ok(await next.client.post('/api/holds', { book_id: wanted.id }), 201);
    const approvedBook = await book(1);
    const approved = await walkLoan(who, librarian, approvedBook.id, 'approved');
    const returnedBook = await book(1);
    await walkLoan(who, librarian, returnedBook.id, 'return_shipped');
    const returnedLoan = (await db.select().from(checkouts).where(eq(checkouts.bookId, returnedBook.id)))[0];
    ok(await librarian.client.post(`/api/admin/loans/${returnedLoan?.id}/receive`, { condition: 'good' }));
    const full = await book(0);
    ok(await who.client.post('/api/holds', { book_id: full.id }), 201);
    ok(await who.client.post('/api/bookmarks', { book_id: returnedBook.id }), 201);
    const feedback = ok(await who.client.post('/api/feedback', { kind: 'feedback', fields: FEEDBACK }), 201);

    const response = await who.client.post('/api/profiles/me/delete', {
      confirmation: who.email,
      password: who.password,
    });
    expect(response.status, JSON.stringify(response.body)).toBe(204);
    expect(response.setCookies.some((line) => line.startsWith(`${SESSION_COOKIE}=;`))).toBe(true);

    // Gone: the account's profile, sessions, bookmarks, notifications, holds and loans.
    expect(await db.select().from(profiles).where(eq(profiles.id, who.id))).toEqual([]);
    expect(await db.select().from(authSessions).where(eq(authSessions.userId, who.id))).toEqual([]);
    expect(await db.select().from(bookmarks).where(eq(bookmarks.userId, who.id))).toEqual([]);
    expect(await db.select().from(userNotifications).where(eq(userNotifications.userId, who.id))).toEqual([]);
    expect(await db.select().from(holds).where(eq(holds.userId, who.id))).toEqual([]);
    // Feedback kept without its sender.
    const [report] = await db.select().from(feedbackReports).where(eq(feedbackReports.id, feedback.id));
    expect(report).toMatchObject({ userId: null, name: null, email: null });
    // The reserved copies went back: the requested one to the reader waiting for it, the approved one to the shelf.
    const [offered] = await db.select().from(holds).where(eq(holds.userId, next.id));
    expect(offered?.status).toBe('offered');
    const [nextLoan] = await db.select().from(checkouts).where(eq(checkouts.userId, next.id));
    expect(nextLoan?.copyId).toBe(wanted.copyIds[0]);
    const [shelf] = await db
      .select()
      .from(bookCopies)
      .where(eq(bookCopies.id, String(approvedBook.copyIds[0])));
    expect(shelf?.status).toBe('available');
    // The audit entry: a self-deletion, with the loans kept without the account.
    const [entry] = await db.select().from(adminAuditLog).where(eq(adminAuditLog.targetUser, who.id));
    expect(entry).toMatchObject({ actionType: 'delete_own_account', actorId: null });
    const retained = entry?.metadata.retained_loans as { book_id: string; status: string }[];
    expect(retained.map((loan) => [loan.book_id, loan.status]).sort()).toEqual(
      [
        [wanted.id, 'cancelled'],
        [approvedBook.id, 'cancelled'],
        [returnedBook.id, 'returned'],
      ].sort(),
    );
    // The loans themselves stay for the library's records, without identity: no reader, and an
    // address snapshot that keeps only the country.
    const kept = await db
      .select()
      .from(checkouts)
      .where(inArray(checkouts.id, [requested.id, approved.id, returnedLoan?.id ?? '']));
    expect(kept).toHaveLength(3);
    for (const loan of kept) {
      expect(loan.userId).toBeNull();
      expect(loan.shippingAddress).toEqual({
        name: null,
        address_line_1: '',
        address_line_2: null,
        city: '',
        state_province: '',
        postal_code: '',
        country: returnedLoan?.shippingAddress.country,
        phone_number: null,
      });
    }
    expect(returnedLoan?.shippingAddress.country).not.toBe('');
    expect(kept.find((loan) => loan.id === requested.id)?.status).toBe('cancelled');
    // Signed out, and the account cannot sign in again.
    expect((await who.client.get('/api/profiles/me')).status).toBe(401);
    expectError(await who.client.signIn(who.email, who.password), 401, 'INVALID_CREDENTIALS');
  });

  it('asks an account without a password for a recent sign-in', async () => {
    const who = await reader();
    await db
      .delete(authAccounts)
      .where(and(eq(authAccounts.userId, who.id), eq(authAccounts.providerId, 'credential')));
    await db
      .update(authSessions)
      .set({ createdAt: new Date(Date.now() - 20 * 60_000) })
      .where(eq(authSessions.userId, who.id));
    expect(ok(await who.client.get('/api/profiles/me/deletion'))).toEqual({
      has_password: false,
      recent_sign_in: false,
    });
    expectError(
      await who.client.post('/api/profiles/me/delete', { confirmation: who.email }),
      403,
      'RECENT_SIGN_IN_REQUIRED',
    );
    await db.update(authSessions).set({ createdAt: new Date() }).where(eq(authSessions.userId, who.id));
    expect((await who.client.post('/api/profiles/me/delete', { confirmation: who.email })).status).toBe(204);
    expect(await db.select().from(profiles).where(eq(profiles.id, who.id))).toEqual([]);
  });

  describe('the last admin', () => {
    it('cannot delete their own account; another admin can', async () => {
      const admin = await accountAs(server, 'admin', { name: `Data admin ${tag}` });
      await db
        .update(profiles)
        .set({ role: 'patron' })
        .where(sql`${profiles.role} = 'admin' and ${profiles.id} <> ${admin.id}`);
      const body = { confirmation: admin.email, password: admin.password };
      expectError(await admin.client.post('/api/profiles/me/delete', body), 409, 'LAST_ADMIN');
      expect(await db.select().from(profiles).where(eq(profiles.id, admin.id))).toHaveLength(1);
      await accountAs(server, 'admin', { name: `Data admin 2 ${tag}` });
      expect((await admin.client.post('/api/profiles/me/delete', body)).status).toBe(204);
    });
  });
});
