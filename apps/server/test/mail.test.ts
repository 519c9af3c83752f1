/**
 * The e-mail outbox: messages written in the caller's transaction, delivered by the worker over
 * a real SMTP server or to the dev mailbox, retried with backoff, claimed once among workers.
 */
import fs from 'node:fs';
import path from 'node:path';
import { eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type CapturedMail, startSmtpCapture, waitForMail } from '../../../e2e/support/smtp-capture.js';
import type { Config } from '../src/config/env.js';
import { type Database, type DatabaseHandle, openPglite, openPostgres } from '../src/db/client.js';
import { authUsers, emailOutbox, passwordResetTokens, revokedSessions } from '../src/db/schema/index.js';
import { createLogger } from '../src/logger.js';
import { claimDueEmails } from '../src/modules/mail/mail.repository.js';
import { createMailWorker, MAX_ATTEMPTS, type MailWorker } from '../src/modules/mail/mail-worker.js';
import { type EmailMessage, enqueueEmail } from '../src/modules/mail/outbox.js';
import { renderEmail } from '../src/modules/mail/templates.js';
import type { MailTransport, OutgoingEmail } from '../src/modules/mail/transports.js';
import { ApiClient, uniqueEmail } from './api-client.js';
import { freePort } from './free-port.js';
import {
  copyPgliteTemplate,
  createDatabase,
  describeEachDriver,
  dropDatabase,
  makeTempDir,
  type TestDriver,
  testConfig,
  useTestServer,
} from './helpers.js';

const logger = createLogger({ logLevel: 'silent', logPretty: false });
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

function resetMessage(to: string, locale: 'en' | 'ar' = 'en', link = 'https://library.example.org/x'): EmailMessage {
  return { to, locale, template: 'password_reset', data: { link, expiresInMinutes: 60 } };
}

async function findRow(db: Database, id: number) {
  const [row] = await db.select().from(emailOutbox).where(eq(emailOutbox.id, id));
  if (!row) throw new Error(`no outbox row ${id}`);
  return row;
}

/** A transport that fails its first `failures` sends (all of them with Infinity), recording each call. */
function scriptedTransport(failures: number, error = 'connect ECONNREFUSED 127.0.0.1:25') {
  const calls: number[] = [];
  const transport: MailTransport & { calls: number[] } = {
    name: 'scripted',
    calls,
    async send(message: OutgoingEmail) {
      calls.push(message.id);
      await sleep(2);
      if (calls.filter((id) => id === message.id).length <= failures) throw new Error(error);
    },
  };
  return transport;
}

describe('e-mail templates', () => {
  it('escape every value in the HTML part and keep it as text in the plain part', () => {
    const to = '<script>alert(1)</script>@example.org';
    const link = 'https://library.example.org/auth/update-password#access_token="><script>alert(2)</script>';
    const { subject, text, html } = renderEmail(resetMessage(to, 'en', link));
    expect(subject).toBe('Reset your Maktaba password');
    expect(html).not.toContain('<script>');
    expect(html).not.toContain('"><script');
    expect(html).toContain('&lt;script&gt;alert(1)&lt;/script&gt;@example.org');
    expect(html).toContain(
      'href="https://library.example.org/auth/update-password#access_token=&quot;&gt;&lt;script&gt;alert(2)&lt;/script&gt;"',
    );
    expect(text).toContain(to);
    expect(text).toContain(link);
  });

  it('are self-contained, say how long the link works, and are Arabic and right-to-left in Arabic', () => {
    const en = renderEmail(resetMessage('reader@example.org', 'en'));
    expect(en.html).toMatch(/<html lang="en" dir="ltr">/);
    expect(en.text).toContain('This link is valid for 1 hour and can be used only once.');
    expect(en.text).toContain('If you did not ask to reset your password, you can ignore this message');
    const ar = renderEmail(resetMessage('reader@example.org', 'ar'));
    expect(ar.html).toMatch(/<html lang="ar" dir="rtl">/);
    expect(ar.subject).toBe('إعادة تعيين كلمة المرور في «مكتبة»');
    expect(ar.text).toContain('هذا الرابط صالح لمدة ساعة ويمكن استخدامه مرة واحدة فقط.');
    for (const html of [en.html, ar.html]) {
      expect(html).not.toMatch(/<img|<link|src=|url\(/i);
      expect(html).not.toMatch(/\b(left|right)\b/);
    }
  });

  it('say when the password was changed and what to do if it was not the reader', () => {
    const changedAt = new Date('2025-03-04T05:06:00Z');
    const message: EmailMessage = {
      to: 'reader@example.org',
      locale: 'en',
      template: 'password_changed',
      data: { changedAt, signInUrl: 'https://library.example.org/signin' },
    };
    const en = renderEmail(message);
    expect(en.subject).toBe('Your Maktaba password was changed');
    expect(en.text).toContain('was changed on March 4, 2025 at 5:06 AM UTC.');
    expect(en.text).toContain('If it was not you, reset your password right away');
    expect(en.html).toContain('href="https://library.example.org/signin"');
    const ar = renderEmail({ ...message, locale: 'ar' });
    expect(ar.subject).toBe('تم تغيير كلمة المرور في «مكتبة»');
    expect(ar.text).toContain('إن لم تكن أنت، فأعد تعيين كلمة المرور فوراً');
  });

  it('refuse a link that is not a web address', () => {
    expect(() => renderEmail(resetMessage('reader@example.org', 'en', 'javascript:alert(1)'))).toThrow(/http/);
  });
});

describeEachDriver('e-mail outbox and dev mailbox', (driver) => {
  // Behind one proxy of ours, so a test can present a caller from another machine.
  const server = useTestServer(driver, { env: { TRUST_PROXY_HOPS: '1' } });
  let api: ApiClient;
  let db: Database;

  beforeAll(() => {
    api = new ApiClient(server.url);
    db = server.db;
  });

  it('shows the mailbox only to this machine', async () => {
    const id = await enqueueEmail(db, resetMessage(uniqueEmail('local')));
    for (const address of ['127.0.0.1', '::1']) {
      const headers = { 'X-Forwarded-For': address };
      expect((await api.get('/api/dev/mailbox', { headers })).status).toBe(200);
    }
    for (const address of ['203.0.113.7', '192.168.1.20', '::ffff:10.0.0.3']) {
      const headers = { 'X-Forwarded-For': address };
      for (const url of ['/api/dev/mailbox', `/api/dev/mailbox/${id}`]) {
        const refused = await api.get(url, { headers });
        expect({ address, url, status: refused.status, code: refused.body.error?.code }).toEqual({
          address,
          url,
          status: 404,
          code: 'NOT_FOUND',
        });
      }
    }
  });

  it('delivers a message whose transaction commits, never one whose transaction rolls back', async () => {
    const rolledBack = uniqueEmail();
    const committed = uniqueEmail();
    await expect(
      db.transaction(async (tx) => {
        await enqueueEmail(tx, resetMessage(rolledBack));
        throw new Error('the change failed');
      }),
    ).rejects.toThrow('the change failed');
    const id = await db.transaction((tx) => enqueueEmail(tx, resetMessage(committed)));
    await server.running.deps.mailer.wake();

    const { status, body } = await api.get('/api/dev/mailbox');
    expect(status).toBe(200);
    expect(body.messages.filter((message: { to: string }) => message.to === rolledBack)).toEqual([]);
    const delivered = body.messages.find((message: { id: number }) => message.id === id);
    expect(delivered).toMatchObject({
      to: committed,
      template: 'password_reset',
      locale: 'en',
      subject: 'Reset your Maktaba password',
      status: 'sent',
      transport: 'dev-mailbox',
      attempts: 1,
    });
    expect(Date.parse(delivered.sentAt)).toBeGreaterThanOrEqual(Date.parse(delivered.createdAt));
  });

  it('lists the newest 50 messages first and shows one with its text and HTML', async () => {
    const to = uniqueEmail('many');
    const ids: number[] = [];
    for (let index = 0; index < 52; index++)
      ids.push(await enqueueEmail(db, resetMessage(to, index % 2 ? 'ar' : 'en')));
    const list = await api.get('/api/dev/mailbox');
    expect(list.body.messages).toHaveLength(50);
    expect(list.body.messages.map((message: { id: number }) => message.id)).toEqual(ids.slice(2).reverse());

    const newest = ids.at(-1) as number;
    const shown = await api.get(`/api/dev/mailbox/${newest}`);
    expect(shown.status).toBe(200);
    expect(shown.body).toMatchObject({ id: newest, to, locale: 'ar', template: 'password_reset' });
    expect(shown.body.subject).toBe('إعادة تعيين كلمة المرور في «مكتبة»');
    expect(shown.body.text).toContain('https://library.example.org/x');
    expect(shown.body.html).toContain('dir="rtl"');

    const missing = await api.get(`/api/dev/mailbox/${newest + 1000}`);
    expect(missing.status).toBe(404);
    expect(missing.body.error.code).toBe('NOT_FOUND');
  });
});

describeEachDriver('e-mail over SMTP, in production', (driver) => {
  let capture: { close(): Promise<void> };
  let mailDir: string;
  let port: number;

  beforeAll(async () => {
    mailDir = makeTempDir('maktaba-mail-');
    port = await freePort();
    capture = await startSmtpCapture({ port, dir: mailDir });
  });
  afterAll(async () => {
    await capture?.close();
    fs.rmSync(mailDir, { recursive: true, force: true });
  });
  const server = useTestServer(driver, {
    env: () => ({
      NODE_ENV: 'production',
      SMTP_URL: `smtp://127.0.0.1:${port}`,
      MAIL_FROM: 'Maktaba Library <library@example.org>',
    }),
  });

  async function deliver(message: EmailMessage): Promise<CapturedMail> {
    const since = new Date();
    const id = await enqueueEmail(server.running.deps.database.db, message);
    await server.running.deps.mailer.wake();
    const mail = await waitForMail(mailDir, message.to, { since, timeoutMs: 10_000 });
    expect(await findRow(server.running.deps.database.db, id)).toMatchObject({
      status: 'sent',
      transport: 'smtp',
      attempts: 1,
    });
    return mail;
  }

  it('sends the text and HTML parts from MAIL_FROM to the recipient', async () => {
    const to = uniqueEmail();
    const link = `${server.running.deps.config.publicUrl}/auth/update-password#access_token=${'A'.repeat(43)}`;
    const mail = await deliver(resetMessage(to, 'en', link));
    expect(mail.from).toBe('library@example.org');
    expect(mail.to).toEqual([to]);
    expect(mail.subject).toBe('Reset your Maktaba password');
    expect(mail.headers['auto-submitted']).toBe('auto-generated');
    expect(mail.text).toContain(`Choose a new password:\n${link}`);
    expect(mail.text).toContain('This link is valid for 1 hour');
    expect(mail.html).toContain('<html lang="en" dir="ltr">');
    expect(mail.html).toContain(`href="${link}"`);
  });

  it('sends the Arabic version right to left', async () => {
    const to = uniqueEmail();
    const mail = await deliver(resetMessage(to, 'ar'));
    expect(mail.subject).toBe('إعادة تعيين كلمة المرور في «مكتبة»');
    expect(mail.text).toContain('اختر كلمة مرور جديدة');
    expect(mail.html).toContain('<html lang="ar" dir="rtl">');
  });

  it('hides the dev mailbox', async () => {
    const id = await enqueueEmail(server.running.deps.database.db, resetMessage(uniqueEmail()));
    const api = new ApiClient(server.url);
    for (const url of ['/api/dev/mailbox', `/api/dev/mailbox/${id}`, '/api/dev/mailbox/not-a-number']) {
      const response = await api.get(url);
      expect(response.status, url).toBe(404);
      expect(response.body.error.code, url).toBe('NOT_FOUND');
    }
  });
});

/** A migrated database of the driver's kind, without a server (and so without its worker). */
async function openBareDatabase(driver: TestDriver) {
  const dir = makeTempDir('maktaba-mail-db-');
  const created = driver.name === 'postgres' ? await createDatabase('C.UTF-8', { template: 'empty' }) : undefined;
  if (!created) copyPgliteTemplate('empty', dir);
  const handles: DatabaseHandle[] = [];
  const open = async () => {
    const handle = created ? await openPostgres(created.url, 4, logger) : await openPglite(dir);
    handles.push(handle);
    return handle;
  };
  const first = await open();
  return {
    db: first.db,
    /** Another connection pool on the same PostgreSQL database (PGlite: the same handle). */
    openAnother: async () => (created ? (await open()).db : first.db),
    async close() {
      for (const handle of handles) await handle.close();
      if (created) await dropDatabase(created.name);
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}

describeEachDriver('mail worker', (driver) => {
  let bare: Awaited<ReturnType<typeof openBareDatabase>>;
  let db: Database;
  let config: Config;
  const workers: MailWorker[] = [];

  const worker = (options: { transport: MailTransport; backoffMs?: number[]; on?: Database }) => {
    const created = createMailWorker({ db: options.on ?? db, config, logger, ...options });
    workers.push(created);
    return created;
  };

  beforeAll(async () => {
    bare = await openBareDatabase(driver);
    db = bare.db;
    config = testConfig({ DATA_DIR: path.join(makeTempDir(), 'data') });
  });
  afterAll(async () => {
    for (const created of workers) await created.stop();
    await bare?.close();
  });

  it('retries a failed delivery after its backoff, counting attempts', async () => {
    const transport = scriptedTransport(2);
    const mailer = worker({ transport, backoffMs: [1, 60_000] });
    const id = await enqueueEmail(db, resetMessage(uniqueEmail()));

    await mailer.wake();
    expect(await findRow(db, id)).toMatchObject({ status: 'pending', attempts: 1 });
    await sleep(10);
    await mailer.wake();
    const waiting = await findRow(db, id);
    expect(waiting).toMatchObject({ status: 'pending', attempts: 2, lastError: 'connect ECONNREFUSED 127.0.0.1:25' });
    expect(waiting.nextAttemptAt.getTime() - Date.now()).toBeGreaterThan(50_000);
    await mailer.wake();
    expect(transport.calls).toEqual([id, id]);

    await db.update(emailOutbox).set({ nextAttemptAt: sql`now()` }).where(eq(emailOutbox.id, id));
    await mailer.wake();
    const sent = await findRow(db, id);
    expect(sent).toMatchObject({ status: 'sent', attempts: 3, transport: 'scripted', lastError: null });
    expect(sent.sentAt).toBeInstanceOf(Date);
    expect(transport.calls).toEqual([id, id, id]);
  });

  it(`gives up after ${MAX_ATTEMPTS} attempts, and keeps credentials out of the stored error`, async () => {
    const transport = scriptedTransport(
      Number.POSITIVE_INFINITY,
      'Invalid login at smtps://mailer:hunter2@smtp.example.org',
    );
    const mailer = worker({ transport, backoffMs: [1] });
    const id = await enqueueEmail(db, resetMessage(uniqueEmail()));
    for (let pass = 0; pass < MAX_ATTEMPTS + 3; pass++) {
      await mailer.wake();
      await sleep(5);
    }
    const row = await findRow(db, id);
    expect(row).toMatchObject({ status: 'failed', attempts: MAX_ATTEMPTS, sentAt: null });
    expect(transport.calls).toHaveLength(MAX_ATTEMPTS);
    expect(row.lastError).toContain('smtp.example.org');
    expect(row.lastError).not.toContain('hunter2');
  });

  it("takes over a message whose worker's claim expired", async () => {
    const id = await enqueueEmail(db, resetMessage(uniqueEmail()));
    // A worker that claims and then dies: its claim lasts 1 ms.
    const claimed = await claimDueEmails(db, { limit: 100, lockMs: 1, maxAttempts: MAX_ATTEMPTS });
    expect(claimed.map((message) => message.id)).toContain(id);
    await sleep(10);
    const transport = scriptedTransport(0);
    await worker({ transport }).wake();
    expect(await findRow(db, id)).toMatchObject({ status: 'sent', attempts: 2 });
    expect(transport.calls).toContain(id);
  });

  it('delivers each message exactly once with two workers on one database', async () => {
    const to = uniqueEmail('pair');
    const ids: number[] = [];
    for (let index = 0; index < 45; index++) ids.push(await enqueueEmail(db, resetMessage(to)));
    const first = scriptedTransport(0);
    const second = scriptedTransport(0);
    const one = worker({ transport: first });
    const two = worker({ transport: second, on: await bare.openAnother() });
    for (let round = 0; round < 3; round++) await Promise.all([one.wake(), two.wake(), one.wake(), two.wake()]);

    const delivered = [...first.calls, ...second.calls].filter((id) => ids.includes(id)).sort((a, b) => a - b);
    expect(delivered).toEqual(ids);
    const rows = await db.select().from(emailOutbox).where(inArray(emailOutbox.id, ids));
    expect(rows.every((row) => row.status === 'sent' && row.attempts === 1)).toBe(true);
  });

  it('purges expired reset tokens and revocations, and sent messages older than 30 days', async () => {
    const [user] = await db
      .insert(authUsers)
      .values({ name: 'Purge Reader', email: uniqueEmail('purge') })
      .returning({ id: authUsers.id });
    if (!user) throw new Error('no user');
    const day = 24 * 60 * 60 * 1000;
    const past = new Date(Date.now() - day);
    const future = new Date(Date.now() + day);
    await db.insert(passwordResetTokens).values([
      { tokenHash: `old-${user.id}`, userId: user.id, expiresAt: past },
      { tokenHash: `new-${user.id}`, userId: user.id, expiresAt: future },
    ]);
    await db.insert(revokedSessions).values([
      { tokenHash: `old-${user.id}`, userId: user.id, reason: 'test', expiresAt: past },
      { tokenHash: `new-${user.id}`, userId: user.id, reason: 'test', expiresAt: future },
    ]);
    const oldSent = await enqueueEmail(db, resetMessage(uniqueEmail()));
    const recentSent = await enqueueEmail(db, resetMessage(uniqueEmail()));
    const oldFailed = await enqueueEmail(db, resetMessage(uniqueEmail()));
    await db
      .update(emailOutbox)
      .set({ status: 'sent', sentAt: new Date(Date.now() - 31 * day) })
      .where(eq(emailOutbox.id, oldSent));
    await db
      .update(emailOutbox)
      .set({ status: 'sent', sentAt: new Date(Date.now() - 29 * day) })
      .where(eq(emailOutbox.id, recentSent));
    await db.update(emailOutbox).set({ status: 'failed' }).where(eq(emailOutbox.id, oldFailed));

    await worker({ transport: scriptedTransport(0) }).wake();

    const tokens = await db.select().from(passwordResetTokens).where(eq(passwordResetTokens.userId, user.id));
    expect(tokens.map((row) => row.tokenHash)).toEqual([`new-${user.id}`]);
    const revoked = await db.select().from(revokedSessions).where(eq(revokedSessions.userId, user.id));
    expect(revoked.map((row) => row.tokenHash)).toEqual([`new-${user.id}`]);
    const left = await db
      .select({ id: emailOutbox.id })
      .from(emailOutbox)
      .where(inArray(emailOutbox.id, [oldSent, recentSent, oldFailed]));
    expect(left.map((row) => row.id).sort((a, b) => a - b)).toEqual([recentSent, oldFailed]);
  });
});
