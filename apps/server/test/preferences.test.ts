/**
 * Settings → Preferences and Settings → Notifications over HTTP: the reader's language, theme and
 * style kept on the profile (and returned with the session), the per-event notification channels,
 * what both routes refuse, and the lending events honouring the channels a reader switched off.
 */
import crypto from 'node:crypto';
import { type Profile, ProfileSchema } from '@maktaba/shared/schemas/profile';
import { AuthStateSchema } from '@maktaba/shared/schemas/session';
import { and, eq } from 'drizzle-orm';
import { beforeAll, expect, it } from 'vitest';
import type { Database } from '../src/db/client.js';
import { authUsers, emailOutbox, userNotifications } from '../src/db/schema/index.js';
import { expectError } from './api-client.js';
import { accountAs, describeEachDriver, type TestAccount, useTestServer } from './helpers.js';
import { makeBook, ok } from './lending-fixtures.js';

const PREFERENCES = '/api/profiles/me/preferences';
const CHANNELS = '/api/profiles/me/notification-preferences';

describeEachDriver('reader preferences', (driver) => {
  const server = useTestServer(driver, { env: { TRUST_PROXY_HOPS: '1', DEMO_CATALOGUE: 'false' } });
  let db: Database;
  let librarian: TestAccount;
  const tag = crypto.randomBytes(3).toString('hex');
  let readerNumber = 0;
  /** A patron whose e-mail address is confirmed, so that they may borrow. */
  const reader = async () => {
    const account = await accountAs(server, 'patron', { name: `Reader ${++readerNumber} ${tag}` });
    await db.update(authUsers).set({ emailVerified: true }).where(eq(authUsers.id, account.id));
    return account;
  };

  beforeAll(async () => {
    db = server.db;
    librarian = await accountAs(server, 'librarian', { name: `Desk ${tag}` });
  });

  it('a new profile has no preferences and every notification channel on', async () => {
    const me = await reader();
    const profile = ProfileSchema.parse(ok(await me.client.get('/api/profiles/me')));
    expect(profile).toMatchObject({ preferred_language: null, theme: null, style: null, notification_preferences: {} });
  });

  it('saves language, theme and style; only the keys sent change; the session returns them', async () => {
    const me = await reader();
    let profile: Profile = ProfileSchema.parse(
      ok(await me.client.put(PREFERENCES, { preferred_language: 'ar', theme: 'dark', style: 'warm' })),
    );
    expect(profile).toMatchObject({ preferred_language: 'ar', theme: 'dark', style: 'warm' });

    profile = ProfileSchema.parse(ok(await me.client.put(PREFERENCES, { theme: 'system' })));
    expect(profile).toMatchObject({ preferred_language: 'ar', theme: 'system', style: 'warm' });
    profile = ProfileSchema.parse(ok(await me.client.put(PREFERENCES, { theme: 'solarized-light', style: 'minimal' })));
    expect(profile).toMatchObject({ theme: 'solarized-light', style: 'minimal' });

    const session = AuthStateSchema.parse(ok(await me.client.get('/api/auth/session')));
    expect(session.profile).toMatchObject({ preferred_language: 'ar', theme: 'solarized-light', style: 'minimal' });

    // Null forgets a choice: the device's own applies again.
    profile = ProfileSchema.parse(ok(await me.client.put(PREFERENCES, { preferred_language: null })));
    expect(profile).toMatchObject({ preferred_language: null, theme: 'solarized-light', style: 'minimal' });
  });

  it('refuses unknown values, unknown keys, NUL characters, nested junk and an empty change', async () => {
    const me = await reader();
    await me.client.put(PREFERENCES, { theme: 'dark', style: 'focused' });
    const bodies: unknown[] = [
      {},
      { theme: 'purple' },
      { theme: 'DARK' },
      { style: 'loud' },
      { preferred_language: 'fr' },
      { preferred_language: 'en\u0000' },
      { theme: { value: 'dark' } },
      { style: ['warm'] },
      { theme: 'dark', role: 'admin' },
      { theme: 'dark', notification_preferences: {} },
      [],
      'dark',
    ];
    for (const body of bodies) {
      const response = await me.client.put(PREFERENCES, body);
      expect([400, 422], JSON.stringify(body)).toContain(response.status);
      expect(response.body.error.code, JSON.stringify(body)).toMatch(/VALIDATION_FAILED|INVALID_INPUT|BAD_REQUEST/);
    }
    const profile = ProfileSchema.parse(ok(await me.client.get('/api/profiles/me')));
    expect(profile).toMatchObject({ theme: 'dark', style: 'focused', role: 'patron' });
  });

  it('both routes are for signed-in readers only', async () => {
    const me = await reader();
    await me.client.post('/api/auth/sign-out');
    expectError(await me.client.put(PREFERENCES, { theme: 'dark' }), 401, 'UNAUTHENTICATED');
    expectError(await me.client.put(CHANNELS, {}), 401, 'UNAUTHENTICATED');
  });

  it('saves notification channels as a whole set, and refuses unknown events, channels and junk', async () => {
    const me = await reader();
    let profile = ProfileSchema.parse(
      ok(
        await me.client.put(CHANNELS, {
          loan_approved: { in_app: true, email: false },
          loan_overdue: { in_app: false, email: true },
        }),
      ),
    );
    expect(profile.notification_preferences).toEqual({
      loan_approved: { in_app: true, email: false },
      loan_overdue: { in_app: false, email: true },
    });
    // The whole set is replaced: an event left out is on again.
    profile = ProfileSchema.parse(
      ok(await me.client.put(CHANNELS, { hold_available: { in_app: false, email: true } })),
    );
    expect(profile.notification_preferences).toEqual({ hold_available: { in_app: false, email: true } });

    const bodies: unknown[] = [
      { password_reset: { in_app: false, email: false } },
      { announcements: { in_app: true, email: true } },
      { loan_approved: { in_app: true, email: true, sms: true } },
      { loan_approved: { in_app: 'no', email: true } },
      { loan_approved: { in_app: true } },
      { loan_approved: true },
      { loan_approved: { in_app: { nested: false }, email: true } },
      { 'loan_approved\u0000': { in_app: true, email: true } },
      [],
    ];
    for (const body of bodies) {
      const response = await me.client.put(CHANNELS, body);
      expect([400, 422], JSON.stringify(body)).toContain(response.status);
    }
    const after = ProfileSchema.parse(ok(await me.client.get('/api/profiles/me')));
    expect(after.notification_preferences).toEqual({ hold_available: { in_app: false, email: true } });
  });

  it('overdue notices cannot be switched off entirely: both channels off is refused with a translated reason', async () => {
    const me = await reader();
    const response = await me.client.put(CHANNELS, { loan_overdue: { in_app: false, email: false } });
    const error = expectError(response, 422, 'VALIDATION_FAILED');
    expect(error.details).toEqual({ fieldErrors: { loan_overdue: ['validation.notificationChannelRequired'] } });
    const profile = ProfileSchema.parse(ok(await me.client.get('/api/profiles/me')));
    expect(profile.notification_preferences).toEqual({});
  });

  it('an approval honours the reader’s channels: no notification when in-app is off, no e-mail when e-mail is off', async () => {
    const [inAppOff, emailOff, allOn] = await Promise.all([reader(), reader(), reader()]);
    ok(await inAppOff.client.put(CHANNELS, { loan_approved: { in_app: false, email: true } }));
    ok(await emailOff.client.put(CHANNELS, { loan_approved: { in_app: true, email: false } }));
    // A choice for another event changes nothing for approvals.
    ok(await allOn.client.put(CHANNELS, { loan_shipped: { in_app: false, email: false } }));

    const heard = async (who: TestAccount) => {
      const book = await makeBook(db, `Channels ${tag} ${who.id.slice(0, 6)}`, 1);
      const loan = ok(await who.client.post('/api/loans', { book_id: book.id }), 201) as { id: string };
      ok(await librarian.client.post(`/api/admin/loans/${loan.id}/approve`, {}));
      const notices = await db
        .select()
        .from(userNotifications)
        .where(and(eq(userNotifications.userId, who.id), eq(userNotifications.eventType, 'book_request_approved')));
      const mails = await db
        .select()
        .from(emailOutbox)
        .where(and(eq(emailOutbox.toAddress, who.email), eq(emailOutbox.template, 'loan_approved')));
      return { notices: notices.length, mails: mails.length };
    };

    expect(await heard(inAppOff)).toEqual({ notices: 0, mails: 1 });
    expect(await heard(emailOff)).toEqual({ notices: 1, mails: 0 });
    expect(await heard(allOn)).toEqual({ notices: 1, mails: 1 });
  });

  it('shipping honours the channels too: both off sends neither', async () => {
    const me = await reader();
    ok(await me.client.put(CHANNELS, { loan_shipped: { in_app: false, email: false } }));
    const book = await makeBook(db, `Shipped ${tag}`, 1);
    const loan = ok(await me.client.post('/api/loans', { book_id: book.id }), 201) as { id: string };
    ok(await librarian.client.post(`/api/admin/loans/${loan.id}/approve`, {}));
    ok(
      await librarian.client.post(`/api/admin/loans/${loan.id}/ship`, {
        carrier: 'Canada Post',
        tracking_number: 'CP9',
      }),
    );
    const mails = await db.select().from(emailOutbox).where(eq(emailOutbox.toAddress, me.email));
    // Lending mail only (the address confirmation sent at sign-up is not a lending event).
    const lendingMail = mails.map((mail) => mail.template).filter((template) => template.startsWith('loan_'));
    expect(lendingMail).toEqual(['loan_approved']);
    const notices = await db.select().from(userNotifications).where(eq(userNotifications.userId, me.id));
    expect(notices).toHaveLength(1);
  });
});
