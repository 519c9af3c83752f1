/**
 * Feedback and bug reports through HTTP (reader-area §3, §4.1, §5): sending signed in and
 * anonymously, who the sender is (from the account, never the body), both readings of the
 * validation, the body and rate limits, and the staff inbox (filters, paging, handled / reopened).
 */

import type { Role } from '@maktaba/shared/permissions';
import { FeedbackInboxPageSchema, FeedbackReportSchema } from '@maktaba/shared/schemas/feedback';
import { sql } from 'drizzle-orm';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Database } from '../src/db/client.js';
import { rowsOf } from '../src/db/raw.js';
import { type ApiClient, type ApiResponse, clientFrom, expectError, uniqueIp } from './api-client.js';
import { accountAs, describeEachDriver, useTestServer } from './helpers.js';

const FIREFOX = 'Mozilla/5.0 (X11; Linux x86_64; rv:128.0) Gecko/20100101 Firefox/128.0';

const FEEDBACK = {
  goal: 'Find commentaries on Nahj al-Balagha',
  helpful: 'partially',
  improvements: 'More Arabic originals beside translations',
  topic_requests: 'Fiqh of prayer',
};
const BUG = {
  bug_description: 'The cover does not load on the book page',
  steps_to_reproduce: 'Open any book, scroll to the cover',
  expected_behavior: 'A cover',
  actual_behavior: 'A grey box',
  severity: 'high',
  page_url: 'https://library.example/book/1',
};

/** The first message the server gave for each field of a 422. */
function fieldErrors(response: ApiResponse): Record<string, string> {
  expect(response.status).toBe(422);
  const all = response.body.error.details.fieldErrors as Record<string, string[]>;
  return Object.fromEntries(Object.entries(all).map(([field, messages]) => [field, messages[0] ?? '']));
}

describeEachDriver('feedback over HTTP', (driver) => {
  const server = useTestServer(driver, { env: { TRUST_PROXY_HOPS: '1' } });
  let db: Database;

  beforeAll(() => {
    db = server.db;
  });

  /** Each test starts with an empty inbox and fresh rate-limit counters. */
  beforeEach(async () => {
    await db.execute(sql`delete from feedback_reports`);
    await db.execute(sql`delete from rate_limit_counters`);
  });

  const account = (name: string, role: Role = 'patron') => accountAs(server, role, { name });

  /** Sends from an address no other request used, so only the limit under test can refuse. */
  function send(client: ApiClient, body: unknown, headers: Record<string, string> = {}) {
    return client.post('/api/feedback', body, { headers: { 'X-Forwarded-For': uniqueIp(), ...headers } });
  }

  describe('sending', () => {
    it('stores an anonymous report with the device, the browser from the User-Agent and the language', async () => {
      const visitor = clientFrom(server.url);
      const response = await send(
        visitor,
        {
          kind: 'bug',
          fields: BUG,
          page_context: '/book/1',
          device: { browser: 'Made Up 1.0', platform: 'Linux x86_64', screen: '1920x1080', viewport: '1280x720' },
        },
        { 'User-Agent': FIREFOX, 'Accept-Language': 'fr;q=1, ar;q=0.8, en;q=0.5' },
      );
      expect(response.status).toBe(201);
      const admin = await account('Inbox Admin', 'admin');
      const report = FeedbackReportSchema.parse(
        (await admin.client.get(`/api/admin/feedback/${response.body.id}`)).body,
      );
      expect(report).toMatchObject({
        kind: 'bug',
        user_id: null,
        name: null,
        email: null,
        fields: BUG,
        severity: 'high',
        page_context: '/book/1',
        language: 'ar',
        status: 'new',
        handled_by: null,
        handled_at: null,
        device: { browser: 'Firefox 128.0', platform: 'Linux x86_64', screen: '1920x1080', viewport: '1280x720' },
      });
    });

    it("takes a signed-in reader's name and e-mail from the profile, whatever the body says", async () => {
      const reader = await account('Zaynab Reader');
      const response = await send(reader.client, {
        kind: 'feedback',
        fields: { ...FEEDBACK, name: 'Someone Else' },
        language: 'en',
        name: 'Mallory',
        email: 'mallory@example.com',
        user_id: '00000000-0000-4000-8000-000000000000',
        status: 'handled',
        severity: 'critical',
      });
      expect(response.status).toBe(201);
      const admin = await account('Inbox Admin', 'admin');
      const report = (await admin.client.get(`/api/admin/feedback/${response.body.id}`)).body;
      expect(report).toMatchObject({
        kind: 'feedback',
        user_id: reader.id,
        name: 'Zaynab Reader',
        email: reader.email,
        fields: FEEDBACK,
        severity: null,
        status: 'new',
        language: 'en',
      });
    });

    it('answers 422 with field errors for each bound of both readings', async () => {
      const visitor = clientFrom(server.url);
      // Required (the first reading): empty and missing fields.
      expect(fieldErrors(await send(visitor, { kind: 'feedback', fields: {} }))).toEqual({
        goal: 'validation.required',
        helpful: 'validation.feedback.helpfulRequired',
        improvements: 'validation.required',
      });
      expect(fieldErrors(await send(visitor, { kind: 'bug', fields: { bug_description: '   ' } }))).toEqual({
        bug_description: 'validation.required',
        steps_to_reproduce: 'validation.required',
        expected_behavior: 'validation.required',
        actual_behavior: 'validation.required',
        severity: 'validation.feedback.severityRequired',
      });
      // Minimum lengths (the other reading), one character short and exactly at the bound.
      const short = await send(visitor, {
        kind: 'feedback',
        fields: { goal: '123456789', helpful: 'maybe', improvements: ' 123456789 ' },
      });
      expect(fieldErrors(short)).toEqual({
        goal: 'validation.feedback.goalMin',
        helpful: 'validation.feedback.helpfulRequired',
        improvements: 'validation.feedback.improvementsMin',
      });
      const shortBug = await send(visitor, {
        kind: 'bug',
        fields: {
          bug_description: '123456789',
          steps_to_reproduce: '123456789',
          expected_behavior: '1234',
          actual_behavior: '1234',
          severity: 'urgent',
          page_url: 'javascript:alert(1)',
        },
      });
      expect(fieldErrors(shortBug)).toEqual({
        bug_description: 'validation.feedback.descriptionMin',
        steps_to_reproduce: 'validation.feedback.stepsMin',
        expected_behavior: 'validation.feedback.expectedMin',
        actual_behavior: 'validation.feedback.actualMin',
        severity: 'validation.feedback.severityRequired',
        page_url: 'validation.feedback.pageUrl',
      });
      expect(fieldErrors(await send(visitor, { kind: 'bug', fields: { ...BUG, page_url: 'not a url' } }))).toEqual({
        page_url: 'validation.feedback.pageUrl',
      });
      expect(fieldErrors(await send(visitor, { kind: 'note', fields: FEEDBACK }))).toHaveProperty('kind');
      // At the bounds, with an empty page address and no topic requests: accepted.
      const atBounds = [
        { kind: 'feedback', fields: { goal: '1234567890', helpful: 'no', improvements: '1234567890' } },
        {
          kind: 'bug',
          fields: {
            bug_description: '1234567890',
            steps_to_reproduce: '1234567890',
            expected_behavior: '12345',
            actual_behavior: '12345',
            severity: 'critical',
            page_url: '',
          },
        },
      ];
      for (const body of atBounds) expect((await send(visitor, body)).status).toBe(201);
      const [counted] = await rowsOf<{ total: number }>(db, sql`select count(*)::int as total from feedback_reports`);
      expect(counted?.total).toBe(2);
    });

    it('refuses a text over 5000 characters (422) and a body over 16 kB (413)', async () => {
      const visitor = clientFrom(server.url);
      expect(
        fieldErrors(await send(visitor, { kind: 'feedback', fields: { ...FEEDBACK, goal: 'x'.repeat(5001) } })),
      ).toEqual({ goal: 'validation.tooLong' });
      const large = await send(visitor, {
        kind: 'feedback',
        fields: {
          ...FEEDBACK,
          goal: 'x'.repeat(5000),
          improvements: 'y'.repeat(5000),
          topic_requests: 'z'.repeat(5000),
          extra: 'w'.repeat(2000),
        },
      });
      expectError(large, 413, 'PAYLOAD_TOO_LARGE');
    });

    it('limits reports to 5 per 10 minutes from one address, with Retry-After', async () => {
      const visitor = clientFrom(server.url);
      for (let i = 0; i < 5; i++)
        expect((await visitor.post('/api/feedback', { kind: 'feedback', fields: FEEDBACK })).status).toBe(201);
      const refused = await visitor.post('/api/feedback', { kind: 'feedback', fields: FEEDBACK });
      expectError(refused, 429, 'RATE_LIMITED');
      const retryAfter = Number(refused.headers.get('retry-after'));
      expect(retryAfter).toBeGreaterThan(500);
      expect(retryAfter).toBeLessThanOrEqual(600);
      // Another address is not affected.
      expect((await send(visitor, { kind: 'feedback', fields: FEEDBACK })).status).toBe(201);
    });

    it('limits a signed-in reader to 10 reports an hour, from whatever address', async () => {
      const reader = await account('Busy Reader');
      for (let i = 0; i < 10; i++)
        expect((await send(reader.client, { kind: 'feedback', fields: FEEDBACK })).status).toBe(201);
      const refused = await send(reader.client, { kind: 'feedback', fields: FEEDBACK });
      expectError(refused, 429, 'RATE_LIMITED');
      expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(3000);
      // The limit is the reader's: a visitor sending at the same time is not affected.
      expect((await send(clientFrom(server.url), { kind: 'feedback', fields: FEEDBACK })).status).toBe(201);
    });
  });

  it('is described in the OpenAPI document', async () => {
    const document = (await (await fetch(`${server.url}/api/openapi.json`)).json()) as {
      paths: Record<string, object>;
    };
    const paths = Object.keys(document.paths);
    for (const path of ['/feedback', '/admin/feedback', '/admin/feedback/{id}', '/admin/feedback/{id}/handled']) {
      expect(paths.some((documented) => documented.endsWith(path))).toBe(true);
    }
  });

  describe('the staff inbox', () => {
    /** 20 bugs of alternating severity and 12 feedbacks, created in a known order. */
    async function seed(): Promise<string[]> {
      const ids: string[] = [];
      const visitor = clientFrom(server.url);
      for (let i = 0; i < 32; i++) {
        const body =
          i < 20
            ? {
                kind: 'bug',
                fields: { ...BUG, bug_description: `Bug number ${i} is here`, severity: i % 2 ? 'low' : 'critical' },
              }
            : { kind: 'feedback', fields: { ...FEEDBACK, goal: `Feedback number ${i}` } };
        const response = await send(visitor, body);
        expect(response.status).toBe(201);
        ids.push(response.body.id);
      }
      // Distinct creation times, one second apart, in the order sent.
      for (const [index, id] of ids.entries()) {
        await db.execute(
          sql`update feedback_reports set created_at = now() - make_interval(secs => ${ids.length - index}) where id = ${id}`,
        );
      }
      return ids;
    }

    it('pages 15 at a time, newest first, with the exact total, and filters by kind, status and severity', async () => {
      const ids = await seed();
      const librarian = await account('Inbox Librarian', 'librarian');
      const list = async (query: string) => {
        const response = await librarian.client.get(`/api/admin/feedback${query}`);
        expect(response.status).toBe(200);
        return FeedbackInboxPageSchema.parse(response.body);
      };
      const newestFirst = [...ids].reverse();
      const first = await list('');
      expect({ total: first.total, size: first.page_size, ids: first.items.map((item) => item.id) }).toEqual({
        total: 32,
        size: 15,
        ids: newestFirst.slice(0, 15),
      });
      expect((await list('?page=3')).items.map((item) => item.id)).toEqual(newestFirst.slice(30));
      expect((await list('?page=4')).items).toEqual([]);

      const bugs = await list('?kind=bug');
      expect(bugs.total).toBe(20);
      expect(bugs.items.every((item) => item.kind === 'bug')).toBe(true);
      const critical = await list('?kind=bug&severity=critical&page=1');
      expect(critical.total).toBe(10);
      expect(critical.items.every((item) => item.severity === 'critical')).toBe(true);
      expect((await list('?kind=feedback')).total).toBe(12);

      // Mark one handled: it leaves the "new" list and joins the "handled" one.
      const target = newestFirst[0] ?? '';
      const handled = await librarian.client.post(`/api/admin/feedback/${target}/handled`);
      expect(handled.status).toBe(200);
      expect(handled.body).toMatchObject({ id: target, status: 'handled', handled_by: librarian.id });
      expect(Date.parse(handled.body.handled_at)).toBeGreaterThan(Date.now() - 60_000);
      expect((await list('?status=new')).total).toBe(31);
      expect((await list('?status=handled')).items.map((item) => item.id)).toEqual([target]);

      const reopened = await librarian.client.post(`/api/admin/feedback/${target}/reopen`);
      expect(reopened.body).toMatchObject({ id: target, status: 'new', handled_by: librarian.id });
      expect((await list('?status=handled')).total).toBe(0);

      expectError(await librarian.client.get('/api/admin/feedback?severity=urgent'), 422, 'VALIDATION_FAILED');
      expectError(
        await librarian.client.get('/api/admin/feedback/00000000-0000-4000-8000-000000000000'),
        404,
        'NOT_FOUND',
      );
      expectError(
        await librarian.client.post('/api/admin/feedback/00000000-0000-4000-8000-000000000000/handled'),
        404,
        'NOT_FOUND',
      );
    });

    it('is closed to patrons (403) and visitors (401)', async () => {
      const [id] = await seed();
      const patron = await account('Curious Patron');
      const visitor = clientFrom(server.url);
      for (const client of [patron.client, visitor]) {
        const status = client === visitor ? 401 : 403;
        const code = client === visitor ? 'UNAUTHENTICATED' : 'FORBIDDEN';
        expectError(await client.get('/api/admin/feedback'), status, code);
        expectError(await client.get(`/api/admin/feedback/${id}`), status, code);
        expectError(await client.post(`/api/admin/feedback/${id}/handled`), status, code);
        expectError(await client.post(`/api/admin/feedback/${id}/reopen`), status, code);
      }
      const [row] = await rowsOf<{ status: string }>(db, sql`select status from feedback_reports where id = ${id}`);
      expect(row?.status).toBe('new');
    });
  });
});
