/**
 * Text PostgreSQL cannot store — the NUL character and UTF-16 surrogates without their pair — is
 * refused with a 422 that names the field, on every route, before it reaches a query (it used to
 * fail as a 500 there, anonymous routes included). The sweep reads every route of the OpenAPI
 * document, so routes added later are covered too.
 */
import crypto from 'node:crypto';
import { count } from 'drizzle-orm';
import { beforeAll, expect, it } from 'vitest';
import type { Database } from '../src/db/client.js';
import { authUsers, feedbackReports } from '../src/db/schema/index.js';
import { type ApiClient, clientFrom, expectError, signUpBody, uniqueIp } from './api-client.js';
import { accountAs, describeEachDriver, useTestServer } from './helpers.js';

const NUL = 'a\u0000b';
const LONE_HIGH = 'x\ud800y';
const LONE_LOW = '\udc00';
const FEEDBACK = { goal: 'Find a book on fiqh', helpful: 'yes', improvements: 'More Arabic titles please' };

describeEachDriver('unsafe text in requests', (driver) => {
  const server = useTestServer(driver, { env: { TRUST_PROXY_HOPS: '1' } });
  let db: Database;
  let admin: ApiClient;

  beforeAll(async () => {
    db = server.db;
    admin = (await accountAs(server, 'admin')).client;
  });

  function expectRefused(response: Awaited<ReturnType<ApiClient['get']>>, field: string) {
    const error = expectError(response, 422, 'VALIDATION_FAILED');
    expect(error.details).toEqual({ fieldErrors: { [field]: ['validation.invalidCharacters'] } });
  }

  it('refuses a NUL in a search filter, for visitors too', async () => {
    const visitor = clientFrom(server.url);
    for (const name of ['category', 'author', 'publisher', 'q']) {
      expectRefused(await visitor.get(`/api/search?${name}=%00`), name);
      expectRefused(await visitor.get(`/api/search?q=fiqh&${name}=x%00y`), name);
    }
    expect((await visitor.get('/api/search?q=fiqh')).status).toBe(200);
  });

  it('refuses a NUL or an unpaired surrogate in a path parameter (a category key), for visitors too', async () => {
    const visitor = clientFrom(server.url);
    for (const key of ['a%00b', '%00', 'x%ED%A0%80y']) {
      const answer = await visitor.get(`/api/categories/${key}/guide`);
      // %ED%A0%80 is not UTF-8 at all: the router refuses it as a key that is not found.
      if (key.includes('%ED')) expect([404, 422]).toContain(answer.status);
      else expectRefused(answer, 'path');
    }
  });

  it('refuses NUL and unpaired surrogates in the security check, sign-up and feedback, and stores nothing', async () => {
    const visitor = clientFrom(server.url);
    const check = await visitor.post('/api/auth/security-check', {
      action: 'login',
      identifier: 'someone@example.com',
      metadata: { userAgent: NUL },
    });
    expectRefused(check, 'metadata.userAgent');

    const [users] = await db.select({ n: count() }).from(authUsers);
    for (const name of [NUL, LONE_HIGH, LONE_LOW]) {
      expectRefused(await clientFrom(server.url).signUp(signUpBody({ name })), 'name');
    }
    expect((await db.select({ n: count() }).from(authUsers))[0]?.n).toBe(users?.n);

    const [reports] = await db.select({ n: count() }).from(feedbackReports);
    const send = (body: Record<string, unknown>) =>
      visitor.post('/api/feedback', body, { headers: { 'X-Forwarded-For': uniqueIp() } });
    expectRefused(await send({ kind: 'feedback', fields: FEEDBACK, page_context: NUL }), 'page_context');
    expectRefused(await send({ kind: 'feedback', fields: FEEDBACK, page_context: LONE_HIGH }), 'page_context');
    expectRefused(
      await send({ kind: 'feedback', fields: { ...FEEDBACK, goal: `${LONE_LOW} fiqh books` } }),
      'fields.goal',
    );
    expect((await db.select({ n: count() }).from(feedbackReports))[0]?.n).toBe(reports?.n);

    // A surrogate pair is ordinary text (an emoji), and is kept.
    const emoji = await send({ kind: 'feedback', fields: { ...FEEDBACK, goal: 'Find a book 📚 on fiqh' } });
    expect(emoji.status).toBe(201);
  });

  it('refuses them in any key or value of any JSON route of the API, and in any query, never with a 5xx', async () => {
    const document = (await admin.get('/api/openapi.json')).body as { paths: Record<string, Record<string, unknown>> };
    const routes = Object.entries(document.paths).flatMap(([path, operations]) =>
      Object.keys(operations).map((method) => ({ method: method.toUpperCase(), path })),
    );
    expect(routes.length).toBeGreaterThan(50);
    const bodies = [{ name: NUL }, { nested: { list: ['ok', LONE_HIGH] } }, { [`key${LONE_LOW}`]: 'value' }];
    const fields = ['name', 'nested.list.1', `key${LONE_LOW}`];
    const failures: string[] = [];
    for (const { method, path } of routes) {
      const concrete = path.replace(/\{\w+\}/g, () => crypto.randomUUID());
      const attempts: Array<{ response: Promise<Awaited<ReturnType<ApiClient['get']>>>; field: string }> = [
        { response: admin.request(method, `${concrete}?filter=%00`), field: 'filter' },
      ];
      if (method === 'POST' || method === 'PUT' || method === 'PATCH') {
        bodies.forEach((body, index) => {
          attempts.push({ response: admin.request(method, concrete, { body }), field: fields[index] ?? '' });
        });
      }
      for (const attempt of attempts) {
        const response = await attempt.response;
        const details = (response.body as { error?: { details?: unknown } })?.error?.details;
        const refused =
          response.status === 422 &&
          JSON.stringify(details) ===
            JSON.stringify({ fieldErrors: { [attempt.field]: ['validation.invalidCharacters'] } });
        if (!refused) failures.push(`${method} ${path} (${attempt.field}): ${response.status}`);
      }
    }
    expect(failures).toEqual([]);
  });
});
