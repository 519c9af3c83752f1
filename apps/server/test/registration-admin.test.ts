/**
 * Registration monitoring and testing through HTTP: sign-ups made through the API (some moved to
 * a fixed past day so the figures are exact), a disposable address refused, an account an admin
 * made that never added its address (stuck), the reminder (outbox row in the reader's language, a
 * second one refused, audited), the synthetic run (every step passes and nothing it made is left),
 * a failing step that still cleans up, the setup check of a real account, and who may do what.
 */
import { REGISTRATION_TEST_DOMAIN, RegistrationOverviewSchema } from '@maktaba/shared/schemas/registration-admin';
import { eq, sql } from 'drizzle-orm';
import { beforeAll, expect, it } from 'vitest';
import type { Database } from '../src/db/client.js';
import { rowsOf } from '../src/db/raw.js';
import { profiles, securityEvents, userAnalytics } from '../src/db/schema/index.js';
import { createAuth } from '../src/modules/auth/auth.js';
import { createRegistrationAdminService } from '../src/modules/registration-admin/registration-admin.service.js';
import { type ApiResponse, clientFrom, expectError, signUpBody, uniqueEmail } from './api-client.js';
import { accountAs, describeEachDriver, type TestAccount, useTestServer } from './helpers.js';

const DAY_MS = 86_400_000;
/** A UTC day no other test writes to: the fixtures' sign-ups are moved there. */
const DAY = new Date(Date.now() - 200 * DAY_MS).toISOString().slice(0, 10);
const at = (hours: number) => new Date(Date.parse(`${DAY}T00:00:00Z`) + hours * 3_600_000);

/** Every table with a column that references a user, and the outbox and security events by address. */
async function traces(db: Database, email: string): Promise<Record<string, number>> {
  const refs = await rowsOf<{ table_name: string; column_name: string }>(
    db,
    sql`select kcu.table_name, kcu.column_name
        from information_schema.referential_constraints rc
        join information_schema.key_column_usage kcu on kcu.constraint_name = rc.constraint_name
        join information_schema.constraint_column_usage ccu on ccu.constraint_name = rc.unique_constraint_name
        where ccu.table_name = 'auth_users'`,
  );
  const counts: Record<string, number> = {};
  for (const ref of refs) {
    // The run's own audit entry (by the admin who ran it) is meant to stay.
    if (ref.table_name === 'admin_audit_log') continue;
    const [row] = await rowsOf<{ n: number }>(
      db,
      sql.raw(`select count(*)::int as n from "${ref.table_name}" where "${ref.column_name}" is not null`),
    );
    counts[`${ref.table_name}.${ref.column_name}`] = Number(row?.n ?? 0);
  }
  for (const [name, query] of [
    ['auth_users', sql`select count(*)::int as n from auth_users where email like ${`%${email}`}`],
    ['email_outbox', sql`select count(*)::int as n from email_outbox where to_address like ${`%${email}`}`],
    ['security_events', sql`select count(*)::int as n from security_events where identifier like ${`%${email}`}`],
    ['security_events.ip', sql`select count(*)::int as n from security_events where ip_address = '192.0.2.1'`],
    ['user_setup_logs', sql`select count(*)::int as n from user_setup_logs`],
  ] as const) {
    const [row] = await rowsOf<{ n: number }>(db, query);
    counts[name] = Number(row?.n ?? 0);
  }
  return counts;
}

describeEachDriver('registration monitoring and testing over HTTP', (driver) => {
  const server = useTestServer(driver, { env: { TRUST_PROXY_HOPS: '1', DEMO_CATALOGUE: 'false' } });
  let db: Database;
  let admin: TestAccount;
  let librarian: TestAccount;
  let stuckId: string;
  let stuckEmail: string;

  const ok = (response: ApiResponse, status = 200) => {
    expect(response.status, JSON.stringify(response.body)).toBe(status);
    return response.body;
  };

  beforeAll(async () => {
    db = server.db;
    admin = await accountAs(server, 'admin');
    librarian = await accountAs(server, 'librarian');
    // Three sign-ups on DAY: two completed (after 1 h and 3 h), one that stopped before the address.
    const readers = [await accountAs(server), await accountAs(server), await accountAs(server)];
    const [a, b, c] = readers as [TestAccount, TestAccount, TestAccount];
    for (const [reader, completedAfter] of [
      [a, 1],
      [b, 3],
      [c, null],
    ] as const) {
      await db
        .update(profiles)
        .set({ createdAt: at(0), registrationCompleted: completedAfter !== null })
        .where(eq(profiles.id, reader.id));
      await db
        .update(userAnalytics)
        .set({ registrationCompletedAt: completedAfter === null ? null : at(completedAfter) })
        .where(eq(userAnalytics.userId, reader.id));
    }
    await db.execute(
      sql`insert into user_setup_logs (user_id, event_type, error_message, created_at)
          values (${c.id}, 'profile_setup_failed', 'timeout', ${at(2)}), (${c.id}, 'profile_setup_failed', 'again', ${at(5)})`,
    );
    // A disposable address refused (the client's check and the sign-up's count once).
    const disposable = uniqueEmail('d').replace('example.com', 'mailinator.com');
    const client = clientFrom(server.url);
    await client.securityCheck('registration', disposable);
    expectError(await client.signUp(signUpBody({ email: disposable })), 403, 'SECURITY_BLOCKED');
    await db
      .update(securityEvents)
      .set({ createdAt: at(4) })
      .where(eq(securityEvents.identifier, disposable));
    // An account an admin made: no address yet, and not a sign-up of its own.
    stuckEmail = uniqueEmail('stuck');
    const created = ok(
      await admin.client.post('/api/admin/users', { email: stuckEmail, display_name: 'Stuck Reader', role: 'patron' }),
      201,
    );
    stuckId = created.profile.id;
    await db.update(profiles).set({ preferredLanguage: 'ar' }).where(eq(profiles.id, stuckId));
  });

  it('answers the exact figures of a day', async () => {
    const body = RegistrationOverviewSchema.parse(
      ok(await admin.client.get(`/api/admin/registrations/overview?from=${DAY}&to=${DAY}`)),
    );
    expect(body.days).toEqual([{ day: DAY, signups: 3, completed: 2, disposable_refused: 1 }]);
    expect(body.totals).toEqual({
      signups: 3,
      completed: 2,
      completion_share: 2 / 3,
      median_ms: 2 * 3_600_000,
      p90_ms: Math.round(2.8 * 3_600_000),
      disposable_refused: 1,
    });
    expect(body.problems).toEqual([
      {
        kind: 'profile_setup_failed',
        count: 2,
        latest: [
          expect.objectContaining({ message: 'again', created_at: at(5).toISOString() }),
          expect.objectContaining({ message: 'timeout', created_at: at(2).toISOString() }),
        ],
      },
    ]);
    // The default period is 30 days to today; longer than 366 days is refused.
    const recent = ok(await admin.client.get('/api/admin/registrations/overview'));
    expect(recent.days).toHaveLength(30);
    expect(recent.to).toBe(new Date().toISOString().slice(0, 10));
    expectError(
      await admin.client.get('/api/admin/registrations/overview?from=2024-01-01&to=2025-06-01'),
      422,
      'VALIDATION_FAILED',
    );
  });

  it('lists stuck accounts, reminds once a day in the reader language, and audits it', async () => {
    const fresh = ok(await admin.client.get('/api/admin/registrations/stuck'));
    expect(fresh.accounts.map((row: { id: string }) => row.id)).not.toContain(stuckId);
    const any = ok(await admin.client.get('/api/admin/registrations/stuck?olderThanHours=0'));
    const row = any.accounts.find((entry: { id: string }) => entry.id === stuckId);
    expect(row).toMatchObject({ email: stuckEmail, display_name: 'Stuck Reader', last_reminder_at: null });

    const reminded = ok(await admin.client.post(`/api/admin/registrations/stuck/${stuckId}/remind`));
    const [mail] = await rowsOf<{ locale: string; subject: string; text_body: string }>(
      db,
      sql`select locale, subject, text_body from email_outbox where to_address = ${stuckEmail} and template = 'registration_reminder'`,
    );
    expect(mail?.locale).toBe('ar');
    expect(mail?.subject).toContain('أكمل تسجيلك');
    expect(mail?.text_body).toContain('أضف عنوان الشحن');
    expect(mail?.text_body).toContain('/signin');

    const after = ok(await admin.client.get('/api/admin/registrations/stuck?olderThanHours=0'));
    expect(after.accounts.find((entry: { id: string }) => entry.id === stuckId).last_reminder_at).toBe(
      reminded.reminded_at,
    );
    expectError(await admin.client.post(`/api/admin/registrations/stuck/${stuckId}/remind`), 429, 'REMINDER_TOO_SOON');
    const audit = ok(await admin.client.get('/api/admin/audit-log?action=send_setup_reminder'));
    expect(
      audit.entries.filter(
        (entry: { target_user: string; action_type: string }) =>
          entry.target_user === stuckId && entry.action_type === 'send_setup_reminder',
      ),
    ).toHaveLength(1);
    // Only admins: a librarian reads nothing and sends nothing.
    expectError(await librarian.client.get('/api/admin/registrations/stuck'), 403, 'FORBIDDEN');
    expectError(await librarian.client.post(`/api/admin/registrations/stuck/${stuckId}/remind`), 403, 'FORBIDDEN');
  });

  it('runs the whole pipeline and leaves nothing behind', async () => {
    const before = await traces(db, `@${REGISTRATION_TEST_DOMAIN}`);
    const result = ok(await admin.client.post('/api/admin/registration-tests'));
    expect(result.steps.map((step: { step: string; ok: boolean }) => [step.step, step.ok])).toEqual([
      ['security_check', true],
      ['account', true],
      ['profile_setup', true],
      ['completeness', true],
      ['welcome_email', true],
      ['sign_in', true],
      ['cleanup', true],
    ]);
    expect(result.ok).toBe(true);
    for (const step of result.steps) expect(step.ms).toBeGreaterThanOrEqual(0);
    expect(await traces(db, `@${REGISTRATION_TEST_DOMAIN}`)).toEqual(before);
    const audit = ok(await admin.client.get('/api/admin/audit-log?action=run_registration_test'));
    expect(audit.entries[0]).toMatchObject({ action_type: 'run_registration_test', target_type: 'settings' });
  });

  it('cleans up when a step fails', async () => {
    const before = await traces(db, `@${REGISTRATION_TEST_DOMAIN}`);
    const { deps } = server.running;
    const auth = createAuth({ config: deps.config, db, secret: deps.secrets.authSecret, logger: deps.logger });
    const service = createRegistrationAdminService({
      db,
      auth,
      mailer: { wake: async () => {} },
      publicUrl: 'http://127.0.0.1',
      beforeStep: (step) => {
        if (step === 'welcome_email') throw new Error('injected');
      },
    });
    const actor = { id: admin.id, email: admin.email, role: 'admin' as const, sessionId: '' };
    const result = await service.runTest(
      actor,
      { clientIp: '10.9.9.9', userAgent: undefined, acceptLanguage: undefined },
      new Headers(),
    );
    expect(result.ok).toBe(false);
    expect(result.steps.map((step) => [step.step, step.ok])).toEqual([
      ['security_check', true],
      ['account', true],
      ['profile_setup', true],
      ['completeness', true],
      ['welcome_email', false],
      ['cleanup', true],
    ]);
    expect(result.steps[4]?.detail).toBe('injected');
    expect(await traces(db, `@${REGISTRATION_TEST_DOMAIN}`)).toEqual(before);
  });

  it('checks the setup of a real account by e-mail', async () => {
    const body = ok(await admin.client.get(`/api/admin/registrations/check?email=${encodeURIComponent(stuckEmail)}`));
    expect(body.profile.id).toBe(stuckId);
    expect(body.setup_problems).toEqual([]);
    expectError(await admin.client.get('/api/admin/registrations/check?email=nobody%40example.com'), 404, 'NOT_FOUND');
  });
});
