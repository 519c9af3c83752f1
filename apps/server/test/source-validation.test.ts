/**
 * The catalogue's source validation through HTTP on both databases: a fixture catalogue with exactly
 * one record of each problem (and clean records beside them) → a run finds exactly those; its
 * progress; one run at a time (and a silent run counts as dead); the findings by kind, paged and as
 * CSV; merging a duplicate into the older book keeps every related row (copies, bookmarks with one
 * per reader, loans and their events, waiting-list places, views, links), removes the duplicate from
 * the catalogue and search, writes the audit entry and resolves the finding; the refusals. Then a run
 * over the demo catalogue, timed.
 */
import crypto from 'node:crypto';
import {
  FindingsPageSchema,
  LatestRunSchema,
  MergeResultSchema,
  ValidationRunSchema,
} from '@maktaba/shared/schemas/source-validation';
import { and, eq, sql } from 'drizzle-orm';
import { beforeAll, expect, it } from 'vitest';
import type { Database } from '../src/db/client.js';
import { rowsOf } from '../src/db/raw.js';
import {
  adminAuditLog,
  articleBooks,
  articles,
  authors,
  bookAuthors,
  bookCategories,
  bookCopies,
  bookmarks,
  books,
  bookViews,
  categories,
  checkouts,
  collectionBooks,
  collections,
  holds,
  loanEvents,
  quotes,
  sourceValidationFindings,
  sourceValidationRuns,
} from '../src/db/schema/index.js';
import { expectError } from './api-client.js';
import { accountAs, describeEachDriver, type TestAccount, useTestServer } from './helpers.js';

const BASE = '/api/admin/source-validation';
const ADDRESS = {
  name: 'R',
  address_line_1: '1 Road',
  address_line_2: null,
  city: 'Town',
  state_province: 'S',
  postal_code: '1000',
  country: 'GB',
  phone_number: null,
};

async function waitForRun(admin: TestAccount) {
  const started = Date.now();
  for (;;) {
    const response = await admin.client.get(`${BASE}/runs/latest`);
    const { run } = LatestRunSchema.parse(response.body);
    if (run && run.status !== 'running') return run;
    if (Date.now() - started > 30_000) throw new Error('the run did not finish');
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

describeEachDriver('source validation over HTTP', (driver) => {
  const server = useTestServer(driver, { env: { TRUST_PROXY_HOPS: '1', DEMO_CATALOGUE: 'false' } });
  let db: Database;
  let admin: TestAccount;
  let readers: TestAccount[];
  const tag = crypto.randomBytes(3).toString('hex');
  const ids: Record<string, string> = {};
  const day = (offset: number) => new Date(Date.UTC(2020, 0, 1) + offset * 1000);
  let order = 0;

  async function makeBook(
    name: string,
    fields: Partial<typeof books.$inferInsert>,
    links: { author?: string | null; category?: string | null; copy?: 'available' | 'withdrawn' | null } = {},
  ) {
    const [row] = await db
      .insert(books)
      .values({ status: 'approved', coverKey: `covers/${name}.webp`, createdAt: day(order++), ...fields })
      .returning({ id: books.id });
    if (!row) throw new Error('no book');
    ids[name] = row.id;
    const author = links.author === undefined ? ids.author : links.author;
    const category = links.category === undefined ? ids.category : links.category;
    const copy = links.copy === undefined ? 'available' : links.copy;
    if (author) await db.insert(bookAuthors).values({ bookId: row.id, authorId: author });
    if (category) await db.insert(bookCategories).values({ bookId: row.id, categoryId: category });
    if (copy) await db.insert(bookCopies).values({ bookId: row.id, status: copy, barcode: `SV${tag}${name}` });
    return row.id;
  }

  beforeAll(async () => {
    db = server.db;
    admin = await accountAs(server, 'admin');
    readers = [await accountAs(server), await accountAs(server), await accountAs(server)];
    const [author] = await db
      .insert(authors)
      .values([{ nameEn: `Ibn Clean ${tag}`, nameAr: 'ابن النظيف' }])
      .returning({ id: authors.id });
    const [orphanAuthor] = await db
      .insert(authors)
      .values([{ nameEn: `Nobody ${tag}`, nameAr: 'لا أحد' }])
      .returning({ id: authors.id });
    const [category] = await db
      .insert(categories)
      .values({ key: `clean-${tag}`, nameEn: 'Clean', nameAr: 'نظيف' })
      .returning({ id: categories.id });
    const [orphanCategory] = await db
      .insert(categories)
      .values({ key: `empty-${tag}`, nameEn: 'Empty', nameAr: 'فارغ' })
      .returning({ id: categories.id });
    ids.author = author?.id ?? '';
    ids.orphanAuthor = orphanAuthor?.id ?? '';
    ids.category = category?.id ?? '';
    ids.orphanCategory = orphanCategory?.id ?? '';

    await makeBook('keeper', {
      titleEn: `Book of Unity ${tag}`,
      titleAr: 'كِتَابُ التَّوْحِيدِ',
      externalId: 'isbn:978-0-306-40615-7',
      descriptionEn: null,
    });
    await makeBook('clean', { titleEn: `Clean ${tag}`, titleAr: 'كتاب نظيف', externalId: `demo:clean-${tag}` });
    await makeBook('noTitleEn', { titleEn: null, titleAr: 'بلا عنوان إنجليزي' });
    await makeBook('noTitleAr', { titleEn: `No Arabic ${tag}`, titleAr: null });
    await makeBook('noAuthor', { titleEn: `No author ${tag}`, titleAr: 'بلا مؤلف' }, { author: null });
    await makeBook('noCategory', { titleEn: `No category ${tag}`, titleAr: 'بلا تصنيف' }, { category: null });
    await makeBook('noCopies', { titleEn: `No copies ${tag}`, titleAr: 'بلا نسخ' }, { copy: 'withdrawn' });
    await makeBook('digital', { titleEn: `Digital ${tag}`, titleAr: 'رقمي', isDigital: true }, { copy: null });
    await makeBook('brokenId', { titleEn: `Broken id ${tag}`, titleAr: 'معرف معطوب', externalId: '9780306406158' });
    await makeBook('duplicate', {
      titleEn: `Kitab al-Tawhid ${tag}`,
      titleAr: 'كتاب التوحيد',
      descriptionEn: 'From the duplicate.',
    });
    await makeBook('noCover', { titleEn: `No cover ${tag}`, titleAr: 'بلا غلاف', coverKey: null });
  });

  it('runs one at a time, marks a silent run dead, and finds exactly the planted problems', async () => {
    const [fake] = await db.insert(sourceValidationRuns).values({ status: 'running' }).returning();
    if (!fake) throw new Error('no run');
    expectError(await admin.client.post(`${BASE}/runs`), 409, 'VALIDATION_RUN_ACTIVE');

    await db
      .update(sourceValidationRuns)
      .set({ heartbeatAt: new Date(Date.now() - 3 * 60_000) })
      .where(eq(sourceValidationRuns.id, fake.id));
    const response = await admin.client.post(`${BASE}/runs`);
    expect(response.status, JSON.stringify(response.body)).toBe(202);
    const started = ValidationRunSchema.parse(response.body);
    expect(started.status).toBe('running');
    expect(started.started_by?.id).toBe(admin.id);
    const [dead] = await db.select().from(sourceValidationRuns).where(eq(sourceValidationRuns.id, fake.id));
    expect(dead?.status).toBe('failed');

    const run = await waitForRun(admin);
    expect(run.id).toBe(started.id);
    expect(run.status).toBe('done');
    const [sizes] = await rowsOf<{ n: number }>(
      db,
      sql`select ((select count(*) from books) + (select count(*) from authors) + (select count(*) from categories))::int as n`,
    );
    expect(run.total).toBe(sizes?.n);
    expect(run.checked).toBe(run.total);
    expect(run.finished_at).not.toBeNull();

    const found = await db
      .select({
        kind: sourceValidationFindings.kind,
        targetId: sourceValidationFindings.targetId,
        relatedId: sourceValidationFindings.relatedId,
      })
      .from(sourceValidationFindings)
      .where(eq(sourceValidationFindings.runId, run.id));
    const pairs = found.map((row) => `${row.kind}:${row.targetId}`).sort();
    expect(pairs).toEqual(
      [
        `missing_title_en:${ids.noTitleEn}`,
        `missing_title_ar:${ids.noTitleAr}`,
        `no_author:${ids.noAuthor}`,
        `no_category:${ids.noCategory}`,
        `no_cover:${ids.noCover}`,
        `no_copies:${ids.noCopies}`,
        `duplicate:${ids.duplicate}`,
        `broken_external_id:${ids.brokenId}`,
        `author_without_books:${ids.orphanAuthor}`,
        `category_without_books:${ids.orphanCategory}`,
      ].sort(),
    );
    expect(found.find((row) => row.kind === 'duplicate')?.relatedId).toBe(ids.keeper);
    expect(Object.values(run.counts).reduce((a, b) => a + b, 0)).toBe(10);
    expect(run.counts.duplicate).toBe(1);

    // A second start while one runs is refused; the audit log has the start.
    const [audit] = await db
      .select()
      .from(adminAuditLog)
      .where(and(eq(adminAuditLog.actionType, 'start_source_validation'), eq(adminAuditLog.actorId, admin.id)));
    expect(audit?.metadata).toMatchObject({ run_id: run.id });
  });

  it('pages the findings by kind with the records, and exports them as CSV', async () => {
    const { run } = LatestRunSchema.parse((await admin.client.get(`${BASE}/runs/latest`)).body);
    if (!run) throw new Error('no run');
    const all = FindingsPageSchema.parse((await admin.client.get(`${BASE}/runs/${run.id}/findings`)).body);
    expect(all.total).toBe(10);
    expect(all.page).toBe(1);
    const duplicates = FindingsPageSchema.parse(
      (await admin.client.get(`${BASE}/runs/${run.id}/findings?kind=duplicate`)).body,
    );
    expect(duplicates.total).toBe(1);
    const [finding] = duplicates.items;
    expect(finding?.record).toMatchObject({ title_ar: 'كتاب التوحيد', authors: [{ name_ar: 'ابن النظيف' }] });
    expect(finding?.related).toMatchObject({ id: ids.keeper, title_ar: 'كِتَابُ التَّوْحِيدِ', copies: 1 });
    const broken = FindingsPageSchema.parse(
      (await admin.client.get(`${BASE}/runs/${run.id}/findings?kind=broken_external_id`)).body,
    );
    expect(broken.items[0]?.details).toEqual({ external_id: '9780306406158', problem: 'isbn_checksum' });
    const orphan = FindingsPageSchema.parse(
      (await admin.client.get(`${BASE}/runs/${run.id}/findings?kind=author_without_books`)).body,
    );
    expect(orphan.items[0]?.record).toMatchObject({ type: 'author', title_ar: 'لا أحد' });
    expect(
      FindingsPageSchema.parse((await admin.client.get(`${BASE}/runs/${run.id}/findings?page=2`)).body).items,
    ).toEqual([]);
    expectError(await admin.client.get(`${BASE}/runs/${run.id}/findings?kind=nonsense`), 422, 'VALIDATION_FAILED');
    expectError(await admin.client.get(`${BASE}/runs/${crypto.randomUUID()}/findings`), 404, 'NOT_FOUND');

    const response = await fetch(`${server.url}${BASE}/runs/${run.id}/findings?kind=duplicate&format=csv`, {
      headers: { cookie: admin.client.cookieHeader() },
    });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(response.headers.get('content-disposition')).toMatch(
      /filename="maktaba-source-validation-\d{4}-\d{2}-\d{2}\.csv"/,
    );
    const bytes = new Uint8Array(await response.arrayBuffer());
    expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const lines = new TextDecoder('utf-8', { ignoreBOM: true }).decode(bytes).slice(1).split('\r\n');
    expect(lines[0]).toBe(
      'kind,target_type,target_id,title_en,title_ar,authors_en,authors_ar,related_id,related_title_en,related_title_ar,details',
    );
    expect(lines[1]).toBe(
      `duplicate,book,${ids.duplicate},Kitab al-Tawhid ${tag},كتاب التوحيد,Ibn Clean ${tag},ابن النظيف,${ids.keeper},Book of Unity ${tag},كِتَابُ التَّوْحِيدِ,`,
    );
    expect(lines[2]).toBe('');
  });

  it('merges the duplicate into the keeper, keeping every related row', async () => {
    const keeper = ids.keeper as string;
    const dup = ids.duplicate as string;
    const [r1, r2, r3] = readers as [TestAccount, TestAccount, TestAccount];
    // Bookmarks: reader 1 has both, reader 2 only the duplicate.
    await db.insert(bookmarks).values([
      { userId: r1.id, bookId: keeper },
      { userId: r1.id, bookId: dup },
      { userId: r2.id, bookId: dup },
    ]);
    // A returned loan of the duplicate with its events, and an active one on its copy.
    const [dupCopy] = await db.select().from(bookCopies).where(eq(bookCopies.bookId, dup));
    const loans = await db
      .insert(checkouts)
      .values([
        { userId: r3.id, bookId: dup, status: 'returned', shippingAddress: ADDRESS, returnedAt: new Date() },
        { userId: r2.id, bookId: dup, status: 'approved', copyId: dupCopy?.id, shippingAddress: ADDRESS },
      ])
      .returning({ id: checkouts.id });
    await db.insert(loanEvents).values(
      loans.flatMap((loan) => [
        { loanId: loan.id, action: 'request', toStatus: 'requested' },
        { loanId: loan.id, action: 'approve', fromStatus: 'requested', toStatus: 'approved' },
      ]),
    );
    // Waiting lists: reader 1 on both, reader 3 on the duplicate.
    await db.insert(holds).values([
      { userId: r1.id, bookId: keeper, sortKey: 1 },
      { userId: r1.id, bookId: dup, sortKey: 1 },
      { userId: r3.id, bookId: dup, sortKey: 2 },
    ]);
    // Views: one viewer on both the same day (one row survives), another on the duplicate.
    await db.insert(bookViews).values([
      { bookId: keeper, viewer: 'v1', day: '2026-01-01' },
      { bookId: dup, viewer: 'v1', day: '2026-01-01' },
      { bookId: dup, viewer: 'v2', day: '2026-01-01' },
    ]);
    // Links: a quote, a collection holding both, an article holding the duplicate.
    await db.insert(quotes).values({ textEn: 'A saying', sourceBookId: dup });
    const [collection] = await db
      .insert(collections)
      .values({ ownerId: r1.id, titleEn: 'Mine' })
      .returning({ id: collections.id });
    await db.insert(collectionBooks).values([
      { collectionId: collection?.id as string, bookId: keeper, position: 0 },
      { collectionId: collection?.id as string, bookId: dup, position: 1 },
    ]);
    const [article] = await db
      .insert(articles)
      .values({ titleEn: `Article ${tag}` })
      .returning({ id: articles.id });
    await db.insert(articleBooks).values({ articleId: article?.id as string, bookId: dup });
    // A second author on the duplicate: the keeper gets the union.
    const [second] = await db
      .insert(authors)
      .values({ nameEn: `Second ${tag}` })
      .returning({ id: authors.id });
    await db.insert(bookAuthors).values({ bookId: dup, authorId: second?.id as string, position: 1 });

    const count = async (table: string, column = 'book_id') => {
      const rows = await rowsOf<{ keeper: number; dup: number }>(
        db,
        sql`select count(*) filter (where ${sql.raw(column)} = ${keeper})::int as keeper,
                   count(*) filter (where ${sql.raw(column)} = ${dup})::int as dup from ${sql.raw(table)}`,
      );
      return rows[0] as { keeper: number; dup: number };
    };
    const loanEventsBefore = await rowsOf<{ n: number }>(
      db,
      sql`select count(*)::int as n from loan_events e join checkouts l on l.id = e.loan_id where l.book_id in (${keeper}, ${dup})`,
    );

    expectError(
      await admin.client.post(`/api/admin/books/${keeper}/merge`, { duplicate_id: keeper }),
      422,
      'MERGE_SAME_BOOK',
    );
    expectError(
      await admin.client.post(`/api/admin/books/${keeper}/merge`, { duplicate_id: crypto.randomUUID() }),
      404,
      'NOT_FOUND',
    );
    expectError(
      await admin.client.post(`/api/admin/books/${crypto.randomUUID()}/merge`, { duplicate_id: dup }),
      404,
      'NOT_FOUND',
    );
    expectError(
      await admin.client.post(`/api/admin/books/${keeper}/merge`, { duplicate_id: 'x' }),
      422,
      'VALIDATION_FAILED',
    );
    expectError(await r1.client.post(`/api/admin/books/${keeper}/merge`, { duplicate_id: dup }), 403, 'FORBIDDEN');

    // The duplicate has its own uploaded cover (the keeper has one too, so it is not taken over).
    const { storage } = server.running.deps;
    const dupCover = `${dup}/cover.webp`;
    await storage.put('covers', dupCover, Buffer.from('cover'), 'image/webp');
    await db.update(books).set({ coverKey: dupCover }).where(eq(books.id, dup));

    await server.running.deps.searchIndex.refresh();
    const searchBefore = await admin.client.get(`/api/search?q=${encodeURIComponent(`Kitab al-Tawhid ${tag}`)}`);
    expect(searchBefore.body.hits.map((hit: { id: string }) => hit.id)).toContain(dup);

    const response = await admin.client.post(`/api/admin/books/${keeper}/merge`, { duplicate_id: dup });
    expect(response.status, JSON.stringify(response.body)).toBe(200);
    const result = MergeResultSchema.parse(response.body);
    expect(result.moved).toMatchObject({
      copies: 1,
      bookmarks: 1,
      bookmarks_merged: 1,
      loans: 2,
      loan_events: 4,
      holds: 2,
      holds_closed: 1,
      views: 1,
      quotes: 1,
      collections: 0,
      articles: 1,
      authors: 1,
      categories: 0,
    });
    expect(result.filled).toEqual(['description']);

    expect(await count('book_copies')).toEqual({ keeper: 2, dup: 0 });
    expect(await count('bookmarks')).toEqual({ keeper: 2, dup: 0 });
    expect(await count('checkouts')).toEqual({ keeper: 2, dup: 0 });
    expect(await count('holds')).toEqual({ keeper: 3, dup: 0 });
    expect(await count('book_views')).toEqual({ keeper: 2, dup: 0 });
    expect(await count('quotes', 'source_book_id')).toEqual({ keeper: 1, dup: 0 });
    expect(await count('collection_books')).toEqual({ keeper: 1, dup: 0 });
    expect(await count('article_books')).toEqual({ keeper: 1, dup: 0 });
    expect(await count('book_authors')).toEqual({ keeper: 2, dup: 0 });
    const loanEventsAfter = await rowsOf<{ n: number }>(
      db,
      sql`select count(*)::int as n from loan_events e join checkouts l on l.id = e.loan_id where l.book_id = ${keeper}`,
    );
    expect(loanEventsAfter[0]?.n).toBe(loanEventsBefore[0]?.n);
    const openHolds = await db
      .select({ userId: holds.userId, status: holds.status })
      .from(holds)
      .where(and(eq(holds.bookId, keeper), sql`${holds.status} in ('waiting', 'offered')`));
    expect(openHolds.map((hold) => hold.userId).sort()).toEqual([r1.id, r3.id].sort());
    const [book] = await db.select().from(books).where(eq(books.id, keeper));
    expect(book).toMatchObject({
      copiesTotal: 2,
      copiesAvailable: 2,
      bookmarkCount: 2,
      descriptionEn: 'From the duplicate.',
    });
    const [collectionRow] = await db
      .select()
      .from(collections)
      .where(eq(collections.id, collection?.id as string));
    expect(collectionRow?.bookCount).toBe(1);

    expect((await admin.client.get(`/api/books/${dup}`)).status).toBe(404);
    expect((await admin.client.get(`/api/books/${keeper}`)).status).toBe(200);
    // The duplicate's cover file went with it; the keeper's stays named.
    expect(await storage.stat('covers', dupCover)).toBeNull();
    expect(book?.coverKey).not.toBe(dupCover);
    const searchAfter = await admin.client.get(`/api/search?q=${encodeURIComponent(`Kitab al-Tawhid ${tag}`)}`);
    expect(searchAfter.body.hits.map((hit: { id: string }) => hit.id)).not.toContain(dup);

    const [audit] = await db
      .select()
      .from(adminAuditLog)
      .where(and(eq(adminAuditLog.actionType, 'merge_books'), eq(adminAuditLog.targetId, keeper)));
    expect(audit?.targetType).toBe('book');
    expect(audit?.metadata).toMatchObject({
      duplicate: { id: dup, title_ar: 'كتاب التوحيد' },
      moved: { copies: 1, bookmarks: 1 },
    });

    const { run } = LatestRunSchema.parse((await admin.client.get(`${BASE}/runs/latest`)).body);
    expect(run?.counts.duplicate).toBe(0);
    const left = FindingsPageSchema.parse(
      (await admin.client.get(`${BASE}/runs/${run?.id}/findings?kind=duplicate`)).body,
    );
    expect(left.total).toBe(0);

    // Both books with an active loan of one reader: merging would make two, so it is refused.
    const x = await makeBook('x', { titleEn: `X ${tag}`, titleAr: 'س' });
    const y = await makeBook('y', { titleEn: `Y ${tag}`, titleAr: 'ص' });
    await db.insert(checkouts).values([
      { userId: r3.id, bookId: x, status: 'requested', shippingAddress: ADDRESS },
      { userId: r3.id, bookId: y, status: 'requested', shippingAddress: ADDRESS },
    ]);
    expectError(
      await admin.client.post(`/api/admin/books/${x}/merge`, { duplicate_id: y }),
      409,
      'MERGE_LOAN_CONFLICT',
    );
    expect((await admin.client.get(`/api/books/${y}`)).status).toBe(200);
  });
});

describeEachDriver('source validation over the demo catalogue', (driver) => {
  const server = useTestServer(driver, { env: { TRUST_PROXY_HOPS: '1' } });

  it('finishes a run quickly', async () => {
    const admin = await accountAs(server, 'admin');
    const started = performance.now();
    expect((await admin.client.post(`${BASE}/runs`)).status).toBe(202);
    const run = await waitForRun(admin);
    const ms = Math.round(performance.now() - started);
    console.info(`[source-validation] ${driver.name}: ${run.checked} records in ${ms} ms`, run.counts);
    expect(run.status).toBe('done');
    expect(run.checked).toBe(run.total);
    expect(run.total).toBeGreaterThan(0);
    expect(ms).toBeLessThan(10_000);
  });
});
