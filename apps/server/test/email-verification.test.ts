/**
 * E-mail verification and change over HTTP (accounts-and-auth §5, §8): sign-up sends a link that
 * verifies the address once; expired and used links are refused; resending is limited; unverified
 * readers cannot ask for a loan; changing the e-mail needs the current password (or, for a
 * Google-only account, a recent sign-in), mails both addresses, keeps the old one until the link is
 * opened, then switches the account and the profile together, once; every step audited.
 */
import { and, desc, eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../src/db/client.js';
import {
  adminAuditLog,
  authAccounts,
  authSessions,
  authUsers,
  emailOutbox,
  emailTokens,
  profiles,
} from '../src/db/schema/index.js';
import { hashToken } from '../src/modules/auth/token-hash.js';
import { clientFrom, expectError, GOOD_PASSWORD, registerAccount, uniqueEmail } from './api-client.js';
import { accountAs, describeEachDriver, type TestAccount, useTestServer } from './helpers.js';
import { makeBook, ok } from './lending-fixtures.js';

const PUBLIC_URL = 'http://library.example.test:8080';
const LINK_PATTERN = /(\S+)\/verify-email\?token=([A-Za-z0-9_-]{43})(?![A-Za-z0-9_-])/;

describeEachDriver('e-mail verification and change over HTTP', (driver) => {
  const server = useTestServer(driver, { env: { TRUST_PROXY_HOPS: '1', PUBLIC_URL } });
  let db: Database;
  let admin: TestAccount;

  beforeAll(async () => {
    db = server.db;
    admin = await accountAs(server, 'admin');
  });

  async function messages(to: string, template: string) {
    return db
      .select()
      .from(emailOutbox)
      .where(and(eq(emailOutbox.toAddress, to), eq(emailOutbox.template, template)))
      .orderBy(desc(emailOutbox.id));
  }

  /** The newest link in a message of `template` to `to`. */
  async function latestToken(to: string, template = 'email_verify'): Promise<string> {
    const [message] = await messages(to, template);
    const match = message?.textBody.match(LINK_PATTERN);
    if (!message || !match) throw new Error(`no ${template} link for ${to}`);
    expect(match[1]).toBe(PUBLIC_URL);
    expect(message.htmlBody).toContain(`${PUBLIC_URL}/verify-email?token=${match[2]}`);
    return match[2] ?? '';
  }

  const open = (token: string) => clientFrom(server.url).post('/api/auth/verify-email', { token });

  async function isVerified(id: string): Promise<boolean> {
    const [row] = await db.select({ v: authUsers.emailVerified }).from(authUsers).where(eq(authUsers.id, id));
    return row?.v ?? false;
  }

  async function auditRows(userId: string, action: string) {
    return db
      .select()
      .from(adminAuditLog)
      .where(and(eq(adminAuditLog.targetUser, userId), eq(adminAuditLog.actionType, action)));
  }

  describe('verification', () => {
    it('sign-up sends the link in the reader language; it verifies once, then is refused', async () => {
      const client = clientFrom(server.url);
      const { email, id, response } = await registerAccount(client, { locale: 'ar' });
      expect(response.body.user.emailVerified).toBe(false);
      const [message] = await messages(email, 'email_verify');
      expect(message?.locale).toBe('ar');
      expect(message?.subject).toMatch(/[\u0600-\u06FF]/);
      const token = await latestToken(email);
      const [row] = await db
        .select()
        .from(emailTokens)
        .where(eq(emailTokens.tokenHash, hashToken(token)));
      expect(row).toMatchObject({ userId: id, purpose: 'verify', email });
      const lifetime = (row?.expiresAt.getTime() ?? 0) - (row?.createdAt.getTime() ?? 0);
      expect(Math.abs(lifetime - 24 * 3600_000)).toBeLessThan(60_000);

      expect(ok(await open(token))).toEqual({ purpose: 'verify', email });
      expect(await isVerified(id)).toBe(true);
      expect((await client.session()).body.user.emailVerified).toBe(true);
      const again = expectError(await open(token), 400, 'INVALID_EMAIL_LINK');
      expect(again.details).toEqual({ reason: 'invalid' });
      expectError(await open('A'.repeat(43)), 400, 'INVALID_EMAIL_LINK');
      expectError(await open('short'), 422, 'VALIDATION_FAILED');
    });

    it('refuses an expired link, and says so every time it is opened', async () => {
      const { email, id } = await registerAccount(clientFrom(server.url));
      const token = await latestToken(email);
      await db
        .update(emailTokens)
        .set({ expiresAt: sql`now() - interval '1 minute'` })
        .where(eq(emailTokens.tokenHash, hashToken(token)));
      for (let n = 0; n < 2; n++) {
        expect(expectError(await open(token), 400, 'INVALID_EMAIL_LINK').details).toEqual({ reason: 'expired' });
      }
      expect(await isVerified(id)).toBe(false);
    });

    it('resends once a minute per account, a new link replacing the old; nothing for a verified address', async () => {
      const account = await accountAs(server, 'patron', {}, { verified: false });
      const first = await latestToken(account.email);
      expect(ok(await account.client.post('/api/auth/verify-email/resend', { locale: 'en' }), 202)).toEqual({
        sent: true,
      });
      const second = await latestToken(account.email);
      expect(second).not.toBe(first);
      expectError(await open(first), 400, 'INVALID_EMAIL_LINK');
      expectError(await account.client.post('/api/auth/verify-email/resend'), 429, 'RATE_LIMITED');
      expect(await messages(account.email, 'email_verify')).toHaveLength(2);
      ok(await open(second));
      expect(ok(await account.client.post('/api/auth/verify-email/resend'), 202)).toEqual({ sent: false });
      expectError(await clientFrom(server.url).post('/api/auth/verify-email/resend'), 401, 'UNAUTHENTICATED');
    });

    it('an unverified reader cannot ask for a loan and is told why; once verified they can', async () => {
      const reader = await accountAs(server, 'patron', {}, { verified: false });
      const book = await makeBook(db, 'Verified Readers Only', 2);
      const context = ok(await reader.client.get(`/api/loans/for-book/${book.id}`));
      expect(context.blocked_by).toBe('EMAIL_NOT_VERIFIED');
      expectError(await reader.client.post('/api/loans', { book_id: book.id }), 403, 'EMAIL_NOT_VERIFIED');
      // Browsing and bookmarking stay open.
      expect((await reader.client.get(`/api/books/${book.id}`)).status).toBe(200);

      ok(await open(await latestToken(reader.email)));
      expect(ok(await reader.client.get(`/api/loans/for-book/${book.id}`)).blocked_by).toBeNull();
      expect(ok(await reader.client.post('/api/loans', { book_id: book.id }), 201).status).toBe('requested');
    });

    it('nor join a waiting list, whose offer would become a loan request; once verified they can', async () => {
      const reader = await accountAs(server, 'patron', {}, { verified: false });
      const book = await makeBook(db, 'Every Copy Out', 0);
      expect(ok(await reader.client.get(`/api/loans/for-book/${book.id}`)).hold_blocked_by).toBe('EMAIL_NOT_VERIFIED');
      expectError(await reader.client.post('/api/holds', { book_id: book.id }), 403, 'EMAIL_NOT_VERIFIED');
      expect(ok(await reader.client.get('/api/holds')).items).toEqual([]);

      ok(await open(await latestToken(reader.email)));
      expect(ok(await reader.client.get(`/api/loans/for-book/${book.id}`)).hold_blocked_by).toBeNull();
      expect(ok(await reader.client.post('/api/holds', { book_id: book.id }), 201).status).toBe('waiting');
    });

    it('an admin can mark an address verified (audited); others cannot', async () => {
      const reader = await accountAs(server, 'patron', {}, { verified: false });
      const librarian = await accountAs(server, 'librarian');
      expectError(await librarian.client.post(`/api/admin/users/${reader.id}/verify-email`), 403, 'FORBIDDEN');
      expectError(await reader.client.post(`/api/admin/users/${reader.id}/verify-email`), 403, 'FORBIDDEN');
      expect(ok(await admin.client.post(`/api/admin/users/${reader.id}/verify-email`))).toEqual({ verified: true });
      expect(await isVerified(reader.id)).toBe(true);
      const [entry] = await auditRows(reader.id, 'verify_user_email');
      expect(entry).toMatchObject({ actorId: admin.id, metadata: { email: reader.email } });
      // The link sent at sign-up is no longer needed.
      expect(await db.select().from(emailTokens).where(eq(emailTokens.userId, reader.id))).toHaveLength(0);
      expectError(
        await admin.client.post('/api/admin/users/00000000-0000-4000-8000-000000000000/verify-email'),
        404,
        'NOT_FOUND',
      );
    });
  });

  describe('change of e-mail', () => {
    it('needs the right password and a free, permanent address; mails both; the old stays until the link', async () => {
      const reader = await accountAs(server, 'patron');
      const other = await accountAs(server, 'patron');
      const change = (body: Record<string, unknown>) => reader.client.post('/api/auth/email/change', body);
      const next = uniqueEmail('moved');

      expectError(
        await change({ email: next, currentPassword: 'Wrong-Password-1' }),
        400,
        'CURRENT_PASSWORD_INCORRECT',
      );
      expectError(await change({ email: next }), 400, 'CURRENT_PASSWORD_INCORRECT');
      expectError(await change({ email: other.email, currentPassword: GOOD_PASSWORD }), 409, 'EMAIL_TAKEN');
      const invalid = expectError(
        await change({ email: 'not-an-email', currentPassword: GOOD_PASSWORD }),
        422,
        'VALIDATION_FAILED',
      );
      expect(invalid.details).toEqual({ fieldErrors: { email: ['validation.emailInvalid'] } });
      const disposable = expectError(
        await change({ email: 'someone@mailinator.com', currentPassword: GOOD_PASSWORD }),
        422,
        'VALIDATION_FAILED',
      );
      expect(disposable.details).toEqual({ fieldErrors: { email: ['auth.security.reasons.disposable_email'] } });
      expect(await messages(next, 'email_change_confirm')).toHaveLength(0);

      const status = ok(
        await change({ email: ` ${next.toUpperCase()} `, currentPassword: GOOD_PASSWORD, locale: 'en' }),
        202,
      );
      expect(status).toMatchObject({
        email: reader.email,
        verified: true,
        has_password: true,
        pending: { email: next },
      });
      expect(ok(await reader.client.get('/api/auth/email'))).toEqual(status);
      const token = await latestToken(next, 'email_change_confirm');
      const [notice] = await messages(reader.email, 'email_change_requested');
      const masked = `${next.slice(0, 1)}***@example.com`;
      expect(notice?.textBody).toContain(masked);
      expect(notice?.textBody).not.toContain(next);
      expect(await auditRows(reader.id, 'request_email_change')).toEqual([
        expect.objectContaining({
          actorId: reader.id,
          changes: { email: next },
          metadata: { previous_email: reader.email },
        }),
      ]);

      // Until the link is opened the account keeps its address: it still signs in with it.
      const signIn = await clientFrom(server.url).post('/api/auth/sign-in', {
        email: reader.email,
        password: GOOD_PASSWORD,
      });
      expect(signIn.status).toBe(200);

      expect(ok(await open(token))).toEqual({ purpose: 'change', email: next });
      const [user] = await db.select().from(authUsers).where(eq(authUsers.id, reader.id));
      const [profile] = await db.select().from(profiles).where(eq(profiles.id, reader.id));
      expect({ auth: user?.email, profile: profile?.email, verified: user?.emailVerified }).toEqual({
        auth: next,
        profile: next,
        verified: true,
      });
      expect(ok(await reader.client.get('/api/auth/email'))).toMatchObject({ email: next, pending: null });
      expect(await auditRows(reader.id, 'complete_email_change')).toEqual([
        expect.objectContaining({
          actorId: reader.id,
          changes: { email: next },
          metadata: { previous_email: reader.email },
        }),
      ]);
      expectError(await open(token), 400, 'INVALID_EMAIL_LINK');
      const newSignIn = await clientFrom(server.url).post('/api/auth/sign-in', {
        email: next,
        password: GOOD_PASSWORD,
      });
      expect(newSignIn.status).toBe(200);
      expectError(
        await clientFrom(server.url).post('/api/auth/sign-in', { email: reader.email, password: GOOD_PASSWORD }),
        401,
        'INVALID_CREDENTIALS',
      );
    });

    it('refuses a link whose address was taken meanwhile, an expired one, and a cancelled one', async () => {
      const reader = await accountAs(server, 'patron');
      const wanted = uniqueEmail('wanted');
      ok(await reader.client.post('/api/auth/email/change', { email: wanted, currentPassword: GOOD_PASSWORD }), 202);
      const token = await latestToken(wanted, 'email_change_confirm');
      await registerAccount(clientFrom(server.url), { email: wanted });
      expectError(await open(token), 409, 'EMAIL_TAKEN');
      expect((await db.select().from(authUsers).where(eq(authUsers.id, reader.id)))[0]?.email).toBe(reader.email);

      const later = uniqueEmail('later');
      ok(await reader.client.post('/api/auth/email/change', { email: later, currentPassword: GOOD_PASSWORD }), 202);
      const expiring = await latestToken(later, 'email_change_confirm');
      await db
        .update(emailTokens)
        .set({ expiresAt: sql`now() - interval '1 second'` })
        .where(eq(emailTokens.tokenHash, hashToken(expiring)));
      expect(expectError(await open(expiring), 400, 'INVALID_EMAIL_LINK').details).toEqual({ reason: 'expired' });
      expect(ok(await reader.client.get('/api/auth/email')).pending).toBeNull();

      const cancelled = uniqueEmail('cancelled');
      ok(await reader.client.post('/api/auth/email/change', { email: cancelled, currentPassword: GOOD_PASSWORD }), 202);
      const cancelledToken = await latestToken(cancelled, 'email_change_confirm');
      expect(ok(await reader.client.delete('/api/auth/email/change')).pending).toBeNull();
      expectError(await open(cancelledToken), 400, 'INVALID_EMAIL_LINK');
      expect((await db.select().from(authUsers).where(eq(authUsers.id, reader.id)))[0]?.email).toBe(reader.email);
    });

    it('a Google-only account changes its e-mail within 10 minutes of signing in, not later', async () => {
      const reader = await accountAs(server, 'patron');
      await db
        .delete(authAccounts)
        .where(and(eq(authAccounts.userId, reader.id), eq(authAccounts.providerId, 'credential')));
      expect(ok(await reader.client.get('/api/auth/email')).has_password).toBe(false);
      const first = uniqueEmail('google');
      ok(await reader.client.post('/api/auth/email/change', { email: first }), 202);
      await db
        .update(authSessions)
        .set({ createdAt: sql`now() - interval '11 minutes'` })
        .where(eq(authSessions.userId, reader.id));
      expectError(
        await reader.client.post('/api/auth/email/change', { email: uniqueEmail('late') }),
        403,
        'RECENT_SIGN_IN_REQUIRED',
      );
    });

    it('limits change requests per account', async () => {
      const reader = await accountAs(server, 'patron');
      for (let n = 0; n < 5; n++) {
        await reader.client.post('/api/auth/email/change', { email: uniqueEmail('many'), currentPassword: 'Wrong-1x' });
      }
      expectError(
        await reader.client.post('/api/auth/email/change', {
          email: uniqueEmail('many'),
          currentPassword: GOOD_PASSWORD,
        }),
        429,
        'RATE_LIMITED',
      );
    });

    it('twenty concurrent opens of one link: exactly one succeeds', async () => {
      const reader = await accountAs(server, 'patron');
      const target = uniqueEmail('race');
      ok(await reader.client.post('/api/auth/email/change', { email: target, currentPassword: GOOD_PASSWORD }), 202);
      const token = await latestToken(target, 'email_change_confirm');
      const answers = await Promise.all(Array.from({ length: 20 }, () => open(token)));
      expect(answers.filter((answer) => answer.status === 200)).toHaveLength(1);
      for (const answer of answers.filter((a) => a.status !== 200)) expectError(answer, 400, 'INVALID_EMAIL_LINK');
      expect(await auditRows(reader.id, 'complete_email_change')).toHaveLength(1);
    });
  });
});
