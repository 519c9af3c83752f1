/**
 * Google sign-in through HTTP (accounts-and-auth §7, reader-area §4.6) against a local OpenID
 * Connect server standing in for Google (oauth2-mock-server), following every redirect by hand:
 * the start, the provider's answer, the callback and where it sends the browser.
 */
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type OidcIdentity, oidcIdentityCookie, startOidcMock } from '../../../e2e/support/oidc-mock.js';
import type { Database } from '../src/db/client.js';
import { appSettings, authAccounts, authUsers, profiles } from '../src/db/schema/index.js';
import {
  type ApiClient,
  clientFrom,
  findSetCookie,
  registerAccount,
  SESSION_COOKIE,
  uniqueEmail,
} from './api-client.js';
import { freePort } from './free-port.js';
import { describeEachDriver, useTestServer } from './helpers.js';

let subjectCounter = 0;
function googleIdentity(overrides: Partial<OidcIdentity> = {}): OidcIdentity {
  subjectCounter++;
  return {
    sub: `google-${process.pid}-${subjectCounter}`,
    email: uniqueEmail('google'),
    name: 'Zaynab Ali',
    ...overrides,
  };
}

type Flow = {
  client: ApiClient;
  /** The provider's redirect back to us (our callback address). */
  providerRedirect: URL;
  /** Our callback's answer: status and where it sends the browser. */
  status: number;
  location: URL;
  setCookies: string[];
};

describeEachDriver('Google sign-in over HTTP', (driver) => {
  let oidc: Awaited<ReturnType<typeof startOidcMock>>;
  let issuer: string;
  let port: number;
  let db: Database;

  beforeAll(async () => {
    let oidcPort: number;
    [oidcPort, port] = await Promise.all([freePort(), freePort()]);
    oidc = await startOidcMock({ port: oidcPort });
    issuer = oidc.issuer ?? `http://127.0.0.1:${oidcPort}`;
  });
  // Stopped before the provider (the hooks after the tests run in reverse order).
  afterAll(async () => {
    await oidc?.close();
  });

  // The provider's address is known once it runs: the environment is read when the server starts.
  const server = useTestServer(driver, {
    env: () => ({
      PORT: String(port),
      PUBLIC_URL: `http://127.0.0.1:${port}`,
      TRUST_PROXY_HOPS: '1',
      GOOGLE_CLIENT_ID: 'maktaba-test',
      GOOGLE_CLIENT_SECRET: 'maktaba-test-secret',
      GOOGLE_ISSUER: issuer,
    }),
  });
  const plain = useTestServer(driver);

  beforeAll(() => {
    db = server.db;
  });

  /** Starts sign-in like the browser does, lets the provider answer for `identity`, returns to our callback. */
  async function signInWithGoogle(
    identity: OidcIdentity,
    options: { client?: ApiClient; tamper?: (url: URL) => void } = {},
  ): Promise<Flow> {
    const client = options.client ?? clientFrom(server.url);
    const start = await client.post(
      '/api/auth/sign-in/oauth2',
      // The client's addresses are ignored: the server decides where Google returns to.
      { providerId: 'google', callbackURL: 'https://elsewhere.example/steal', errorCallbackURL: '/auth/callback' },
      { headers: { origin: server.url } },
    );
    expect(start.status, JSON.stringify(start.body)).toBe(200);
    expect(start.body.redirect).toBe(true);
    const authorizeUrl = new URL(start.body.url);
    expect(authorizeUrl.origin).toBe(new URL(issuer).origin);
    expect(Object.fromEntries(authorizeUrl.searchParams)).toMatchObject({
      client_id: 'maktaba-test',
      redirect_uri: `${server.url}/api/auth/oauth2/callback/google`,
      response_type: 'code',
      access_type: 'offline',
      prompt: 'consent',
      code_challenge_method: 'S256',
    });
    expect(authorizeUrl.searchParams.get('scope')?.split(' ').sort()).toEqual(['email', 'openid', 'profile']);

    const cookie = oidcIdentityCookie(identity);
    const authorize = await fetch(authorizeUrl, {
      redirect: 'manual',
      headers: { cookie: `${cookie.name}=${cookie.value}` },
    });
    expect(authorize.status).toBe(302);
    const providerRedirect = new URL(authorize.headers.get('location') ?? '');
    expect(`${providerRedirect.origin}${providerRedirect.pathname}`).toBe(
      `${server.url}/api/auth/oauth2/callback/google`,
    );
    options.tamper?.(providerRedirect);
    const callback = await client.get(`${providerRedirect.pathname}${providerRedirect.search}`);
    return {
      client,
      providerRedirect,
      status: callback.status,
      location: new URL(callback.headers.get('location') ?? '', server.url),
      setCookies: callback.setCookies,
    };
  }

  function expectReturnedTo(flow: Flow, error?: string) {
    expect(flow.status).toBe(302);
    expect(`${flow.location.origin}${flow.location.pathname}`).toBe(`${server.url}/auth/callback`);
    expect(flow.location.searchParams.get('error') ?? undefined).toBe(error);
  }

  async function googleAccounts(userId: string) {
    return db
      .select()
      .from(authAccounts)
      .where(and(eq(authAccounts.userId, userId), eq(authAccounts.providerId, 'google')));
  }

  async function usersWithEmail(email: string) {
    return db.select().from(authUsers).where(eq(authUsers.email, email));
  }

  it('signs a new user in, with a complete Google profile and encrypted tokens', async () => {
    const identity = googleIdentity();
    const flow = await signInWithGoogle(identity);
    expectReturnedTo(flow);
    expect(findSetCookie(flow.setCookies, SESSION_COOKIE)?.value).toBeTruthy();

    const state = await flow.client.session();
    expect(state.body.user).toMatchObject({ email: identity.email, name: identity.name, provider: 'google' });
    expect(state.body.profile).toMatchObject({
      email: identity.email,
      display_name: identity.name,
      creation_source: 'google',
      registration_completed: true,
    });
    const [row] = await db.select().from(profiles).where(eq(profiles.id, state.body.user.id));
    expect(row?.creationSource).toBe('google');

    const [account] = await googleAccounts(state.body.user.id);
    expect(account?.accountId).toBe(identity.sub);
    // Stored tokens are encrypted, never the provider's plain token.
    expect(account?.accessToken).toBeTruthy();
    expect(account?.accessToken).not.toMatch(/^eyJ/);
  });

  it('signs the same Google subject into the same user the next time', async () => {
    const identity = googleIdentity();
    const first = await signInWithGoogle(identity);
    expectReturnedTo(first);
    const firstUser = (await first.client.session()).body.user;

    const second = await signInWithGoogle(identity);
    expectReturnedTo(second);
    const secondUser = (await second.client.session()).body.user;
    expect(secondUser.id).toBe(firstUser.id);
    expect(await usersWithEmail(identity.email)).toHaveLength(1);
    expect(await googleAccounts(firstUser.id)).toHaveLength(1);
  });

  it('refuses a first Google sign-in while registration is closed, and signs a known subject in', async () => {
    const known = googleIdentity();
    expectReturnedTo(await signInWithGoogle(known));
    await db.insert(appSettings).values({ key: 'system', value: { registration_open: false } });
    try {
      const stranger = googleIdentity();
      const refused = await signInWithGoogle(stranger);
      // The web page reads the code case-insensitively (errors.codes.REGISTRATION_CLOSED).
      expectReturnedTo(refused, 'REGISTRATION_CLOSED');
      expect((await refused.client.session()).body.user).toBeNull();
      expect(await usersWithEmail(stranger.email)).toHaveLength(0);
      // An existing account is not a registration: it signs in as before.
      const again = await signInWithGoogle(known);
      expectReturnedTo(again);
      expect((await again.client.session()).body.user?.email).toBe(known.email);
    } finally {
      await db.delete(appSettings).where(eq(appSettings.key, 'system'));
    }
  });

  it('refuses a tampered state: no session, back to /auth/callback with an error', async () => {
    const identity = googleIdentity();
    const flow = await signInWithGoogle(identity, {
      tamper: (url) => url.searchParams.set('state', `${url.searchParams.get('state')}x`),
    });
    expectReturnedTo(flow, 'state_mismatch');
    expect(findSetCookie(flow.setCookies, SESSION_COOKIE)?.value ?? '').toBe('');
    expect((await flow.client.session()).body.user).toBeNull();
    expect(await usersWithEmail(identity.email)).toHaveLength(0);
  });

  it('never links or signs into an existing password account with the same e-mail', async () => {
    const owner = clientFrom(server.url);
    const existing = await registerAccount(owner);
    const flow = await signInWithGoogle(googleIdentity({ email: existing.email }));
    expectReturnedTo(flow, 'account_not_linked');
    expect(findSetCookie(flow.setCookies, SESSION_COOKIE)?.value ?? '').toBe('');
    expect((await flow.client.session()).body.user).toBeNull();
    expect(await googleAccounts(existing.id)).toHaveLength(0);
    expect(await usersWithEmail(existing.email)).toHaveLength(1);
  });

  it('links to a password account once its owner has verified the address, and signs into it', async () => {
    const owner = clientFrom(server.url);
    const existing = await registerAccount(owner);
    // Both sides have proved the mailbox: Google's email_verified, and our verification link.
    await db.update(authUsers).set({ emailVerified: true }).where(eq(authUsers.id, existing.id));
    const flow = await signInWithGoogle(googleIdentity({ email: existing.email }));
    expectReturnedTo(flow);
    expect((await flow.client.session()).body.user?.id).toBe(existing.id);
    expect(await googleAccounts(existing.id)).toHaveLength(1);
    expect(await usersWithEmail(existing.email)).toHaveLength(1);
  });

  it('refuses a Google identity whose e-mail Google has not verified', async () => {
    const identity = googleIdentity({ email_verified: false });
    const flow = await signInWithGoogle(identity);
    expectReturnedTo(flow, 'email_not_verified');
    expect((await flow.client.session()).body.user).toBeNull();
    expect(await usersWithEmail(identity.email)).toHaveLength(0);
  });

  it("passes the provider's error on", async () => {
    const flow = await signInWithGoogle(
      googleIdentity({ error: 'access_denied', error_description: 'The user cancelled the sign-in.' }),
    );
    expectReturnedTo(flow, 'access_denied');
    expect(flow.location.searchParams.get('error_description')).toBe('The user cancelled the sign-in.');
    expect((await flow.client.session()).body.user).toBeNull();
  });

  it('keeps a suspended account out', async () => {
    const identity = googleIdentity();
    const first = await signInWithGoogle(identity);
    const userId = (await first.client.session()).body.user.id;
    await db.update(profiles).set({ status: 'suspended' }).where(eq(profiles.id, userId));
    const second = await signInWithGoogle(identity);
    expectReturnedTo(second, 'ACCOUNT_DISABLED');
    expect(findSetCookie(second.setCookies, SESSION_COOKIE)?.value ?? '').toBe('');
  });

  it('keeps the rest of better-auth closed', async () => {
    const client = clientFrom(server.url);
    for (const path of ['/api/auth/sign-in/social', '/api/auth/callback/google', '/api/auth/oauth2/callback/other']) {
      const response = await client.post(path, { provider: 'google' }, { headers: { origin: server.url } });
      expect(response.status, path).toBe(404);
    }
    const other = await client.post(
      '/api/auth/sign-in/oauth2',
      { providerId: 'github' },
      { headers: { origin: server.url } },
    );
    expect(other.status).toBe(400);
  });

  describe('without GOOGLE_* configured', () => {
    it('refuses to start and says so in /api/config', async () => {
      const client = clientFrom(plain.url);
      const start = await client.post('/api/auth/sign-in/oauth2', { providerId: 'google' });
      expect(start.status).toBe(404);
      expect(start.body.error.code).toBe('NOT_FOUND');
      expect((await client.get('/api/config')).body.googleSignInEnabled).toBe(false);
      expect((await clientFrom(server.url).get('/api/config')).body.googleSignInEnabled).toBe(true);
    });
  });
});
