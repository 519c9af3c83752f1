/**
 * Readers' collections through HTTP: making, changing, ordering and deleting one's own; who may
 * see a private or public one (404 for everyone else, visitors included); another reader's
 * collection out of reach (404); admins deleting anyone's; librarians listing every reader's and
 * featuring a public one; the limits (100 collections, 500 books), held exactly when 20 requests
 * race for the last place; a book deleted from the catalogue; input refused whole.
 */

import { ShelfSchema } from '@maktaba/shared/schemas/catalogue';
import {
  BOOKS_PER_COLLECTION_MAX,
  COLLECTION_MESSAGES,
  COLLECTIONS_PER_READER_MAX,
  CollectionListSchema,
  CollectionSchema,
  FeaturedCollectionsSchema,
  MyCollectionsSchema,
} from '@maktaba/shared/schemas/collections';
import { asc, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../src/db/client.js';
import { adminAuditLog, books, collectionBooks, collections } from '../src/db/schema/index.js';
import { type ApiClient, type ApiResponse, clientFrom, expectError } from './api-client.js';
import { accountAs, describeEachDriver, type TestAccount, useTestServer } from './helpers.js';

const UNKNOWN_ID = '00000000-0000-4000-8000-000000000000';
const RACE = 20;

describeEachDriver('collections over HTTP', (driver) => {
  const server = useTestServer(driver, { env: { TRUST_PROXY_HOPS: '1' } });
  let db: Database;
  let visitor: ApiClient;
  let bookIds: string[];
  let reader = 0;

  const patron = () => accountAs(server, 'patron', { name: `Collector ${++reader}` });

  const collection = (response: ApiResponse, status = 200) => {
    expect(response.status, JSON.stringify(response.body)).toBe(status);
    return CollectionSchema.parse(response.body);
  };
  const create = async (who: TestAccount, body: Record<string, unknown> = {}) =>
    collection(await who.client.post('/api/collections', { title_en: 'My shelf', ...body }), 201);
  const add = (who: TestAccount, id: string, bookId: string, note?: string) =>
    who.client.post(
      `/api/collections/${id}/books`,
      note === undefined ? { book_id: bookId } : { book_id: bookId, note },
    );
  const order = (c: { books: Array<{ book: { id: string }; position: number }> }) => c.books.map((b) => b.book.id);
  const positions = (c: { books: Array<{ position: number }> }) => c.books.map((b) => b.position);
  const storedCount = async (id: string) => {
    const [row] = await db.select({ n: collections.bookCount }).from(collections).where(eq(collections.id, id));
    return row?.n;
  };
  const storedPositions = async (id: string) =>
    (
      await db
        .select({ position: collectionBooks.position })
        .from(collectionBooks)
        .where(eq(collectionBooks.collectionId, id))
        .orderBy(asc(collectionBooks.position))
    ).map((row) => row.position);
  /** Approved books made for this suite, beyond the demo catalogue (for the 500-book limit). */
  const makeBooks = async (n: number, status = 'approved') =>
    (
      await db
        .insert(books)
        .values(Array.from({ length: n }, (_, i) => ({ titleEn: `Collection test book ${i}`, status })))
        .returning({ id: books.id })
    ).map((row) => row.id);

  beforeAll(async () => {
    db = server.db;
    visitor = clientFrom(server.url);
    const recent = ShelfSchema.parse((await visitor.get('/api/shelves/recent?p_limit=10')).body);
    bookIds = recent.books.map((book) => book.id);
    expect(bookIds.length).toBe(10);
  });

  it('refuses visitors every write and their own list', async () => {
    for (const response of await Promise.all([
      visitor.get('/api/collections/mine'),
      visitor.get('/api/collections'),
      visitor.post('/api/collections', { title_en: 'x' }),
      visitor.patch(`/api/collections/${UNKNOWN_ID}`, { title_en: 'x' }),
      visitor.delete(`/api/collections/${UNKNOWN_ID}`),
      visitor.post(`/api/collections/${UNKNOWN_ID}/books`, { book_id: UNKNOWN_ID }),
      visitor.put(`/api/collections/${UNKNOWN_ID}/order`, { book_ids: [] }),
    ])) {
      expectError(response, 401, 'UNAUTHENTICATED');
    }
  });

  it('makes a collection, adds books at the end with notes, reorders, removes and deletes it', async () => {
    const me = await patron();
    const made = await create(me, { title_ar: 'رفّي', description_en: '  Books I return to  ' });
    expect(made).toMatchObject({
      title_en: 'My shelf',
      title_ar: 'رفّي',
      description_en: 'Books I return to',
      description_ar: null,
      is_public: false,
      featured: false,
      book_count: 0,
      books: [],
      covers: [],
      can_edit: true,
      owner: { id: me.id, display_name: `Collector ${reader}` },
    });
    expect(JSON.stringify(made)).not.toContain(me.email);

    const [a, b, c] = bookIds as [string, string, string];
    collection(await add(me, made.id, a, 'Start here'), 201);
    collection(await add(me, made.id, b), 201);
    let current = collection(await add(me, made.id, c, 'Last'), 201);
    expect(order(current)).toEqual([a, b, c]);
    expect(positions(current)).toEqual([1, 2, 3]);
    expect(current.books.map((entry) => entry.note)).toEqual(['Start here', null, 'Last']);
    expect(current.book_count).toBe(3);
    expect(current.covers.map((cover) => cover.id)).toEqual([a, b, c]);
    expect(current.books[0]?.book).toMatchObject({ id: a });

    expectError(await add(me, made.id, a), 409, 'BOOK_ALREADY_IN_COLLECTION');
    expectError(await add(me, made.id, UNKNOWN_ID), 404, 'NOT_FOUND');
    const [draft] = await makeBooks(1, 'draft');
    expectError(await add(me, made.id, draft as string), 404, 'NOT_FOUND');

    current = collection(await me.client.patch(`/api/collections/${made.id}/books/${b}`, { note: 'Middle' }));
    expect(current.books[1]?.note).toBe('Middle');
    current = collection(await me.client.patch(`/api/collections/${made.id}/books/${a}`, { note: '' }));
    expect(current.books[0]?.note).toBeNull();

    current = collection(await me.client.put(`/api/collections/${made.id}/order`, { book_ids: [c, a, b] }));
    expect(order(current)).toEqual([c, a, b]);
    expect(positions(current)).toEqual([1, 2, 3]);
    expectError(await me.client.put(`/api/collections/${made.id}/order`, { book_ids: [c, a] }), 409, 'ORDER_MISMATCH');
    expectError(
      await me.client.put(`/api/collections/${made.id}/order`, { book_ids: [c, a, a] }),
      409,
      'ORDER_MISMATCH',
    );
    expectError(
      await me.client.put(`/api/collections/${made.id}/order`, { book_ids: [c, a, bookIds[5]] }),
      409,
      'ORDER_MISMATCH',
    );

    expect((await me.client.delete(`/api/collections/${made.id}/books/${a}`)).status).toBe(204);
    expectError(await me.client.delete(`/api/collections/${made.id}/books/${a}`), 404, 'NOT_FOUND');
    current = collection(await me.client.get(`/api/collections/${made.id}`));
    expect(order(current)).toEqual([c, b]);
    expect(positions(current)).toEqual([1, 2]);
    expect(await storedPositions(made.id)).toEqual([1, 2]);
    expect(current.book_count).toBe(2);
    current = collection(await add(me, made.id, a), 201);
    expect(order(current)).toEqual([c, b, a]);

    current = collection(
      await me.client.patch(`/api/collections/${made.id}`, { title_en: null, description_en: '', is_public: true }),
    );
    expect(current).toMatchObject({ title_en: null, title_ar: 'رفّي', description_en: null, is_public: true });
    const refused = expectError(
      await me.client.patch(`/api/collections/${made.id}`, { title_ar: '  ' }),
      422,
      'VALIDATION_FAILED',
    );
    expect(refused.details.fieldErrors.title_en).toEqual([COLLECTION_MESSAGES.titleRequired]);
    expectError(await me.client.patch(`/api/collections/${made.id}`, {}), 422, 'VALIDATION_FAILED');

    const second = await create(me, { title_en: 'Second' });
    let mine = MyCollectionsSchema.parse((await me.client.get(`/api/collections/mine?book_id=${a}`)).body);
    expect(mine.items.map((item) => [item.id, item.contains_book])).toEqual([
      [second.id, false],
      [made.id, true],
    ]);
    collection(await add(me, made.id, bookIds[6] as string), 201);
    mine = MyCollectionsSchema.parse((await me.client.get('/api/collections/mine')).body);
    expect(mine.items.map((item) => item.id)).toEqual([made.id, second.id]);
    expect(mine.items[0]?.contains_book).toBeUndefined();
    expect(mine.items[0]?.covers).toHaveLength(4);

    expect((await me.client.delete(`/api/collections/${made.id}`)).status).toBe(204);
    expectError(await me.client.get(`/api/collections/${made.id}`), 404, 'NOT_FOUND');
    expect(await db.select().from(collectionBooks).where(eq(collectionBooks.collectionId, made.id))).toEqual([]);
  });

  it('shows a private collection to its owner and librarians only, a public one to anyone', async () => {
    const owner = await patron();
    const other = await patron();
    const librarian = await accountAs(server, 'librarian');
    const secret = await create(owner, { title_en: 'Private reading' });
    collection(await add(owner, secret.id, bookIds[0] as string, 'mine'), 201);

    expectError(await visitor.get(`/api/collections/${secret.id}`), 404, 'NOT_FOUND');
    expectError(await other.client.get(`/api/collections/${secret.id}`), 404, 'NOT_FOUND');
    expect(collection(await owner.client.get(`/api/collections/${secret.id}`)).can_edit).toBe(true);
    const seen = collection(await librarian.client.get(`/api/collections/${secret.id}`));
    expect(seen).toMatchObject({ id: secret.id, can_edit: false, books: [{ note: 'mine' }] });

    const shared = await create(owner, { title_en: 'Shared reading', is_public: true });
    collection(await add(owner, shared.id, bookIds[1] as string), 201);
    const asVisitor = await visitor.get(`/api/collections/${shared.id}`);
    expect(collection(asVisitor)).toMatchObject({ id: shared.id, can_edit: false, book_count: 1 });
    expect(asVisitor.headers.get('cache-control')).not.toContain('public');
    expect(collection(await other.client.get(`/api/collections/${shared.id}`)).can_edit).toBe(false);
    // A shared collection is not another reader's to change, nor a librarian's.
    for (const intruder of [other, librarian]) {
      for (const target of [secret.id, shared.id]) {
        const calls = [
          intruder.client.patch(`/api/collections/${target}`, { title_en: 'Taken' }),
          intruder.client.delete(`/api/collections/${target}`),
          intruder.client.post(`/api/collections/${target}/books`, { book_id: bookIds[2] }),
          intruder.client.patch(`/api/collections/${target}/books/${bookIds[0]}`, { note: 'x' }),
          intruder.client.delete(`/api/collections/${target}/books/${bookIds[0]}`),
          intruder.client.put(`/api/collections/${target}/order`, { book_ids: [] }),
        ];
        for (const response of await Promise.all(calls)) expectError(response, 404, 'NOT_FOUND');
      }
    }
    expect(collection(await owner.client.get(`/api/collections/${secret.id}`))).toMatchObject({
      title_en: 'Private reading',
      book_count: 1,
    });

    const admin = await accountAs(server, 'admin');
    expect((await admin.client.delete(`/api/collections/${secret.id}`)).status).toBe(204);
    expectError(await owner.client.get(`/api/collections/${secret.id}`), 404, 'NOT_FOUND');
  });

  it('lets librarians list every collection and feature a public one on the home page', async () => {
    const owner = await patron();
    const librarian = await accountAs(server, 'librarian');
    const hidden = await create(owner, { title_en: 'Quiet corner' });
    const open = await create(owner, { title_en: 'Open shelf of poetry', is_public: true });
    for (const id of bookIds.slice(0, 5)) collection(await add(owner, open.id, id), 201);

    expectError(await owner.client.get('/api/collections'), 403, 'FORBIDDEN');
    expectError(await owner.client.put(`/api/collections/${open.id}/featured`, { featured: true }), 403, 'FORBIDDEN');
    expectError(
      await librarian.client.put(`/api/collections/${hidden.id}/featured`, { featured: true }),
      409,
      'COLLECTION_NOT_PUBLIC',
    );
    expectError(
      await librarian.client.put(`/api/collections/${UNKNOWN_ID}/featured`, { featured: true }),
      404,
      'NOT_FOUND',
    );
    expect(
      collection(await librarian.client.put(`/api/collections/${open.id}/featured`, { featured: true })).featured,
    ).toBe(true);
    // Featuring is in the audit log; featuring again changes nothing and writes nothing.
    expect((await librarian.client.put(`/api/collections/${open.id}/featured`, { featured: true })).status).toBe(200);
    const audit = await db
      .select({ action: adminAuditLog.actionType, actor: adminAuditLog.actorId })
      .from(adminAuditLog)
      .where(eq(adminAuditLog.targetId, open.id));
    expect(audit).toEqual([{ action: 'feature_collection', actor: librarian.id }]);

    const home = await visitor.get('/api/collections/featured');
    // Revalidated every time: a collection featured or made private leaves the home page at once.
    expect(home.headers.get('cache-control')).toBe('no-cache');
    const featured = FeaturedCollectionsSchema.parse(home.body);
    expect(featured.items[0]).toMatchObject({ id: open.id, featured: true, book_count: 5 });
    expect(featured.items[0]?.covers.map((cover) => cover.id)).toEqual(bookIds.slice(0, 4));
    expect(featured.items.some((item) => item.id === hidden.id)).toBe(false);

    const all = CollectionListSchema.parse(
      (await librarian.client.get(`/api/collections?q=${encodeURIComponent('poetry')}`)).body,
    );
    expect(all.items.map((item) => item.id)).toEqual([open.id]);
    expect(all.items[0]?.owner.display_name).toBe(`Collector ${reader}`);
    const byOwner = CollectionListSchema.parse(
      (await librarian.client.get(`/api/collections?q=${encodeURIComponent(`Collector ${reader}`)}&visibility=private`))
        .body,
    );
    expect(byOwner.items.map((item) => item.id)).toEqual([hidden.id]);
    const onlyFeatured = CollectionListSchema.parse(
      (await librarian.client.get('/api/collections?featured=true')).body,
    );
    expect(onlyFeatured.items.every((item) => item.featured)).toBe(true);
    expect(onlyFeatured.items.map((item) => item.id)).toContain(open.id);

    // Going private unfeatures it.
    const closed = collection(await owner.client.patch(`/api/collections/${open.id}`, { is_public: false }));
    expect(closed).toMatchObject({ is_public: false, featured: false });
    const after = FeaturedCollectionsSchema.parse((await visitor.get('/api/collections/featured')).body);
    expect(after.items.some((item) => item.id === open.id)).toBe(false);
    expectError(await visitor.get(`/api/collections/${open.id}`), 404, 'NOT_FOUND');
  });

  it(`stops at ${COLLECTIONS_PER_READER_MAX} collections, exactly, when ${RACE} requests race for the last`, async () => {
    const me = await patron();
    await db
      .insert(collections)
      .values(
        Array.from({ length: COLLECTIONS_PER_READER_MAX - 1 }, (_, i) => ({ ownerId: me.id, titleEn: `Shelf ${i}` })),
      );
    const responses = await Promise.all(
      Array.from({ length: RACE }, (_, i) => me.client.post('/api/collections', { title_en: `Race ${i}` })),
    );
    const statuses = responses.map((response) => response.status);
    expect(statuses.filter((status) => status === 201)).toHaveLength(1);
    for (const response of responses.filter((r) => r.status !== 201)) {
      expect(expectError(response, 409, 'COLLECTION_LIMIT_REACHED').details).toEqual({
        max: COLLECTIONS_PER_READER_MAX,
      });
    }
    const mine = MyCollectionsSchema.parse((await me.client.get('/api/collections/mine')).body);
    expect(mine.items).toHaveLength(COLLECTIONS_PER_READER_MAX);
    // Another reader is not held back by this one's limit.
    await create(await patron());
  });

  it(`stops at ${BOOKS_PER_COLLECTION_MAX} books, exactly, when ${RACE} adds race for the last place`, async () => {
    const me = await patron();
    const full = await create(me, { title_en: 'Everything' });
    const extra = await makeBooks(BOOKS_PER_COLLECTION_MAX - 1 + RACE);
    const first = extra.slice(0, BOOKS_PER_COLLECTION_MAX - 1);
    const racers = extra.slice(BOOKS_PER_COLLECTION_MAX - 1);
    await db
      .insert(collectionBooks)
      .values(first.map((bookId, i) => ({ collectionId: full.id, bookId, position: i + 1 })));
    expect(await storedCount(full.id)).toBe(BOOKS_PER_COLLECTION_MAX - 1);

    const responses = await Promise.all(racers.map((bookId) => add(me, full.id, bookId)));
    expect(responses.filter((response) => response.status === 201)).toHaveLength(1);
    for (const response of responses.filter((r) => r.status !== 201)) {
      expect(expectError(response, 409, 'COLLECTION_FULL').details).toEqual({ max: BOOKS_PER_COLLECTION_MAX });
    }
    expect(await storedCount(full.id)).toBe(BOOKS_PER_COLLECTION_MAX);
    expect(await storedPositions(full.id)).toEqual(Array.from({ length: BOOKS_PER_COLLECTION_MAX }, (_, i) => i + 1));
    const read = collection(await me.client.get(`/api/collections/${full.id}`));
    expect(read.books).toHaveLength(BOOKS_PER_COLLECTION_MAX);
    expectError(await add(me, full.id, bookIds[0] as string), 409, 'COLLECTION_FULL');
  });

  it('keeps positions whole when adds and reorders of one collection race', async () => {
    const me = await patron();
    const shelf = await create(me);
    const ids = await makeBooks(RACE);
    const added = await Promise.all(ids.map((bookId) => add(me, shelf.id, bookId)));
    expect(added.map((response) => response.status)).toEqual(ids.map(() => 201));
    expect(await storedPositions(shelf.id)).toEqual(ids.map((_, i) => i + 1));
    expect(await storedCount(shelf.id)).toBe(RACE);

    // Twenty different complete orders at once: each is applied whole, one after another.
    const orders = Array.from({ length: RACE }, (_, i) => [...ids.slice(i), ...ids.slice(0, i)]);
    const reordered = await Promise.all(
      orders.map((bookIds) => me.client.put(`/api/collections/${shelf.id}/order`, { book_ids: bookIds })),
    );
    expect(reordered.map((response) => response.status)).toEqual(orders.map(() => 200));
    const final = collection(await me.client.get(`/api/collections/${shelf.id}`));
    expect(orders.map((o) => JSON.stringify(o))).toContain(JSON.stringify(order(final)));
    expect(await storedPositions(shelf.id)).toEqual(ids.map((_, i) => i + 1));
  });

  it('stays consistent when a book in it is deleted from the catalogue', async () => {
    const me = await patron();
    const shelf = await create(me, { is_public: true });
    const [a, b, c, d] = (await makeBooks(4)) as [string, string, string, string];
    for (const id of [a, b, c]) collection(await add(me, shelf.id, id), 201);
    await db.delete(books).where(eq(books.id, b));
    expect(await storedCount(shelf.id)).toBe(2);
    let read = collection(await visitor.get(`/api/collections/${shelf.id}`));
    expect(order(read)).toEqual([a, c]);
    expect(positions(read)).toEqual([1, 2]);
    expect(read.book_count).toBe(2);
    read = collection(await add(me, shelf.id, d), 201);
    expect(order(read)).toEqual([a, c, d]);
    expect(positions(read)).toEqual([1, 2, 3]);
    read = collection(await me.client.put(`/api/collections/${shelf.id}/order`, { book_ids: [d, c, a] }));
    expect(order(read)).toEqual([d, c, a]);
    expect(await storedPositions(shelf.id)).toEqual([1, 2, 3]);

    // A book withdrawn from the catalogue stays counted, but readers no longer see it.
    await db.update(books).set({ status: 'archived' }).where(eq(books.id, c));
    read = collection(await me.client.get(`/api/collections/${shelf.id}`));
    expect(order(read)).toEqual([d, a]);
    expect(read.book_count).toBe(3);
    read = collection(await me.client.put(`/api/collections/${shelf.id}/order`, { book_ids: [a, d] }));
    expect(order(read)).toEqual([a, d]);
  });

  it("puts the reader's collections, with their books in order and notes, in their data export", async () => {
    const me = await patron();
    const other = await patron();
    const shelf = await create(me, { title_ar: 'للقراءة', is_public: true });
    collection(await add(me, shelf.id, bookIds[2] as string, 'Read twice'), 201);
    collection(await add(me, shelf.id, bookIds[3] as string), 201);
    collection(await me.client.put(`/api/collections/${shelf.id}/order`, { book_ids: [bookIds[3], bookIds[2]] }));
    const theirs = await create(other, { title_en: 'Not yours' });
    const response = await me.client.get('/api/profiles/me/export');
    expect(response.status).toBe(200);
    expect(response.body.collections).toEqual([
      expect.objectContaining({
        id: shelf.id,
        title_en: 'My shelf',
        title_ar: 'للقراءة',
        is_public: true,
        books: [
          expect.objectContaining({ book_id: bookIds[3], note: null }),
          expect.objectContaining({ book_id: bookIds[2], note: 'Read twice' }),
        ],
      }),
    ]);
    expect(JSON.stringify(response.body)).not.toContain(theirs.id);
  });

  describe('refuses bad input whole', () => {
    it('a collection without a title, with NUL or a lone surrogate, or too long', async () => {
      const me = await patron();
      const title = expectError(
        await me.client.post('/api/collections', { title_en: ' ', title_ar: '' }),
        422,
        'VALIDATION_FAILED',
      );
      expect(title.details.fieldErrors.title_en).toEqual([COLLECTION_MESSAGES.titleRequired]);
      expectError(await me.client.post('/api/collections', {}), 422, 'VALIDATION_FAILED');
      const nul = expectError(
        await me.client.post('/api/collections', { title_en: 'a\u0000b' }),
        422,
        'VALIDATION_FAILED',
      );
      expect(nul.details.fieldErrors).toHaveProperty('title_en');
      expectError(
        await me.client.post('/api/collections', { title_en: 'ok', description_en: 'broken \ud800 text' }),
        422,
        'VALIDATION_FAILED',
      );
      const long = expectError(
        await me.client.post('/api/collections', { title_en: 'x'.repeat(201) }),
        422,
        'VALIDATION_FAILED',
      );
      expect(long.details.fieldErrors.title_en).toEqual([COLLECTION_MESSAGES.titleMax]);
      expectError(
        await me.client.post('/api/collections', { title_en: 'ok', description_ar: 'x'.repeat(2001) }),
        422,
        'VALIDATION_FAILED',
      );
      expect(MyCollectionsSchema.parse((await me.client.get('/api/collections/mine')).body).items).toEqual([]);
    });

    it('a note too long or holding NUL, a book id that is not one', async () => {
      const me = await patron();
      const shelf = await create(me);
      collection(await add(me, shelf.id, bookIds[0] as string, 'kept'), 201);
      const long = expectError(
        await add(me, shelf.id, bookIds[1] as string, 'x'.repeat(501)),
        422,
        'VALIDATION_FAILED',
      );
      expect(long.details.fieldErrors.note).toEqual([COLLECTION_MESSAGES.noteMax]);
      expectError(
        await me.client.patch(`/api/collections/${shelf.id}/books/${bookIds[0]}`, { note: 'x'.repeat(501) }),
        422,
        'VALIDATION_FAILED',
      );
      expectError(
        await me.client.patch(`/api/collections/${shelf.id}/books/${bookIds[0]}`, { note: 'a\u0000' }),
        422,
        'VALIDATION_FAILED',
      );
      expectError(
        await me.client.patch(`/api/collections/${shelf.id}/books/${bookIds[0]}`, { note: '\udc00' }),
        422,
        'VALIDATION_FAILED',
      );
      expectError(await add(me, shelf.id, 'not-a-book'), 422, 'VALIDATION_FAILED');
      const read = collection(await me.client.get(`/api/collections/${shelf.id}`));
      expect(read.books.map((entry) => entry.note)).toEqual(['kept']);
      expect(read.book_count).toBe(1);
    });
  });
});
