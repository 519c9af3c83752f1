/**
 * A book's physical copies through HTTP (ADR 0014): a new book gets the copies it is created
 * with, an edit of the book never changes them, the editors list, add (one with a barcode or
 * several with assigned ones), rename, note and withdraw copies, the book's counters follow, a
 * barcode is unique whatever its case, a copy a loan holds keeps its status, every change is in
 * the audit log, and patrons and bad input are refused.
 */
import { type AuditEntry, AuditListSchema } from '@maktaba/shared/schemas/admin-users';
import { BookSchema } from '@maktaba/shared/schemas/catalogue';
import { type Copy, CopyListSchema, CopySchema } from '@maktaba/shared/schemas/loans';
import { eq, sql } from 'drizzle-orm';
import { beforeAll, expect, it } from 'vitest';
import type { Database } from '../src/db/client.js';
import { bookCopies, books, checkouts } from '../src/db/schema/index.js';
import { type ApiClient, clientFrom } from './api-client.js';
import { accountAs, describeEachDriver, type TestAccount, useTestServer } from './helpers.js';

const UNKNOWN_ID = '00000000-0000-4000-8000-000000000000';
const SHIPPING_ADDRESS = {
  name: 'Copy Reader',
  address_line_1: '1 Library Street',
  address_line_2: null,
  city: 'Karbala',
  state_province: 'Karbala',
  postal_code: '56001',
  country: 'IQ',
  phone_number: null,
};

describeEachDriver('book copies over HTTP', (driver) => {
  const server = useTestServer(driver, { env: { TRUST_PROXY_HOPS: '1' } });
  let db: Database;
  let anonymous: ApiClient;
  let librarian: TestAccount;
  let admin: TestAccount;
  let patron: TestAccount;
  let titles = 0;

  const newBook = async (overrides: Record<string, unknown> = {}) => {
    const response = await librarian.client.post('/api/books', {
      title: `Copies Treatise ${++titles}`,
      title_ar: `رسالة النسخ ${titles}`,
      copies_total: 0,
      ...overrides,
    });
    expect(response.status, JSON.stringify(response.body)).toBe(201);
    return BookSchema.parse(response.body);
  };
  const copiesOf = async (bookId: string, client = librarian.client): Promise<Copy[]> => {
    const response = await client.get(`/api/admin/books/${bookId}/copies`);
    expect(response.status, JSON.stringify(response.body)).toBe(200);
    return CopyListSchema.parse(response.body).items;
  };
  /** The counters as the book's own page reads them. */
  const counters = async (bookId: string) => {
    const book = BookSchema.parse((await librarian.client.get(`/api/books/${bookId}`)).body);
    return { total: book.copies_total, available: book.copies_available };
  };
  const add = (bookId: string, body: unknown, client = librarian.client) =>
    client.post(`/api/admin/books/${bookId}/copies`, body);
  const patch = (copyId: string, body: unknown, client = librarian.client) =>
    client.patch(`/api/admin/copies/${copyId}`, body);
  async function entriesFor(id: string): Promise<AuditEntry[]> {
    const response = await admin.client.get('/api/admin/audit-log?per_page=100');
    expect(response.status).toBe(200);
    return AuditListSchema.parse(response.body).entries.filter((entry) => entry.target_id === id);
  }

  beforeAll(async () => {
    db = server.db;
    anonymous = clientFrom(server.url);
    [librarian, admin, patron] = await Promise.all([
      accountAs(server, 'librarian', { name: 'Copies Librarian' }),
      accountAs(server, 'admin', { name: 'Copies Admin' }),
      accountAs(server, 'patron', { name: 'Copies Patron' }),
    ]);
  });

  it('creates a new book’s copies with it; an edit of the book never changes them', async () => {
    const book = await newBook({ copies_total: 3, copies_available: 2 });
    expect(book).toMatchObject({ copies_total: 3, copies_available: 2, available: true });
    const copies = await copiesOf(book.id);
    expect(copies.map((copy) => copy.status)).toEqual(['available', 'available', 'damaged']);
    expect(copies[2]?.condition_note).toMatch(/unavailable/i);
    for (const copy of copies) {
      expect(copy).toMatchObject({ book_id: book.id, loan_id: null });
      expect(copy.barcode).toMatch(/^MK\d{7,}$/);
    }
    // Barcode order.
    expect(copies.map((copy) => copy.barcode)).toEqual(copies.map((copy) => copy.barcode).sort());

    // Without a count of lendable copies, all of them can be lent.
    const all = await newBook({ copies_total: 2 });
    expect(all).toMatchObject({ copies_total: 2, copies_available: 2 });

    const edited = await librarian.client.put(`/api/books/${book.id}`, {
      title: 'Copies Treatise, edited',
      copies_total: 10,
      copies_available: 10,
    });
    expect(edited.status).toBe(200);
    expect(edited.body).toMatchObject({ title: 'Copies Treatise, edited', copies_total: 3, copies_available: 2 });
    expect(await copiesOf(book.id)).toHaveLength(3);
  });

  it('adds copies: several with assigned barcodes, or one with its own; the counters follow', async () => {
    const book = await newBook();
    expect(await copiesOf(book.id)).toEqual([]);

    const several = await add(book.id, { count: 2, condition_note: 'Gift of the Hashemi family' });
    expect(several.status, JSON.stringify(several.body)).toBe(201);
    const created = CopyListSchema.parse(several.body).items;
    expect(created).toHaveLength(2);
    expect(created.map((copy) => copy.status)).toEqual(['available', 'available']);
    expect(created.map((copy) => copy.condition_note)).toEqual(Array(2).fill('Gift of the Hashemi family'));
    expect(new Set(created.map((copy) => copy.barcode)).size).toBe(2);
    expect(await counters(book.id)).toEqual({ total: 2, available: 2 });

    const one = await add(book.id, { barcode: '  AQ-2024.001 ' });
    expect(one.status).toBe(201);
    expect(CopyListSchema.parse(one.body).items).toMatchObject([{ barcode: 'AQ-2024.001', condition_note: null }]);
    expect(await counters(book.id)).toEqual({ total: 3, available: 3 });

    const listed = await copiesOf(book.id);
    expect(listed.map((copy) => copy.barcode)).toEqual(['AQ-2024.001', ...created.map((copy) => copy.barcode)]);

    // The shelf of new books (and search) reads the same counters.
    const [row] = await db
      .select({ total: books.copiesTotal, available: books.copiesAvailable })
      .from(books)
      .where(eq(books.id, book.id));
    expect(row).toEqual({ total: 3, available: 3 });

    const [entry] = await entriesFor(book.id);
    expect(entry).toMatchObject({
      action_type: 'update_book',
      actor: { id: librarian.id },
      target_type: 'book',
      target_id: book.id,
      changes: { copies_added: ['AQ-2024.001'], copies_total: 3, copies_available: 3 },
      metadata: { previous: { copies_total: 2, copies_available: 2 } },
    });
    expect(entry?.ip_address).toMatch(/^10\./);
  });

  it('refuses a barcode another copy has, whatever its case, and writes nothing', async () => {
    const book = await newBook();
    const other = await newBook();
    expect((await add(book.id, { barcode: 'DUP-1' })).status).toBe(201);
    const entries = (await entriesFor(other.id)).length;
    for (const barcode of ['DUP-1', 'dup-1']) {
      const refused = await add(other.id, { barcode });
      expect(refused.status).toBe(409);
      expect(refused.body.error.code).toBe('BARCODE_TAKEN');
    }
    expect(await copiesOf(other.id)).toEqual([]);
    expect(await counters(other.id)).toEqual({ total: 0, available: 0 });
    expect(await entriesFor(other.id)).toHaveLength(entries);

    // Renaming a copy to a taken barcode is refused too; its own barcode in another case is fine.
    const [mine] = CopyListSchema.parse((await add(other.id, { barcode: 'MINE-1' })).body).items;
    const renamed = await patch(mine?.id as string, { barcode: 'Dup-1' });
    expect(renamed.status).toBe(409);
    expect(renamed.body.error.code).toBe('BARCODE_TAKEN');
    const recased = await patch(mine?.id as string, { barcode: 'mine-1' });
    expect(recased.status).toBe(200);
    expect(recased.body.barcode).toBe('mine-1');
  });

  it('edits a copy: barcode, condition note, and status among the manual ones; withdrawn and lost copies leave the counts', async () => {
    const book = await newBook({ copies_total: 3 });
    const [first, second, third] = await copiesOf(book.id);
    if (!first || !second || !third) throw new Error('three copies expected');

    const noted = await patch(first.id, { condition_note: 'Spine repaired', barcode: 'REPAIRED-1' });
    expect(noted.status).toBe(200);
    expect(CopySchema.parse(noted.body)).toMatchObject({
      barcode: 'REPAIRED-1',
      condition_note: 'Spine repaired',
      status: 'available',
    });
    // Naming only the status keeps the note.
    const damaged = await patch(first.id, { status: 'damaged' });
    expect(damaged.body).toMatchObject({ status: 'damaged', condition_note: 'Spine repaired' });
    expect(await counters(book.id)).toEqual({ total: 3, available: 2 });

    const withdrawn = await patch(second.id, { status: 'withdrawn' });
    expect(withdrawn.status).toBe(200);
    expect(await counters(book.id)).toEqual({ total: 2, available: 1 });
    expect((await patch(third.id, { status: 'lost' })).status).toBe(200);
    expect(await counters(book.id)).toEqual({ total: 1, available: 0 });
    const page = BookSchema.parse((await librarian.client.get(`/api/books/${book.id}`)).body).available;
    expect(page).toBe(false);

    // Back on the shelf.
    expect((await patch(second.id, { status: 'available' })).status).toBe(200);
    expect(await counters(book.id)).toEqual({ total: 2, available: 1 });
    // An empty note clears it.
    expect((await patch(first.id, { condition_note: '' })).body.condition_note).toBeNull();

    const [latest] = await entriesFor(book.id);
    expect(latest).toMatchObject({
      action_type: 'update_book',
      changes: { copy: 'REPAIRED-1', copy_condition_note: null },
      metadata: { previous: { copy_condition_note: 'Spine repaired' }, copy_id: first.id },
    });
    const statusEntry = (await entriesFor(book.id)).find((entry) => entry.changes.copy_status === 'withdrawn');
    expect(statusEntry).toMatchObject({
      changes: { copy: second.barcode, copy_status: 'withdrawn', copies_total: 2, copies_available: 1 },
      metadata: { previous: { copy_status: 'available', copies_total: 3, copies_available: 2 } },
    });

    // A change that changes nothing writes nothing.
    const before = (await entriesFor(book.id)).length;
    expect((await patch(second.id, { status: 'available' })).status).toBe(200);
    expect(await entriesFor(book.id)).toHaveLength(before);
  });

  it('keeps the status of a copy a loan holds, or in a loan’s state', async () => {
    const book = await newBook({ copies_total: 2 });
    const [held, inTransit] = await copiesOf(book.id);
    if (!held || !inTransit) throw new Error('two copies expected');
    const [loan] = await db
      .insert(checkouts)
      .values({
        userId: patron.id,
        bookId: book.id,
        copyId: held.id,
        status: 'approved',
        shippingAddress: SHIPPING_ADDRESS,
      })
      .returning({ id: checkouts.id });
    await db.update(bookCopies).set({ status: 'reserved' }).where(eq(bookCopies.id, held.id));
    await db.update(bookCopies).set({ status: 'in_transit_back' }).where(eq(bookCopies.id, inTransit.id));

    const listed = await copiesOf(book.id);
    expect(listed.find((copy) => copy.id === held.id)).toMatchObject({ status: 'reserved', loan_id: loan?.id });

    for (const [copy, status] of [
      [held, 'withdrawn'],
      [held, 'available'],
      [inTransit, 'lost'],
    ] as const) {
      const refused = await patch(copy.id, { status });
      expect(refused.status).toBe(409);
      expect(refused.body.error).toMatchObject({ code: 'WRONG_STATE' });
    }
    expect(await counters(book.id)).toEqual({ total: 2, available: 0 });
    // Its barcode and note can still be changed.
    expect((await patch(held.id, { condition_note: 'Packed with care' })).status).toBe(200);

    // Once the loan is over, the desk may move the copy again.
    await db
      .update(checkouts)
      .set({ status: 'cancelled' })
      .where(eq(checkouts.id, loan?.id as string));
    await db.update(bookCopies).set({ status: 'damaged' }).where(eq(bookCopies.id, held.id));
    expect((await patch(held.id, { status: 'available' })).status).toBe(200);
    expect((await copiesOf(book.id)).find((copy) => copy.id === held.id)?.loan_id).toBeNull();
  });

  it('answers 404 for an unknown book or copy', async () => {
    expect((await librarian.client.get(`/api/admin/books/${UNKNOWN_ID}/copies`)).status).toBe(404);
    expect((await add(UNKNOWN_ID, { count: 1 })).status).toBe(404);
    expect((await patch(UNKNOWN_ID, { status: 'damaged' })).status).toBe(404);
    expect((await librarian.client.get('/api/admin/books/not-a-uuid/copies')).status).toBe(422);
  });

  it('refuses visitors and patrons', async () => {
    const book = await newBook({ copies_total: 1 });
    const [copy] = await copiesOf(book.id);
    expect((await anonymous.get(`/api/admin/books/${book.id}/copies`)).status).toBe(401);
    expect((await add(book.id, { count: 1 }, anonymous)).status).toBe(401);
    expect((await patch(copy?.id as string, { status: 'withdrawn' }, anonymous)).status).toBe(401);
    expect((await patron.client.get(`/api/admin/books/${book.id}/copies`)).status).toBe(403);
    expect((await add(book.id, { count: 1 }, patron.client)).status).toBe(403);
    expect((await patch(copy?.id as string, { status: 'withdrawn' }, patron.client)).status).toBe(403);
    expect(await counters(book.id)).toEqual({ total: 1, available: 1 });
  });

  it('validates input field by field and stores nothing', async () => {
    const book = await newBook({ copies_total: 1 });
    const [copy] = await copiesOf(book.id);
    const count = async () =>
      (await db.select({ n: sql<number>`count(*)::int` }).from(bookCopies).where(eq(bookCopies.bookId, book.id)))[0]?.n;

    const cases: [unknown, string, string][] = [
      [{ barcode: 'a'.repeat(41) }, 'barcode', 'validation.tooLong'],
      [{ barcode: 'has space' }, 'barcode', 'validation.copies.barcode'],
      [{ count: 0 }, 'count', 'validation.invalidInput'],
      [{ count: 51 }, 'count', 'validation.tooLong'],
      [{ barcode: 'ONE', count: 2 }, 'count', 'validation.copies.oneBarcodeOneCopy'],
      [{ condition_note: 'x'.repeat(501) }, 'condition_note', 'validation.tooLong'],
    ];
    for (const [body, field, message] of cases) {
      const refused = await add(book.id, body);
      expect(refused.status, JSON.stringify(body)).toBe(422);
      expect(refused.body.error.details.fieldErrors[field]).toEqual([message]);
    }
    const nul = await add(book.id, { barcode: 'NUL\u0000BYTE' });
    expect(nul.status).toBe(422);
    const nulNote = await patch(copy?.id as string, { condition_note: 'torn\u0000' });
    expect(nulNote.status).toBe(422);
    const loanState = await patch(copy?.id as string, { status: 'on_loan' });
    expect(loanState.status).toBe(422);
    const longNote = await patch(copy?.id as string, { condition_note: 'x'.repeat(501) });
    expect(longNote.body.error.details.fieldErrors.condition_note).toEqual(['validation.tooLong']);
    expect(await count()).toBe(1);
    expect((await copiesOf(book.id))[0]).toMatchObject({ status: 'available', condition_note: null });
  });
});
