/**
 * The librarians' lending reports through HTTP: loans arranged through the API (a reader asks, the
 * desk approves, ships, delivers, receives), then each report's real figures — months with zeros,
 * categories (a book in two counts in both), the most requested books with ties by title, the
 * readers with overdue loans by days — who may read them, what is refused as invalid, and the CSV
 * files (byte-order mark, header, quoting, formula defusing, Arabic, headers).
 */
import crypto from 'node:crypto';
import {
  LoansByCategorySchema,
  LoansByMonthSchema,
  MostRequestedSchema,
  OverdueReadersSchema,
  WaitingListsSchema,
} from '@maktaba/shared/schemas/lending-reports';
import { type Loan, LoanSchema } from '@maktaba/shared/schemas/loans';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../src/db/client.js';
import {
  authors,
  bookAuthors,
  bookCategories,
  bookCopies,
  books,
  categories,
  checkouts,
} from '../src/db/schema/index.js';
import { type ApiResponse, clientFrom, expectError } from './api-client.js';
import { accountAs, describeEachDriver, type TestAccount, useTestServer } from './helpers.js';

const DAY_MS = 86_400_000;
const BASE = '/api/admin/lending-reports';

/** `YYYY-MM` of the UTC month `back` months before this one. */
const monthBack = (back: number) => {
  const now = new Date();
  return new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - back, 1)).toISOString().slice(0, 7);
};
const today = () => new Date().toISOString().slice(0, 10);

describeEachDriver('lending reports over HTTP', (driver) => {
  const server = useTestServer(driver, { env: { TRUST_PROXY_HOPS: '1', DEMO_CATALOGUE: 'false' } });
  let db: Database;
  let admin: TestAccount;
  let librarian: TestAccount;
  let patron: TestAccount;
  let readers: TestAccount[];
  const tag = crypto.randomBytes(3).toString('hex');
  const ids: Record<string, string> = {};

  const ok = (response: ApiResponse, status = 200) => {
    expect(response.status, JSON.stringify(response.body)).toBe(status);
    return response.body;
  };
  const desk = (action: string, loanId: string, body: Record<string, unknown> = {}) =>
    librarian.client.post(`/api/admin/loans/${loanId}/${action}`, body);

  async function makeCategory(key: string, nameEn: string, nameAr: string) {
    const [row] = await db
      .insert(categories)
      .values({ key: `${key}-${tag}`, nameEn, nameAr })
      .returning({ id: categories.id });
    if (!row) throw new Error('no category');
    return row.id;
  }
  async function makeBook(titleEn: string, titleAr: string, copies: number, categoryIds: string[], author?: string) {
    const [book] = await db.insert(books).values({ titleEn, titleAr, status: 'approved' }).returning({ id: books.id });
    if (!book) throw new Error('no book');
    for (let n = 0; n < copies; n++) {
      await db
        .insert(bookCopies)
        .values({ bookId: book.id, barcode: `R${tag}-${crypto.randomBytes(3).toString('hex')}` });
    }
    for (const [position, categoryId] of categoryIds.entries()) {
      await db.insert(bookCategories).values({ bookId: book.id, categoryId, position });
    }
    if (author) {
      const [row] = await db
        .insert(authors)
        .values({ nameEn: author, nameAr: 'الإمام النووي' })
        .returning({ id: authors.id });
      if (row) await db.insert(bookAuthors).values({ bookId: book.id, authorId: row.id });
    }
    return book.id;
  }
  /** A new loan of `bookId` by `who`, walked to `to` through the API. */
  async function loan(who: TestAccount, bookId: string, to: 'requested' | 'shipped' | 'on_loan' | 'returned') {
    const created: Loan = LoanSchema.parse(ok(await who.client.post('/api/loans', { book_id: bookId }), 201));
    if (to === 'requested') return created.id;
    ok(await desk('approve', created.id));
    ok(await desk('ship', created.id, { carrier: 'Canada Post' }));
    if (to === 'shipped') return created.id;
    ok(await desk('deliver', created.id));
    if (to === 'on_loan') return created.id;
    ok(await desk('receive', created.id, { condition: 'good' }));
    return created.id;
  }
  const dueDaysAgo = (loanId: string, days: number) =>
    db
      .update(checkouts)
      .set({ dueDate: new Date(Date.now() - days * DAY_MS) })
      .where(eq(checkouts.id, loanId));

  /** A report as CSV: the raw bytes and the headers, signed in as `who`. */
  async function csvOf(path: string, who: TestAccount = librarian) {
    const response = await fetch(`${server.url}${path}${path.includes('?') ? '&' : '?'}format=csv`, {
      headers: { ...who.client.defaultHeaders, cookie: who.client.cookieHeader() },
    });
    const bytes = new Uint8Array(await response.arrayBuffer());
    return { response, bytes, text: new TextDecoder('utf-8', { ignoreBOM: true }).decode(bytes) };
  }

  beforeAll(async () => {
    db = server.db;
    [admin, librarian, patron] = await Promise.all([
      accountAs(server, 'admin', { name: `Admin ${tag}` }),
      accountAs(server, 'librarian', { name: `Librarian ${tag}` }),
      accountAs(server, 'patron', { name: `Patron ${tag}` }),
    ]);
    readers = await Promise.all([
      accountAs(server, 'patron', { name: `First reader ${tag}` }),
      accountAs(server, 'patron', { name: `Second reader ${tag}` }),
      accountAs(server, 'patron', { name: `قارئ ثالث ${tag}` }),
      accountAs(server, 'patron', { name: `Fourth reader ${tag}` }),
    ]);
    const [r1, r2, r3, r4] = readers as [TestAccount, TestAccount, TestAccount, TestAccount];
    ids.hadith = await makeCategory('hadith', 'Hadith', 'الحديث');
    ids.ethics = await makeCategory('ethics', 'Ethics', 'الأخلاق');
    ids.sira = await makeCategory('sira', 'Sira', 'السيرة');
    ids.gardens = await makeBook(
      `Riyad, the "Gardens" ${tag}`,
      'رياض الصالحين',
      3,
      [ids.hadith, ids.ethics],
      'Al-Nawawi',
    );
    ids.formula = await makeBook(`=HYPERLINK("http://x") ${tag}`, 'الأربعون النووية', 2, [ids.hadith]);
    ids.sira1 = await makeBook(`Sira of the Prophet ${tag}`, 'السيرة النبوية', 1, [ids.sira]);
    ids.adab = await makeBook(`Adab al-Mufrad ${tag}`, 'الأدب المفرد', 1, []);

    // This month: five requests, four shipped, one returned.
    await loan(r1, ids.gardens, 'returned');
    ids.r2gardens = await loan(r2, ids.gardens, 'on_loan');
    await loan(r3, ids.gardens, 'requested');
    ids.r2formula = await loan(r2, ids.formula, 'on_loan');
    ids.r3formula = await loan(r3, ids.formula, 'on_loan');
    // Three months ago a request, shipped two months ago (moved back in time directly).
    ids.old = await loan(r4, ids.sira1, 'shipped');
    const now = new Date();
    await db
      .update(checkouts)
      .set({
        checkedOutAt: new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - 3, 10, 12)),
        shippedAt: new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - 2, 3, 9)),
      })
      .where(eq(checkouts.id, ids.old));
    // A request this month for a book of no category: one request, like the old one.
    await loan(r4, ids.adab, 'requested');
    // Overdue: the second reader's two loans (5 and 2 days), the third reader's one (10 days).
    await dueDaysAgo(ids.r2gardens, 5);
    await dueDaysAgo(ids.r2formula, 2);
    await dueDaysAgo(ids.r3formula, 10);
  });

  describe('loans by month', () => {
    it('counts requests, loans shipped and returned per month, months without activity as zeros, oldest first', async () => {
      const report = LoansByMonthSchema.parse(ok(await librarian.client.get(`${BASE}/loans-by-month?months=4`)));
      expect(report.months).toBe(4);
      expect(report.items).toEqual([
        { month: monthBack(3), requests: 1, shipped: 0, returned: 0 },
        { month: monthBack(2), requests: 0, shipped: 1, returned: 0 },
        { month: monthBack(1), requests: 0, shipped: 0, returned: 0 },
        { month: monthBack(0), requests: 6, shipped: 4, returned: 1 },
      ]);
    });

    it('gives twelve months by default and one when asked', async () => {
      const twelve = LoansByMonthSchema.parse(ok(await admin.client.get(`${BASE}/loans-by-month`)));
      expect(twelve.items).toHaveLength(12);
      expect(twelve.items.at(-1)?.month).toBe(monthBack(0));
      expect(twelve.items[0]?.month).toBe(monthBack(11));
      const one = LoansByMonthSchema.parse(ok(await librarian.client.get(`${BASE}/loans-by-month?months=1`)));
      expect(one.items).toEqual([{ month: monthBack(0), requests: 6, shipped: 4, returned: 1 }]);
      const many = LoansByMonthSchema.parse(ok(await librarian.client.get(`${BASE}/loans-by-month?months=36`)));
      expect(many.items).toHaveLength(36);
    });
  });

  describe('loans by category', () => {
    it('counts loans shipped in the period per category, a book in two categories in both, most first', async () => {
      const report = LoansByCategorySchema.parse(ok(await librarian.client.get(`${BASE}/loans-by-category`)));
      expect(report.to).toBe(today());
      expect(report.items.map(({ key, name, name_ar, shipped }) => ({ key, name, name_ar, shipped }))).toEqual([
        { key: `hadith-${tag}`, name: 'Hadith', name_ar: 'الحديث', shipped: 4 },
        { key: `ethics-${tag}`, name: 'Ethics', name_ar: 'الأخلاق', shipped: 2 },
        { key: `sira-${tag}`, name: 'Sira', name_ar: 'السيرة', shipped: 1 },
      ]);
    });

    it('counts only the period asked for', async () => {
      const from = `${monthBack(0)}-01`;
      const report = LoansByCategorySchema.parse(
        ok(await librarian.client.get(`${BASE}/loans-by-category?from=${from}&to=${today()}`)),
      );
      expect(report).toMatchObject({ from, to: today() });
      expect(report.items.map((item) => [item.name, item.shipped])).toEqual([
        ['Hadith', 4],
        ['Ethics', 2],
      ]);
      const before = LoansByCategorySchema.parse(
        ok(await librarian.client.get(`${BASE}/loans-by-category?from=2000-01-01&to=2000-12-31`)),
      );
      expect(before.items).toEqual([]);
    });
  });

  describe('most requested', () => {
    it('lists books by requests with loans shipped and copies, ties by title', async () => {
      const report = MostRequestedSchema.parse(ok(await librarian.client.get(`${BASE}/most-requested`)));
      expect(report.limit).toBe(20);
      expect(
        report.items.map(({ book_id, requests, shipped, copies_total, copies_available }) => ({
          book_id,
          requests,
          shipped,
          copies_total,
          copies_available,
        })),
      ).toEqual([
        { book_id: ids.gardens, requests: 3, shipped: 2, copies_total: 3, copies_available: 1 },
        { book_id: ids.formula, requests: 2, shipped: 2, copies_total: 2, copies_available: 0 },
        // One request each: "Adab …" before "Sira …".
        { book_id: ids.adab, requests: 1, shipped: 0, copies_total: 1, copies_available: 0 },
        { book_id: ids.sira1, requests: 1, shipped: 1, copies_total: 1, copies_available: 0 },
      ]);
      expect(report.items[0]).toMatchObject({
        title: `Riyad, the "Gardens" ${tag}`,
        title_ar: 'رياض الصالحين',
        authors: [{ name: 'Al-Nawawi', name_ar: 'الإمام النووي' }],
      });
    });

    it('keeps to the limit and the period', async () => {
      const two = MostRequestedSchema.parse(ok(await librarian.client.get(`${BASE}/most-requested?limit=2`)));
      expect(two.items.map((item) => item.book_id)).toEqual([ids.gardens, ids.formula]);
      // This month only: the old request is outside, its shipment too.
      const from = `${monthBack(0)}-01`;
      const month = MostRequestedSchema.parse(
        ok(await librarian.client.get(`${BASE}/most-requested?from=${from}&to=${today()}`)),
      );
      expect(month.items.map((item) => item.book_id)).toEqual([ids.gardens, ids.formula, ids.adab]);
    });
  });

  describe('readers with overdue loans', () => {
    it('lists each reader with overdue loans, their count, oldest due date and days, most days first', async () => {
      const [, r2, r3] = readers as [TestAccount, TestAccount, TestAccount];
      const report = OverdueReadersSchema.parse(ok(await librarian.client.get(`${BASE}/overdue-readers`)));
      expect(report.items.map((item) => [item.user_id, item.overdue_loans, item.days_overdue])).toEqual([
        [r3.id, 1, 10],
        [r2.id, 2, 5],
      ]);
      const second = report.items[1];
      expect(second).toMatchObject({ name: `Second reader ${tag}`, email: r2.email });
      expect(second?.books.map((book) => book.book_id)).toEqual([ids.gardens, ids.formula]);
      expect(second?.books[0]).toMatchObject({ title: `Riyad, the "Gardens" ${tag}`, title_ar: 'رياض الصالحين' });
      expect(new Date(second?.oldest_due_date ?? '').getTime()).toBeLessThan(Date.now() - 4 * DAY_MS);
    });
  });

  describe('access and validation', () => {
    const paths = ['loans-by-month', 'loans-by-category', 'most-requested', 'overdue-readers', 'waiting-lists'];

    it('lets librarians and admins read every report; refuses patrons (403) and visitors (401)', async () => {
      const anonymous = clientFrom(server.url);
      for (const path of paths) {
        ok(await librarian.client.get(`${BASE}/${path}`));
        ok(await admin.client.get(`${BASE}/${path}`));
        expectError(await patron.client.get(`${BASE}/${path}`), 403, 'FORBIDDEN');
        expectError(await anonymous.get(`${BASE}/${path}`), 401, 'UNAUTHENTICATED');
        expectError(await patron.client.get(`${BASE}/${path}?format=csv`), 403, 'FORBIDDEN');
      }
    });

    it('refuses bad months, dates, limits and formats with a 422 naming the field', async () => {
      const bad: Array<[string, string]> = [
        ['loans-by-month?months=0', 'months'],
        ['loans-by-month?months=37', 'months'],
        ['loans-by-month?months=2.5', 'months'],
        ['loans-by-month?months=many', 'months'],
        ['loans-by-month?format=xlsx', 'format'],
        ['loans-by-category?from=2026-13-01', 'from'],
        ['loans-by-category?to=yesterday', 'to'],
        ['loans-by-category?from=2026-02-30', 'from'],
        ['loans-by-category?from=2026-05-01&to=2026-04-01', 'to'],
        ['most-requested?limit=0', 'limit'],
        ['most-requested?limit=101', 'limit'],
        ['most-requested?from=2026-01-01T00:00:00Z', 'from'],
      ];
      for (const [path, field] of bad) {
        const response = await librarian.client.get(`${BASE}/${path}`);
        expectError(response, 422, 'VALIDATION_FAILED');
        expect(Object.keys(response.body.error.details.fieldErrors), path).toContain(field);
      }
      // The central guard refuses a NUL byte in the query too.
      expectError(await librarian.client.get(`${BASE}/most-requested?from=%00`), 422, 'VALIDATION_FAILED');
    });
  });

  describe('CSV', () => {
    it('answers a file with a byte-order mark, a header row and the same figures', async () => {
      const { response, bytes, text } = await csvOf(`${BASE}/loans-by-month?months=4`);
      expect(response.status).toBe(200);
      expect(response.headers.get('content-type')).toBe('text/csv; charset=utf-8');
      expect(response.headers.get('content-disposition')).toBe(
        `attachment; filename="maktaba-loans-by-month-${today()}.csv"`,
      );
      expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
      expect(text.slice(1).split('\r\n')).toEqual([
        'month,requests,shipped,returned',
        `${monthBack(3)},1,0,0`,
        `${monthBack(2)},0,1,0`,
        `${monthBack(1)},0,0,0`,
        `${monthBack(0)},6,4,1`,
        '',
      ]);
    });

    it('quotes titles with commas and quotes, defuses formulas and keeps Arabic intact', async () => {
      const { response, text } = await csvOf(`${BASE}/most-requested?limit=2`);
      expect(response.headers.get('content-disposition')).toBe(
        `attachment; filename="maktaba-most-requested-${today()}.csv"`,
      );
      const lines = text.slice(1).split('\r\n');
      expect(lines[0]).toBe(
        'book_id,title_en,title_ar,authors_en,authors_ar,requests,shipped,copies_total,copies_available',
      );
      expect(lines[1]).toBe(
        `${ids.gardens},"Riyad, the ""Gardens"" ${tag}",رياض الصالحين,Al-Nawawi,الإمام النووي,3,2,3,1`,
      );
      expect(lines[2]).toBe(`${ids.formula},"'=HYPERLINK(""http://x"") ${tag}",الأربعون النووية,,,2,2,2,0`);
      expect(lines).toHaveLength(4);
    });

    it('writes categories and overdue readers with their English column names', async () => {
      const categoriesCsv = (await csvOf(`${BASE}/loans-by-category`)).text.slice(1).split('\r\n');
      expect(categoriesCsv[0]).toBe('category_key,name_en,name_ar,shipped,from,to');
      expect(categoriesCsv[1]).toMatch(new RegExp(`^hadith-${tag},Hadith,الحديث,4,\\d{4}-\\d{2}-\\d{2},${today()}$`));
      const [, r2, r3] = readers as [TestAccount, TestAccount, TestAccount];
      const overdue = await csvOf(`${BASE}/overdue-readers`, admin);
      expect(overdue.response.headers.get('content-disposition')).toContain('maktaba-overdue-readers-');
      const lines = overdue.text.slice(1).split('\r\n');
      expect(lines[0]).toBe('user_id,name,email,phone,overdue_loans,oldest_due_date,days_overdue,titles');
      expect(lines[1]).toMatch(new RegExp(`^${r3.id},قارئ ثالث ${tag},${r3.email},[^,]*,1,\\d{4}-\\d{2}-\\d{2},10,`));
      expect(lines[2]).toContain(`${r2.id},Second reader ${tag},${r2.email},`);
      expect(lines[2]).toContain(`,2,`);
      // Only a cell's first character can start a formula: a title later in the cell stays as it is.
      expect(lines[2]).toContain(`"Riyad, the ""Gardens"" ${tag}; =HYPERLINK(""http://x"") ${tag}"`);
    });
  });
  // Last: it adds a loan, which the figures above do not count.
  describe('after a return', () => {
    it('no longer lists a loan once it is back', async () => {
      const extra = await loan(
        readers[0] as TestAccount,
        await makeBook(`Late book ${tag}`, 'كتاب متأخر', 1, []),
        'on_loan',
      );
      await dueDaysAgo(extra, 1);
      let report = OverdueReadersSchema.parse(ok(await librarian.client.get(`${BASE}/overdue-readers`)));
      expect(report.items.map((item) => item.days_overdue)).toEqual([10, 5, 1]);
      ok(await desk('receive', extra, { condition: 'good' }));
      report = OverdueReadersSchema.parse(ok(await librarian.client.get(`${BASE}/overdue-readers`)));
      expect(report.items.map((item) => item.days_overdue)).toEqual([10, 5]);
    });
  });

  describe('waiting lists', () => {
    it('lists books readers wait for, most waiting per copy first, as JSON and CSV', async () => {
      const one = await makeBook(`Wanted ${tag}`, 'مطلوب', 1, []);
      const two = await makeBook(`Twice wanted ${tag}`, 'مطلوب مرتين', 2, []);
      // Every copy out, then readers queue: two for the one copy, three for the two copies.
      const holders = await Promise.all(Array.from({ length: 3 }, () => accountAs(server, 'patron')));
      await loan(holders[0] as TestAccount, one, 'on_loan');
      await loan(holders[1] as TestAccount, two, 'on_loan');
      await loan(holders[2] as TestAccount, two, 'on_loan');
      const waiting = await Promise.all(Array.from({ length: 5 }, () => accountAs(server, 'patron')));
      for (const reader of waiting.slice(0, 2)) ok(await reader.client.post('/api/holds', { book_id: one }), 201);
      for (const reader of waiting.slice(2)) ok(await reader.client.post('/api/holds', { book_id: two }), 201);

      const report = WaitingListsSchema.parse(ok(await librarian.client.get(`${BASE}/waiting-lists`)));
      const mine = report.items.filter((item) => item.book_id === one || item.book_id === two);
      expect(mine.map((item) => [item.book_id, item.waiting, item.copies_total, item.waiting_per_copy])).toEqual([
        [one, 2, 1, 2],
        [two, 3, 2, 1.5],
      ]);
      const { response, text } = await csvOf(`${BASE}/waiting-lists?limit=100`);
      expect(response.status).toBe(200);
      expect(text.split('\r\n')[0]).toBe(
        '\uFEFFbook_id,title_en,title_ar,authors_en,authors_ar,waiting,copies_total,waiting_per_copy,oldest_hold_at',
      );
      expect(text).toContain(`${one},Wanted ${tag},مطلوب,,,2,1,2,`);
      expectError(await librarian.client.get(`${BASE}/waiting-lists?limit=0`), 422, 'VALIDATION_FAILED');
    });
  });
});
