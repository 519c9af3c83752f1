/**
 * Catalogue import through HTTP: idempotent on each record's id, rejected rows reported with their
 * line and reason while the rest is imported, one transaction per batch, who may import, and the
 * real catalogue (../shared/data/catalogue.jsonl) imported completely.
 */
import fs from 'node:fs';
import path from 'node:path';
import { eq, inArray, sql } from 'drizzle-orm';
import { beforeAll, expect, it } from 'vitest';
import type { Database } from '../src/db/client.js';
import {
  bookAuthors,
  bookCategories,
  bookCopies,
  books,
  categories,
  importJobs,
  profiles,
} from '../src/db/schema/index.js';
import { type ApiClient, clientFrom, type Json } from './api-client.js';
import { accountAs, describeEachDriver, REPO_ROOT, useTestServer } from './helpers.js';

const CATALOGUE = path.resolve(REPO_ROOT, '../shared/data/catalogue.jsonl');
const hasCatalogue = fs.existsSync(CATALOGUE);

const record = (id: string, overrides: Record<string, unknown> = {}) => ({
  id,
  title: `Book ${id}`,
  title_ar: `كتاب ${id}`,
  author: 'Shaykh al-Saduq',
  author_ar: 'الشيخ الصدوق',
  author_death_hijri: 381,
  category: 'Hadith',
  category_ar: 'الحديث',
  language: 'ar',
  publication_year: 1990,
  description: null,
  source: 'test',
  ...overrides,
});
const jsonl = (rows: unknown[]) =>
  `${rows.map((row) => (typeof row === 'string' ? row : JSON.stringify(row))).join('\n')}\n`;

describeEachDriver('catalogue import over HTTP', (driver) => {
  const server = useTestServer(driver, { env: { TRUST_PROXY_HOPS: '1' } });
  let db: Database;
  let admin: ApiClient;
  let patron: ApiClient;
  let prefix = 0;
  /** Ids no other test of this file uses. */
  const ids = (count: number) => {
    prefix++;
    return Array.from({ length: count }, (_, index) => `test:${prefix}-${index + 1}`);
  };

  async function upload(client: ApiClient, content: string, fileName: string, fields: Record<string, string> = {}) {
    const form = new FormData();
    form.set('file', new File([content], fileName));
    for (const [name, value] of Object.entries(fields)) form.set(name, value);
    const response = await fetch(`${server.url}/api/admin/imports`, {
      method: 'POST',
      headers: { ...client.defaultHeaders, cookie: client.cookieHeader() },
      body: form,
    });
    return { status: response.status, body: (await response.json()) as Json };
  }

  /** Waits for the import to finish; returns the job. `seen` collects the progress of each poll. */
  async function waitForJob(id: string, seen: number[] = []) {
    for (;;) {
      const job = await admin.get(`/api/admin/imports/${id}`);
      expect(job.status).toBe(200);
      seen.push(job.body.processed);
      if (job.body.status !== 'running') return job.body;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  }

  /** Uploads and waits for the import to finish; returns the job. */
  async function runImport(content: string, fileName = 'books.jsonl', fields: Record<string, string> = {}) {
    const started = await upload(admin, content, fileName, fields);
    expect(started.status, JSON.stringify(started.body)).toBe(202);
    return waitForJob(started.body.id);
  }

  const booksWith = (externalIds: string[]) => db.select().from(books).where(inArray(books.externalId, externalIds));

  beforeAll(async () => {
    db = server.db;
    admin = (await accountAs(server, 'admin', { name: 'Import Admin' })).client;
    patron = (await accountAs(server, 'patron', { name: 'Import Patron' })).client;
  });

  it('records each finished import in the audit log: who, which file, how many rows created, updated and refused', async () => {
    const [first, second] = ids(2);
    await runImport(jsonl([record(first as string)]), 'first.jsonl');
    const job = await runImport(
      jsonl([record(first as string, { title: 'Renamed by import' }), record(second as string), '{broken']),
      'audited.jsonl',
    );
    expect(job.status).toBe('done');
    const log = await admin.get('/api/admin/audit-log?action_type=import_catalogue&per_page=100');
    expect(log.status).toBe(200);
    const entry = log.body.entries.find((candidate: Json) => candidate.target_id === job.id);
    expect(entry).toMatchObject({
      action_type: 'import_catalogue',
      actor: { id: job.created_by },
      target_type: 'import',
      target_label: { en: 'audited.jsonl' },
      changes: { file_name: 'audited.jsonl', rows_total: 3, rows_inserted: 1, rows_updated: 1, rows_rejected: 1 },
      metadata: { status: 'done' },
    });
    expect(entry.ip_address).toMatch(/^10\./);
  });

  it('refuses visitors (401) and patrons (403)', async () => {
    const file = jsonl([record('test:refused')]);
    const anonymous = clientFrom(server.url);
    expect((await upload(anonymous, file, 'a.jsonl')).status).toBe(401);
    expect((await anonymous.get('/api/admin/imports')).status).toBe(401);
    expect((await upload(patron, file, 'a.jsonl')).status).toBe(403);
    expect((await patron.get('/api/admin/imports')).status).toBe(403);
    expect(await booksWith(['test:refused'])).toEqual([]);
  });

  it('imports a file twice: the second run changes nothing', async () => {
    const bookIds = ids(5);
    const file = jsonl(bookIds.map((id) => record(id)));
    const first = await runImport(file);
    expect(first).toMatchObject({ status: 'done', total: 5, processed: 5, inserted: 5, updated: 0, unchanged: 0 });
    const before = await booksWith(bookIds);
    expect(before.map((book) => book.status)).toEqual(Array(5).fill('approved'));

    const second = await runImport(file);
    expect(second).toMatchObject({ status: 'done', total: 5, inserted: 0, updated: 0, unchanged: 5, rejected: 0 });
    const after = await booksWith(bookIds);
    const stamps = (rows: typeof before) =>
      Object.fromEntries(rows.map((book) => [book.externalId, book.updatedAt.toISOString()]));
    expect(stamps(after)).toEqual(stamps(before));

    // One author and one category, found again rather than created twice.
    const links = await db
      .select({ authorId: bookAuthors.authorId, categoryId: bookCategories.categoryId })
      .from(bookAuthors)
      .innerJoin(bookCategories, eq(bookCategories.bookId, bookAuthors.bookId))
      .where(
        inArray(
          bookAuthors.bookId,
          after.map((book) => book.id),
        ),
      );
    expect(links).toHaveLength(5);
    expect(new Set(links.map((link) => link.authorId)).size).toBe(1);
    expect(new Set(links.map((link) => link.categoryId)).size).toBe(1);
    expect(await db.select().from(categories).where(eq(categories.nameEn, 'Hadith'))).toHaveLength(1);
  });

  it('updates a changed record and leaves the others alone', async () => {
    const bookIds = ids(3);
    const [a = '', b = '', c = ''] = bookIds;
    await runImport(jsonl(bookIds.map((id) => record(id))));
    const changed = await runImport(
      jsonl([
        record(a),
        record(b, { title: 'A New Title', publication_year: 2001 }),
        record(c, { category: 'Test Genre & Notes', category_ar: 'نوع تجريبي' }),
      ]),
    );
    expect(changed).toMatchObject({ inserted: 0, updated: 2, unchanged: 1 });
    const rows = await booksWith([b]);
    expect(rows[0]).toMatchObject({ titleEn: 'A New Title', publicationYear: 2001 });
    // A category no one has yet is created, with a key made from its English name.
    const [created] = await db.select().from(categories).where(eq(categories.nameAr, 'نوع تجريبي'));
    expect(created).toMatchObject({ key: 'test-genre-notes', nameEn: 'Test Genre & Notes' });
    const [link] = await db
      .select({ categoryId: bookCategories.categoryId })
      .from(bookCategories)
      .innerJoin(books, eq(books.id, bookCategories.bookId))
      .where(eq(books.externalId, c));
    expect(link?.categoryId).toBe(created?.id);
  });

  it('reports malformed rows with their line and reason, and imports the rest', async () => {
    const [good1 = '', good2 = '', unknownLanguage = '', duplicate = ''] = ids(4);
    const file = jsonl([
      record(good1),
      '{"id": "broken", "title": ',
      record('', { id: undefined }),
      record(unknownLanguage, { language: 'xx' }),
      record(duplicate, { title: 'First' }),
      record(good2),
      record(duplicate, { title: 'Second' }),
    ]);
    const job = await runImport(file);
    expect(job).toMatchObject({ status: 'done', total: 7, inserted: 3, rejected: 4 });
    expect(job.rejected_rows).toEqual([
      { line: 2, id: null, reason: 'import.reasons.invalidJson' },
      { line: 3, id: null, reason: 'import.reasons.missingId', params: { field: 'id' } },
      {
        line: 4,
        id: unknownLanguage,
        reason: 'import.reasons.unknownLanguage',
        params: { field: 'language', value: 'xx' },
      },
      { line: 5, id: duplicate, reason: 'import.reasons.duplicateId', params: { line: 7 } },
    ]);
    const imported = await booksWith([good1, good2, unknownLanguage, duplicate]);
    expect(imported.map((book) => [book.externalId, book.titleEn]).sort()).toEqual(
      [
        [duplicate, 'Second'],
        [good1, `Book ${good1}`],
        [good2, `Book ${good2}`],
      ].sort(),
    );
  });

  it('reads CSV with a byte order mark, text numbers and ;-separated authors', async () => {
    const [id = ''] = ids(1);
    const csv =
      '\uFEFFid,title,title_ar,authors,category,language,publication_year,is_digital,copies_total,copies_available\r\n' +
      `${id},"Kitab, with a comma",كتاب,"Al-Tusi; الشيخ المفيد",History,AR,1985,yes,3,2\r\n` +
      'no-title-row,,,,,ar,,,,\r\n';
    const job = await runImport(csv, 'books.csv', { status: 'draft' });
    expect(job).toMatchObject({ status: 'done', total: 2, inserted: 1, rejected: 1, book_status: 'draft' });
    expect(job.rejected_rows).toEqual([
      { line: 3, id: 'no-title-row', reason: 'import.reasons.missingTitle', params: { field: 'title' } },
    ]);
    const [book] = await booksWith([id]);
    expect(book).toMatchObject({
      titleEn: 'Kitab, with a comma',
      language: 'ar',
      publicationYear: 1985,
      isDigital: true,
      copiesTotal: 3,
      copiesAvailable: 2,
      status: 'draft',
    });
    const links = await db
      .select()
      .from(bookAuthors)
      .where(eq(bookAuthors.bookId, book?.id ?? ''));
    expect(links).toHaveLength(2);
  });

  it('creates the copies a record counts, and on a re-import only adds copies, never removes one', async () => {
    const [id = ''] = ids(1);
    const copiesOf = async () => {
      const [book] = await booksWith([id]);
      const rows = await db
        .select({ status: bookCopies.status, barcode: bookCopies.barcode })
        .from(bookCopies)
        .where(eq(bookCopies.bookId, book?.id ?? ''));
      return { book, statuses: rows.map((row) => row.status).sort(), barcodes: rows.map((row) => row.barcode) };
    };
    const first = await runImport(jsonl([record(id, { copies_total: 3, copies_available: 1 })]));
    expect(first).toMatchObject({ inserted: 1 });
    let now = await copiesOf();
    expect(now.book).toMatchObject({ copiesTotal: 3, copiesAvailable: 1 });
    expect(now.statuses).toEqual(['available', 'damaged', 'damaged']);
    expect(now.barcodes.every((barcode) => /^MK\d{7,}$/.test(barcode))).toBe(true);

    // A larger count adds copies (lendable when the record does not say otherwise)...
    const more = await runImport(jsonl([record(id, { copies_total: 5 })]));
    expect(more).toMatchObject({ inserted: 0, updated: 1, unchanged: 0 });
    now = await copiesOf();
    expect(now.book).toMatchObject({ copiesTotal: 5, copiesAvailable: 3 });
    expect(now.statuses).toEqual(['available', 'available', 'available', 'damaged', 'damaged']);

    // ...a smaller one removes none: copies may be on loan, and only the desk withdraws one.
    const fewer = await runImport(jsonl([record(id, { copies_total: 1, copies_available: 0 })]));
    expect(fewer).toMatchObject({ inserted: 0, updated: 0, unchanged: 1 });
    now = await copiesOf();
    expect(now.book).toMatchObject({ copiesTotal: 5, copiesAvailable: 3 });
    expect(now.statuses).toHaveLength(5);
  });

  it('writes one transaction per batch: a failing batch leaves none of its rows', async () => {
    const [a = '', b = '', c = '', d = ''] = ids(4);
    await db.execute(sql`create function refuse_explosive() returns trigger language plpgsql as $$
      begin
        if new.title_en = 'Explode' then raise exception 'refused by the test'; end if;
        return new;
      end $$`);
    await db.execute(sql`create trigger refuse_explosive before insert on books
      for each row execute function refuse_explosive()`);
    try {
      const job = await runImport(
        jsonl([record(a), record(b), record(c), record(d, { title: 'Explode' })]),
        'x.jsonl',
        {
          batch_size: '2',
        },
      );
      expect(job).toMatchObject({ status: 'failed', error: 'import.errors.batchFailed', inserted: 2, processed: 2 });
      expect((await booksWith([a, b, c, d])).map((book) => book.externalId).sort()).toEqual([a, b].sort());
    } finally {
      await db.execute(sql`drop trigger refuse_explosive on books`);
      await db.execute(sql`drop function refuse_explosive()`);
    }
  });

  it('is documented in the OpenAPI description', async () => {
    const spec = (await (await fetch(`${server.url}/api/openapi.json`)).json()) as Json;
    const upload = spec.paths['/api/admin/imports'].post.requestBody.content['multipart/form-data'].schema;
    expect(upload.properties.file).toMatchObject({ type: 'string', format: 'binary' });
    expect(upload.required).toContain('file');
    expect(spec.paths['/api/admin/imports/{id}'].get.responses).toHaveProperty('200');
  });

  it('lists recent imports, and shows a job only to its creator or an admin', async () => {
    const list = await admin.get('/api/admin/imports');
    expect(list.status).toBe(200);
    expect(list.body.jobs.length).toBeGreaterThan(0);
    expect(list.body.jobs[0]).not.toHaveProperty('rejected_rows');
    const { client: other } = await accountAs(server, 'librarian', { name: 'Import Librarian' });
    expect((await other.get(`/api/admin/imports/${list.body.jobs[0].id}`)).status).toBe(404);
    expect((await other.get('/api/admin/imports')).body.jobs).toEqual([]);
  });

  it('reports an import whose server stopped mid-way as interrupted, not running for ever', async () => {
    const [adminRow] = await db.select({ id: profiles.id }).from(profiles).where(eq(profiles.role, 'admin'));
    const [stale, live] = await db
      .insert(importJobs)
      .values([
        {
          createdBy: adminRow?.id,
          fileName: 'cut-off.jsonl',
          bookStatus: 'approved',
          heartbeatAt: sql`now() - interval '5 minutes'`,
        },
        { createdBy: adminRow?.id, fileName: 'busy.jsonl', bookStatus: 'approved' },
      ])
      .returning({ id: importJobs.id });
    const interrupted = await admin.get(`/api/admin/imports/${stale?.id}`);
    expect(interrupted.body).toMatchObject({ status: 'failed', error: 'import.errors.interrupted' });
    expect((await admin.get(`/api/admin/imports/${live?.id}`)).body.status).toBe('running');
    await db.delete(importJobs).where(inArray(importJobs.id, [stale?.id as string, live?.id as string]));
  });

  it.skipIf(!hasCatalogue)(
    `imports ../shared/data/catalogue.jsonl completely${hasCatalogue ? '' : ' (skipped: the file is absent)'}`,
    async () => {
      const startedAt = performance.now();
      const started = await upload(admin, fs.readFileSync(CATALOGUE, 'utf8'), 'catalogue.jsonl');
      expect(started.status).toBe(202);
      // It takes seconds, during which the server answers (on PGlite too) and refuses a second import.
      const second = await upload(admin, jsonl([record('test:while-busy')]), 'busy.jsonl');
      expect({ status: second.status, code: second.body.error?.code }).toEqual({ status: 409, code: 'CONFLICT' });
      const seen: number[] = [];
      const job = await waitForJob(started.body.id, seen);
      // The progress moved while it ran: some poll saw it part-way.
      expect(
        seen.some((processed) => processed > 0 && processed < 4301),
        JSON.stringify(seen),
      ).toBe(true);
      const seconds = (performance.now() - startedAt) / 1000;
      console.log(`catalogue.jsonl on ${driver.name}: ${job.total} rows in ${seconds.toFixed(1)} s`);
      expect(job).toMatchObject({ status: 'done', total: 4301, inserted: 4301, rejected: 0 });
      // Both drivers answer with `{ rows }`.
      const { rows } = (await db.execute(sql`
        select count(*)::int as books,
          count(*) filter (where not exists (select 1 from book_authors a where a.book_id = b.id))::int as unlinked,
          (select count(distinct c.category_id)::int from book_categories c
             join books x on x.id = c.book_id where x.external_id similar to '(openiti|thaqalayn):%') as vocabulary
        from books b where b.external_id similar to '(openiti|thaqalayn):%'`)) as unknown as { rows: unknown[] };
      expect(rows[0]).toEqual({ books: 4301, unlinked: 0, vocabulary: 20 });
    },
    120_000,
  );
});
