/**
 * Catalogue changes in the admin audit log, through HTTP: books, authors and scholars created,
 * edited (only the fields that changed, before and after; nothing for a save that changes
 * nothing) and deleted, each entry naming who, from where, and the record with its name; the log
 * filtered by the new actions. User entries keep their shape.
 */
import { type AuditEntry, AuditListSchema } from '@maktaba/shared/schemas/admin-users';
import { eq, sql } from 'drizzle-orm';
import { beforeAll, expect, it } from 'vitest';
import type { Database } from '../src/db/client.js';
import { authors } from '../src/db/schema/index.js';
import { accountAs, describeEachDriver, type TestAccount, useTestServer } from './helpers.js';

describeEachDriver('catalogue changes in the audit log', (driver) => {
  const server = useTestServer(driver, { env: { TRUST_PROXY_HOPS: '1' } });
  let db: Database;
  let admin: TestAccount;
  let librarian: TestAccount;

  beforeAll(async () => {
    db = server.db;
    [admin, librarian] = await Promise.all([
      accountAs(server, 'admin', { name: 'Audit Reader Admin' }),
      accountAs(server, 'librarian', { name: 'Cataloguing Librarian' }),
    ]);
  });

  /** The entries about one record, newest first. */
  async function entriesFor(id: string): Promise<AuditEntry[]> {
    const response = await admin.client.get('/api/admin/audit-log?per_page=100');
    expect(response.status).toBe(200);
    return AuditListSchema.parse(response.body).entries.filter((entry) => entry.target_id === id);
  }

  const newBook = (overrides: Record<string, unknown> = {}) => ({
    title: 'Audited Treatise',
    title_ar: 'رسالة مدققة',
    author_ids: [],
    category_ids: [],
    copies_total: 2,
    copies_available: 2,
    language: 'ar',
    ...overrides,
  });

  it('records a book created, edited field by field, published and deleted', async () => {
    const author = await librarian.client.post('/api/authors', { name: 'Audited Author', name_ar: 'مؤلف مدقق' });
    expect(author.status).toBe(201);
    const created = await librarian.client.post('/api/books', newBook({ author_ids: [author.body.id] }));
    expect(created.status).toBe(201);
    const id = created.body.id as string;

    const [creation] = await entriesFor(id);
    expect(creation).toMatchObject({
      action_type: 'create_book',
      actor: { id: librarian.id, email: librarian.email },
      target_type: 'book',
      target_id: id,
      target_label: { en: 'Audited Treatise', ar: 'رسالة مدققة' },
      target_user: null,
      changes: { title: 'Audited Treatise', authors: ['Audited Author'], copies_total: 2, status: 'draft' },
    });
    expect(creation?.ip_address).toMatch(/^10\./);
    expect(creation?.changes).not.toHaveProperty('description');

    // The same form saved again changes nothing and writes nothing.
    expect((await librarian.client.put(`/api/books/${id}`, newBook({ author_ids: [author.body.id] }))).status).toBe(
      200,
    );
    expect(await entriesFor(id)).toHaveLength(1);

    const edited = await librarian.client.put(`/api/books/${id}`, newBook({ title: 'Audited Treatise, 2nd ed.' }));
    expect(edited.status).toBe(200);
    const [edit] = await entriesFor(id);
    expect(edit).toMatchObject({
      action_type: 'update_book',
      target_label: { en: 'Audited Treatise, 2nd ed.' },
      changes: { title: 'Audited Treatise, 2nd ed.', authors: [] },
      metadata: { previous: { title: 'Audited Treatise', authors: ['Audited Author'] } },
    });
    expect(Object.keys(edit?.changes ?? {}).sort()).toEqual(['authors', 'title']);

    expect((await admin.client.post(`/api/books/${id}/status`, { status: 'approved' })).status).toBe(200);
    const [published] = await entriesFor(id);
    expect(published).toMatchObject({
      action_type: 'update_book',
      actor: { id: admin.id },
      changes: { status: 'approved' },
      metadata: { previous: { status: 'draft' } },
    });

    expect((await admin.client.delete(`/api/books/${id}`)).status).toBe(204);
    const [deletion] = await entriesFor(id);
    expect(deletion).toMatchObject({
      action_type: 'delete_book',
      target_label: { en: 'Audited Treatise, 2nd ed.', ar: 'رسالة مدققة' },
    });
    expect(await entriesFor(id)).toHaveLength(4);

    const byAction = AuditListSchema.parse(
      (await admin.client.get('/api/admin/audit-log?action_type=delete_book')).body,
    );
    expect(byAction.entries.map((entry) => entry.target_id)).toContain(id);
  });

  it('records authors and scholars created, edited and deleted', async () => {
    const author = await librarian.client.post('/api/authors', { name: 'Shaykh Audit', name_ar: 'الشيخ المدقق' });
    const authorId = author.body.id as string;
    await librarian.client.put(`/api/authors/${authorId}`, {
      name: 'Shaykh Audit',
      name_ar: 'الشيخ المدقق',
      death_hijri: 460,
    });
    const scholar = await librarian.client.post('/api/scholars', {
      name: 'Sayyid Audit',
      name_ar: 'السيد المدقق',
      order: 3,
    });
    expect(scholar.status).toBe(201);
    const scholarId = scholar.body.id as string;
    await librarian.client.put(`/api/scholars/${scholarId}`, {
      name: 'Sayyid Audit',
      name_ar: 'السيد المدقق',
      title: 'Grand Ayatollah',
      order: 3,
    });
    expect((await admin.client.delete(`/api/scholars/${scholarId}`)).status).toBe(204);
    expect((await admin.client.delete(`/api/authors/${authorId}`)).status).toBe(204);

    const authorEntries = await entriesFor(authorId);
    expect(authorEntries.map((entry) => entry.action_type)).toEqual([
      'delete_author',
      'update_author',
      'create_author',
    ]);
    expect(authorEntries[1]).toMatchObject({
      target_type: 'author',
      changes: { death_hijri: 460 },
      metadata: { previous: { death_hijri: null } },
    });
    const scholarEntries = await entriesFor(scholarId);
    expect(scholarEntries.map((entry) => entry.action_type)).toEqual([
      'delete_scholar',
      'update_scholar',
      'create_scholar',
    ]);
    expect(scholarEntries[1]).toMatchObject({
      target_type: 'scholar',
      target_label: { en: 'Sayyid Audit', ar: 'السيد المدقق' },
      changes: { title: 'Grand Ayatollah' },
    });
  });

  it('writes a change and its audit entry together, or neither', async () => {
    await db.execute(
      sql`alter table admin_audit_log add constraint test_no_author check (action_type <> 'create_author') not valid`,
    );
    try {
      const refused = await librarian.client.post('/api/authors', { name: 'Unaudited Author' });
      expect(refused.status).toBe(500);
    } finally {
      await db.execute(sql`alter table admin_audit_log drop constraint test_no_author`);
    }
    expect(await db.select().from(authors).where(eq(authors.nameEn, 'Unaudited Author'))).toHaveLength(0);
  });
});
