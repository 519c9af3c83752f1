/**
 * The session list in Settings, ending sessions (one, all others, sign-out everywhere) and what a
 * browser holding the cookie of an ended session is told (accounts-and-auth §7, §8: 'Session
 * expired due to newer login. Please sign in again.').
 */
import { UserSessionListSchema } from '@maktaba/shared/schemas/auth';
import { AuthStateSchema } from '@maktaba/shared/schemas/session';
import { eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../src/db/client.js';
import { authSessions, revokedSessions } from '../src/db/schema/index.js';
import {
  ApiClient,
  type ApiResponse,
  clientFrom,
  expectError,
  findSetCookie,
  registerAccount,
  SESSION_COOKIE,
  uniqueIp,
} from './api-client.js';
import { describeEachDriver, useTestServer } from './helpers.js';

const CHROME_ON_WINDOWS =
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36';
const SAFARI_ON_IPHONE =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1';
const FIREFOX_ON_IPAD =
  'Mozilla/5.0 (iPad; CPU OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) FxiOS/127.0 Mobile/15E148 Safari/605.1.15';

const SIGNED_OUT = { user: null, session: null, profile: null };

/** The browser was told its cookie is dead, and to drop it. */
function expectSignedOut(response: ApiResponse, reason: 'revoked' | 'expired') {
  expect(response.status).toBe(200);
  expect(AuthStateSchema.parse(response.body)).toEqual({ ...SIGNED_OUT, signedOutReason: reason });
  expect(findSetCookie(response.setCookies, SESSION_COOKIE)?.attributes.get('max-age')).toBe('0');
}

describeEachDriver('sessions over HTTP', (driver) => {
  const server = useTestServer(driver, { env: { TRUST_PROXY_HOPS: '1' } });
  let db: Database;

  beforeAll(() => {
    db = server.db;
  });

  /** A new account signed in from one browser per user agent, each from its own address. */
  async function accountOn(...userAgents: string[]) {
    const ips = userAgents.map(() => uniqueIp());
    const clients = userAgents.map(
      (userAgent, index) => new ApiClient(server.url, { 'X-Forwarded-For': ips[index] ?? '', 'User-Agent': userAgent }),
    );
    const [first, ...others] = clients;
    if (!first) throw new Error('at least one user agent');
    const account = await registerAccount(first);
    for (const client of others) expect((await client.signIn(account.email, account.password)).status).toBe(200);
    return { ...account, clients, ips };
  }

  async function sessionIdOf(client: ApiClient): Promise<string> {
    const state = await client.session();
    expect(state.body.session?.id).toEqual(expect.any(String));
    return state.body.session.id;
  }

  describe('the list', () => {
    it("shows the caller's own sessions with browser, system and device, the current one first", async () => {
      const me = await accountOn(CHROME_ON_WINDOWS, SAFARI_ON_IPHONE, FIREFOX_ON_IPAD);
      const someoneElse = await accountOn(CHROME_ON_WINDOWS);
      const [laptop, phone, tablet] = me.clients as [ApiClient, ApiClient, ApiClient];
      // The tablet was used most recently after the phone: it comes right after the current one.
      await db
        .update(authSessions)
        .set({ lastActiveAt: sql`now() - interval '1 hour'` })
        .where(eq(authSessions.id, await sessionIdOf(laptop)));

      const response = await phone.get('/api/auth/sessions');
      expect(response.status).toBe(200);
      expect(response.headers.get('cache-control')).toBe('no-store');
      const { sessions } = UserSessionListSchema.parse(response.body);
      const ids = await Promise.all([phone, tablet, laptop].map(sessionIdOf));
      expect(sessions.map((session) => session.id)).toEqual(ids);
      expect(
        sessions.map(({ current, browser, os, device, ipAddress }) => ({ current, browser, os, device, ipAddress })),
      ).toEqual([
        { current: true, browser: 'Mobile Safari', os: 'iOS', device: 'mobile', ipAddress: me.ips[1] },
        { current: false, browser: 'Firefox', os: 'iOS', device: 'tablet', ipAddress: me.ips[2] },
        { current: false, browser: 'Chrome', os: 'Windows', device: 'desktop', ipAddress: me.ips[0] },
      ]);
      for (const session of sessions) {
        expect(Date.parse(session.createdAt)).toBeGreaterThan(Date.now() - 60_000);
        expect(Date.parse(session.expiresAt)).toBeGreaterThan(Date.now());
      }
      // Nothing of the other account's.
      const theirs = await sessionIdOf(someoneElse.clients[0] as ApiClient);
      expect(sessions.map((session) => session.id)).not.toContain(theirs);
      const theirList = await (someoneElse.clients[0] as ApiClient).get('/api/auth/sessions');
      expect(theirList.body.sessions.map((session: { id: string }) => session.id)).toEqual([theirs]);
    });

    it('needs a session', async () => {
      expectError(await clientFrom(server.url).get('/api/auth/sessions'), 401, 'UNAUTHENTICATED');
      expectError(await clientFrom(server.url).post('/api/auth/sessions/revoke-others'), 401, 'UNAUTHENTICATED');
    });

    it('keeps "last active" fresh without writing on every request', async () => {
      const { clients } = await accountOn(CHROME_ON_WINDOWS);
      const client = clients[0] as ApiClient;
      const id = await sessionIdOf(client);
      const lastActive = async () =>
        (await db.select({ at: authSessions.lastActiveAt }).from(authSessions).where(eq(authSessions.id, id)))[0]?.at;

      const recent = new Date(Date.now() - 2 * 60_000);
      await db.update(authSessions).set({ lastActiveAt: recent }).where(eq(authSessions.id, id));
      await client.session();
      await client.get('/api/profiles/me');
      expect((await lastActive())?.getTime()).toBe(recent.getTime());

      const stale = new Date(Date.now() - 6 * 60_000);
      for (const use of [() => client.session(), () => client.get('/api/profiles/me')]) {
        await db.update(authSessions).set({ lastActiveAt: stale }).where(eq(authSessions.id, id));
        await use();
        expect((await lastActive())?.getTime()).toBeGreaterThan(Date.now() - 60_000);
      }
    });
  });

  describe('ending sessions', () => {
    it("ends one of the caller's other sessions, which is then told it was revoked", async () => {
      const { clients } = await accountOn(CHROME_ON_WINDOWS, SAFARI_ON_IPHONE);
      const [laptop, phone] = clients as [ApiClient, ApiClient];
      const phoneCookie = phone.cookieHeader();
      const response = await laptop.delete(`/api/auth/sessions/${await sessionIdOf(phone)}`);
      expect(response.status).toBe(204);
      expect(findSetCookie(response.setCookies, SESSION_COOKIE)).toBeUndefined();

      expectSignedOut(await phone.session(), 'revoked');
      // The browser dropped the cookie; one that did not would keep hearing the same.
      expect(phone.sessionToken).toBeUndefined();
      expectSignedOut(await phone.session({ cookie: phoneCookie }), 'revoked');
      expectError(await phone.get('/api/profiles/me', { cookie: phoneCookie }), 401, 'UNAUTHENTICATED');
      expect((await laptop.session()).body.user).not.toBeNull();
      expect((await laptop.get('/api/auth/sessions')).body.sessions).toHaveLength(1);
    });

    it("answers 404 for another user's session, an unknown id or a malformed one, and ends nothing", async () => {
      const me = await accountOn(CHROME_ON_WINDOWS);
      const other = await accountOn(SAFARI_ON_IPHONE);
      const mine = me.clients[0] as ApiClient;
      const theirs = other.clients[0] as ApiClient;
      for (const id of [await sessionIdOf(theirs), '00000000-0000-4000-8000-000000000000', 'not-a-session']) {
        expectError(await mine.delete(`/api/auth/sessions/${id}`), 404, 'NOT_FOUND');
      }
      expect((await theirs.session()).body.user.id).toBe(other.id);
      expect((await mine.session()).body.user.id).toBe(me.id);
      expect(await db.select().from(revokedSessions).where(eq(revokedSessions.userId, other.id))).toEqual([]);
    });

    it('ending the current session signs out and clears the cookie', async () => {
      const { clients } = await accountOn(CHROME_ON_WINDOWS, SAFARI_ON_IPHONE);
      const [laptop, phone] = clients as [ApiClient, ApiClient];
      const response = await laptop.delete(`/api/auth/sessions/${await sessionIdOf(laptop)}`);
      expect(response.status).toBe(204);
      expect(findSetCookie(response.setCookies, SESSION_COOKIE)?.value).toBe('');
      expect((await laptop.session()).body).toEqual(SIGNED_OUT);
      expect((await phone.session()).body.user).not.toBeNull();
    });

    it('revoke-others ends every other session and keeps this one', async () => {
      const { clients, id } = await accountOn(CHROME_ON_WINDOWS, SAFARI_ON_IPHONE, FIREFOX_ON_IPAD);
      const [laptop, phone, tablet] = clients as [ApiClient, ApiClient, ApiClient];
      expect((await phone.post('/api/auth/sessions/revoke-others')).status).toBe(204);
      expectSignedOut(await laptop.session(), 'revoked');
      expectSignedOut(await tablet.session(), 'revoked');
      expect((await phone.session()).body.user.id).toBe(id);
      const rows = await db.select().from(revokedSessions).where(eq(revokedSessions.userId, id));
      expect(rows.map((row) => row.reason)).toEqual(['ended_from_another_session', 'ended_from_another_session']);
      // Kept only as long as the sessions would have lived.
      for (const row of rows) expect(row.expiresAt.getTime()).toBeGreaterThan(Date.now() + 6 * 24 * 3600_000);
    });
  });

  describe('sign-out scope', () => {
    it('global ends the other sessions too, which are told they were revoked', async () => {
      const { clients, id } = await accountOn(CHROME_ON_WINDOWS, SAFARI_ON_IPHONE);
      const [laptop, phone] = clients as [ApiClient, ApiClient];
      const laptopCookie = laptop.cookieHeader();
      const out = await laptop.post('/api/auth/sign-out', { scope: 'global' });
      expect(out.status).toBe(204);
      expect(findSetCookie(out.setCookies, SESSION_COOKIE)?.value).toBe('');
      expectSignedOut(await phone.session(), 'revoked');
      // The session that signed out ended by its own sign-out: not "revoked".
      expectSignedOut(await laptop.session({ cookie: laptopCookie }), 'expired');
      expect(await db.select().from(authSessions).where(eq(authSessions.userId, id))).toEqual([]);
      const [row] = await db.select().from(revokedSessions).where(eq(revokedSessions.userId, id));
      expect(row?.reason).toBe('signed_out_everywhere');
    });

    it('local (the default, with or without a body) ends only this session', async () => {
      const { clients } = await accountOn(CHROME_ON_WINDOWS, SAFARI_ON_IPHONE, FIREFOX_ON_IPAD);
      const [laptop, phone, tablet] = clients as [ApiClient, ApiClient, ApiClient];
      expect((await laptop.post('/api/auth/sign-out', { scope: 'local' })).status).toBe(204);
      expect((await tablet.signOut()).status).toBe(204);
      expect((await laptop.session()).body).toEqual(SIGNED_OUT);
      expect((await tablet.session()).body).toEqual(SIGNED_OUT);
      expect((await phone.session()).body.user).not.toBeNull();
    });

    it('refuses an unknown scope and stays signed in', async () => {
      const { clients } = await accountOn(CHROME_ON_WINDOWS);
      const client = clients[0] as ApiClient;
      expectError(await client.post('/api/auth/sign-out', { scope: 'everywhere' }), 422, 'VALIDATION_FAILED');
      expect((await client.session()).body.user).not.toBeNull();
    });
  });

  it('documents the password and session endpoints in the OpenAPI document', async () => {
    const document = (await (await fetch(`${server.url}/api/openapi.json`)).json()) as {
      paths: Record<string, Record<string, unknown>>;
    };
    const operations = Object.entries(document.paths).flatMap(([path, methods]) =>
      Object.keys(methods).map((method) => `${method.toUpperCase()} ${path}`),
    );
    expect(operations).toEqual(
      expect.arrayContaining([
        'POST /api/auth/forgot-password',
        'POST /api/auth/reset-password/check',
        'POST /api/auth/reset-password',
        'POST /api/auth/change-password',
        'GET /api/auth/sessions',
        'DELETE /api/auth/sessions/{id}',
        'POST /api/auth/sessions/revoke-others',
        'POST /api/auth/sign-out',
      ]),
    );
  });

  describe('the session behind an API request', () => {
    it("serves the cookie's session, and refuses a cookie whose signature is not the server's", async () => {
      const { clients } = await accountOn(CHROME_ON_WINDOWS);
      const client = clients[0] as ApiClient;
      expect((await client.get('/api/bookmarks')).status).toBe(200);
      const value = decodeURIComponent(client.sessionToken ?? '');
      const dot = value.lastIndexOf('.');
      const signature = value.slice(dot + 1);
      const forged = `${signature.startsWith('A') ? 'B' : 'A'}${signature.slice(1)}`;
      const cookie = `${SESSION_COOKIE}=${encodeURIComponent(`${value.slice(0, dot)}.${forged}`)}`;
      expectError(await client.get('/api/bookmarks', { cookie }), 401, 'UNAUTHENTICATED');
      // The token alone, unsigned, is no session either.
      expectError(
        await client.get('/api/bookmarks', { cookie: `${SESSION_COOKIE}=${value.slice(0, dot)}` }),
        401,
        'UNAUTHENTICATED',
      );
    });

    it('leaves an expired session to better-auth, which ends it', async () => {
      const { clients, id } = await accountOn(CHROME_ON_WINDOWS);
      const client = clients[0] as ApiClient;
      await db
        .update(authSessions)
        .set({ expiresAt: sql`now() - interval '1 minute'` })
        .where(eq(authSessions.userId, id));
      expectError(await client.get('/api/bookmarks'), 401, 'UNAUTHENTICATED');
      expect(await db.select().from(authSessions).where(eq(authSessions.userId, id))).toEqual([]);
    });

    it('extends a session a day after its last extension, as better-auth does', async () => {
      const { clients, id } = await accountOn(CHROME_ON_WINDOWS);
      const client = clients[0] as ApiClient;
      // Seven days' life, extended at most once a day: this one was last extended 25 hours ago.
      await db
        .update(authSessions)
        .set({ expiresAt: sql`now() + interval '7 days' - interval '25 hours'` })
        .where(eq(authSessions.userId, id));
      expect((await client.get('/api/bookmarks')).status).toBe(200);
      const [row] = await db.select().from(authSessions).where(eq(authSessions.userId, id));
      const left = (row?.expiresAt.getTime() ?? 0) - Date.now();
      expect(left).toBeGreaterThan(7 * 24 * 3600_000 - 60_000);
      // Within the day it is not extended again: the session is served as it is.
      expect((await client.get('/api/bookmarks')).status).toBe(200);
      const [again] = await db.select().from(authSessions).where(eq(authSessions.userId, id));
      expect(again?.expiresAt.getTime()).toBe(row?.expiresAt.getTime());
    });
  });

  describe('signedOutReason', () => {
    it("is 'expired' for a session that expired and for a cookie the server never issued", async () => {
      const { clients, id } = await accountOn(CHROME_ON_WINDOWS);
      const client = clients[0] as ApiClient;
      const cookie = client.cookieHeader();
      await db
        .update(authSessions)
        .set({ expiresAt: sql`now() - interval '1 minute'` })
        .where(eq(authSessions.userId, id));
      expectSignedOut(await client.session({ cookie }), 'expired');
      expectSignedOut(await client.session({ cookie: `${SESSION_COOKIE}=made-up-token.made-up-signature` }), 'expired');
    });

    it('is absent without a session cookie', async () => {
      const client = clientFrom(server.url);
      const response = await client.session({ cookie: 'other=1' });
      expect(response.body).toEqual(SIGNED_OUT);
      expect(response.setCookies).toEqual([]);
      expect((await client.session()).body).toEqual(SIGNED_OUT);
    });
  });
});
