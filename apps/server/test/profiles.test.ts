/**
 * Profiles through HTTP (accounts-and-auth §3–§6): users act on their own profile only, the safe
 * update ignores what users may not change and sanitises the rest, registration completion, the
 * unfinished-profile deletion, and accounts that are no longer active.
 */
import { ProfileSchema } from '@maktaba/shared/schemas/profile';
import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../src/db/client.js';
import { authSessions, authUsers, profiles, userActivityLog, userSetupLogs } from '../src/db/schema/index.js';
import { type ApiResponse, clientFrom, expectError, findSetCookie, SESSION_COOKIE } from './api-client.js';
import { accountAs, describeEachDriver, useTestServer } from './helpers.js';

const NEW_ADDRESS = {
  phone_number: '613 555 0143',
  address_line_1: '<i>40</i> Rideau   St',
  address_line_2: 'Unit 5',
  city: 'Ottawa',
  state_province: 'ON',
  postal_code: 'k1n 5y7',
  country: 'Canada',
};

describeEachDriver('profiles over HTTP', (driver) => {
  const server = useTestServer(driver, { env: { TRUST_PROXY_HOPS: '1' } });
  let db: Database;

  /** Signs up a new account; the returned client holds its session. */
  const newAccount = (name = 'Test Reader') => accountAs(server, 'patron', { name });

  async function profileRow(id: string) {
    const [row] = await db.select().from(profiles).where(eq(profiles.id, id));
    return row;
  }

  /** What a crash between the two registration steps of the old design left behind. */
  async function makeIncomplete(id: string) {
    await db
      .update(profiles)
      .set({
        registrationCompleted: false,
        addressLine1: null,
        addressLine2: null,
        city: null,
        stateProvince: null,
        postalCode: null,
        country: null,
      })
      .where(eq(profiles.id, id));
  }

  beforeAll(() => {
    db = server.db;
  });

  it('refuses every profile route without a session (401)', async () => {
    const { id } = await newAccount();
    const anonymous = clientFrom(server.url);
    const calls: Array<() => Promise<ApiResponse>> = [
      () => anonymous.get('/api/profiles/me'),
      () => anonymous.get(`/api/profiles/${id}`),
      () => anonymous.patch('/api/profiles/me', { display_name: 'Nobody' }),
      () => anonymous.put('/api/profiles/me/address', NEW_ADDRESS),
      () => anonymous.post('/api/profiles/me/setup'),
      () => anonymous.get('/api/profiles/me/completeness'),
      () => anonymous.post('/api/profiles/me/complete'),
      () => anonymous.delete('/api/profiles/me'),
      () => anonymous.post('/api/profiles/me/activity', { activity_type: 'page.view' }),
      () => anonymous.post('/api/profiles/me/last-activity'),
    ];
    for (const call of calls) {
      const error = expectError(await call(), 401, 'UNAUTHENTICATED');
      expect(error.message).toBe('User not authenticated');
    }
    // A made-up session cookie is no session either.
    const forged = await anonymous.get('/api/profiles/me', { cookie: `${SESSION_COOKIE}=forged.token` });
    expectError(forged, 401, 'UNAUTHENTICATED');
  });

  it("keeps users out of each other's profiles (404) and leaves the other profile unchanged", async () => {
    const a = await newAccount('Reader A');
    const b = await newAccount('Reader B');
    const before = (await b.client.get('/api/profiles/me')).body;
    const rowBefore = await profileRow(b.id);

    const attempts: Array<[string, () => Promise<ApiResponse>]> = [
      ['GET', () => a.client.get(`/api/profiles/${b.id}`)],
      ['PATCH', () => a.client.patch(`/api/profiles/${b.id}`, { display_name: 'Taken Over', biography: 'x' })],
      ['PUT address', () => a.client.put(`/api/profiles/${b.id}/address`, NEW_ADDRESS)],
      ['DELETE', () => a.client.delete(`/api/profiles/${b.id}`)],
      ['setup', () => a.client.post(`/api/profiles/${b.id}/setup`)],
      ['completeness', () => a.client.get(`/api/profiles/${b.id}/completeness`)],
      ['complete', () => a.client.post(`/api/profiles/${b.id}/complete`)],
      ['activity', () => a.client.post(`/api/profiles/${b.id}/activity`, { activity_type: 'spoofed' })],
      ['last-activity', () => a.client.post(`/api/profiles/${b.id}/last-activity`)],
    ];
    for (const [name, attempt] of attempts) {
      const response = await attempt();
      expect({ name, status: response.status, code: response.body?.error?.code }).toEqual({
        name,
        status: 404,
        code: 'PROFILE_NOT_FOUND',
      });
    }
    // An id that belongs to nobody answers the same: ids cannot be probed.
    const nobody = await a.client.get('/api/profiles/00000000-0000-4000-8000-000000000000');
    expect(nobody.body).toEqual((await a.client.get(`/api/profiles/${b.id}`)).body);

    expect((await b.client.get('/api/profiles/me')).body).toEqual(before);
    expect(await profileRow(b.id)).toEqual(rowBefore);
    const activity = await db.select().from(userActivityLog).where(eq(userActivityLog.userId, b.id));
    expect(activity.map((row) => row.activityType)).not.toContain('spoofed');
  });

  it('lets an admin read, but not change, another profile', async () => {
    const admin = await newAccount('Admin Reader');
    const b = await newAccount('Reader B');
    await db.update(profiles).set({ role: 'admin' }).where(eq(profiles.id, admin.id));
    const read = await admin.client.get(`/api/profiles/${b.id}`);
    expect(read.status).toBe(200);
    expect(read.body).toMatchObject({ id: b.id, display_name: 'Reader B' });
    expect((await admin.client.get(`/api/profiles/${b.id}/completeness`)).body).toEqual({ complete: true });
    expectError(
      await admin.client.patch(`/api/profiles/${b.id}`, { display_name: 'Renamed' }),
      404,
      'PROFILE_NOT_FOUND',
    );
    expectError(await admin.client.delete(`/api/profiles/${b.id}`), 404, 'PROFILE_NOT_FOUND');
    expect((await profileRow(b.id))?.displayName).toBe('Reader B');
  });

  it('ignores role, status, borrowing limit, e-mail and other protected fields in a PATCH', async () => {
    const a = await newAccount();
    const b = await newAccount();
    // As if staff had verified the address: a user must not be able to undo (or fake) that.
    await db.update(profiles).set({ addressVerified: true }).where(eq(profiles.id, a.id));
    const response = await a.client.patch('/api/profiles/me', {
      display_name: 'Still A Patron',
      role: 'admin',
      status: 'suspended',
      borrowing_limit: 99,
      email: 'someone-else@example.com',
      id: b.id,
      created_by: b.id,
      creation_source: 'admin',
      registration_completed: false,
      registration_complete: false,
      address_verified: false,
      avatar_url: 'https://evil.example/x.png',
      created_at: '2000-01-01T00:00:00.000Z',
    });
    expect(response.status).toBe(200);
    const profile = ProfileSchema.parse(response.body);
    expect(profile).toMatchObject({
      id: a.id,
      display_name: 'Still A Patron',
      role: 'patron',
      status: 'active',
      borrowing_limit: 3,
      email: a.email,
      created_by: null,
      creation_source: 'self_registration',
      registration_completed: true,
      registration_complete: true,
      address_verified: true,
      avatar_url: null,
    });
    expect(profile.created_at).not.toBe('2000-01-01T00:00:00.000Z');
    const row = await profileRow(a.id);
    expect(row).toMatchObject({ role: 'patron', status: 'active', borrowingLimit: 3, email: a.email });
    const [user] = await db.select().from(authUsers).where(eq(authUsers.id, a.id));
    expect(user?.email).toBe(a.email);
    // B was not touched, and A can still use the account.
    expect((await profileRow(b.id))?.displayName).toBe('Test Reader');
    expect((await a.client.session()).body.profile.role).toBe('patron');
  });

  it('sanitises what a PATCH stores', async () => {
    const a = await newAccount();
    const response = await a.client.patch('/api/profiles/me', {
      display_name: '  <b>Nour</b>   <script>alert(1)</script>Reader ',
      biography: 'Line one <img src=x onerror=alert(1)>\n\n\n\nLine <em>two</em>',
      phone_number: '613 555 0143',
      interests: '["History", " <i>Poetry</i> "]',
      favorite_genres: 'Fiqh, Tafsir',
      city: 'Montréal<script>x</script>',
      postal_code: 'h2x 1y4',
      country: 'Canada',
    });
    expect(response.status).toBe(200);
    expect(response.body).toMatchObject({
      display_name: 'Nour Reader',
      biography: 'Line one\n\nLine two',
      phone_number: '+16135550143',
      interests: ['History', 'Poetry'],
      favorite_genres: ['Fiqh', 'Tafsir'],
      city: 'Montréal',
      postal_code: 'H2X 1Y4',
      country: 'Canada',
      address_verified: false,
    });
    expect(response.body.address_updated_at).not.toBeNull();

    const injection = await a.client.patch('/api/profiles/me', { biography: "x'; DROP TABLE profiles; --" });
    expect(expectError(injection, 400, 'INVALID_INPUT').details).toEqual({ field: 'biography' });
    const phone = await a.client.patch('/api/profiles/me', { phone_number: '12345' });
    expect(expectError(phone, 422, 'VALIDATION_FAILED').details.fieldErrors.phone_number).toEqual([
      'validation.phoneInvalid',
    ]);
    const blank = await a.client.patch('/api/profiles/me', { display_name: '<b></b><i></i>' });
    expectError(blank, 422, 'VALIDATION_FAILED');
    expect((await profileRow(a.id))?.displayName).toBe('Nour Reader');

    const log = await db
      .select()
      .from(userActivityLog)
      .where(and(eq(userActivityLog.userId, a.id), eq(userActivityLog.activityType, 'profile_updated')));
    expect(log).toHaveLength(1);
  });

  it('completes registration with the address, and reports completeness', async () => {
    const a = await newAccount();
    expect((await a.client.get('/api/profiles/me/completeness')).body).toEqual({ complete: true });

    await makeIncomplete(a.id);
    expect((await a.client.get('/api/profiles/me/completeness')).body).toEqual({ complete: false });
    expect((await a.client.session()).body.profile.registration_completed).toBe(false);

    // The flag alone does not make a password account complete: the address is missing.
    expect((await a.client.post('/api/profiles/me/complete')).body).toEqual({ complete: false });
    expect((await profileRow(a.id))?.registrationCompleted).toBe(true);
    await makeIncomplete(a.id);

    const missing = await a.client.put('/api/profiles/me/address', { ...NEW_ADDRESS, city: '  ' });
    expect(expectError(missing, 422, 'VALIDATION_FAILED').details.fieldErrors.city).toEqual([
      'validation.cityRequired',
    ]);
    const scriptOnly = await a.client.put('/api/profiles/me/address', {
      ...NEW_ADDRESS,
      city: '<script>alert(1)</script>',
    });
    expect(expectError(scriptOnly, 422, 'VALIDATION_FAILED').details.fieldErrors.city).toEqual([
      'validation.cityRequired',
    ]);
    expect((await a.client.get('/api/profiles/me/completeness')).body).toEqual({ complete: false });

    const done = await a.client.put(`/api/profiles/${a.id}/address`, NEW_ADDRESS);
    expect(done.status).toBe(200);
    expect(done.body).toMatchObject({
      registration_completed: true,
      registration_complete: true,
      phone_number: '+16135550143',
      address_line_1: '40 Rideau St',
      address_line_2: 'Unit 5',
      city: 'Ottawa',
      state_province: 'ON',
      postal_code: 'K1N 5Y7',
      country: 'Canada',
    });
    expect((await a.client.get('/api/profiles/me/completeness')).body).toEqual({ complete: true });
    const session = await a.client.session();
    expect(session.body.profile).toMatchObject({ registration_completed: true, city: 'Ottawa' });
  });

  it('deletes only an unfinished profile; the next session check recreates the default one', async () => {
    const a = await newAccount();
    const complete = await a.client.delete('/api/profiles/me');
    expectError(complete, 409, 'CONFLICT');
    expect(await profileRow(a.id)).toBeDefined();

    await makeIncomplete(a.id);
    const removed = await a.client.delete('/api/profiles/me');
    expect(removed.status).toBe(204);
    expect(await profileRow(a.id)).toBeUndefined();
    // The auth user and its session remain; there is just no profile.
    expectError(await a.client.get('/api/profiles/me'), 404, 'PROFILE_NOT_FOUND');
    expect((await a.client.get('/api/profiles/me/completeness')).body).toEqual({ complete: false });

    const session = await a.client.session();
    expect(session.body.user.id).toBe(a.id);
    expect(session.body.profile).toMatchObject({
      id: a.id,
      email: a.email,
      role: 'patron',
      status: 'active',
      borrowing_limit: 3,
      registration_completed: false,
      registration_complete: false,
      address_line_1: null,
      city: null,
      creation_source: 'self_registration',
    });
    const logs = await db.select().from(userSetupLogs).where(eq(userSetupLogs.userId, a.id));
    expect(logs.map((log) => log.eventType)).toContain('default_profile_created');

    // That default profile is unfinished, so it may be removed again, and set up explicitly.
    expect((await a.client.delete('/api/profiles/me')).status).toBe(204);
    expect((await a.client.post('/api/profiles/me/setup')).body).toEqual({ ok: true });
    expect((await profileRow(a.id))?.registrationCompleted).toBe(false);
    expect((await a.client.put('/api/profiles/me/address', NEW_ADDRESS)).status).toBe(200);
    expectError(await a.client.delete('/api/profiles/me'), 409, 'CONFLICT');
  });

  it('keeps the unfinished profile of an account that was not self-registered, and its role', async () => {
    // An admin or librarian made on the command line has an unfinished profile until their first
    // sign-in completes it; signing out at the address step must not turn them into a patron.
    for (const [role, source] of [
      ['admin', 'cli'],
      ['librarian', 'cli'],
      ['librarian', 'admin'],
    ] as const) {
      const a = await newAccount();
      await makeIncomplete(a.id);
      await db.update(profiles).set({ role, creationSource: source }).where(eq(profiles.id, a.id));

      expect((await a.client.delete('/api/profiles/me')).status).toBe(204);
      expect(await profileRow(a.id)).toMatchObject({ role, creationSource: source, registrationCompleted: false });
      const session = await a.client.session();
      expect(session.body.profile).toMatchObject({ role, creation_source: source });
    }
    // A self-registered staff member (promoted later) keeps theirs too: only a patron's goes.
    const promoted = await newAccount();
    await makeIncomplete(promoted.id);
    await db.update(profiles).set({ role: 'librarian' }).where(eq(profiles.id, promoted.id));
    expect((await promoted.client.delete('/api/profiles/me')).status).toBe(204);
    expect((await profileRow(promoted.id))?.role).toBe('librarian');
  });

  it('records activity and the last activity time for the signed-in user only', async () => {
    const a = await newAccount();
    const recorded = await a.client.post('/api/profiles/me/activity', {
      activity_type: 'book.opened',
      activity_data: { bookId: 'b-1', page: 3 },
    });
    expect(recorded.status).toBe(204);
    const rows = await db
      .select()
      .from(userActivityLog)
      .where(and(eq(userActivityLog.userId, a.id), eq(userActivityLog.activityType, 'book.opened')));
    expect(rows.map((row) => row.activityData)).toEqual([{ bookId: 'b-1', page: 3 }]);
    expectError(
      await a.client.post('/api/profiles/me/activity', { activity_type: 'Not Valid!' }),
      422,
      'VALIDATION_FAILED',
    );

    const before = (await profileRow(a.id))?.lastActivityAt ?? new Date(0);
    await new Promise((resolve) => setTimeout(resolve, 5));
    expect((await a.client.post('/api/profiles/me/last-activity')).status).toBe(204);
    const after = (await profileRow(a.id))?.lastActivityAt;
    expect(after?.getTime()).toBeGreaterThan(before.getTime());
  });

  describe('accounts that are no longer active', () => {
    async function setStatus(id: string, status: 'active' | 'suspended' | 'deactivated') {
      await db.update(profiles).set({ status }).where(eq(profiles.id, id));
    }

    for (const status of ['suspended', 'deactivated'] as const) {
      it(`a ${status} account cannot sign in, and its open session stops working`, async () => {
        const a = await newAccount();
        const cookie = a.client.cookieHeader();
        expect((await a.client.get('/api/profiles/me')).status).toBe(200);

        await setStatus(a.id, status);
        // The open session is refused at once...
        expectError(await a.client.get('/api/profiles/me'), 403, 'ACCOUNT_DISABLED');
        expectError(await a.client.patch('/api/profiles/me', { display_name: 'Still Here' }), 403, 'ACCOUNT_DISABLED');
        // ...the session check reports signed out and ends it on the server...
        expect((await a.client.session()).body).toEqual({ user: null, session: null, profile: null });
        const sessions = await db.select().from(authSessions).where(eq(authSessions.userId, a.id));
        expect(sessions).toHaveLength(0);
        // ...so even once the account is reactivated, that cookie stays dead.
        await setStatus(a.id, 'active');
        expectError(await a.client.get('/api/profiles/me', { cookie }), 401, 'UNAUTHENTICATED');
        await setStatus(a.id, status);

        // Signing in again is refused with the right password, and starts no session.
        const fresh = clientFrom(server.url);
        const signIn = await fresh.signIn(a.email, a.password);
        const error = expectError(signIn, 403, 'ACCOUNT_DISABLED');
        expect(error.message).toBe('This account is not active.');
        expect(findSetCookie(signIn.setCookies, SESSION_COOKIE)?.value ?? '').toBe('');
        expect(fresh.sessionToken).toBeUndefined();
        expect(await db.select().from(authSessions).where(eq(authSessions.userId, a.id))).toHaveLength(0);
        // A wrong password still answers as for anyone else: status is not revealed.
        expectError(await clientFrom(server.url).signIn(a.email, 'Wrong-Pass-1'), 401, 'INVALID_CREDENTIALS');

        await setStatus(a.id, 'active');
        expect((await clientFrom(server.url).signIn(a.email, a.password)).status).toBe(200);
      });
    }
  });
});
