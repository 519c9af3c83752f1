/**
 * Security monitoring through HTTP: failed sign-ins arranged through the real sign-in from two
 * addresses until an account locks, then the overview's daily counts, top addresses and accounts,
 * refused registrations and risk bands; the current lockouts; unlocking (audit entry, the owner
 * signs in at once, a second unlock is refused); the active sessions by browser and system; who
 * may read and unlock; and the retention sweep at its boundaries (90 days for security events,
 * 30 for error reports).
 */
import {
  SecurityLockoutsSchema,
  type SecurityOverview,
  SecurityOverviewSchema,
  type SecuritySessions,
  SecuritySessionsSchema,
} from '@maktaba/shared/schemas/security-monitoring';
import { and, eq } from 'drizzle-orm';
import pino from 'pino';
import { beforeAll, expect, it } from 'vitest';
import { adminAuditLog, clientErrors, securityEvents } from '../src/db/schema/index.js';
import { createTelemetryPruner } from '../src/modules/telemetry/telemetry-prune.js';
import { ApiClient, clientFrom, expectError, signUpBody, uniqueEmail, uniqueIp } from './api-client.js';
import { accountAs, describeEachDriver, type TestAccount, useTestServer } from './helpers.js';

const BASE = '/api/admin/security';
const DAY_MS = 86_400_000;
const FIREFOX_WINDOWS = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:128.0) Gecko/20100101 Firefox/128.0';
const SAFARI_IPHONE =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1';

describeEachDriver('security monitoring over HTTP', (driver) => {
  const server = useTestServer(driver, { env: { TRUST_PROXY_HOPS: '1', DEMO_CATALOGUE: 'false' } });
  let admin: TestAccount;
  let librarian: TestAccount;
  let patron: TestAccount;

  beforeAll(async () => {
    admin = await accountAs(server, 'admin');
    librarian = await accountAs(server, 'librarian');
    patron = await accountAs(server, 'patron');
  });

  const overview = async (query = ''): Promise<SecurityOverview> => {
    const response = await admin.client.get(`${BASE}/overview${query}`);
    expect(response.status, JSON.stringify(response.body)).toBe(200);
    return SecurityOverviewSchema.parse(response.body);
  };
  const lockouts = async () => {
    const response = await admin.client.get(`${BASE}/lockouts`);
    expect(response.status).toBe(200);
    return SecurityLockoutsSchema.parse(response.body);
  };
  const sessions = async (): Promise<SecuritySessions> => {
    const response = await admin.client.get(`${BASE}/sessions`);
    expect(response.status).toBe(200);
    return SecuritySessionsSchema.parse(response.body);
  };
  const reasonCount = (data: SecurityOverview, reason: string) =>
    data.registrationsRefused.find((row) => row.reason === reason)?.count ?? 0;

  it('counts failed sign-ins from two addresses until the account locks, lists the lock, and unlocks it', async () => {
    const victim = await accountAs(server, 'patron');
    const before = await overview();
    const ipA = uniqueIp();
    const ipB = uniqueIp();
    const fromA = clientFrom(server.url, ipA);
    const fromB = clientFrom(server.url, ipB);
    for (let i = 0; i < 3; i++) expectError(await fromA.signIn(victim.email, `Wrong-${i}`), 401, 'INVALID_CREDENTIALS');
    for (let i = 0; i < 2; i++)
      expectError(await fromB.signIn(victim.email, `Wrong-B-${i}`), 401, 'INVALID_CREDENTIALS');
    const guessed = uniqueEmail('guessed');
    expectError(await fromA.signIn(guessed, 'Wrong-guess'), 401, 'INVALID_CREDENTIALS');
    // Locked: even the right password is refused from a failing address.
    const blocked = expectError(await fromA.signIn(victim.email, victim.password), 403, 'SECURITY_BLOCKED');
    expect(blocked.details.reasons).toEqual(['too_many_failed_attempts_account']);
    // Two registrations refused: an e-mail that has an account, a throwaway domain.
    expectError(await clientFrom(server.url).signUp(signUpBody({ email: victim.email })), 409, 'EMAIL_TAKEN');
    const throwaway = uniqueEmail('x').replace('example.com', 'mailinator.com');
    expectError(await clientFrom(server.url).signUp(signUpBody({ email: throwaway })), 403, 'SECURITY_BLOCKED');

    const after = await overview();
    const today = new Date().toISOString().slice(0, 10);
    expect(after.to).toBe(today);
    expect(after.days).toHaveLength(7);
    expect(after.days.at(-1)?.day).toBe(today);
    expect(after.days[0]?.day).toBe(after.from);
    expect(after.totals.failed - before.totals.failed).toBe(6);
    expect(after.totals.blocked - before.totals.blocked).toBe(1);
    expect((after.days.at(-1)?.failed ?? 0) - (before.days.at(-1)?.failed ?? 0)).toBe(6);
    expect(after.totals.registrationsRefused - before.totals.registrationsRefused).toBe(2);
    expect(reasonCount(after, 'email_taken') - reasonCount(before, 'email_taken')).toBe(1);
    expect(reasonCount(after, 'disposable_email') - reasonCount(before, 'disposable_email')).toBe(1);

    const addressA = after.topAddresses.find((row) => row.ipAddress === ipA);
    const addressB = after.topAddresses.find((row) => row.ipAddress === ipB);
    expect(addressA).toMatchObject({ failures: 4 });
    expect(addressB).toMatchObject({ failures: 2 });
    // The refused attempt from A was scored at or above the block.
    expect(addressA?.maxRiskScore).toBeGreaterThanOrEqual(50);
    expect(after.topAddresses.indexOf(addressA as never)).toBeLessThan(after.topAddresses.indexOf(addressB as never));
    expect(after.topAccounts.find((row) => row.email === victim.email)).toMatchObject({
      userId: victim.id,
      failures: 5,
    });
    expect(after.topAccounts.find((row) => row.email === guessed)).toMatchObject({ userId: null, failures: 1 });
    expect(after.topAccounts.length).toBeLessThanOrEqual(10);
    expect(after.riskDistribution.map((band) => [band.min, band.max])).toEqual([
      [0, 19],
      [20, 39],
      [40, 59],
      [60, 79],
      [80, 100],
    ]);
    const highBands = (data: SecurityOverview) => data.riskDistribution.slice(2).reduce((sum, b) => sum + b.count, 0);
    expect(highBands(after) - highBands(before)).toBeGreaterThanOrEqual(2);

    // Locked now: the account, its failures and how long the lock lasts.
    const locks = await lockouts();
    expect(locks.windowMinutes).toBe(15);
    const lock = locks.accounts.find((row) => row.email === victim.email);
    expect(lock).toMatchObject({ userId: victim.id, failures: 5 });
    expect(Date.parse(lock?.until ?? '')).toBeGreaterThan(Date.now());
    expect(Date.parse(lock?.until ?? '') - Date.now()).toBeLessThanOrEqual(15 * 60_000);
    expect(Date.parse(lock?.since ?? '')).toBeLessThanOrEqual(Date.now());
    expect(locks.addresses.find((row) => row.ipAddress === ipA)).toBeUndefined();

    // Only administrators unlock.
    const unlock = (client: ApiClient, id: string) => client.post(`${BASE}/lockouts/${id}/unlock`);
    expectError(await unlock(librarian.client, victim.id), 403, 'FORBIDDEN');
    expectError(await unlock(patron.client, victim.id), 403, 'FORBIDDEN');
    expectError(await unlock(admin.client, '00000000-0000-4000-8000-000000000000'), 404, 'NOT_FOUND');
    expectError(await unlock(admin.client, 'not-a-uuid'), 422, 'VALIDATION_FAILED');

    expect((await unlock(admin.client, victim.id)).status).toBe(204);
    const audit = await server.db
      .select({ actorId: adminAuditLog.actorId, changes: adminAuditLog.changes })
      .from(adminAuditLog)
      .where(and(eq(adminAuditLog.targetUser, victim.id), eq(adminAuditLog.actionType, 'unlock_account')));
    expect(audit).toHaveLength(1);
    expect(audit[0]?.actorId).toBe(admin.id);
    expect(audit[0]?.changes).toMatchObject({ failures: 5 });
    expect((await lockouts()).accounts.find((row) => row.email === victim.email)).toBeUndefined();

    // Unlocked: not locked any more, so a second unlock is refused.
    expectError(await unlock(admin.client, victim.id), 409, 'ACCOUNT_NOT_LOCKED');
    // The owner signs in at once, even from the address that was failing.
    expect((await fromA.signIn(victim.email, victim.password)).status).toBe(200);
    // The failures stay in the record: the overview still counts them.
    expect((await overview()).topAccounts.find((row) => row.email === victim.email)?.failures).toBe(5);
  });

  it('lists an address with 20 failed sign-ins in the window as locked, and the sign-in check agrees', async () => {
    const ip = uniqueIp();
    // Twenty failures as the sign-in records them (through HTTP each costs a password hash).
    await server.db.insert(securityEvents).values(
      Array.from({ length: 20 }, (_, i) => ({
        eventType: 'login_failed',
        action: 'login',
        identifier: `spray-${i}@example.com`,
        ipAddress: ip,
        createdAt: new Date(Date.now() - (20 - i) * 1000),
      })),
    );
    const lock = (await lockouts()).addresses.find((row) => row.ipAddress === ip);
    expect(lock).toMatchObject({ failures: 20 });
    const error = expectError(
      await clientFrom(server.url, ip).signIn(patron.email, patron.password),
      403,
      'SECURITY_BLOCKED',
    );
    expect(error.details.reasons).toEqual(['too_many_failed_attempts_ip']);
  });

  it('groups the active sessions by browser and system', async () => {
    const owner = await accountAs(server, 'patron');
    const before = await sessions();
    const signInWith = async (userAgent: string) => {
      const client = new ApiClient(server.url, { 'X-Forwarded-For': uniqueIp(), 'User-Agent': userAgent });
      expect((await client.signIn(owner.email, owner.password)).status).toBe(200);
    };
    await signInWith(FIREFOX_WINDOWS);
    await signInWith(FIREFOX_WINDOWS);
    await signInWith(SAFARI_IPHONE);
    const after = await sessions();
    const group = (data: SecuritySessions, browser: string, os: string) =>
      data.groups.find((row) => row.browser === browser && row.os === os)?.count ?? 0;
    expect(after.total - before.total).toBe(3);
    expect(group(after, 'Firefox', 'Windows') - group(before, 'Firefox', 'Windows')).toBe(2);
    expect(group(after, 'Mobile Safari', 'iOS') - group(before, 'Mobile Safari', 'iOS')).toBe(1);
    expect(after.groups.reduce((sum, row) => sum + row.count, 0)).toBe(after.total);
  });

  it('answers a chosen period, refuses one longer than 90 days or backwards, and is for administrators only', async () => {
    const to = new Date().toISOString().slice(0, 10);
    const from90 = new Date(Date.now() - 89 * DAY_MS).toISOString().slice(0, 10);
    const from91 = new Date(Date.now() - 90 * DAY_MS).toISOString().slice(0, 10);
    expect((await overview(`?from=${from90}&to=${to}`)).days).toHaveLength(90);
    expectError(await admin.client.get(`${BASE}/overview?from=${from91}&to=${to}`), 422, 'VALIDATION_FAILED');
    expectError(await admin.client.get(`${BASE}/overview?from=${to}&to=${from90}`), 422, 'VALIDATION_FAILED');
    expectError(await admin.client.get(`${BASE}/overview?from=yesterday`), 422, 'VALIDATION_FAILED');
    for (const path of ['overview', 'lockouts', 'sessions']) {
      expectError(await clientFrom(server.url).get(`${BASE}/${path}`), 401, 'UNAUTHENTICATED');
      expectError(await librarian.client.get(`${BASE}/${path}`), 403, 'FORBIDDEN');
      expectError(await patron.client.get(`${BASE}/${path}`), 403, 'FORBIDDEN');
    }
  });

  it('keeps sign-in security events 90 days and error reports 30, as the privacy policy says', async () => {
    const ago = (days: number) => new Date(Date.now() - days * DAY_MS);
    const ip = '192.0.2.191';
    await server.db.insert(securityEvents).values([
      { eventType: 'login_failed', identifier: 'retention-91', ipAddress: ip, createdAt: ago(91) },
      { eventType: 'login_failed', identifier: 'retention-89', ipAddress: ip, createdAt: ago(89) },
    ]);
    await server.db.insert(clientErrors).values([
      { type: 'javascript', message: 'retention-31', occurredAt: ago(31), receivedAt: ago(31) },
      { type: 'javascript', message: 'retention-29', occurredAt: ago(29), receivedAt: ago(29) },
    ]);
    const pruner = createTelemetryPruner(server.db, pino({ level: 'silent' }));
    pruner.start();
    await pruner.stop();
    const events = await server.db
      .select({ identifier: securityEvents.identifier })
      .from(securityEvents)
      .where(eq(securityEvents.ipAddress, ip));
    expect(events.map((row) => row.identifier)).toEqual(['retention-89']);
    const reports = await server.db.select({ message: clientErrors.message }).from(clientErrors);
    expect(reports.map((row) => row.message).filter((m) => m.startsWith('retention-'))).toEqual(['retention-29']);
  });
});
