/**
 * Password reset and change over HTTP (accounts-and-auth §2 /auth/update-password, §5, §7
 * forgot-password, §8): no account enumeration by answer or time, rate limits, links built from
 * PUBLIC_URL whatever the request says, single-use tokens even under concurrent submissions, and
 * every other session ended (and told why) when a password changes.
 */
import crypto from 'node:crypto';
import { and, desc, eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../src/db/client.js';
import {
  authAccounts,
  emailOutbox,
  passwordResetTokens,
  securityEvents,
  userActivityLog,
} from '../src/db/schema/index.js';
import { FORGOT_PASSWORD_MIN_RESPONSE_MS } from '../src/modules/auth/password.service.js';
import {
  ApiClient,
  type ApiResponse,
  clientFrom,
  expectError,
  GOOD_PASSWORD,
  registerAccount,
  uniqueEmail,
  uniqueIp,
} from './api-client.js';
import { describeEachDriver, rawRequest, useTestServer } from './helpers.js';

/** Not the address the tests connect to: links must come from here, never from the request. */
const PUBLIC_URL = 'http://library.example.test:8080';
const NEW_PASSWORD = 'Amber-Harbour-73';
const LINK_PATTERN = /(\S+)\/auth\/update-password#access_token=([A-Za-z0-9_-]{43})(?![A-Za-z0-9_-])/;

const sha256 = (value: string) => crypto.createHash('sha256').update(value).digest('hex');

describeEachDriver('password reset and change over HTTP', (driver) => {
  const server = useTestServer(driver, { env: { TRUST_PROXY_HOPS: '1', PUBLIC_URL } });
  let db: Database;

  beforeAll(() => {
    db = server.db;
  });

  const forgot = (email: string, client = clientFrom(server.url), headers?: Record<string, string>) =>
    client.post('/api/auth/forgot-password', { email }, { headers });

  async function outbox(to: string, template = 'password_reset') {
    return db
      .select()
      .from(emailOutbox)
      .where(and(eq(emailOutbox.toAddress, to), eq(emailOutbox.template, template)))
      .orderBy(desc(emailOutbox.id));
  }

  /** The newest reset link sent to `to`, split into its origin and token. */
  async function latestLink(to: string): Promise<{ origin: string; token: string; text: string }> {
    const [message] = await outbox(to);
    const match = message?.textBody.match(LINK_PATTERN);
    if (!message || !match) throw new Error(`no reset link for ${to}`);
    return { origin: match[1] ?? '', token: match[2] ?? '', text: message.textBody };
  }

  async function requestToken(email: string): Promise<string> {
    expect((await forgot(email)).status).toBe(202);
    return (await latestLink(email)).token;
  }

  const check = (token: string) => clientFrom(server.url).post('/api/auth/reset-password/check', { token });
  const reset = (token: string, newPassword = NEW_PASSWORD) =>
    clientFrom(server.url).post('/api/auth/reset-password', { token, newPassword });

  describe('forgot-password', () => {
    it('answers an existing and an unknown e-mail alike, in at least the floor, and writes only for the account', async () => {
      const { email, id } = await registerAccount(clientFrom(server.url));
      const unknown = uniqueEmail('nobody');
      const timed = async (address: string) => {
        const started = performance.now();
        const response = await forgot(address);
        return { response, ms: performance.now() - started };
      };
      const known = await timed(email.toUpperCase());
      const missing = await timed(unknown);

      expect(known.response.status).toBe(202);
      expect(missing.response.status).toBe(known.response.status);
      expect(known.response.body).toEqual({ ok: true });
      expect(missing.response.body).toEqual(known.response.body);
      const headers = (response: ApiResponse) =>
        [...response.headers].filter(([name]) => name !== 'date' && name !== 'x-request-id');
      expect(headers(missing.response)).toEqual(headers(known.response));
      expect(known.ms).toBeGreaterThanOrEqual(FORGOT_PASSWORD_MIN_RESPONSE_MS);
      expect(missing.ms).toBeGreaterThanOrEqual(FORGOT_PASSWORD_MIN_RESPONSE_MS);

      // The account got a token and a message; the unknown address only the request record.
      expect(await db.select().from(passwordResetTokens).where(eq(passwordResetTokens.userId, id))).toHaveLength(1);
      expect(await outbox(email)).toHaveLength(1);
      expect(await db.select().from(emailOutbox).where(eq(emailOutbox.toAddress, unknown))).toEqual([]);
      const events = await db.select().from(securityEvents).where(eq(securityEvents.identifier, unknown));
      expect(events.map((event) => event.eventType)).toEqual(['password_reset_requested']);
    });

    it('writes the message in the language asked for, else from Accept-Language, else English', async () => {
      const cases: Array<[Record<string, unknown>, Record<string, string>, string]> = [
        [{ locale: 'ar' }, { 'Accept-Language': 'en-GB' }, 'ar'],
        [{}, { 'Accept-Language': 'fr-FR, ar;q=0.8, en;q=0.5' }, 'ar'],
        [{}, { 'Accept-Language': 'de, en-US;q=0.9' }, 'en'],
        [{}, {}, 'en'],
      ];
      for (const [extra, headers, locale] of cases) {
        const { email } = await registerAccount(clientFrom(server.url));
        const response = await clientFrom(server.url).post(
          '/api/auth/forgot-password',
          { email, ...extra },
          { headers },
        );
        expect(response.status).toBe(202);
        expect((await outbox(email))[0]?.locale).toBe(locale);
      }
    });

    it('refuses a sixth request from one address in 15 minutes, whatever the e-mail', async () => {
      const client = clientFrom(server.url);
      for (let i = 0; i < 5; i++) expect((await forgot(uniqueEmail('flood'), client)).status).toBe(202);
      const refused = await forgot(uniqueEmail('flood'), client);
      const error = expectError(refused, 429, 'RATE_LIMITED');
      expect(error.message).toBe('Too many attempts - please try again later');
      // Another address is not affected.
      expect((await forgot(uniqueEmail('flood'))).status).toBe(202);
    });

    it('sends at most 3 messages an hour to one account, answering the same beyond that', async () => {
      const { email, id } = await registerAccount(clientFrom(server.url));
      const answers = [];
      for (let i = 0; i < 5; i++) answers.push(await forgot(email));
      expect(answers.map((answer) => [answer.status, answer.body])).toEqual(Array(5).fill([202, { ok: true }]));
      const messages = await outbox(email);
      expect(messages).toHaveLength(3);
      // Only the newest link works: each new one replaced the one before.
      const tokens = messages.map((message) => message.textBody.match(LINK_PATTERN)?.[2] ?? '');
      expect((await check(tokens[0] ?? '')).body).toEqual({ valid: true });
      for (const old of tokens.slice(1)) expect((await check(old)).body).toEqual({ valid: false });
      expect(await db.select().from(passwordResetTokens).where(eq(passwordResetTokens.userId, id))).toHaveLength(1);
    });

    it('builds the link from PUBLIC_URL whatever Host, X-Forwarded-Host, Forwarded or Referer say', async () => {
      const poisoned: Record<string, string>[] = [
        { Host: 'evil.example' },
        { 'X-Forwarded-Host': 'evil.example', 'X-Forwarded-Proto': 'https' },
        { Forwarded: 'host=evil.example;proto=https', Referer: 'https://evil.example/reset' },
      ];
      for (const headers of poisoned) {
        const { email } = await registerAccount(clientFrom(server.url));
        const response = await rawRequest(`${server.url}/api/auth/forgot-password`, {
          method: 'POST',
          headers: { 'Content-Type': 'application/json', 'X-Forwarded-For': uniqueIp(), ...headers },
          body: JSON.stringify({ email }),
        });
        expect(response.status).toBe(202);
        const link = await latestLink(email);
        expect(link.origin).toBe(PUBLIC_URL);
        expect(link.text).not.toContain('evil.example');
        expect(link.text).not.toContain('127.0.0.1');
      }
    });

    it('refuses a malformed e-mail with a field error', async () => {
      const error = expectError(await forgot('not-an-email'), 422, 'VALIDATION_FAILED');
      expect(error.details?.fieldErrors.email).toContain('validation.emailInvalid');
    });
  });

  describe('reset-password', () => {
    it('sets the password once, ends every session, and tells those browsers they were revoked', async () => {
      const first = clientFrom(server.url);
      const { email, password, id } = await registerAccount(first);
      const second = clientFrom(server.url);
      expect((await second.signIn(email, password)).status).toBe(200);
      const token = await requestToken(email);
      expect((await check(token)).body).toEqual({ valid: true });

      const response = await reset(token);
      expect(response.status).toBe(200);
      expect(response.body).toEqual({ ok: true });
      // It does not sign in.
      expect(response.setCookies).toEqual([]);

      expect((await check(token)).body).toEqual({ valid: false });
      expectError(await reset(token, 'Another-Pass-55'), 400, 'INVALID_RESET_TOKEN');
      for (const client of [first, second]) {
        const state = await client.session();
        expect(state.body).toEqual({ user: null, session: null, profile: null, signedOutReason: 'revoked' });
      }
      expectError(await clientFrom(server.url).signIn(email, password), 401, 'INVALID_CREDENTIALS');
      expect((await clientFrom(server.url).signIn(email, NEW_PASSWORD)).status).toBe(200);

      const [notice] = await outbox(email, 'password_changed');
      expect(notice?.textBody).toContain(`${PUBLIC_URL}/signin`);
      const activity = await db.select().from(userActivityLog).where(eq(userActivityLog.userId, id));
      expect(activity.map((row) => row.activityType)).toContain('password_reset');
      const events = await db.select().from(securityEvents).where(eq(securityEvents.identifier, email));
      expect(events.map((event) => event.eventType)).toContain('password_reset_completed');
    });

    it('lets exactly one of two concurrent submissions of one token through', async () => {
      const { email } = await registerAccount(clientFrom(server.url));
      const token = await requestToken(email);
      const passwords = ['Cedar-Window-31', 'Silver-Orchard-64'];
      const responses = await Promise.all(passwords.map((password) => reset(token, password)));
      const statuses = responses.map((response) => response.status).sort();
      expect(statuses).toEqual([200, 400]);
      const loser = responses.find((response) => response.status === 400);
      expect(loser?.body.error.code).toBe('INVALID_RESET_TOKEN');
      const winner = passwords[responses.findIndex((response) => response.status === 200)] ?? '';
      const other = passwords.find((password) => password !== winner) ?? '';
      expect((await clientFrom(server.url).signIn(email, winner)).status).toBe(200);
      expectError(await clientFrom(server.url).signIn(email, other), 401, 'INVALID_CREDENTIALS');
      expect(await outbox(email, 'password_changed')).toHaveLength(1);
    });

    it('refuses an expired token, and the check says so', async () => {
      const { email, password } = await registerAccount(clientFrom(server.url));
      const token = await requestToken(email);
      await db
        .update(passwordResetTokens)
        .set({ expiresAt: sql`now() - interval '1 second'` })
        .where(eq(passwordResetTokens.tokenHash, sha256(token)));
      expect((await check(token)).body).toEqual({ valid: false });
      expectError(await reset(token), 400, 'INVALID_RESET_TOKEN');
      expect((await clientFrom(server.url).signIn(email, password)).status).toBe(200);
    });

    it('refuses an unknown token', async () => {
      const token = crypto.randomBytes(32).toString('base64url');
      expect((await check(token)).body).toEqual({ valid: false });
      const error = expectError(await reset(token), 400, 'INVALID_RESET_TOKEN');
      expect(error.message).toBe('The password reset link is invalid or has expired.');
    });

    it('refuses a weak password with the sign-up rules and keeps the token usable', async () => {
      const { email } = await registerAccount(clientFrom(server.url));
      const token = await requestToken(email);
      const cases: Array<[string, string]> = [
        ['Password1', 'validation.passwordCommon'],
        ['short1', 'validation.passwordMin8'],
        ['no-digits-here', 'validation.passwordNumber'],
      ];
      for (const [password, key] of cases) {
        const error = expectError(await reset(token, password), 422, 'VALIDATION_FAILED');
        expect(error.details?.fieldErrors).toEqual({ newPassword: [key] });
      }
      expect((await check(token)).body).toEqual({ valid: true });
      expect((await reset(token)).status).toBe(200);
    });

    it('gives a Google-only account a password', async () => {
      const { email, id } = await registerAccount(clientFrom(server.url));
      await db.update(authAccounts).set({ providerId: 'google', password: null }).where(eq(authAccounts.userId, id));
      expect((await reset(await requestToken(email))).status).toBe(200);
      const providers = await db.select().from(authAccounts).where(eq(authAccounts.userId, id));
      expect(providers.map((account) => account.providerId).sort()).toEqual(['credential', 'google']);
      expect((await clientFrom(server.url).signIn(email, NEW_PASSWORD)).status).toBe(200);
    });

    it('stores only a hash of the token: the raw token is nowhere in the database but the message', async () => {
      const { email } = await registerAccount(clientFrom(server.url));
      const token = await requestToken(email);
      const [row] = await db
        .select()
        .from(passwordResetTokens)
        .where(eq(passwordResetTokens.tokenHash, sha256(token)));
      expect(row?.requestedIp).toMatch(/^10\./);
      const tables = (await db.execute(
        sql`select table_name from information_schema.tables where table_schema = 'public' and table_type = 'BASE TABLE'`,
      )) as unknown as { rows: { table_name: string }[] };
      const found: string[] = [];
      for (const { table_name: table } of tables.rows) {
        const result = (await db.execute(
          sql`select count(*)::int as n from ${sql.identifier(table)} t where t::text like ${`%${token}%`}`,
        )) as unknown as { rows: { n: number }[] };
        if ((result.rows[0]?.n ?? 0) > 0) found.push(table);
      }
      // The e-mail itself has to carry the link.
      expect(found).toEqual(['email_outbox']);
    });
  });

  describe('change-password', () => {
    const change = (client: ApiClient, currentPassword: string, newPassword = NEW_PASSWORD) =>
      client.post('/api/auth/change-password', { currentPassword, newPassword });

    it('needs the current password, then ends the other sessions and keeps this one', async () => {
      const here = clientFrom(server.url);
      const { email, password, id } = await registerAccount(here);
      const elsewhere = clientFrom(server.url);
      expect((await elsewhere.signIn(email, password)).status).toBe(200);

      const wrong = expectError(await change(here, 'Not-The-Password-1'), 400, 'CURRENT_PASSWORD_INCORRECT');
      expect(wrong.message).toBe('Current password is incorrect');
      expect((await elsewhere.session()).body.user.id).toBe(id);

      const response = await change(here, password);
      expect(response.status).toBe(200);
      expect(response.body).toEqual({ ok: true });
      expect((await here.session()).body.user.id).toBe(id);
      expect((await here.get('/api/profiles/me')).status).toBe(200);
      expect((await elsewhere.session()).body).toEqual({
        user: null,
        session: null,
        profile: null,
        signedOutReason: 'revoked',
      });
      expectError(await clientFrom(server.url).signIn(email, password), 401, 'INVALID_CREDENTIALS');
      expect((await clientFrom(server.url).signIn(email, NEW_PASSWORD)).status).toBe(200);
      expect(await outbox(email, 'password_changed')).toHaveLength(1);
    });

    it('is throttled after 5 wrong current passwords, even with the right one', async () => {
      const client = clientFrom(server.url);
      const { email, password } = await registerAccount(client);
      for (let i = 1; i <= 5; i++) {
        expectError(await change(client, `Wrong-Guess-${i}`), 400, 'CURRENT_PASSWORD_INCORRECT');
      }
      expectError(await change(client, password), 429, 'RATE_LIMITED');
      expect((await clientFrom(server.url).signIn(email, password)).status).toBe(200);
    });

    it('applies the new-password rules and needs a session', async () => {
      const client = clientFrom(server.url);
      const { password } = await registerAccount(client);
      const weak = expectError(await change(client, password, 'qwerty123'), 422, 'VALIDATION_FAILED');
      expect(weak.details?.fieldErrors).toEqual({ newPassword: ['validation.passwordCommon'] });
      const empty = expectError(await change(client, '', GOOD_PASSWORD), 422, 'VALIDATION_FAILED');
      expect(empty.details?.fieldErrors).toEqual({ currentPassword: ['validation.currentPasswordRequired'] });
      expectError(await change(new ApiClient(server.url), password), 401, 'UNAUTHENTICATED');
    });
  });
});
