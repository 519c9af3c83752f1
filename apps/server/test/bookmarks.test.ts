/**
 * Bookmarks through HTTP (reader-area §3, §5, §7): add (a duplicate is the existing row), the
 * reader's list paged 20 at a time with the exact count, the ids of bookmarked books, removal by
 * id and by book, another reader's bookmarks out of reach, concurrent toggles, and the book's
 * bookmark_count and the bookmarked shelf kept in step.
 */
import { BOOKMARK_MESSAGES, BookmarkListSchema, BookmarkRowSchema } from '@maktaba/shared/schemas/bookmarks';
import { ShelfSchema } from '@maktaba/shared/schemas/catalogue';
import { and, eq } from 'drizzle-orm';
import { beforeAll, expect, it } from 'vitest';
import type { Database } from '../src/db/client.js';
import { bookmarks, books } from '../src/db/schema/index.js';
import { type ApiClient, clientFrom } from './api-client.js';
import { accountAs, describeEachDriver, useTestServer } from './helpers.js';

const UNKNOWN_ID = '00000000-0000-4000-8000-000000000000';

describeEachDriver('bookmarks over HTTP', (driver) => {
  const server = useTestServer(driver, { env: { TRUST_PROXY_HOPS: '1' } });
  let db: Database;
  let anonymous: ApiClient;
  let bookIds: string[];
  let reader = 0;

  const account = () => accountAs(server, 'patron', { name: `Reader ${++reader}` });

  const list = async (client: ApiClient, query = '') => {
    const response = await client.get(`/api/bookmarks${query}`);
    expect(response.status, JSON.stringify(response.body)).toBe(200);
    return BookmarkListSchema.parse(response.body);
  };
  const ids = async (client: ApiClient) => {
    const response = await client.get('/api/bookmarks/ids');
    expect(response.status).toBe(200);
    return response.body.book_ids as string[];
  };
  const bookmarkCount = async (bookId: string) => {
    const [row] = await db.select({ n: books.bookmarkCount }).from(books).where(eq(books.id, bookId));
    return row?.n;
  };
  const rowsOf = (userId: string, bookId: string) =>
    db
      .select()
      .from(bookmarks)
      .where(and(eq(bookmarks.userId, userId), eq(bookmarks.bookId, bookId)));

  beforeAll(async () => {
    db = server.db;
    anonymous = clientFrom(server.url);
    const recent = ShelfSchema.parse((await anonymous.get('/api/shelves/recent?p_limit=60')).body);
    bookIds = recent.books.map((book) => book.id);
    expect(bookIds.length).toBe(60);
  });
  it('refuses visitors on every call', async () => {
    const calls = [
      anonymous.get('/api/bookmarks'),
      anonymous.get('/api/bookmarks/ids'),
      anonymous.post('/api/bookmarks', { book_id: bookIds[0] }),
      anonymous.delete(`/api/bookmarks/${UNKNOWN_ID}`),
      anonymous.delete(`/api/bookmarks/by-book/${bookIds[0]}`),
    ];
    for (const response of await Promise.all(calls)) expect(response.status).toBe(401);
  });

  it('documents its routes in the OpenAPI document', async () => {
    const paths = Object.keys((await anonymous.get('/api/openapi.json')).body.paths);
    for (const path of [
      '/api/bookmarks',
      '/api/bookmarks/ids',
      '/api/bookmarks/{id}',
      '/api/bookmarks/by-book/{bookId}',
    ]) {
      expect(paths).toContain(path);
    }
  });

  it('adds a bookmark once: a duplicate answers 200 with the same row, and the book counts it once', async () => {
    const { client } = await account();
    const bookId = bookIds[0] as string;
    const before = await bookmarkCount(bookId);

    const created = await client.post('/api/bookmarks', { book_id: bookId });
    expect(created.status).toBe(201);
    const row = BookmarkRowSchema.parse(created.body);
    expect(row.book_id).toBe(bookId);
    expect(created.headers.get('cache-control')).toBe('private, no-store');

    const again = await client.post('/api/bookmarks', { book_id: bookId });
    expect(again.status).toBe(200);
    expect(again.body).toEqual(created.body);
    expect(await bookmarkCount(bookId)).toBe((before ?? 0) + 1);

    const page = await list(client);
    expect(page.total).toBe(1);
    const [item] = page.items;
    const [book] = await db.select().from(books).where(eq(books.id, bookId));
    expect(item).toMatchObject({ id: row.id, book_id: bookId, book_visible: true, bookTitle: book?.titleEn ?? null });
    expect(item?.bookTitleAr).toBe(book?.titleAr ?? null);
    expect(item?.bookAuthor).toBeTruthy();
    expect(item?.bookAuthorAr).toBeTruthy();
    expect(await ids(client)).toEqual([bookId]);
    expect((await client.get('/api/bookmarks')).headers.get('cache-control')).toBe('private, no-store');
  });

  it('pages the list 20 at a time, newest first, with the exact count', async () => {
    const { client } = await account();
    const chosen = bookIds.slice(0, 25);
    for (const bookId of chosen) expect((await client.post('/api/bookmarks', { book_id: bookId })).status).toBe(201);
    const newestFirst = [...chosen].reverse();

    const first = await list(client);
    expect(first).toMatchObject({ total: 25, limit: 20, offset: 0 });
    expect(first.items.map((item) => item.book_id)).toEqual(newestFirst.slice(0, 20));
    const second = await list(client, '?offset=20');
    expect(second).toMatchObject({ total: 25, limit: 20, offset: 20 });
    expect(second.items.map((item) => item.book_id)).toEqual(newestFirst.slice(20));
    const small = await list(client, '?limit=3&offset=1');
    expect(small.items.map((item) => item.book_id)).toEqual(newestFirst.slice(1, 4));
    expect((await client.get('/api/bookmarks?limit=21')).status).toBe(422);
    expect((await client.get('/api/bookmarks?offset=-1')).status).toBe(422);
    expect(new Set(await ids(client))).toEqual(new Set(chosen));

    const shelf = ShelfSchema.parse((await client.get('/api/shelves/bookmarked?p_limit=30')).body);
    expect(shelf.total).toBe(25);
    expect(shelf.books.map((book) => book.id)).toEqual(newestFirst);
  });

  it('validates with the shared messages and refuses unknown or unpublished books', async () => {
    const { client } = await account();
    const missing = await client.post('/api/bookmarks', {});
    expect(missing.status).toBe(422);
    expect(missing.body.error.details.fieldErrors.book_id).toEqual([BOOKMARK_MESSAGES.bookIdRequired]);
    const invalid = await client.post('/api/bookmarks', { book_id: 'not-a-uuid' });
    expect(invalid.body.error.details.fieldErrors.book_id).toEqual([BOOKMARK_MESSAGES.bookIdRequired]);
    const badId = await client.delete('/api/bookmarks/not-a-uuid');
    expect(badId.status).toBe(422);
    expect(badId.body.error.details.fieldErrors.id).toEqual([BOOKMARK_MESSAGES.bookmarkIdRequired]);
    expect((await client.delete('/api/bookmarks/by-book/not-a-uuid')).status).toBe(422);

    expect((await client.post('/api/bookmarks', { book_id: UNKNOWN_ID })).status).toBe(404);
    const [draft] = await db
      .insert(books)
      .values({ titleEn: 'A draft nobody may see', status: 'draft' })
      .returning({ id: books.id });
    expect((await client.post('/api/bookmarks', { book_id: draft?.id })).status).toBe(404);
    expect((await list(client)).total).toBe(0);
  });

  it('removes by id and by book, once; the book count follows', async () => {
    const { client, id: userId } = await account();
    const [one, two] = bookIds.slice(30, 32) as [string, string];
    const before = [await bookmarkCount(one), await bookmarkCount(two)];
    const added = BookmarkRowSchema.parse((await client.post('/api/bookmarks', { book_id: one })).body);
    await client.post('/api/bookmarks', { book_id: two });
    expect(await bookmarkCount(one)).toBe((before[0] ?? 0) + 1);

    expect((await client.delete(`/api/bookmarks/${added.id}`)).status).toBe(204);
    expect((await client.delete(`/api/bookmarks/${added.id}`)).status).toBe(404);
    expect((await client.delete(`/api/bookmarks/by-book/${two}`)).status).toBe(204);
    expect((await client.delete(`/api/bookmarks/by-book/${two}`)).status).toBe(404);
    expect(await rowsOf(userId, one)).toHaveLength(0);
    expect((await list(client)).total).toBe(0);
    expect([await bookmarkCount(one), await bookmarkCount(two)]).toEqual(before);
  });

  it("keeps one reader's bookmarks out of another's reach", async () => {
    const a = await account();
    const b = await account();
    const bookId = bookIds[40] as string;
    const mine = BookmarkRowSchema.parse((await a.client.post('/api/bookmarks', { book_id: bookId })).body);

    expect((await list(b.client)).items).toEqual([]);
    expect(await ids(b.client)).toEqual([]);
    const byId = await b.client.delete(`/api/bookmarks/${mine.id}`);
    expect(byId.status).toBe(404);
    expect((await b.client.delete(`/api/bookmarks/by-book/${bookId}`)).status).toBe(404);
    expect(await rowsOf(a.id, bookId)).toHaveLength(1);
    expect((await list(a.client)).items.map((item) => item.id)).toEqual([mine.id]);
  });

  it('survives 50 concurrent adds and removes of one bookmark: no 5xx, at most one row, the count right', async () => {
    const { client, id: userId } = await account();
    const bookId = bookIds[50] as string;
    const before = (await bookmarkCount(bookId)) ?? 0;
    const responses = await Promise.all(
      Array.from({ length: 50 }, (_, i) =>
        i % 2 === 0
          ? client.post('/api/bookmarks', { book_id: bookId })
          : client.delete(`/api/bookmarks/by-book/${bookId}`),
      ),
    );
    for (const response of responses) expect([200, 201, 204, 404]).toContain(response.status);
    const rows = await rowsOf(userId, bookId);
    expect(rows.length).toBeLessThanOrEqual(1);
    expect(await bookmarkCount(bookId)).toBe(before + rows.length);
    expect((await list(client)).total).toBe(rows.length);
  });

  it('keeps a bookmark of a book later unpublished, without showing the book, and off the shelf', async () => {
    const { client } = await account();
    const [visible, later] = bookIds.slice(55, 57) as [string, string];
    await client.post('/api/bookmarks', { book_id: visible });
    await client.post('/api/bookmarks', { book_id: later });
    await db.update(books).set({ status: 'archived' }).where(eq(books.id, later));
    try {
      const page = await list(client);
      expect(page.total).toBe(2);
      const hidden = page.items.find((item) => item.book_id === later);
      expect(hidden).toMatchObject({
        book_visible: false,
        bookTitle: null,
        bookTitleAr: null,
        bookAuthor: null,
        bookAuthorAr: null,
        bookCoverImage: null,
        bookCategoryKey: null,
      });
      expect(page.items.find((item) => item.book_id === visible)?.book_visible).toBe(true);
      const shelf = ShelfSchema.parse((await client.get('/api/shelves/bookmarked')).body);
      expect(shelf.books.map((book) => book.id)).toEqual([visible]);
      expect((await client.delete(`/api/bookmarks/by-book/${later}`)).status).toBe(204);
      expect((await list(client)).total).toBe(1);
    } finally {
      await db.update(books).set({ status: 'approved' }).where(eq(books.id, later));
    }
  });
});
