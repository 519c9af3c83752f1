/**
 * Two-factor sign-in (an authenticator app's codes, backup codes) and passkeys: the setup in
 * Settings → Security, the second step of a password sign-in with everything a sign-in records,
 * and the library's rule that administrators must use two-factor sign-in.
 */
import { base32 } from '@better-auth/utils/base32';
import { createOTP } from '@better-auth/utils/otp';
import { AuthStateSchema } from '@maktaba/shared/schemas/session';
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { adminAuditLog, profiles, securityEvents, userAnalytics } from '../src/db/schema/index.js';
import { type ApiClient, clientFrom, expectError, findSetCookie, SESSION_COOKIE } from './api-client.js';
import { accountAs, describeEachDriver, useTestServer } from './helpers.js';

/** The code an authenticator app shows now for the secret of a setup (base32, as the app is given it). */
async function codeFor(secret: string): Promise<string> {
  return createOTP(new TextDecoder().decode(base32.decode(secret))).totp();
}

/** A code that is not the current one (nor its neighbours). */
async function wrongCodeFor(secret: string): Promise<string> {
  const right = await codeFor(secret);
  return right === '000000' ? '111111' : '000000';
}

describeEachDriver('two-factor sign-in and passkeys over HTTP', (driver) => {
  const server = useTestServer(driver, { env: { TRUST_PROXY_HOPS: '1' } });

  /** A reader with two-factor sign-in on: their setup (secret, backup codes) and their signed-in client. */
  async function readerWithTwoFactor(role: 'patron' | 'admin' = 'patron') {
    const account = await accountAs(server, role);
    const setup = await account.client.post('/api/auth/two-factor/enable', { password: account.password });
    expect(setup.status).toBe(200);
    const secret: string = setup.body.secret;
    const confirmed = await account.client.post('/api/auth/two-factor/confirm', { code: await codeFor(secret) });
    expect(confirmed.status).toBe(200);
    return { ...account, secret, backupCodes: setup.body.backup_codes as string[] };
  }

  async function signInCount(userId: string): Promise<number> {
    const [row] = await server.db
      .select({ count: userAnalytics.signInCount })
      .from(userAnalytics)
      .where(eq(userAnalytics.userId, userId));
    return row?.count ?? 0;
  }

  async function auditActions(userId: string): Promise<string[]> {
    const rows = await server.db
      .select({ action: adminAuditLog.actionType })
      .from(adminAuditLog)
      .where(eq(adminAuditLog.actorId, userId));
    return rows.map((row) => row.action);
  }

  /** A fresh browser signing in with the password: the answer of the first step. */
  async function firstStep(email: string, password: string): Promise<ApiClient> {
    const client = clientFrom(server.url);
    const answer = await client.signIn(email, password);
    expect(answer.status).toBe(200);
    expect(AuthStateSchema.parse(answer.body)).toEqual({
      user: null,
      session: null,
      profile: null,
      twoFactorRequired: true,
    });
    // No session until the second step.
    expect(findSetCookie(answer.setCookies, SESSION_COOKIE)?.value ?? '').toBe('');
    expect((await client.session()).body.user).toBeNull();
    return client;
  }

  it('sets up two-factor sign-in with the password and a first code, and records it', async () => {
    const account = await accountAs(server);
    expectError(
      await account.client.post('/api/auth/two-factor/enable', { password: 'not-the-password-1' }),
      400,
      'CURRENT_PASSWORD_INCORRECT',
    );
    const setup = await account.client.post('/api/auth/two-factor/enable', { password: account.password });
    expect(setup.status).toBe(200);
    expect(setup.body.totp_uri).toMatch(/^otpauth:\/\/totp\/Maktaba:/);
    expect(setup.body.totp_uri).toContain(`secret=${setup.body.secret}`);
    expect(setup.body.backup_codes).toHaveLength(10);
    // Not on until confirmed: the session says so, and a wrong first code is refused.
    expect((await account.client.session()).body.user.twoFactorEnabled).toBe(false);
    expectError(
      await account.client.post('/api/auth/two-factor/confirm', { code: await wrongCodeFor(setup.body.secret) }),
      401,
      'INVALID_TWO_FACTOR_CODE',
    );
    const confirmed = await account.client.post('/api/auth/two-factor/confirm', {
      code: await codeFor(setup.body.secret),
    });
    expect(confirmed.status).toBe(200);
    expect(confirmed.body.user.twoFactorEnabled).toBe(true);
    // The renewed session works.
    expect((await account.client.session()).body.user.twoFactorEnabled).toBe(true);
    expect(await auditActions(account.id)).toContain('enable_two_factor');
    // Not without a session.
    expectError(
      await clientFrom(server.url).post('/api/auth/two-factor/enable', { password: 'x' }),
      401,
      'UNAUTHENTICATED',
    );
  });

  it('signs in only after a right code, and records the sign-in as a password sign-in does', async () => {
    const account = await readerWithTwoFactor();
    const before = await signInCount(account.id);
    const client = await firstStep(account.email, account.password);
    expectError(
      await client.post('/api/auth/two-factor/verify-totp', { code: await wrongCodeFor(account.secret) }),
      401,
      'INVALID_TWO_FACTOR_CODE',
    );
    expect(await signInCount(account.id)).toBe(before);
    const verified = await client.post('/api/auth/two-factor/verify-totp', {
      code: await codeFor(account.secret),
      trust_device: true,
    });
    expect(verified.status).toBe(200);
    expect(verified.body.user.id).toBe(account.id);
    expect(findSetCookie(verified.setCookies, SESSION_COOKIE)?.value).toBeTruthy();
    expect((await client.session()).body.user.id).toBe(account.id);
    expect(await signInCount(account.id)).toBe(before + 1);
    const events = await server.db
      .select({ reasons: securityEvents.reasons })
      .from(securityEvents)
      .where(and(eq(securityEvents.identifier, account.email), eq(securityEvents.eventType, 'login_succeeded')));
    expect(events.some((event) => (event.reasons as string[]).includes('totp'))).toBe(true);

    // "Trust this device for 30 days": the same browser signs in next time with the password alone.
    await client.signOut();
    const trusted = await client.signIn(account.email, account.password);
    expect(trusted.body.user?.id).toBe(account.id);
    expect(trusted.body.twoFactorRequired).toBeUndefined();
  });

  it('takes each backup code once', async () => {
    const account = await readerWithTwoFactor();
    const [code] = account.backupCodes;
    const first = await firstStep(account.email, account.password);
    const used = await first.post('/api/auth/two-factor/verify-backup-code', { code });
    expect(used.status).toBe(200);
    expect(used.body.user.id).toBe(account.id);
    const again = await firstStep(account.email, account.password);
    expectError(await again.post('/api/auth/two-factor/verify-backup-code', { code }), 401, 'INVALID_TWO_FACTOR_CODE');
  });

  it('refuses a suspended account at the second step too', async () => {
    const account = await readerWithTwoFactor();
    const client = await firstStep(account.email, account.password);
    await server.db.update(profiles).set({ status: 'suspended' }).where(eq(profiles.id, account.id));
    expectError(
      await client.post('/api/auth/two-factor/verify-totp', { code: await codeFor(account.secret) }),
      403,
      'ACCOUNT_DISABLED',
    );
    expect((await client.session()).body.user).toBeNull();
  });

  it('without a sign-in in progress, the second step is refused', async () => {
    expectError(
      await clientFrom(server.url).post('/api/auth/two-factor/verify-totp', { code: '123456' }),
      401,
      'TWO_FACTOR_CHALLENGE_EXPIRED',
    );
  });

  it('new backup codes and turning two-factor off both need the password', async () => {
    const account = await readerWithTwoFactor();
    expectError(
      await account.client.post('/api/auth/two-factor/backup-codes', { password: 'not-the-password-1' }),
      400,
      'CURRENT_PASSWORD_INCORRECT',
    );
    const renewed = await account.client.post('/api/auth/two-factor/backup-codes', { password: account.password });
    expect(renewed.status).toBe(200);
    expect(renewed.body.backup_codes).toHaveLength(10);
    expect(renewed.body.backup_codes).not.toContain(account.backupCodes[0]);
    // The old codes stop working.
    const client = await firstStep(account.email, account.password);
    expectError(
      await client.post('/api/auth/two-factor/verify-backup-code', { code: account.backupCodes[1] }),
      401,
      'INVALID_TWO_FACTOR_CODE',
    );

    expectError(
      await account.client.post('/api/auth/two-factor/disable', { password: 'not-the-password-1' }),
      400,
      'CURRENT_PASSWORD_INCORRECT',
    );
    const off = await account.client.post('/api/auth/two-factor/disable', { password: account.password });
    expect(off.status).toBe(200);
    expect(off.body.user.twoFactorEnabled).toBe(false);
    const plain = await clientFrom(server.url).signIn(account.email, account.password);
    expect(plain.body.user.id).toBe(account.id);
    expect(await auditActions(account.id)).toEqual(
      expect.arrayContaining(['enable_two_factor', 'regenerate_backup_codes', 'disable_two_factor']),
    );
  });

  it('passkeys: registration needs a session; ceremonies that do not verify are refused', async () => {
    const anonymous = clientFrom(server.url);
    expectError(await anonymous.post('/api/auth/passkeys/registration-options'), 401, 'UNAUTHENTICATED');
    expectError(await anonymous.get('/api/auth/passkeys'), 401, 'UNAUTHENTICATED');
    expectError(await anonymous.post('/api/auth/passkeys', { response: {} }), 401, 'UNAUTHENTICATED');

    const account = await accountAs(server);
    const options = await account.client.post('/api/auth/passkeys/registration-options');
    expect(options.status).toBe(200);
    expect(options.body.options.rp).toEqual({ name: 'Maktaba', id: 'localhost' });
    expect(typeof options.body.options.challenge).toBe('string');
    expect((await account.client.get('/api/auth/passkeys')).body).toEqual({ items: [] });
    expectError(
      await account.client.post('/api/auth/passkeys', {
        response: { id: 'x', rawId: 'x', type: 'public-key', response: {} },
      }),
      400,
      'PASSKEY_FAILED',
    );
    expectError(await account.client.delete('/api/auth/passkeys/not-a-passkey'), 404, 'NOT_FOUND');

    const signIn = clientFrom(server.url);
    const signInOptions = await signIn.post('/api/auth/passkeys/sign-in-options');
    expect(signInOptions.status).toBe(200);
    expect(signInOptions.body.options.rpId).toBe('localhost');
    const failedPasskeySignIns = async () =>
      (
        await server.db
          .select({ reasons: securityEvents.reasons })
          .from(securityEvents)
          .where(eq(securityEvents.eventType, 'login_failed'))
      ).filter((row) => JSON.stringify(row.reasons).includes('invalid_passkey')).length;
    const before = await failedPasskeySignIns();
    expectError(
      await signIn.post('/api/auth/passkeys/sign-in', {
        response: { id: 'unknown', rawId: 'unknown', type: 'public-key', response: {} },
      }),
      400,
      'PASSKEY_FAILED',
    );
    // Recorded as a failed sign-in, as a wrong password is.
    expect(await failedPasskeySignIns()).toBe(before + 1);
  });

  describe('administrators required to use two-factor sign-in', () => {
    it('sends an admin without it to set it up, and admin routes refuse them until then', async () => {
      const admin = await accountAs(server, 'admin');
      const patron = await accountAs(server);
      expectError(
        await patron.client.put('/api/admin/security-settings', { require_two_factor_for_admins: true }),
        403,
        'FORBIDDEN',
      );
      expect((await admin.client.get('/api/admin/security-settings')).body).toEqual({
        require_two_factor_for_admins: false,
      });
      const on = await admin.client.put('/api/admin/security-settings', { require_two_factor_for_admins: true });
      expect(on.status).toBe(200);
      expect(await auditActions(admin.id)).toContain('update_security_settings');
      try {
        // Signed in (the session works), told to set it up, and refused on admin routes.
        const state = await admin.client.session();
        expect(state.body.user.id).toBe(admin.id);
        expect(state.body.twoFactorSetupRequired).toBe(true);
        expectError(await admin.client.get('/api/admin/security-settings'), 403, 'TWO_FACTOR_REQUIRED');
        expectError(await admin.client.get('/api/admin/audit-log'), 403, 'TWO_FACTOR_REQUIRED');
        // A reader's own routes still work, and readers are not concerned.
        expect((await admin.client.get('/api/auth/sessions')).status).toBe(200);
        expect((await patron.client.session()).body.twoFactorSetupRequired).toBeUndefined();

        const setup = await admin.client.post('/api/auth/two-factor/enable', { password: admin.password });
        await admin.client.post('/api/auth/two-factor/confirm', { code: await codeFor(setup.body.secret) });
        expect((await admin.client.session()).body.twoFactorSetupRequired).toBeUndefined();
        expect((await admin.client.get('/api/admin/security-settings')).status).toBe(200);
      } finally {
        await admin.client.put('/api/admin/security-settings', { require_two_factor_for_admins: false });
      }
    });
  });
});
