/**
 * The admin home's overview over HTTP: each live figure against rows arranged for it (counted from
 * a first reading, so whatever the start holds does not matter), and the health section: database,
 * migrations, mail queue and its last delivery error, the background jobs' last runs, disk use,
 * version and uptime. Admins only.
 */
import crypto from 'node:crypto';
import { type AdminOverview, AdminOverviewSchema, SERVER_JOBS } from '@maktaba/shared/schemas/admin-overview';
import { beforeAll, expect, it } from 'vitest';
import type { Database } from '../src/db/client.js';
import {
  adminAuditLog,
  authUsers,
  bookCopies,
  books,
  emailOutbox,
  feedbackReports,
  profiles,
  readerDays,
  searchEvents,
  securityEvents,
  sourceValidationRuns,
} from '../src/db/schema/index.js';
import { recordJobRun } from '../src/modules/admin-overview/job-runs.js';
import type { ApiResponse } from './api-client.js';
import {
  accountAs,
  describeEachDriver,
  latestMigrationTag,
  readServerVersion,
  type TestAccount,
  useTestServer,
} from './helpers.js';

const HOUR_MS = 3_600_000;
const DAY_MS = 24 * HOUR_MS;

describeEachDriver('admin overview over HTTP', (driver) => {
  const server = useTestServer(driver, { env: { TRUST_PROXY_HOPS: '1', DEMO_CATALOGUE: 'false' } });
  let db: Database;
  let admin: TestAccount;
  let librarian: TestAccount;
  let reader: TestAccount;
  let before: AdminOverview;
  const tag = crypto.randomBytes(3).toString('hex');

  const read = async (who = admin) => {
    const response: ApiResponse = await who.client.get('/api/admin/tools/overview');
    expect(response.status, JSON.stringify(response.body)).toBe(200);
    return AdminOverviewSchema.parse(response.body);
  };

  async function newUser(name: string, createdAt: Date, registrationCompleted: boolean) {
    const email = `${name}.${tag}@example.com`;
    const [user] = await db.insert(authUsers).values({ email, name }).returning({ id: authUsers.id });
    if (!user) throw new Error('no user');
    await db.insert(profiles).values({ id: user.id, email, displayName: name, createdAt, registrationCompleted });
    return user.id;
  }

  beforeAll(async () => {
    db = server.db;
    [admin, librarian, reader] = await Promise.all([
      accountAs(server, 'admin', { name: `Admin ${tag}` }),
      accountAs(server, 'librarian', { name: `Librarian ${tag}` }),
      accountAs(server, 'patron', { name: `Reader ${tag}` }),
    ]);
    // A loan request waiting for the desk.
    const [book] = await db
      .insert(books)
      .values({ titleEn: `Book ${tag}`, status: 'approved' })
      .returning({ id: books.id });
    if (!book) throw new Error('no book');
    await db.insert(bookCopies).values({ bookId: book.id, barcode: `O${tag}` });
    expect((await reader.client.post('/api/loans', { book_id: book.id })).status).toBe(201);
    before = await read();
  });

  it('answers the figures from the tables, today being the UTC day', async () => {
    const now = Date.now();
    const yesterday = new Date(now - DAY_MS - HOUR_MS);
    const base = { ipAddress: '203.0.113.9', createdAt: new Date(now) };
    await db.insert(securityEvents).values([
      // Sign-ups blocked: two refused by the check, one honeypot; not an allowed one, not yesterday's.
      { ...base, eventType: 'security_check', action: 'registration', allowed: false },
      { ...base, eventType: 'security_check', action: 'registration', allowed: false },
      { ...base, eventType: 'honeypot', action: 'registration' },
      { ...base, eventType: 'security_check', action: 'registration', allowed: true },
      { ...base, eventType: 'security_check', action: 'login', allowed: false },
      { ...base, createdAt: yesterday, eventType: 'security_check', action: 'registration', allowed: false },
      // Failed sign-ins: six for one account (locked), one for another, five for a third that an admin unlocked.
      ...Array.from({ length: 6 }, () => ({ ...base, eventType: 'login_failed', identifier: `locked.${tag}@x.test` })),
      { ...base, eventType: 'login_failed', identifier: `once.${tag}@x.test` },
      ...Array.from({ length: 5 }, () => ({
        ...base,
        createdAt: new Date(now - 60_000),
        eventType: 'login_failed',
        identifier: `freed.${tag}@x.test`,
      })),
      { ...base, eventType: 'account_unlocked', identifier: `freed.${tag}@x.test` },
      { ...base, createdAt: yesterday, eventType: 'login_failed', identifier: `old.${tag}@x.test` },
    ]);
    // Registration not finished: one for two days (counted), one for an hour (not yet).
    const stuck = await newUser('stuck', new Date(now - 2 * DAY_MS), false);
    await newUser('fresh', new Date(now - HOUR_MS), false);
    const done = await newUser('done', new Date(now - 3 * DAY_MS), true);
    await db.insert(feedbackReports).values([
      { kind: 'feedback', fields: { message: 'a' }, status: 'new' },
      { kind: 'bug', fields: { message: 'b' }, status: 'handled' },
    ]);
    await db.insert(searchEvents).values([
      { normalized: `nothing ${tag}`, query: `nothing ${tag}`, resultCount: 0 },
      { normalized: `nada ${tag}`, query: `nada ${tag}`, resultCount: 0 },
      { normalized: `found ${tag}`, query: `found ${tag}`, resultCount: 4 },
      { normalized: `old ${tag}`, query: `old ${tag}`, resultCount: 0, occurredAt: yesterday },
    ]);
    await db.insert(adminAuditLog).values([
      { actorId: admin.id, actionType: 'unlock_account', targetUser: stuck, targetId: stuck },
      { actorId: admin.id, actionType: 'send_setup_reminder', targetUser: stuck, targetId: stuck },
      {
        actorId: admin.id,
        actionType: 'send_setup_reminder',
        targetUser: stuck,
        targetId: stuck,
        createdAt: yesterday,
      },
    ]);
    const today = new Date(now).toISOString().slice(0, 10);
    const yesterdayDay = yesterday.toISOString().slice(0, 10);
    await db
      .insert(readerDays)
      .values([
        { day: today, userId: stuck },
        { day: today, userId: done },
        { day: yesterdayDay, userId: admin.id },
      ])
      .onConflictDoNothing();

    expect(before.figures.sourceValidationProblems).toBeNull();
    await db.insert(sourceValidationRuns).values([
      { status: 'done', counts: { missing_title: 2, no_author: 3 }, startedAt: new Date(now - 2 * HOUR_MS) },
      { status: 'running', counts: { missing_title: 40 }, startedAt: new Date(now - HOUR_MS) },
    ]);

    const after = await read();
    const delta = Object.fromEntries(
      Object.entries(after.figures).map(([key, value]) => [
        key,
        (value ?? 0) - ((before.figures as Record<string, number | null>)[key] ?? 0),
      ]),
    );
    expect(delta).toEqual({
      signUpsBlockedToday: 3,
      failedSignInsToday: 12,
      currentLockouts: 1,
      stuckWithoutAddress: 1,
      sourceValidationProblems: 5,
      openFeedback: 1,
      pendingLoanRequests: 0,
      zeroResultSearchesToday: 2,
      auditEntriesToday: 2,
      activeReadersToday: 2,
      accounts: 3,
    });
    expect(after.figures.pendingLoanRequests).toBe(1);
    expect(after.figures.sourceValidationProblems).toBe(5);
  });

  it('reports the health: database, migrations, mail, jobs, disk, version, uptime', async () => {
    await db.insert(emailOutbox).values([
      {
        toAddress: 'a@x.test',
        template: 't',
        locale: 'en',
        subject: 's',
        textBody: 't',
        htmlBody: 'h',
        status: 'pending',
      },
      {
        toAddress: 'b@x.test',
        template: 't',
        locale: 'en',
        subject: 's',
        textBody: 't',
        htmlBody: 'h',
        status: 'failed',
        attempts: 5,
        lastError: `550 mailbox unavailable ${tag}`,
      },
    ]);
    await recordJobRun(db, 'telemetry_prune');
    await recordJobRun(db, 'lending_notices', new Error('boom'));
    await recordJobRun(db, 'analytics_rollup');
    const { health } = await read();
    expect(health.status).toBe('ok');
    expect(health.version).toBe(readServerVersion());
    expect(health.uptimeSeconds).toBeGreaterThanOrEqual(0);
    expect(health.database.reachable).toBe(true);
    expect(health.database.driver).toBe(driver.name);
    expect(health.database.latencyMs).toBeGreaterThanOrEqual(0);
    expect(health.database.latencyMs).toBeLessThan(5_000);
    expect(health.migrations.latest).toBe(latestMigrationTag());
    expect(health.migrations.applied).toBe(health.migrations.available);
    expect(health.migrations.applied).toBeGreaterThan(20);
    expect(health.mail.pending).toBeGreaterThanOrEqual(1);
    expect(health.mail.failed).toBeGreaterThanOrEqual(1);
    expect(health.mail.lastError?.message).toBe(`550 mailbox unavailable ${tag}`);
    expect(Date.parse(health.mail.lastError?.at ?? '')).toBeLessThanOrEqual(Date.now());
    expect(health.jobs.map((job) => job.job)).toEqual([...SERVER_JOBS]);
    expect(health.jobs.find((job) => job.job === 'telemetry_prune')?.status).toBe('ok');
    expect(health.jobs.find((job) => job.job === 'lending_notices')?.status).toBe('failed');
    for (const job of health.jobs) expect(Date.parse(job.lastRunAt ?? '')).toBeGreaterThan(Date.now() - 60_000);
    expect(health.disk.dataBytes).toBeGreaterThan(0);
    expect(health.disk.freeBytes).toBeGreaterThan(0);
    expect(health.disk.totalBytes).toBeGreaterThanOrEqual(health.disk.freeBytes ?? 0);
    expect(Date.parse(health.disk.measuredAt ?? '')).toBeLessThanOrEqual(Date.now());
  });

  it('is for admins only', async () => {
    expect((await librarian.client.get('/api/admin/tools/overview')).status).toBe(403);
    expect((await reader.client.get('/api/admin/tools/overview')).status).toBe(403);
  });
});
