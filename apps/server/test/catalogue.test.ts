/**
 * The catalogue through HTTP (reader-area §3, §4.5, §7): the demo catalogue loaded on first
 * start, the shelves and their paging, popularity from real signals, the public reads with ETag,
 * what patrons may not see or do, and the editors' writes under the permission matrix.
 */
import { BookSchema, ShelfSchema } from '@maktaba/shared/schemas/catalogue';
import { eq, inArray, sql } from 'drizzle-orm';
import pino from 'pino';
import { beforeAll, expect, it } from 'vitest';
import type { Database } from '../src/db/client.js';
import { bookmarks, books, checkouts } from '../src/db/schema/index.js';
import { loadDemoCatalogue, readDemoCatalogue } from '../src/modules/catalogue/demo-catalogue.js';
import { type ApiClient, clientFrom } from './api-client.js';
import { accountAs, describeEachDriver, startTestServer, useTestServer } from './helpers.js';

const demo = readDemoCatalogue();

/** Loans recorded directly for a test: where the parcel went. */
const SHIPPING_ADDRESS = {
  name: 'Test Reader',
  address_line_1: '1 Library Street',
  address_line_2: null,
  city: 'Najaf',
  state_province: 'Najaf',
  postal_code: '54001',
  country: 'IQ',
  phone_number: null,
};

describeEachDriver('catalogue over HTTP', (driver) => {
  const server = useTestServer(driver);
  let db: Database;
  let anonymous: ApiClient;
  let patron: { client: ApiClient; id: string };
  let librarian: { client: ApiClient; id: string };
  let admin: { client: ApiClient; id: string };

  const shelf = async (path: string, client = anonymous) => {
    const response = await client.get(path);
    expect(response.status, JSON.stringify(response.body)).toBe(200);
    return ShelfSchema.parse(response.body);
  };

  const newBook = (overrides: Record<string, unknown> = {}) => ({
    title: 'Test Treatise on Patience',
    title_ar: 'رسالة تجريبية في الصبر',
    author_ids: [],
    category_ids: [],
    copies_total: 3,
    copies_available: 3,
    language: 'ar',
    ...overrides,
  });

  beforeAll(async () => {
    db = server.db;
    anonymous = clientFrom(server.url);
    [patron, librarian, admin] = await Promise.all([
      accountAs(server, 'patron'),
      accountAs(server, 'librarian'),
      accountAs(server, 'admin'),
    ]);
  });

  it('loads the demo catalogue on first start, newest first in the order of the file, each book with its authors', async () => {
    expect(demo.books.length).toBeGreaterThanOrEqual(100);
    expect(demo.scholars).toHaveLength(11);
    const recent = await shelf('/api/shelves/recent?p_limit=5');
    expect(recent.total).toBe(demo.books.length);
    expect(recent.books.map((book) => book.title)).toEqual(demo.books.slice(0, 5).map((book) => book.title_en));
    expect(recent.books.map((book) => book.title_ar)).toEqual(demo.books.slice(0, 5).map((book) => book.title_ar));
    const first = demo.books[0];
    const author = demo.authors.find((candidate) => candidate.key === first?.authors[0]);
    expect(recent.books[0]?.author_name).toBe(author?.name_en);
    expect(recent.books[0]?.author_name_ar).toBe(author?.name_ar);
    expect(recent.books[0]?.authors[0]?.name_ar).toBe(author?.name_ar);

    const scholars = (await anonymous.get('/api/scholars')).body.scholars as { order: number; name: string }[];
    expect(scholars.map((scholar) => scholar.order)).toEqual(
      [...demo.scholars].map((s) => s.order).sort((a, b) => a - b),
    );
    const categories = (await anonymous.get('/api/categories')).body.categories as {
      id: string;
      key: string;
      parent_id: string | null;
    }[];
    expect(categories).toHaveLength(demo.categories.length);
    const byKey = new Map(categories.map((category) => [category.key, category]));
    expect(byKey.get('quranic-studies')?.parent_id).toBeNull();
    expect(byKey.get('tafsir')?.parent_id).toBe(byKey.get('quranic-studies')?.id);
  });

  it('loads the demo catalogue only once, and not at all when turned off', async () => {
    expect(await loadDemoCatalogue(db, pino({ level: 'silent' }))).toBe(false);
    expect((await shelf('/api/shelves/recent?p_limit=1')).total).toBe(demo.books.length);

    const empty = await startTestServer({ driver, env: { DEMO_CATALOGUE: 'false' } });
    try {
      const response = await clientFrom(empty.url).get('/api/shelves/recent');
      expect(response.body.total).toBe(0);
      expect((await clientFrom(empty.url).get('/api/scholars')).body.scholars).toEqual([]);
    } finally {
      await empty.close();
    }
  });

  it('pages a shelf with p_limit and p_offset and refuses limits out of range', async () => {
    const all = await shelf('/api/shelves/recent?p_limit=10');
    const second = await shelf('/api/shelves/recent?p_limit=5&p_offset=5');
    expect(second.books.map((book) => book.id)).toEqual(all.books.slice(5).map((book) => book.id));
    expect(second).toMatchObject({ limit: 5, offset: 5 });
    expect((await shelf('/api/shelves/recent')).books).toHaveLength(20);
    expect((await anonymous.get('/api/shelves/recent?p_limit=1000')).status).toBe(422);
    expect((await anonymous.get('/api/shelves/recent?p_offset=-1')).status).toBe(422);
  });

  it('answers an unknown shelf type as recently added', async () => {
    const unknown = await shelf('/api/shelves/mystery?p_limit=3');
    const recent = await shelf('/api/shelves/recent?p_limit=3');
    expect(unknown.type).toBe('recent');
    expect(unknown.books).toEqual(recent.books);
  });

  it('keeps the bookmarked shelf private to its owner', async () => {
    expect((await anonymous.get('/api/shelves/bookmarked')).status).toBe(401);
    const [a, b] = (await shelf('/api/shelves/recent?p_limit=2')).books;
    await db.insert(bookmarks).values([
      { userId: patron.id, bookId: a?.id as string },
      { userId: librarian.id, bookId: b?.id as string },
    ]);
    const mine = await shelf('/api/shelves/bookmarked', patron.client);
    expect(mine.books.map((book) => book.id)).toEqual([a?.id]);
    const response = await patron.client.get('/api/shelves/bookmarked');
    expect(response.headers.get('cache-control')).toContain('private');
  });

  it('ranks the popular shelf by real signals: a view a day per reader, bookmarks and checkouts', async () => {
    const recent = (await shelf('/api/shelves/recent?p_limit=40')).books;
    const viewed = recent[30]?.id as string;
    const checkedOut = recent[31]?.id as string;
    for (let i = 0; i < 3; i += 1) {
      expect((await patron.client.post(`/api/books/${viewed}/view`)).status).toBe(204);
    }
    const [row] = await db.select({ views: books.viewCount }).from(books).where(eq(books.id, viewed));
    expect(row?.views).toBe(1);
    await librarian.client.post(`/api/books/${viewed}/view`);
    await anonymous.post(`/api/books/${viewed}/view`);
    // A loan counts for popularity when it comes back (a returned book was read).
    const loans = await db
      .insert(checkouts)
      .values([
        { userId: patron.id, bookId: checkedOut, status: 'on_loan', shippingAddress: SHIPPING_ADDRESS },
        { userId: librarian.id, bookId: checkedOut, status: 'on_loan', shippingAddress: SHIPPING_ADDRESS },
      ])
      .returning({ id: checkouts.id });
    await db
      .update(checkouts)
      .set({ status: 'returned' })
      .where(
        inArray(
          checkouts.id,
          loans.map((loan) => loan.id),
        ),
      );
    // 2 checkouts × 5 = 10 comes first; then the three books at 3: the two bookmarked in the test
    // above (3 each) and the one viewed by three different viewers (the ties in id order).
    const popular = await shelf('/api/shelves/popular?p_limit=4');
    expect(popular.books[0]?.id).toBe(checkedOut);
    expect(popular.books.map((book) => book.id)).toContain(viewed);
    const book = BookSchema.parse((await anonymous.get(`/api/books/${checkedOut}`)).body);
    expect(book.popularity).toBe(10);
  });

  it('lists recently returned books, latest return first', async () => {
    const [x, y] = (await shelf('/api/shelves/recent?p_limit=2&p_offset=50')).books;
    await db.insert(checkouts).values([
      {
        userId: patron.id,
        bookId: x?.id as string,
        returnedAt: new Date(Date.now() - 3_600_000),
        status: 'returned',
        shippingAddress: SHIPPING_ADDRESS,
      },
      {
        userId: patron.id,
        bookId: y?.id as string,
        returnedAt: new Date(),
        status: 'returned',
        shippingAddress: SHIPPING_ADDRESS,
      },
    ]);
    const returned = await shelf('/api/shelves/returned');
    expect(returned.books.map((book) => book.id).slice(0, 2)).toEqual([y?.id, x?.id]);
  });

  it('sends ETag and Cache-Control on public reads and answers 304 when nothing changed', async () => {
    const id = (await shelf('/api/shelves/recent?p_limit=1')).books[0]?.id;
    for (const path of [`/api/books/${id}`, '/api/shelves/recent', '/api/scholars', '/api/categories/suggestions']) {
      const first = await anonymous.get(path);
      const tag = first.headers.get('etag');
      expect(tag, path).toMatch(/^W\/".+"$/);
      expect(first.headers.get('cache-control'), path).toContain('public');
      const again = await fetch(`${server.url}${path}`, { headers: { 'If-None-Match': tag as string } });
      expect(again.status, path).toBe(304);
    }
  });

  it('answers 404 for an unknown book, author or scholar', async () => {
    const missing = '00000000-0000-4000-8000-000000000000';
    for (const path of [`/api/books/${missing}`, `/api/authors/${missing}`, `/api/scholars/${missing}`]) {
      const response = await anonymous.get(path);
      expect(response.status, path).toBe(404);
      expect(response.body.error.code).toBe('NOT_FOUND');
    }
    expect((await anonymous.get('/api/books/not-a-uuid')).status).toBe(422);
  });

  it('reads an author with their books and the scholar card that points at them', async () => {
    const kulayni = demo.authors.find((author) => author.key === 'al-kulayni');
    const book = (await shelf('/api/shelves/recent?p_limit=1')).books[0];
    const authorId = book?.authors[0]?.id as string;
    const author = (await anonymous.get(`/api/authors/${authorId}`)).body;
    expect(author.name_ar).toBe(kulayni?.name_ar);
    expect(author.books.map((b: { id: string }) => b.id)).toContain(book?.id);
    expect(author.scholar_id).toEqual(expect.any(String));
    const scholar = (await anonymous.get(`/api/scholars/${author.scholar_id}`)).body;
    expect(scholar.author.id).toBe(authorId);
    expect(scholar.books.length).toBe(author.books.length);
    expect(scholar.externalLink).toMatch(/^https:\/\//);
  });

  it('suggests categories with p_limit = max(50, count × 6), fullest first', async () => {
    const few = (await anonymous.get('/api/categories/suggestions?p_limit=3')).body.suggestions;
    expect(few).toHaveLength(3);
    expect(few[0]).toMatchObject({ type: 'category', query: expect.any(String), query_ar: expect.any(String) });
    const all = (await anonymous.get('/api/categories/suggestions?count=2')).body.suggestions;
    expect(all).toHaveLength(demo.categories.length);
    const counts = new Map(
      ((await anonymous.get('/api/categories')).body.categories as { key: string; book_count: number }[]).map((c) => [
        c.key,
        c.book_count,
      ]),
    );
    const ordered = all.map((suggestion: { id: string }) => counts.get(suggestion.id) ?? -1);
    expect(ordered).toEqual([...ordered].sort((a, b) => b - a));
  });

  it('keeps drafts from patrons and visitors, and lets librarians take a book from draft to approved', async () => {
    const created = await librarian.client.post('/api/books', newBook());
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    expect(created.body.status).toBe('draft');
    const id = created.body.id as string;

    expect((await patron.client.get(`/api/books/${id}`)).status).toBe(404);
    expect((await anonymous.get(`/api/books/${id}`)).status).toBe(404);
    const draftRead = await librarian.client.get(`/api/books/${id}`);
    expect(draftRead.status).toBe(200);
    expect(draftRead.headers.get('cache-control')).toContain('no-store');
    expect((await shelf('/api/shelves/recent?p_limit=100')).books.map((book) => book.id)).not.toContain(id);
    expect((await anonymous.post(`/api/books/${id}/view`)).status).toBe(404);

    const approved = await librarian.client.post(`/api/books/${id}/status`, { status: 'approved' });
    expect(approved.body.status).toBe('approved');
    expect((await patron.client.get(`/api/books/${id}`)).body.title_ar).toBe('رسالة تجريبية في الصبر');
    expect((await shelf('/api/shelves/recent?p_limit=1')).books[0]?.id).toBe(id);

    expect((await librarian.client.post(`/api/books/${id}/status`, { status: 'archived' })).body.status).toBe(
      'archived',
    );
    expect((await patron.client.get(`/api/books/${id}`)).status).toBe(404);
  });

  it('refuses every write to patrons (403) and visitors (401), changing nothing', async () => {
    const before = await db.select({ n: sql<number>`count(*)::int` }).from(books);
    const target = (await shelf('/api/shelves/recent?p_limit=1')).books[0]?.id;
    const writes: [string, string, unknown][] = [
      ['POST', '/api/books', newBook()],
      ['PUT', `/api/books/${target}`, newBook()],
      ['POST', `/api/books/${target}/status`, { status: 'archived' }],
      ['DELETE', `/api/books/${target}`, undefined],
      ['POST', '/api/authors', { name: 'Someone' }],
      ['POST', '/api/categories', { key: 'x-test', name: 'X', name_ar: 'س' }],
      ['POST', '/api/scholars', { name: 'S', name_ar: 'ش' }],
      ['GET', '/api/admin/books', undefined],
    ];
    for (const [method, path, body] of writes) {
      expect((await patron.client.request(method, path, { body })).status, `${method} ${path}`).toBe(403);
      expect((await anonymous.request(method, path, { body })).status, `${method} ${path}`).toBe(401);
    }
    const after = await db.select({ n: sql<number>`count(*)::int` }).from(books);
    expect(after).toEqual(before);
    expect((await anonymous.get(`/api/books/${target}`)).body.status).toBe('approved');
  });

  it('lets only admins delete, and never a book with loan history', async () => {
    const id = (await librarian.client.post('/api/books', newBook({ title: 'To be removed' }))).body.id;
    expect((await librarian.client.delete(`/api/books/${id}`)).status).toBe(403);
    expect((await admin.client.delete(`/api/books/${id}`)).status).toBe(204);
    expect((await admin.client.get(`/api/books/${id}`)).status).toBe(404);

    const lent = (await shelf('/api/shelves/recent?p_limit=1&p_offset=60')).books[0]?.id as string;
    await db.insert(checkouts).values({ userId: patron.id, bookId: lent, shippingAddress: SHIPPING_ADDRESS });
    const refused = await admin.client.delete(`/api/books/${lent}`);
    expect(refused.status).toBe(409);
    expect((await anonymous.get(`/api/books/${lent}`)).status).toBe(200);
  });

  it('validates writes on the server with the shared schema, field by field, and stores nothing', async () => {
    const count = async () => (await db.select({ n: sql<number>`count(*)::int` }).from(books))[0]?.n;
    const before = await count();
    const noTitle = await librarian.client.post('/api/books', newBook({ title: '  ', title_ar: '' }));
    expect(noTitle.status).toBe(422);
    expect(noTitle.body.error.details.fieldErrors.title).toEqual(['validation.catalogue.titleRequired']);
    const copies = await librarian.client.post('/api/books', newBook({ copies_total: 1, copies_available: 2 }));
    expect(copies.body.error.details.fieldErrors.copies_available).toEqual(['validation.catalogue.copiesAvailable']);
    const ghost = await librarian.client.post(
      '/api/books',
      newBook({ author_ids: ['00000000-0000-4000-8000-000000000001'] }),
    );
    expect(ghost.body.error.details.fieldErrors.author_ids).toEqual(['validation.catalogue.unknownAuthor']);
    const language = await librarian.client.post('/api/books', newBook({ language: 'xx' }));
    expect(language.status).toBe(422);
    expect(await count()).toBe(before);
  });

  it('edits a book with its authors and categories in order', async () => {
    const author = await librarian.client.post('/api/authors', {
      name: 'Test Author',
      name_ar: 'مؤلف تجريبي',
      death_hijri: 460,
    });
    expect(author.status, JSON.stringify(author.body)).toBe(201);
    const categories = (await anonymous.get('/api/categories')).body.categories as { id: string; key: string }[];
    const [c1, c2] = categories;
    const created = (await librarian.client.post('/api/books', newBook())).body;
    const existingAuthor = (await shelf('/api/shelves/recent?p_limit=1&p_offset=2')).books[0]?.authors[0]?.id;
    const updated = await librarian.client.put(
      `/api/books/${created.id}`,
      newBook({
        title: 'Edited',
        author_ids: [author.body.id, existingAuthor],
        category_ids: [c2?.id, c1?.id],
        publisher: 'Dar al-Test',
        publication_year: 1999,
      }),
    );
    expect(updated.status, JSON.stringify(updated.body)).toBe(200);
    expect(updated.body.authors.map((a: { id: string }) => a.id)).toEqual([author.body.id, existingAuthor]);
    expect(updated.body.categories.map((c: { id: string }) => c.id)).toEqual([c2?.id, c1?.id]);
    expect(updated.body).toMatchObject({ title: 'Edited', publisher: 'Dar al-Test', publication_year: 1999 });
    // The book keeps its links' ids for the search facets, in order, as soon as the edit answers.
    const links = await db
      .select({ authors: books.authorIds, categories: books.categoryIds })
      .from(books)
      .where(eq(books.id, created.id));
    expect(links).toEqual([{ authors: [author.body.id, existingAuthor], categories: [c2?.id, c1?.id] }]);
    expect((await admin.client.delete(`/api/authors/${author.body.id}`)).status).toBe(409);
  });

  it('refuses a category placed under its own descendant', async () => {
    const parent = (await librarian.client.post('/api/categories', { key: 'test-parent', name: 'P', name_ar: 'أ' }))
      .body;
    const child = (
      await librarian.client.post('/api/categories', {
        key: 'test-child',
        name: 'C',
        name_ar: 'ب',
        parent_id: parent.id,
      })
    ).body;
    expect(child.parent_id).toBe(parent.id);
    const cycle = await librarian.client.put(`/api/categories/${parent.id}`, {
      key: 'test-parent',
      name: 'P',
      name_ar: 'أ',
      parent_id: child.id,
    });
    expect(cycle.status).toBe(422);
    expect(cycle.body.error.details.fieldErrors.parent_id).toEqual(['validation.catalogue.categoryCycle']);
    const taken = await librarian.client.post('/api/categories', { key: 'test-parent', name: 'Q', name_ar: 'ق' });
    expect(taken.body.error.details.fieldErrors.key).toEqual(['validation.catalogue.keyTaken']);
    expect((await librarian.client.delete(`/api/categories/${child.id}`)).status).toBe(403);
    expect((await admin.client.delete(`/api/categories/${child.id}`)).status).toBe(204);
  });

  it('lets librarians edit scholar cards; the home list follows their order', async () => {
    const created = await librarian.client.post('/api/scholars', {
      name: 'Test Scholar',
      name_ar: 'عالم تجريبي',
      external_link: 'javascript:alert(1)',
      order: 0,
    });
    expect(created.status).toBe(422);
    const ok = await librarian.client.post('/api/scholars', { name: 'Test Scholar', name_ar: 'عالم تجريبي', order: 0 });
    expect(ok.status, JSON.stringify(ok.body)).toBe(201);
    const list = (await anonymous.get('/api/scholars')).body.scholars as { id: string }[];
    expect(list[0]?.id).toBe(ok.body.id);
    expect((await librarian.client.delete(`/api/scholars/${ok.body.id}`)).status).toBe(403);
    expect((await admin.client.delete(`/api/scholars/${ok.body.id}`)).status).toBe(204);
  });

  it('gives editors the full list in every status, filtered and searched', async () => {
    const draft = (await librarian.client.post('/api/books', newBook({ title: 'Findable Draft 50%' }))).body;
    const list = await librarian.client.get('/api/admin/books?status=draft&q=50%25');
    expect(list.status).toBe(200);
    expect(list.body.books.map((book: { id: string }) => book.id)).toEqual([draft.id]);
    const byAuthor = await librarian.client.get(`/api/admin/books?q=${encodeURIComponent('الكليني')}&per_page=100`);
    expect(byAuthor.body.total).toBeGreaterThan(0);
  });
});
