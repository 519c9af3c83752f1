/**
 * Admin user management through HTTP (accounts-and-auth §2, §3, §4 "Admin list", §6, §7): who may
 * read and who may change, the list (count, pages, sort, filters, search), role and status changes
 * audited in the same transaction, suspension ending sessions at once, the last admin and one's
 * own account protected, e-mail change, creation with a set-password link, deletion, the audit log.
 */

import type { Role } from '@maktaba/shared/permissions';
import { AuditListSchema, UserDetailSchema, UserListSchema } from '@maktaba/shared/schemas/admin-users';
import { and, desc, eq, sql } from 'drizzle-orm';
import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../src/db/client.js';
import {
  adminAuditLog,
  authSessions,
  authUsers,
  bookCopies,
  bookmarks,
  books,
  checkouts,
  emailOutbox,
  feedbackReports,
  profiles,
  userNotifications,
} from '../src/db/schema/index.js';
import { renderEmail } from '../src/modules/mail/templates.js';
import { type ApiClient, clientFrom, expectError, GOOD_PASSWORD, uniqueEmail } from './api-client.js';
import { accountAs, describeEachDriver, useTestServer } from './helpers.js';

const PUBLIC_URL = 'http://library.example.test:8080';
const LINK_PATTERN = /\/auth\/update-password#access_token=([A-Za-z0-9_-]{43})(?![A-Za-z0-9_-])/;
const NEW_PASSWORD = 'Amber-Harbour-73';

describe('admin user-management e-mails', () => {
  it('tell the old address of an e-mail change, and give a new account its 72-hour link, in both languages', () => {
    const changed = { to: 'old@example.org', template: 'email_changed' as const, data: { signInUrl: PUBLIC_URL } };
    expect(renderEmail({ ...changed, locale: 'en' }).text).toContain(
      'changed the e-mail address of the account that used old@example.org',
    );
    const changedAr = renderEmail({ ...changed, locale: 'ar' });
    expect(changedAr.subject).toBe('تم تغيير البريد الإلكتروني لحسابك في «مكتبة»');
    expect(changedAr.html).toMatch(/<html lang="ar" dir="rtl">/);

    const link = `${PUBLIC_URL}/auth/update-password#access_token=${'a'.repeat(43)}`;
    const created = {
      to: 'new@example.org',
      template: 'account_created' as const,
      data: { link, expiresInMinutes: 72 * 60 },
    };
    const en = renderEmail({ ...created, locale: 'en' });
    expect(en.subject).toBe('Your Maktaba account is ready');
    expect(en.text).toContain('This link is valid for 72 hours');
    expect(en.html).toContain(`href="${link}"`);
    const ar = renderEmail({ ...created, locale: 'ar' });
    expect(ar.text).toContain('حساباً للبريد الإلكتروني new@example.org');
    expect(ar.text).toContain('هذا الرابط صالح لمدة 72 ساعة');
  });
});

describeEachDriver('admin user management over HTTP', (driver) => {
  const server = useTestServer(driver, { env: { TRUST_PROXY_HOPS: '1', PUBLIC_URL } });
  let db: Database;
  let admin: { client: ApiClient; id: string; email: string };
  let librarian: { client: ApiClient; id: string };
  let patron: { client: ApiClient; id: string; email: string; password: string };

  beforeAll(async () => {
    db = server.db;
    admin = await account('Audit Admin', 'admin');
    librarian = await account('Lending Librarian', 'librarian');
    patron = await account('Plain Patron');
  });

  const account = (name: string, role: Role = 'patron') => accountAs(server, role, { name });

  /** Users straight into the tables (no password): quick, for the list's counts and orders. */
  async function seedUsers(tag: string, rows: { name: string; role?: string; status?: string; limit?: number }[]) {
    const ids: string[] = [];
    for (const [index, row] of rows.entries()) {
      const email = `${tag}.${index}@example.com`;
      const [user] = await db.insert(authUsers).values({ email, name: row.name }).returning({ id: authUsers.id });
      if (!user) throw new Error('no user');
      await db.insert(profiles).values({
        id: user.id,
        email,
        displayName: row.name,
        role: row.role ?? 'patron',
        status: row.status ?? 'active',
        borrowingLimit: row.limit ?? 3,
        createdAt: new Date(Date.UTC(2024, 0, 1 + index)),
      });
      ids.push(user.id);
    }
    return ids;
  }

  const list = async (client: ApiClient, query: string) => {
    const response = await client.get(`/api/admin/users?${query}`);
    expect(response.status).toBe(200);
    return UserListSchema.parse(response.body);
  };

  async function auditOf(target: string, action?: string) {
    return db
      .select()
      .from(adminAuditLog)
      .where(and(eq(adminAuditLog.targetUser, target), action ? eq(adminAuditLog.actionType, action) : undefined))
      .orderBy(desc(adminAuditLog.createdAt));
  }

  it('is described in the OpenAPI document', async () => {
    const document = (await (await fetch(`${server.url}/api/openapi.json`)).json()) as {
      paths: Record<string, Record<string, unknown>>;
    };
    const expected = {
      '/api/admin/users': ['get', 'post'],
      '/api/admin/users/{id}': ['get', 'patch', 'delete'],
      '/api/admin/users/{id}/email': ['post'],
      '/api/admin/users/{id}/sessions/revoke': ['post'],
      '/api/admin/users/{id}/repair': ['post'],
      '/api/admin/users/{id}/activity': ['get'],
      '/api/admin/users/{id}/borrowings': ['get'],
      '/api/admin/audit-log': ['get'],
    };
    for (const [path, methods] of Object.entries(expected)) {
      expect(Object.keys(document.paths[path] ?? {}).sort()).toEqual([...methods].sort());
    }
  });

  describe('who may do what', () => {
    it('refuses the signed-out (401) and patrons (403) on every route', async () => {
      const anonymous = clientFrom(server.url);
      const id = patron.id;
      const calls = [
        (c: ApiClient) => c.get('/api/admin/users'),
        (c: ApiClient) => c.get(`/api/admin/users/${id}`),
        (c: ApiClient) => c.get(`/api/admin/users/${id}/activity`),
        (c: ApiClient) => c.get(`/api/admin/users/${id}/borrowings`),
        (c: ApiClient) => c.patch(`/api/admin/users/${id}`, { role: 'admin' }),
        (c: ApiClient) => c.post(`/api/admin/users/${id}/email`, { email: uniqueEmail() }),
        (c: ApiClient) => c.post(`/api/admin/users/${id}/sessions/revoke`),
        (c: ApiClient) => c.post(`/api/admin/users/${id}/repair`),
        (c: ApiClient) => c.post('/api/admin/users', { email: uniqueEmail(), display_name: 'New One' }),
        (c: ApiClient) => c.delete(`/api/admin/users/${id}`),
        (c: ApiClient) => c.get('/api/admin/audit-log'),
      ];
      for (const call of calls) {
        expectError(await call(anonymous), 401, 'UNAUTHENTICATED');
        expectError(await call(patron.client), 403, 'FORBIDDEN');
      }
      const [row] = await db.select().from(profiles).where(eq(profiles.id, id));
      expect(row?.role).toBe('patron');
    });

    it('lets a librarian read users, and nothing more: no edit, no admin-making, no audit log', async () => {
      expect((await librarian.client.get('/api/admin/users')).status).toBe(200);
      expect((await librarian.client.get(`/api/admin/users/${patron.id}`)).status).toBe(200);
      expect((await librarian.client.get(`/api/admin/users/${patron.id}/activity`)).status).toBe(200);
      expect((await librarian.client.get(`/api/admin/users/${patron.id}/borrowings`)).status).toBe(200);
      expectError(await librarian.client.patch(`/api/admin/users/${patron.id}`, { role: 'admin' }), 403, 'FORBIDDEN');
      expectError(
        await librarian.client.patch(`/api/admin/users/${librarian.id}`, { role: 'admin' }),
        403,
        'FORBIDDEN',
      );
      expectError(
        await librarian.client.patch(`/api/admin/users/${patron.id}`, { display_name: 'Renamed' }),
        403,
        'FORBIDDEN',
      );
      expectError(
        await librarian.client.post('/api/admin/users', { email: uniqueEmail(), display_name: 'X Y', role: 'admin' }),
        403,
        'FORBIDDEN',
      );
      expectError(await librarian.client.delete(`/api/admin/users/${patron.id}`), 403, 'FORBIDDEN');
      expectError(await librarian.client.get('/api/admin/audit-log'), 403, 'FORBIDDEN');
      const roles = await db.select({ role: profiles.role }).from(profiles).where(eq(profiles.role, 'admin'));
      expect(roles).toHaveLength(1);
    });

    it("does not serve better-auth's admin endpoints to anyone", async () => {
      for (const client of [clientFrom(server.url), patron.client, librarian.client, admin.client]) {
        for (const path of ['/api/auth/admin/list-users', '/api/auth/admin/set-role']) {
          const response = path.endsWith('set-role')
            ? await client.post(path, { userId: patron.id, role: 'admin' })
            : await client.get(path);
          expect(response.status).toBe(404);
        }
      }
      const [row] = await db.select().from(profiles).where(eq(profiles.id, patron.id));
      expect(row?.role).toBe('patron');
    });
  });

  describe('the list', () => {
    it('counts exactly, pages by 15, sorts by any column both ways (nulls last) and filters', async () => {
      const tag = `zq${Date.now().toString(36)}`;
      const rows = Array.from({ length: 17 }, (_, i) => ({
        name: `${tag} Member ${String(i).padStart(2, '0')}`,
        role: i % 5 === 0 ? 'librarian' : 'patron',
        status: i === 3 ? 'suspended' : 'active',
        limit: i + 1,
      }));
      await seedUsers(tag, rows);

      const first = await list(admin.client, `search=${tag}`);
      expect(first.pagination).toEqual({ currentPage: 1, totalPages: 2, totalItems: 17, perPage: 15 });
      expect(first.users).toHaveLength(15);
      // Default: newest first.
      expect(first.users[0]?.display_name).toBe(`${tag} Member 16`);
      const second = await list(admin.client, `search=${tag}&page=2`);
      expect(second.users.map((user) => user.display_name)).toEqual([`${tag} Member 01`, `${tag} Member 00`]);

      const byLimitAsc = await list(admin.client, `search=${tag}&sort=borrowing_limit&direction=asc`);
      expect(byLimitAsc.users[0]?.borrowing_limit).toBe(1);
      const byLimitDesc = await list(admin.client, `search=${tag}&sort=borrowing_limit&direction=desc`);
      expect(byLimitDesc.users[0]?.borrowing_limit).toBe(17);
      const byName = await list(admin.client, `search=${tag}&sort=display_name&direction=asc`);
      expect(byName.users[0]?.display_name).toBe(`${tag} Member 00`);
      const byEmail = await list(admin.client, `search=${tag}&sort=email&direction=desc`);
      expect(byEmail.users[0]?.email).toBe(`${tag}.9@example.com`);
      // Nobody of these has been active: nulls come last in both directions, after the others.
      for (const direction of ['asc', 'desc']) {
        const all = await list(admin.client, `sort=last_activity_at&direction=${direction}&per_page=100`);
        const firstNull = all.users.findIndex((user) => user.last_activity_at === null);
        expect(all.users.slice(firstNull).every((user) => user.last_activity_at === null)).toBe(true);
      }

      const librarians = await list(admin.client, `search=${tag}&role=librarian`);
      expect(librarians.pagination.totalItems).toBe(4);
      const suspended = await list(admin.client, `search=${tag}&status=suspended`);
      expect(suspended.users.map((user) => user.display_name)).toEqual([`${tag} Member 03`]);

      // Case-insensitive on the name and the e-mail; LIKE wildcards are literal.
      expect((await list(admin.client, `search=${tag.toUpperCase()}%20MEMBER%2012`)).pagination.totalItems).toBe(1);
      expect((await list(admin.client, `search=${tag}.12@EXAMPLE`)).pagination.totalItems).toBe(1);
      expect((await list(admin.client, `search=${tag}%25`)).pagination.totalItems).toBe(0);
      expect((await list(admin.client, `search=${tag}_`)).pagination.totalItems).toBe(0);
    });

    it('accepts only the three roles and the known columns', async () => {
      expect((await admin.client.get('/api/admin/users?role=guest')).status).toBe(422);
      expect((await admin.client.get('/api/admin/users?sort=password')).status).toBe(422);
      expect((await admin.client.get('/api/admin/users?status=banned')).status).toBe(422);
    });
  });

  describe('detail and changes', () => {
    it('shows the profile, the sessions and no setup problems for a whole account', async () => {
      const response = await admin.client.get(`/api/admin/users/${patron.id}`);
      const detail = UserDetailSchema.parse(response.body);
      expect(detail.profile.email).toBe(patron.email);
      expect(detail.active_sessions).toBe(1);
      expect(detail.setup_problems).toEqual([]);
      expect((await admin.client.get('/api/admin/users/00000000-0000-4000-8000-000000000000')).status).toBe(404);
    });

    it('changes the role with an audit entry (previous role, actor, address) and ignores unknown keys', async () => {
      const target = await account('Promoted Reader');
      const response = await admin.client.patch(`/api/admin/users/${target.id}`, {
        role: 'librarian',
        id: '00000000-0000-4000-8000-000000000000',
        email: 'hijack@example.com',
        created_at: '2000-01-01T00:00:00Z',
        status: 'active',
      });
      expect(response.status).toBe(200);
      const detail = UserDetailSchema.parse(response.body);
      expect(detail.profile).toMatchObject({ id: target.id, email: target.email, role: 'librarian' });
      expect(detail.profile.created_at.startsWith('2000')).toBe(false);
      const entries = await auditOf(target.id);
      expect(entries).toHaveLength(1);
      expect(entries[0]).toMatchObject({
        actionType: 'update_user_role',
        actorId: admin.id,
        changes: { role: 'librarian' },
        metadata: { previous_role: 'patron' },
      });
      expect(entries[0]?.ipAddress).toMatch(/^10\./);

      const renamed = await admin.client.patch(`/api/admin/users/${target.id}`, {
        display_name: 'Renamed Reader',
        biography: 'Reads tafsir',
        borrowing_limit: 5,
      });
      expect(renamed.body.profile).toMatchObject({ display_name: 'Renamed Reader', borrowing_limit: 5 });
      const [profileEntry] = await auditOf(target.id, 'update_user_profile');
      expect(profileEntry?.metadata).toMatchObject({ previous: { display_name: 'Promoted Reader' } });

      expect((await admin.client.patch(`/api/admin/users/${target.id}`, { unknown: 1 })).status).toBe(422);
      expect((await admin.client.patch(`/api/admin/users/${target.id}`, { borrowing_limit: 0 })).status).toBe(422);
    });

    it('records only the profile fields that changed, and nothing for an edit that changes nothing', async () => {
      const target = await account('Steady Reader');
      await admin.client.patch(`/api/admin/users/${target.id}`, { biography: 'Reads history', borrowing_limit: 4 });
      expect(await auditOf(target.id, 'update_user_profile')).toHaveLength(1);

      const same = await admin.client.patch(`/api/admin/users/${target.id}`, {
        display_name: 'Steady Reader',
        biography: 'Reads history',
        borrowing_limit: 4,
      });
      expect(same.status).toBe(200);
      expect(await auditOf(target.id, 'update_user_profile')).toHaveLength(1);

      await admin.client.patch(`/api/admin/users/${target.id}`, {
        display_name: 'Steady Reader',
        biography: 'Reads history',
        borrowing_limit: 6,
      });
      const [latest] = await auditOf(target.id, 'update_user_profile');
      expect(latest?.changes).toEqual({ borrowing_limit: 6 });
      expect(latest?.metadata).toEqual({ previous: { borrowing_limit: 4 } });
    });

    it('writes the change and its audit entry together, or neither', async () => {
      const target = await account('Atomic Reader');
      await db.execute(
        sql`alter table admin_audit_log add constraint test_no_status check (action_type <> 'update_user_status')`,
      );
      try {
        const response = await admin.client.patch(`/api/admin/users/${target.id}`, {
          role: 'librarian',
          status: 'suspended',
        });
        expect(response.status).toBe(500);
      } finally {
        await db.execute(sql`alter table admin_audit_log drop constraint test_no_status`);
      }
      const [row] = await db.select().from(profiles).where(eq(profiles.id, target.id));
      expect({ role: row?.role, status: row?.status }).toEqual({ role: 'patron', status: 'active' });
      expect(await auditOf(target.id)).toHaveLength(0);
      // Its session was not ended either.
      expect((await target.client.get('/api/profiles/me')).status).toBe(200);
    });

    it('suspending ends the user’s sessions at once, and they cannot sign in', async () => {
      const target = await account('Suspended Reader');
      const elsewhere = clientFrom(server.url);
      expect((await elsewhere.signIn(target.email, target.password)).status).toBe(200);
      expect((await elsewhere.get('/api/profiles/me')).status).toBe(200);

      const response = await admin.client.patch(`/api/admin/users/${target.id}`, { status: 'suspended' });
      expect(response.status).toBe(200);
      expect(response.body.active_sessions).toBe(0);
      expectError(await elsewhere.get('/api/profiles/me'), 401, 'UNAUTHENTICATED');
      expectError(await target.client.get('/api/profiles/me'), 401, 'UNAUTHENTICATED');
      expectError(await clientFrom(server.url).signIn(target.email, target.password), 403, 'ACCOUNT_DISABLED');
      const [entry] = await auditOf(target.id, 'update_user_status');
      expect(entry).toMatchObject({ changes: { status: 'suspended' }, metadata: { previous_status: 'active' } });

      expect((await admin.client.patch(`/api/admin/users/${target.id}`, { status: 'active' })).status).toBe(200);
      expect((await clientFrom(server.url).signIn(target.email, target.password)).status).toBe(200);
    });

    it('ends every session of a user on request', async () => {
      const target = await account('Revoked Reader');
      const response = await admin.client.post(`/api/admin/users/${target.id}/sessions/revoke`);
      expect(response.body).toEqual({ ended: 1 });
      expectError(await target.client.get('/api/profiles/me'), 401, 'UNAUTHENTICATED');
      const session = await target.client.session();
      expect(session.body.signedOutReason).toBe('revoked');
      expect(await auditOf(target.id, 'revoke_user_sessions')).toHaveLength(1);
    });

    it("lets an admin set a user's avatar through the image upload, and nobody else", async () => {
      const target = await account('Pictured Reader');
      const image = await sharp({ create: { width: 64, height: 64, channels: 3, background: '#0f766e' } })
        .png()
        .toBuffer();
      const put = async (client: ApiClient) => {
        const form = new FormData();
        form.append('file', new Blob([new Uint8Array(image)], { type: 'image/png' }), 'avatar.png');
        const response = await fetch(`${server.url}/api/profiles/${target.id}/avatar`, {
          method: 'PUT',
          body: form,
          headers: { cookie: client.cookieHeader(), ...client.defaultHeaders },
        });
        return { status: response.status, body: (await response.json()) as { key?: string } };
      };
      expect((await put(librarian.client)).status).toBe(404);
      expect((await put(patron.client)).status).toBe(404);
      const uploaded = await put(admin.client);
      expect(uploaded.status).toBe(200);
      const detail = UserDetailSchema.parse((await admin.client.get(`/api/admin/users/${target.id}`)).body);
      expect(detail.profile.avatar_key).toBe(uploaded.body.key);
    });

    it('finds and repairs a broken profile setup', async () => {
      const [ghost] = await seedUsers(`ghost${Date.now().toString(36)}`, [{ name: 'Ghost Reader' }]);
      if (!ghost) throw new Error('no user');
      await db.delete(profiles).where(eq(profiles.id, ghost));
      const before = UserDetailSchema.parse((await admin.client.get(`/api/admin/users/${ghost}`)).body);
      expect(before.setup_problems).toEqual(['profile_missing']);
      const repaired = UserDetailSchema.parse((await admin.client.post(`/api/admin/users/${ghost}/repair`)).body);
      expect(repaired.setup_problems).toEqual([]);
      expect(await db.select().from(profiles).where(eq(profiles.id, ghost))).toHaveLength(1);

      const target = await account('Unflagged Reader');
      await db.update(profiles).set({ registrationCompleted: false }).where(eq(profiles.id, target.id));
      const flagged = UserDetailSchema.parse((await admin.client.get(`/api/admin/users/${target.id}`)).body);
      expect(flagged.setup_problems).toEqual(['registration_flag_unset']);
      const fixed = UserDetailSchema.parse((await admin.client.post(`/api/admin/users/${target.id}/repair`)).body);
      expect(fixed.profile.registration_completed).toBe(true);
      expect(await auditOf(target.id, 'repair_user_profile')).toHaveLength(1);
    });

    it('lists the last activities (10 by default) and the borrowings with their books, newest first', async () => {
      const target = await account('Busy Reader');
      for (let i = 0; i < 12; i++) {
        await target.client.post('/api/profiles/me/activity', { activity_type: `step_${i}` });
      }
      const activity = await admin.client.get(`/api/admin/users/${target.id}/activity`);
      expect(activity.body).toHaveLength(10);
      expect(activity.body[0].activity_type).toBe('step_11');
      expect((await admin.client.get(`/api/admin/users/${target.id}/activity?limit=3`)).body).toHaveLength(3);

      const [book] = await db.insert(books).values({ titleEn: 'Al-Kafi', titleAr: 'الكافي' }).returning();
      if (!book) throw new Error('no book');
      await db.execute(sql`insert into checkouts (user_id, book_id, checked_out_at, status, shipping_address) values
        (${target.id}, ${book.id}, '2025-01-01T00:00:00Z', 'returned', '{}'::jsonb),
        (${target.id}, ${book.id}, '2025-03-01T00:00:00Z', 'on_loan', '{}'::jsonb)`);
      const borrowings = await librarian.client.get(`/api/admin/users/${target.id}/borrowings`);
      expect(borrowings.body.map((loan: { status: string }) => loan.status)).toEqual(['on_loan', 'returned']);
      expect(borrowings.body[0].book).toEqual({ id: book.id, title: 'Al-Kafi', title_ar: 'الكافي' });
    });
  });

  describe('e-mail, creation and deletion', () => {
    it("changes a user's e-mail, tells the old address, and refuses a taken one", async () => {
      const target = await account('Moving Reader');
      const fresh = uniqueEmail('moved');
      const response = await admin.client.post(`/api/admin/users/${target.id}/email`, { email: fresh });
      expect(response.status).toBe(200);
      expect(response.body.profile.email).toBe(fresh);
      const [user] = await db.select().from(authUsers).where(eq(authUsers.id, target.id));
      expect(user?.email).toBe(fresh);
      const notices = await db.select().from(emailOutbox).where(eq(emailOutbox.toAddress, target.email));
      expect(notices.map((notice) => notice.template)).toContain('email_changed');
      expect((await clientFrom(server.url).signIn(fresh, target.password)).status).toBe(200);
      expect(await auditOf(target.id, 'update_user_email')).toHaveLength(1);

      expectError(
        await admin.client.post(`/api/admin/users/${target.id}/email`, { email: patron.email }),
        409,
        'EMAIL_TAKEN',
      );
      expect((await admin.client.post(`/api/admin/users/${target.id}/email`, { email: 'nope' })).status).toBe(422);
    });

    it('creates a user who sets a password from the e-mailed link and signs in', async () => {
      const email = uniqueEmail('created');
      const response = await admin.client.post('/api/admin/users', {
        email,
        display_name: 'Created Reader',
        role: 'librarian',
        locale: 'ar',
      });
      expect(response.status).toBe(201);
      const detail = UserDetailSchema.parse(response.body);
      expect(detail.profile).toMatchObject({
        email,
        role: 'librarian',
        creation_source: 'admin',
        created_by: admin.id,
      });
      expectError(await clientFrom(server.url).signIn(email, GOOD_PASSWORD), 401, 'INVALID_CREDENTIALS');

      const [message] = await db.select().from(emailOutbox).where(eq(emailOutbox.toAddress, email));
      expect(message).toMatchObject({ template: 'account_created', locale: 'ar' });
      const token = message?.textBody.match(LINK_PATTERN)?.[1];
      expect(message?.textBody).toContain(`${PUBLIC_URL}/auth/update-password#access_token=`);
      const reset = await clientFrom(server.url).post('/api/auth/reset-password', {
        token,
        newPassword: NEW_PASSWORD,
      });
      expect(reset.status).toBeLessThan(300);
      expect((await clientFrom(server.url).signIn(email, NEW_PASSWORD)).status).toBe(200);
      expect(await auditOf(detail.profile.id, 'create_user')).toHaveLength(1);

      expectError(await admin.client.post('/api/admin/users', { email, display_name: 'Again' }), 409, 'EMAIL_TAKEN');

      // Two admins creating the same account at once: one account, and the other is told it is taken.
      const twice = uniqueEmail('twice');
      const both = await Promise.all(
        [admin.client, admin.client].map((client) =>
          client.post('/api/admin/users', { email: twice, display_name: 'Twice' }),
        ),
      );
      expect(both.map((answer) => answer.status).sort()).toEqual([201, 409]);
      expect(await db.select().from(authUsers).where(eq(authUsers.email, twice))).toHaveLength(1);
    });

    it('deletes a user and their data, keeping the audit entry with the e-mail', async () => {
      const target = await account('Leaving Reader');
      const [book] = await db.insert(books).values({ titleEn: 'Nahj al-Balagha' }).returning();
      if (!book) throw new Error('no book');
      await db.insert(bookmarks).values({ userId: target.id, bookId: book.id });
      await db.insert(userNotifications).values({ userId: target.id, title: 'Hello', message: 'A message' });

      await db.execute(sql`insert into checkouts (user_id, book_id, checked_out_at, returned_at, status, shipping_address)
        values (${target.id}, ${book.id}, '2025-02-01T00:00:00Z', '2025-02-20T00:00:00Z', 'returned', '{}'::jsonb)`);
      const sent = await target.client.post('/api/feedback', {
        kind: 'feedback',
        fields: {
          goal: 'Find tafsir',
          helpful: 'partially',
          improvements: 'More Arabic originals',
          topic_requests: 'Fiqh of prayer',
        },
      });
      expect(sent.status).toBe(201);

      const response = await admin.client.delete(`/api/admin/users/${target.id}`);
      expect(response.status).toBe(200);
      expect(typeof response.body.message).toBe('string');
      expectError(await target.client.get('/api/profiles/me'), 401, 'UNAUTHENTICATED');
      for (const table of [authSessions, bookmarks, userNotifications] as const) {
        expect(await db.select().from(table).where(eq(table.userId, target.id))).toHaveLength(0);
      }
      expect(await db.select().from(profiles).where(eq(profiles.id, target.id))).toHaveLength(0);
      expect((await target.client.session()).body).toMatchObject({ user: null, signedOutReason: 'revoked' });
      const [entry] = await auditOf(target.id, 'delete_user');
      expect(entry?.metadata).toMatchObject({ email: target.email });
      // The lending record stays, without anyone's identity; the feedback loses its sender.
      const loans = entry?.metadata.retained_loans as Record<string, unknown>[];
      expect(loans).toHaveLength(1);
      expect(loans[0]).toMatchObject({ book_id: book.id, status: 'returned' });
      expect(JSON.stringify(loans)).not.toContain(target.id);
      const kept = await db.select().from(checkouts).where(eq(checkouts.bookId, book.id));
      expect(kept).toMatchObject([{ userId: null, status: 'returned', shippingAddress: { country: '', city: '' } }]);
      const [report] = await db.select().from(feedbackReports).where(eq(feedbackReports.id, sent.body.id));
      expect(report).toMatchObject({ userId: null, name: null, email: null });
      expect((await admin.client.delete(`/api/admin/users/${target.id}`)).status).toBe(404);
    });

    it('refuses to delete a reader with a book out (BOOKS_OUT), and deletes them once it is back', async () => {
      const target = await account('Reader With A Book');
      const [book] = await db.insert(books).values({ titleEn: 'Al-Kafi, volume 1' }).returning();
      if (!book) throw new Error('no book');
      const [copy] = await db.insert(bookCopies).values({ bookId: book.id, status: 'on_loan' }).returning();
      const [loan] = await db
        .insert(checkouts)
        .values({
          userId: target.id,
          bookId: book.id,
          copyId: copy?.id,
          status: 'on_loan',
          shippingAddress: {
            name: 'Reader With A Book',
            address_line_1: '12 Main Street',
            address_line_2: null,
            city: 'Dearborn',
            state_province: 'MI',
            postal_code: '48126',
            country: 'United States',
            phone_number: null,
          },
        })
        .returning();
      if (!loan || !copy) throw new Error('no loan');

      expectError(await admin.client.delete(`/api/admin/users/${target.id}`), 409, 'BOOKS_OUT');
      // Nothing changed: the account, its session, the loan and the copy are as they were.
      expect((await target.client.get('/api/profiles/me')).status).toBe(200);
      expect(await db.select().from(checkouts).where(eq(checkouts.id, loan.id))).toMatchObject([{ status: 'on_loan' }]);
      expect(await auditOf(target.id, 'delete_user')).toHaveLength(0);

      await db.update(checkouts).set({ status: 'returned', returnedAt: new Date() }).where(eq(checkouts.id, loan.id));
      await db.update(bookCopies).set({ status: 'available' }).where(eq(bookCopies.id, copy.id));
      expect((await admin.client.delete(`/api/admin/users/${target.id}`)).status).toBe(200);
      const [kept] = await db.select().from(bookCopies).where(eq(bookCopies.id, copy.id));
      expect(kept?.status).toBe('available');
    });

    it('never lets an admin change or delete themselves, nor leaves the library without an admin', async () => {
      const second = await account('Second Admin', 'admin');
      expectError(await admin.client.delete(`/api/admin/users/${admin.id}`), 403, 'SELF_CHANGE');
      expectError(await admin.client.patch(`/api/admin/users/${admin.id}`, { role: 'patron' }), 403, 'SELF_CHANGE');
      expectError(
        await admin.client.patch(`/api/admin/users/${admin.id}`, { status: 'suspended' }),
        403,
        'SELF_CHANGE',
      );
      // Changing their own name is fine.
      expect((await admin.client.patch(`/api/admin/users/${admin.id}`, { display_name: 'Audit Admin' })).status).toBe(
        200,
      );

      // With the second admin demoted, the first is the last one.
      expect((await admin.client.patch(`/api/admin/users/${second.id}`, { role: 'patron' })).status).toBe(200);
      expectError(await admin.client.patch(`/api/admin/users/${admin.id}`, { role: 'patron' }), 409, 'LAST_ADMIN');
      expectError(await admin.client.delete(`/api/admin/users/${admin.id}`), 409, 'LAST_ADMIN');
      const [row] = await db.select().from(profiles).where(eq(profiles.id, admin.id));
      expect({ role: row?.role, status: row?.status }).toEqual({ role: 'admin', status: 'active' });
    });
  });

  describe('the audit log', () => {
    it('lists entries newest first, with filters by action, target, actor and time', async () => {
      const target = await account('Audited Reader');
      await admin.client.patch(`/api/admin/users/${target.id}`, { role: 'librarian' });
      await admin.client.patch(`/api/admin/users/${target.id}`, { status: 'deactivated' });

      const all = AuditListSchema.parse((await admin.client.get(`/api/admin/audit-log?target_user=${target.id}`)).body);
      expect(all.entries.map((entry) => entry.action_type)).toEqual(['update_user_status', 'update_user_role']);
      expect(all.entries[0]).toMatchObject({
        actor: { id: admin.id, email: admin.email },
        target_email: target.email,
        metadata: { previous_status: 'active' },
      });
      const roles = AuditListSchema.parse(
        (await admin.client.get(`/api/admin/audit-log?target_user=${target.id}&action_type=update_user_role`)).body,
      );
      expect(roles.total).toBe(1);
      const byActor = AuditListSchema.parse((await admin.client.get(`/api/admin/audit-log?actor=${admin.id}`)).body);
      expect(byActor.total).toBeGreaterThanOrEqual(2);
      const future = encodeURIComponent(new Date(Date.now() + 60_000).toISOString());
      const none = AuditListSchema.parse((await admin.client.get(`/api/admin/audit-log?from=${future}`)).body);
      expect(none.total).toBe(0);
      const deleted = AuditListSchema.parse(
        (await admin.client.get('/api/admin/audit-log?action_type=delete_user')).body,
      );
      expect(deleted.entries[0]?.target_email).toMatch(/@example\.com$/);
      expect((await admin.client.get('/api/admin/audit-log?action_type=bogus')).status).toBe(422);
    });
  });
});
