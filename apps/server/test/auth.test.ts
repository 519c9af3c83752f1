/**
 * Accounts through HTTP (accounts-and-auth §4–§8): sign-up with the complete profile, sign-in and
 * sign-out, the password rules, the honeypot and injection guards, the security check and its
 * limits, and what the API refuses to tell or do.
 */
import nodeCrypto from 'node:crypto';
import { syncBuiltinESMExports } from 'node:module';
import { AuthStateSchema } from '@maktaba/shared/schemas/session';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import type { Database } from '../src/db/client.js';
import { authAccounts, authUsers, profiles, securityEvents, userAnalytics } from '../src/db/schema/index.js';
import { SECURITY_CHECK_LIMITS, SIGN_UP_LIMITS } from '../src/modules/auth/auth.routes.js';
import {
  ApiClient,
  clientFrom,
  expectError,
  findSetCookie,
  GOOD_PASSWORD,
  registerAccount,
  SESSION_COOKIE,
  signUpBody,
  uniqueEmail,
  uniqueIp,
} from './api-client.js';
import { describeEachDriver, useTestServer } from './helpers.js';

async function usersWithEmail(db: Database, email: string): Promise<number> {
  const rows = await db.select({ id: authUsers.id }).from(authUsers).where(eq(authUsers.email, email));
  return rows.length;
}

/**
 * The passwords scrypt was given while `run` ran. better-auth hashes and verifies passwords with
 * node:crypto's scrypt (through a named import, hence the sync of the built-in's ESM exports), and
 * the server runs in this process, so the spy sees every hash the server computes.
 */
async function passwordsHashedDuring(run: () => Promise<void>): Promise<string[]> {
  const spy = vi.spyOn(nodeCrypto, 'scrypt');
  syncBuiltinESMExports();
  try {
    await run();
    return spy.mock.calls.map(([password]) => String(password));
  } finally {
    spy.mockRestore();
    syncBuiltinESMExports();
  }
}

describeEachDriver('accounts over HTTP', (driver) => {
  /** Trusts one proxy hop: each test presents itself from its own address via X-Forwarded-For. */
  const server = useTestServer(driver, { env: { TRUST_PROXY_HOPS: '1' } });
  /** Trusts no proxy: X-Forwarded-For is ignored, every request comes from 127.0.0.1. */
  const direct = useTestServer(driver);
  let db: Database;

  beforeAll(() => {
    db = server.db;
  });

  describe('sign-up', () => {
    it('creates the account with a complete, sanitised profile and signs it in', async () => {
      const client = clientFrom(server.url);
      const response = await client.signUp(
        signUpBody({
          email: '  Layla.Hassan@Example.COM ',
          name: 'Layla <b>Hassan</b>',
          phone_number: '(415) 555-2671',
          address_line_1: '<b>12 Main</b> St <script>alert(1)</script> Apt #4',
          address_line_2: 'O\'Brien Wing; "rear"',
          city: 'Toronto<img src=x onerror=alert(1)>',
          state_province: 'ON',
          postal_code: 'k1a 0b1',
          country: 'Canada',
        }),
      );
      expect(response.status).toBe(201);
      const state = AuthStateSchema.parse(response.body);
      expect(state.user).toMatchObject({
        email: 'layla.hassan@example.com',
        name: 'Layla Hassan',
        emailVerified: false,
        provider: 'credential',
      });
      expect(state.session?.id).toEqual(expect.any(String));
      expect(state.profile).toMatchObject({
        id: state.user?.id,
        email: 'layla.hassan@example.com',
        display_name: 'Layla Hassan',
        role: 'patron',
        status: 'active',
        borrowing_limit: 3,
        registration_completed: true,
        registration_complete: true,
        creation_source: 'self_registration',
        phone_number: '+14155552671',
        address_line_1: '12 Main St Apt #4',
        address_line_2: "O'Brien Wing rear",
        city: 'Toronto',
        state_province: 'ON',
        postal_code: 'K1A 0B1',
        country: 'Canada',
        address_verified: false,
      });

      // The session is an HttpOnly, SameSite=Lax cookie for the whole site.
      const cookie = findSetCookie(response.setCookies, SESSION_COOKIE);
      expect(cookie?.value).toMatch(/\S{16,}/);
      expect(cookie?.attributes.has('httponly')).toBe(true);
      expect(cookie?.attributes.get('samesite')?.toLowerCase()).toBe('lax');
      expect(cookie?.attributes.get('path')).toBe('/');

      const session = await client.session();
      expect(session.status).toBe(200);
      expect(session.headers.get('cache-control')).toBe('no-store');
      expect(session.body.user.id).toBe(state.user?.id);
      expect(session.body.profile).toEqual(state.profile);

      // One auth user, one password credential (hashed), one profile, its analytics row.
      const [user] = await db.select().from(authUsers).where(eq(authUsers.email, 'layla.hassan@example.com'));
      expect(user?.id).toBe(state.user?.id);
      const accounts = await db
        .select()
        .from(authAccounts)
        .where(eq(authAccounts.userId, state.user?.id ?? ''));
      expect(accounts).toHaveLength(1);
      expect(accounts[0]?.providerId).toBe('credential');
      expect(accounts[0]?.password).not.toContain(GOOD_PASSWORD);
      const analytics = await db
        .select()
        .from(userAnalytics)
        .where(eq(userAnalytics.userId, state.user?.id ?? ''));
      expect(analytics[0]?.registrationCompletedAt).toBeInstanceOf(Date);
    });

    it('defaults the display name to the part of the e-mail before the @', async () => {
      const client = clientFrom(server.url);
      const email = `amira.k${Date.now()}@example.com`;
      const response = await client.signUp(signUpBody({ email, name: '' }));
      expect(response.status).toBe(201);
      expect(response.body.profile.display_name).toBe(email.split('@')[0]);

      const { name: _omitted, ...withoutName } = signUpBody();
      const other = await clientFrom(server.url).signUp(withoutName);
      expect(other.status).toBe(201);
      expect(other.body.profile.display_name).toBe(String(withoutName.email).split('@')[0]);
    });

    it('refuses an e-mail that is already registered, in any letter case, and keeps the first password', async () => {
      const { email, password } = await registerAccount(clientFrom(server.url));
      for (const variant of [email, email.toUpperCase(), ` ${email.replace(/^./, (c) => c.toUpperCase())}`]) {
        const response = await clientFrom(server.url).signUp(signUpBody({ email: variant, password: 'Other-Pass-77' }));
        const error = expectError(response, 409, 'EMAIL_TAKEN');
        expect(error.message).toBe('This email is already registered');
      }
      expect(await usersWithEmail(db, email)).toBe(1);
      expect((await clientFrom(server.url).signIn(email, password)).status).toBe(200);
      expectError(await clientFrom(server.url).signIn(email, 'Other-Pass-77'), 401, 'INVALID_CREDENTIALS');
    });

    it('applies the registration password rules on the server', async () => {
      const cases: Array<[string, string]> = [
        ['abc1234', 'validation.passwordMin8'],
        ['abcdefghij', 'validation.passwordNumber'],
        ['1234567890', 'validation.passwordLetter'],
        ['A1'.repeat(64).concat('x'), 'validation.passwordMax'],
      ];
      for (const [password, key] of cases) {
        const email = uniqueEmail('rules');
        const response = await clientFrom(server.url).signUp(signUpBody({ email, password }));
        const error = expectError(response, 422, 'VALIDATION_FAILED');
        expect(error.details.fieldErrors.password, password).toContain(key);
        expect(await usersWithEmail(db, email)).toBe(0);
      }
    });

    it('refuses common passwords, whatever their letter case', async () => {
      for (const password of ['password1', 'Password1', 'qwerty123']) {
        const email = uniqueEmail('common');
        const response = await clientFrom(server.url).signUp(signUpBody({ email, password }));
        const error = expectError(response, 422, 'VALIDATION_FAILED');
        expect(error.details.fieldErrors).toEqual({ password: ['validation.passwordCommon'] });
        expect(await usersWithEmail(db, email)).toBe(0);
      }
    });

    it('accepts a 128-character password and compares all of it (no truncation)', async () => {
      const password = `Zq7-${'long-passphrase-'.repeat(8)}`.slice(0, 128);
      expect(password).toHaveLength(128);
      const { email } = await registerAccount(clientFrom(server.url), { password });

      const signIn = await clientFrom(server.url).signIn(email, password);
      expect(signIn.status).toBe(200);
      expect(signIn.body.user.email).toBe(email);

      expectError(await clientFrom(server.url).signIn(email, password.slice(0, 127)), 401, 'INVALID_CREDENTIALS');
      const lastChanged = `${password.slice(0, 127)}${password.endsWith('x') ? 'y' : 'x'}`;
      expectError(await clientFrom(server.url).signIn(email, lastChanged), 401, 'INVALID_CREDENTIALS');
      // Past the maximum is a validation error, not a shortened comparison.
      const tooLong = await clientFrom(server.url).signIn(email, `${password}1`);
      expectError(tooLong, 422, 'VALIDATION_FAILED');
    });

    it('treats a filled honeypot as a bot: INVALID_SUBMISSION and no account', async () => {
      const email = uniqueEmail('honeypot');
      const response = await clientFrom(server.url).signUp(signUpBody({ email, website: 'http://spam.example' }));
      const error = expectError(response, 400, 'INVALID_SUBMISSION');
      expect(error.message).toBe('Invalid form submission detected');
      expect(await usersWithEmail(db, email)).toBe(0);
      expectError(await clientFrom(server.url).signIn(email, GOOD_PASSWORD), 401, 'INVALID_CREDENTIALS');

      // Blank or whitespace is what a person leaves: the same e-mail registers normally.
      const person = await clientFrom(server.url).signUp(signUpBody({ email, website: '  ' }));
      expect(person.status).toBe(201);

      // The sign-in form has the honeypot too; right credentials do not get past it.
      expectError(
        await clientFrom(server.url).signIn(email, GOOD_PASSWORD, { website: 'bot' }),
        400,
        'INVALID_SUBMISSION',
      );
    });

    it('refuses SQL-injection-looking input with INVALID_INPUT and creates nothing', async () => {
      const attempts: Array<Record<string, string>> = [
        { address_line_1: "1 Main St'; DROP TABLE profiles; --" },
        { city: "x' OR '1'='1" },
        { name: 'Robert UNION SELECT password FROM auth_accounts' },
        { state_province: 'CA/* comment */' },
      ];
      for (const attempt of attempts) {
        const email = uniqueEmail('inject');
        const response = await clientFrom(server.url).signUp(signUpBody({ email, ...attempt }));
        const error = expectError(response, 400, 'INVALID_INPUT');
        expect(error.message).toBe('Invalid input detected');
        expect(error.details).toEqual({ field: Object.keys(attempt)[0] });
        expect(await usersWithEmail(db, email)).toBe(0);
      }
      // The tables the first attempt named are still there and in use.
      const [row] = await db.select({ n: sql<number>`count(*)::int` }).from(profiles);
      expect(row?.n).toBeGreaterThan(0);
      // Ordinary text that merely contains SQL words or an apostrophe is fine.
      const ok = await clientFrom(server.url).signUp(
        signUpBody({ address_line_1: "7 O'Brien Street, Union Station", city: 'Select City' }),
      );
      expect(ok.status).toBe(201);
      expect(ok.body.profile.address_line_1).toBe("7 O'Brien Street, Union Station");
    });

    it('refuses disposable e-mail domains', async () => {
      for (const email of [uniqueEmail('x').replace('example.com', 'mailinator.com'), 'reader@eu.mailinator.com']) {
        const response = await clientFrom(server.url).signUp(signUpBody({ email }));
        const error = expectError(response, 403, 'SECURITY_BLOCKED');
        expect(error.details.reasons).toEqual(['disposable_email']);
        expect(error.message).toBe('Registration blocked for security reasons');
        expect(await usersWithEmail(db, email)).toBe(0);
      }
      const check = await clientFrom(server.url).securityCheck('registration', 'someone@mailinator.com');
      expect(check.body).toMatchObject({ allowed: false, reasons: ['disposable_email'] });
    });

    it('limits registrations to 5 an hour from one address, however the forged part of X-Forwarded-For rotates', async () => {
      const proxyIp = uniqueIp();
      // The proxy appends the real address; whatever the client wrote to its left is not trusted.
      const from = (i: number) => new ApiClient(server.url, { 'X-Forwarded-For': `198.51.100.${i}, ${proxyIp}` });
      for (let i = 1; i <= 5; i++) {
        expect((await from(i).signUp(signUpBody())).status, `registration ${i}`).toBe(201);
      }
      const email = uniqueEmail('sixth');
      const blocked = await from(6).signUp(signUpBody({ email }));
      expectError(blocked, 429, 'RATE_LIMITED');
      expect(Number(blocked.headers.get('retry-after'))).toBeGreaterThan(0);
      expect(await usersWithEmail(db, email)).toBe(0);

      const check = await from(7).securityCheck('registration', uniqueEmail());
      expect(check.body).toMatchObject({ allowed: false, clientIP: proxyIp, reasons: ['too_many_registrations_ip'] });
      // Another address is not affected.
      expect((await clientFrom(server.url).signUp(signUpBody({ email }))).status).toBe(201);
    });

    it('counts attempts with an e-mail already taken against the same limit, answered before any password hash', async () => {
      const { limit, windowMs } = SIGN_UP_LIMITS.byIp;
      const taken = await registerAccount(clientFrom(server.url));
      const ip = uniqueIp();
      const probe = `Probe-${nodeCrypto.randomBytes(6).toString('hex')}-9`;
      const fresh = signUpBody({ password: `Fresh-${nodeCrypto.randomBytes(6).toString('hex')}-9` });
      let answers: Awaited<ReturnType<ApiClient['signUp']>>[] = [];
      let registration: Awaited<ReturnType<ApiClient['signUp']>> | undefined;
      const hashed = await passwordsHashedDuring(async () => {
        answers = await Promise.all(
          Array.from({ length: limit + 5 }, () =>
            clientFrom(server.url, ip).signUp(signUpBody({ email: taken.email, password: probe })),
          ),
        );
        // A registration from elsewhere meanwhile: the hashes it costs are seen, so none was missed.
        registration = await clientFrom(server.url).signUp(fresh);
      });

      // Not one hash for the taken e-mail; the real registration hashed its password once: the
      // sign-in it ends with does not run scrypt again on the password it has just hashed.
      expect.soft(hashed).not.toContain(probe);
      expect(registration?.status).toBe(201);
      expect(hashed.filter((password) => password === fresh.password)).toHaveLength(1);
      const statuses = answers.map((answer) => answer.status).sort();
      expect(statuses).toEqual([...Array(limit).fill(409), ...Array(5).fill(429)]);
      for (const answer of answers) {
        if (answer.status === 409) expectError(answer, 409, 'EMAIL_TAKEN');
        else {
          expectError(answer, 429, 'RATE_LIMITED');
          const retryAfter = Number(answer.headers.get('retry-after'));
          expect(retryAfter).toBeGreaterThan(0);
          expect(retryAfter).toBeLessThanOrEqual(windowMs / 1000);
        }
      }
      expect(await usersWithEmail(db, taken.email)).toBe(1);

      // The 5 that ran are on record, and the address's throttling once (not once per throttled attempt).
      const failed = async () =>
        (
          await db
            .select({ reasons: securityEvents.reasons })
            .from(securityEvents)
            .where(and(eq(securityEvents.eventType, 'registration_failed'), eq(securityEvents.ipAddress, ip)))
        ).map((event) => event.reasons.join(','));
      expect((await failed()).sort()).toEqual([...Array(limit).fill('email_taken'), 'too_many_registrations_ip']);
      // The address stays throttled, with a new e-mail too; the owner still signs in.
      expectError(await clientFrom(server.url, ip).signUp(signUpBody()), 429, 'RATE_LIMITED');
      expect(await failed()).toHaveLength(limit + 1);
      expect((await clientFrom(server.url, ip).signIn(taken.email, taken.password)).status).toBe(200);
    });
  });

  describe('sign-in and sign-out', () => {
    it('signs in with the right password and refuses a wrong one', async () => {
      const { email, password, id } = await registerAccount(clientFrom(server.url));
      const client = clientFrom(server.url);
      expect((await client.session()).body).toEqual({ user: null, session: null, profile: null });

      const wrong = await client.signIn(email, `${password}x`);
      const error = expectError(wrong, 401, 'INVALID_CREDENTIALS');
      expect(error.message).toBe('Invalid email or password');
      expect(client.sessionToken).toBeUndefined();

      const right = await client.signIn(email.toUpperCase(), password);
      expect(right.status).toBe(200);
      const state = AuthStateSchema.parse(right.body);
      expect(state.user?.id).toBe(id);
      expect(state.profile).toMatchObject({ id, role: 'patron', status: 'active', registration_completed: true });
      expect(client.sessionToken).toBeDefined();
      expect((await client.session()).body.user.id).toBe(id);
      expect((await client.get('/api/profiles/me')).body.id).toBe(id);

      const [analytics] = await db.select().from(userAnalytics).where(eq(userAnalytics.userId, id));
      // Signed in twice: once by the sign-up, once now.
      expect(analytics?.signInCount).toBe(2);
    });

    it('signs out: the session is gone and the old cookie no longer works', async () => {
      const client = clientFrom(server.url);
      const { id } = await registerAccount(client);
      const oldCookie = client.cookieHeader();
      expect(oldCookie).toContain(SESSION_COOKIE);
      expect((await client.session()).body.user.id).toBe(id);

      const out = await client.signOut();
      expect(out.status).toBe(204);
      const cleared = findSetCookie(out.setCookies, SESSION_COOKIE);
      expect(cleared?.value).toBe('');
      expect(client.sessionToken).toBeUndefined();
      expect((await client.session()).body).toEqual({ user: null, session: null, profile: null });

      // Replaying the cookie captured before signing out: the session was ended on the server.
      const replay = await client.session({ cookie: oldCookie });
      expect(replay.body).toEqual({ user: null, session: null, profile: null, signedOutReason: 'expired' });
      expectError(await client.get('/api/profiles/me', { cookie: oldCookie }), 401, 'UNAUTHENTICATED');

      // Signing out without a session is harmless.
      expect((await client.signOut()).status).toBe(204);
    });

    it('answers the same for an unknown e-mail and a wrong password', async () => {
      const { email } = await registerAccount(clientFrom(server.url));
      const wrongPassword = await clientFrom(server.url).signIn(email, 'Wrong-Pass-99');
      const unknownEmail = await clientFrom(server.url).signIn(uniqueEmail('nobody'), 'Wrong-Pass-99');
      expect(wrongPassword.status).toBe(401);
      expect(unknownEmail.status).toBe(wrongPassword.status);
      expect(unknownEmail.body).toEqual(wrongPassword.body);
      expect(wrongPassword.body).toEqual({
        error: { code: 'INVALID_CREDENTIALS', message: 'Invalid email or password' },
      });
      // The security check does not tell either.
      const known = await clientFrom(server.url).securityCheck('login', email);
      const unknown = await clientFrom(server.url).securityCheck('login', uniqueEmail('nobody'));
      expect(Object.keys(known.body).sort()).toEqual(Object.keys(unknown.body).sort());
      expect(known.body.allowed).toBe(true);
      expect(unknown.body.allowed).toBe(true);
    });

    it('blocks an account after 5 failed attempts, even with the right password', async () => {
      const { email, password } = await registerAccount(clientFrom(server.url));
      const other = await registerAccount(clientFrom(server.url));
      const client = clientFrom(server.url);
      for (let i = 1; i <= 5; i++) {
        expectError(await client.signIn(email, `Wrong-Pass-${i}`), 401, 'INVALID_CREDENTIALS');
      }
      const blocked = await client.signIn(email, password);
      const error = expectError(blocked, 403, 'SECURITY_BLOCKED');
      expect(error.message).toBe('Login blocked for security reasons');
      expect(error.details.reasons).toEqual(['too_many_failed_attempts_account']);
      expect(client.sessionToken).toBeUndefined();
      // Letter case does not make it another account.
      expectError(await client.signIn(email.toUpperCase(), password), 403, 'SECURITY_BLOCKED');

      const check = await client.securityCheck('login', email);
      expect(check.body).toMatchObject({ allowed: false, reasons: ['too_many_failed_attempts_account'] });
      expect(check.body.riskScore).toBeGreaterThanOrEqual(50);

      // Other accounts from the same address still sign in.
      expect((await client.signIn(other.email, other.password)).status).toBe(200);
    });

    it('keeps the account limit when every attempt comes from another address, and lets the owner in from one that has not been failing', async () => {
      const { email, password } = await registerAccount(clientFrom(server.url));
      const ips: string[] = [];
      for (let i = 1; i <= 5; i++) {
        const ip = uniqueIp();
        ips.push(ip);
        const client = clientFrom(server.url, ip);
        expect((await client.securityCheck('login', email)).body.clientIP).toBe(ip);
        expectError(await client.signIn(email, `Wrong-Pass-${i}`), 401, 'INVALID_CREDENTIALS');
      }
      // A sixth address gets one attempt at the locked account: wrong, it becomes a failing
      // address and is refused from then on, even with the right password.
      const sixthIp = uniqueIp();
      ips.push(sixthIp);
      const sixth = clientFrom(server.url, sixthIp);
      expectError(await sixth.signIn(email, 'Wrong-Pass-6'), 401, 'INVALID_CREDENTIALS');
      const error = expectError(await sixth.signIn(email, password), 403, 'SECURITY_BLOCKED');
      expect(error.details.reasons).toEqual(['too_many_failed_attempts_account']);
      expect(sixth.sessionToken).toBeUndefined();

      // The owner, from an address that has not been failing, is not locked out by the guessers.
      const owner = clientFrom(server.url, uniqueIp());
      const check = await owner.securityCheck('login', email);
      expect(check.body).toMatchObject({ allowed: true, reasons: [] });
      expect(check.body.riskScore).toBeLessThan(50);
      expect((await owner.signIn(email, password)).status).toBe(200);

      const failures = await db
        .select({ ip: securityEvents.ipAddress })
        .from(securityEvents)
        .where(and(eq(securityEvents.eventType, 'login_failed'), eq(securityEvents.identifier, email)));
      expect(failures.map((row) => row.ip).sort()).toEqual([...ips].sort());
    });

    it('blocks an address after 20 failed attempts, whatever the accounts', async () => {
      const target = await registerAccount(clientFrom(server.url));
      const ip = uniqueIp();
      const client = clientFrom(server.url, ip);
      for (let i = 1; i <= 20; i++) {
        expectError(await client.signIn(uniqueEmail('guess'), 'Wrong-Pass-1'), 401, 'INVALID_CREDENTIALS');
      }
      const error = expectError(await client.signIn(target.email, target.password), 403, 'SECURITY_BLOCKED');
      expect(error.details.reasons).toEqual(['too_many_failed_attempts_ip']);
      // The account itself is fine from elsewhere.
      expect((await clientFrom(server.url).signIn(target.email, target.password)).status).toBe(200);
    });
  });

  describe('what the API refuses', () => {
    it('refuses writes from another origin', async () => {
      const client = clientFrom(server.url);
      const { email, password, id } = await registerAccount(client);
      const port = Number(new URL(server.url).port);
      // Without PUBLIC_URL the server's own origins are its loopback names on the bound port.
      const ownOrigins = server.running.deps.config.allowedOrigins;
      expect([...ownOrigins].sort()).toEqual(
        [`http://localhost:${port}`, `http://127.0.0.1:${port}`, `http://[::1]:${port}`].sort(),
      );

      const foreign = [
        'http://evil.example',
        'null',
        `http://localhost:${port + 1}`,
        `https://localhost:${port}`,
        `http://localhost.evil.example:${port}`,
      ];
      for (const origin of foreign) {
        const newEmail = uniqueEmail('csrf');
        const signUp = await clientFrom(server.url).signUp(signUpBody({ email: newEmail }), { headers: { origin } });
        expect(expectError(signUp, 403, 'FORBIDDEN').message).toBe('Cross-origin requests are not accepted.');
        expect(await usersWithEmail(db, newEmail)).toBe(0);
        expectError(await clientFrom(server.url).signIn(email, password, { headers: { origin } }), 403, 'FORBIDDEN');
        expectError(
          await client.patch('/api/profiles/me', { display_name: 'Hijacked' }, { headers: { origin } }),
          403,
          'FORBIDDEN',
        );
        expectError(await client.signOut({ headers: { origin } }), 403, 'FORBIDDEN');
      }
      // None of it took effect: still signed in, name unchanged. Reads are not origin-checked.
      const session = await client.session({ headers: { origin: 'http://evil.example' } });
      expect(session.body.user.id).toBe(id);
      expect(session.body.profile.display_name).toBe('Test Reader');

      // The server's own origins are accepted.
      for (const origin of ownOrigins) {
        const same = await clientFrom(server.url).signUp(signUpBody(), { headers: { origin } });
        expect({ origin, status: same.status }).toEqual({ origin, status: 201 });
      }
      const renamed = await client.patch(
        '/api/profiles/me',
        { display_name: 'Renamed' },
        { headers: { origin: ownOrigins[0] ?? '' } },
      );
      expect(renamed.body.display_name).toBe('Renamed');
    });

    it("closes better-auth's own sign-up, sign-in and account endpoints", async () => {
      const client = clientFrom(server.url);
      const { email, password } = await registerAccount(clientFrom(server.url));
      const newEmail = uniqueEmail('direct');
      const signUp = await client.post('/api/auth/sign-up/email', { email: newEmail, password, name: 'Direct' });
      expectError(signUp, 404, 'NOT_FOUND');
      expect(await usersWithEmail(db, newEmail)).toBe(0);

      const signIn = await client.post('/api/auth/sign-in/email', { email, password });
      expectError(signIn, 404, 'NOT_FOUND');
      expect(client.sessionToken).toBeUndefined();

      // Signed in, the account endpoints that would bypass the profile rules are closed too.
      await client.signIn(email, password);
      for (const [path, body] of [
        ['/api/auth/update-user', { name: 'Changed' }],
        ['/api/auth/change-email', { newEmail: uniqueEmail() }],
        ['/api/auth/delete-user', {}],
        ['/api/auth/sign-up/email', { email: uniqueEmail(), password, name: 'Direct' }],
      ] as const) {
        expectError(await client.post(path, body), 404, 'NOT_FOUND');
      }
      const session = await client.session();
      expect(session.body.user).toMatchObject({ email, name: 'Test Reader' });
    });
  });

  it('records every decision in security_events', async () => {
    const ip = uniqueIp();
    const client = clientFrom(server.url, ip);
    const taken = await registerAccount(clientFrom(server.url));
    const email = uniqueEmail('audit');
    const disposable = uniqueEmail('audit').replace('example.com', 'mailinator.com');

    expect((await client.securityCheck('registration', email)).body.allowed).toBe(true);
    expect((await client.signUp(signUpBody({ email }))).status).toBe(201);
    expectError(await client.signUp(signUpBody({ email: taken.email })), 409, 'EMAIL_TAKEN');
    expectError(await client.signUp(signUpBody({ email: disposable })), 403, 'SECURITY_BLOCKED');
    expectError(await client.signUp(signUpBody({ email: uniqueEmail(), website: 'x' })), 400, 'INVALID_SUBMISSION');
    expectError(await client.signIn(email, 'Wrong-Pass-1'), 401, 'INVALID_CREDENTIALS');
    expect((await client.signIn(email, GOOD_PASSWORD)).status).toBe(200);

    const events = await db
      .select()
      .from(securityEvents)
      .where(eq(securityEvents.ipAddress, ip))
      .orderBy(securityEvents.id);
    const summary = events.map((event) => ({
      type: event.eventType,
      action: event.action,
      identifier: event.identifier,
      allowed: event.allowed,
      reasons: event.reasons,
    }));
    expect(summary).toEqual([
      { type: 'security_check', action: 'registration', identifier: email, allowed: true, reasons: [] },
      // The sign-up runs the check itself, then records the outcome.
      { type: 'security_check', action: 'registration', identifier: email, allowed: true, reasons: [] },
      { type: 'registration_succeeded', action: 'registration', identifier: email, allowed: true, reasons: [] },
      { type: 'security_check', action: 'registration', identifier: taken.email, allowed: true, reasons: [] },
      {
        type: 'registration_failed',
        action: 'registration',
        identifier: taken.email,
        allowed: null,
        reasons: ['email_taken'],
      },
      {
        type: 'security_check',
        action: 'registration',
        identifier: disposable,
        allowed: false,
        reasons: ['disposable_email'],
      },
      { type: 'honeypot', action: 'registration', identifier: expect.any(String), allowed: null, reasons: [] },
      { type: 'security_check', action: 'login', identifier: email, allowed: true, reasons: [] },
      { type: 'login_failed', action: 'login', identifier: email, allowed: null, reasons: [] },
      { type: 'security_check', action: 'login', identifier: email, allowed: true, reasons: [] },
      { type: 'login_succeeded', action: 'login', identifier: email, allowed: true, reasons: [] },
    ]);
    // Risk grows with the failures on record.
    const loginChecks = events.filter((event) => event.eventType === 'security_check' && event.action === 'login');
    expect(loginChecks[1]?.riskScore ?? 0).toBeGreaterThan(loginChecks[0]?.riskScore ?? 0);
    expect(events.every((event) => event.userAgent !== null)).toBe(true);
    expect(events.every((event) => event.createdAt instanceof Date)).toBe(true);

    // Nothing is recorded for addresses that made no request.
    const none = await db
      .select({ id: securityEvents.id })
      .from(securityEvents)
      .where(inArray(securityEvents.ipAddress, [uniqueIp()]));
    expect(none).toHaveLength(0);
  });

  it('limits the security check per address (60 in 10 minutes), before it writes an event', async () => {
    const ip = uniqueIp();
    const client = clientFrom(server.url, ip);
    const { limit } = SECURITY_CHECK_LIMITS.byIp;
    const answers = await Promise.all(
      Array.from({ length: limit }, (_, index) => client.securityCheck('login', uniqueEmail(`flood${index}`))),
    );
    expect(answers.map((answer) => answer.status)).toEqual(Array(limit).fill(200));
    const refused = await client.securityCheck('login', uniqueEmail('flood'));
    expectError(refused, 429, 'RATE_LIMITED');
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
    const events = await db
      .select({ id: securityEvents.id })
      .from(securityEvents)
      .where(eq(securityEvents.ipAddress, ip));
    expect(events).toHaveLength(limit);
    // Another address is not affected.
    expect((await clientFrom(server.url).securityCheck('login', uniqueEmail())).status).toBe(200);
  });

  describe('without a trusted proxy (TRUST_PROXY_HOPS=0)', () => {
    it('ignores X-Forwarded-For: the client address is the socket peer', async () => {
      for (const forwarded of [undefined, '203.0.113.9', '198.51.100.1, 203.0.113.10', 'not-an-ip']) {
        const client = new ApiClient(direct.url, forwarded ? { 'X-Forwarded-For': forwarded } : {});
        const check = await client.securityCheck('login', uniqueEmail());
        expect(check.status).toBe(200);
        expect(check.body.clientIP, String(forwarded)).toBe('127.0.0.1');
      }
    });

    it('counts rotated X-Forwarded-For registrations against the one real address', async () => {
      const from = (i: number) => new ApiClient(direct.url, { 'X-Forwarded-For': `203.0.113.${i}` });
      for (let i = 1; i <= 5; i++) {
        expect((await from(i).signUp(signUpBody())).status, `registration ${i}`).toBe(201);
      }
      expectError(await from(6).signUp(signUpBody()), 429, 'RATE_LIMITED');
      const check = await from(7).securityCheck('registration', uniqueEmail());
      expect(check.body).toMatchObject({ allowed: false, reasons: ['too_many_registrations_ip'] });
      const rows = await direct.running.deps.database.db
        .select({ ip: securityEvents.ipAddress })
        .from(securityEvents)
        .where(eq(securityEvents.eventType, 'registration_succeeded'));
      expect(rows.map((row) => row.ip)).toEqual(Array(5).fill('127.0.0.1'));
    });
  });
});
