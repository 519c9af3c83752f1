import { randomInt, randomUUID } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import type { LoansByMonth } from '@maktaba/shared/schemas/lending-reports';
import type { Loan } from '@maktaba/shared/schemas/loans';
import type { APIRequestContext, PlaywrightWorkerArgs } from '@playwright/test';
import { createAccount, expect, randomClientIp, test } from './auth-fixtures';
import { fill, type Lang, openApp, reloadApp } from './fixtures';
import { expectNoAxeViolations } from './support/axe';
import { E2E_BASE_URL } from './support/e2e-env';

type Book = { id: string; title: string | null; title_ar: string | null };

/** A book of this test's own, approved, with `copies` copies. */
async function createBook(adminApi: APIRequestContext, run: string, copies: number): Promise<Book> {
  const created = await adminApi.post('/api/books', {
    data: { title: `Report Book, "${run}"`, title_ar: `كتاب التقرير ${run}` },
  });
  expect(created.status(), await created.text()).toBe(201);
  const book = (await created.json()) as Book;
  const added = await adminApi.post(`/api/admin/books/${book.id}/copies`, { data: { count: copies } });
  expect(added.status(), await added.text()).toBe(201);
  const approved = await adminApi.post(`/api/books/${book.id}/status`, { data: { status: 'approved' } });
  expect(approved.status(), await approved.text()).toBe(200);
  return book;
}

/** A reader of their own (with a complete address) who asks for `bookId` (or joins its waiting list). */
async function requestAsNewReader(
  playwright: PlaywrightWorkerArgs['playwright'],
  lang: Lang,
  bookId: string,
  path: '/api/loans' | '/api/holds' = '/api/loans',
) {
  const api = await playwright.request.newContext({
    baseURL: E2E_BASE_URL,
    extraHTTPHeaders: { 'X-Forwarded-For': randomClientIp(), 'Accept-Language': lang },
  });
  await createAccount(api, {
    email: `reader-${randomUUID().slice(0, 8)}@example.org`,
    password: `Quiet-Reading-${randomInt(1000, 9999)}`,
    name: `Reader ${randomInt(1000, 9999)}`,
  });
  const response = await api.post(path, { data: { book_id: bookId } });
  expect(response.status(), await response.text()).toBe(201);
  const loan = (await response.json()) as Loan;
  await api.dispose();
  return loan;
}

test.describe('lending reports', () => {
  test('the desk leads to the reports: a requested book, the month’s figures and a CSV file', async ({
    page,
    t,
    lang,
    signInAs,
    adminApi,
    playwright,
  }) => {
    test.setTimeout(90_000);
    await signInAs('librarian');
    const run = randomUUID().slice(0, 8);
    const book = await createBook(adminApi, run, 3);
    const loans = [];
    for (let n = 0; n < 3; n++) loans.push(await requestAsNewReader(playwright, lang, book.id));
    // The desk sends one out.
    const first = loans[0] as Loan;
    expect((await page.request.post(`/api/admin/loans/${first.id}/approve`, { data: {} })).status()).toBe(200);
    expect((await page.request.post(`/api/admin/loans/${first.id}/ship`, { data: {} })).status()).toBe(200);

    await openApp(page, '/library');
    await page.getByRole('link', { name: t.desk.reportsLink, exact: true }).click();
    await expect(page).toHaveURL(/\/library\/reports$/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(t.lendingReports.title);
    await expect(page).toHaveTitle(`${t.pages.lendingReports} · ${t.app.name}`);

    // This month's figures, as the API counts them, in the reader's digits.
    const number = (value: number) => new Intl.NumberFormat(lang).format(value);
    const month = new Date().toISOString().slice(0, 7);
    const figures = (await (
      await page.request.get('/api/admin/lending-reports/loans-by-month?months=12')
    ).json()) as LoansByMonth;
    const current = figures.items.at(-1);
    expect(current?.month).toBe(month);
    expect(current?.requests).toBeGreaterThanOrEqual(3);
    const monthRow = page.getByTestId('report-loans-by-month').locator(`[data-month="${month}"]`);
    await expect(monthRow.getByRole('cell')).toHaveText([
      number(current?.requests ?? 0),
      number(current?.shipped ?? 0),
      number(current?.returned ?? 0),
    ]);

    // The book among the most requested (all the books the run shows at once), in the reader's language.
    const section = page.getByTestId('report-most-requested');
    await section.getByLabel(t.lendingReports.limit).selectOption('100');
    const row = section.locator(`[data-book-id="${book.id}"]`);
    await expect(row.getByTestId('requested-title')).toHaveText((lang === 'ar' ? book.title_ar : book.title) ?? '');
    await expect(row.getByRole('cell')).toHaveText([
      '',
      number(3),
      number(1),
      fill(t.lendingReports.mostRequested.copiesValue, { available: number(0), total: number(3) }),
    ]);
    await expectNoAxeViolations(page);

    // The same report as a file, with the same period and limit.
    const download = page.waitForEvent('download');
    await section.getByTestId('report-csv').click();
    const file = await download;
    expect(file.suggestedFilename()).toBe(`maktaba-most-requested-${new Date().toISOString().slice(0, 10)}.csv`);
    const text = await readFile((await file.path()) as string, 'utf8');
    expect(text.charCodeAt(0)).toBe(0xfeff);
    const lines = text.slice(1).split('\r\n');
    expect(lines[0]).toBe(
      'book_id,title_en,title_ar,authors_en,authors_ar,requests,shipped,copies_total,copies_available',
    );
    expect(lines).toContain(`${book.id},"Report Book, ""${run}""",كتاب التقرير ${run},,,3,1,3,0`);

    // Every copy is taken: a fourth reader queues, and the book is among those readers wait for.
    await requestAsNewReader(playwright, lang, book.id, '/api/holds');
    await reloadApp(page);
    const waiting = page.getByTestId('report-waiting-lists');
    await waiting.getByLabel(t.lendingReports.limit).selectOption('100');
    const queued = waiting.getByTestId('waiting-row').filter({ hasText: run });
    await expect(queued.getByRole('cell')).toHaveText([number(1), number(3), number(0.33), /\S/]);
    await expect(queued.getByRole('link')).toHaveAttribute('href', `/library/books/${book.id}/holds`);
  });

  test('a reader opening the reports lands on /unauthorized', async ({ page, signInAs }) => {
    await signInAs('patron');
    await openApp(page, '/library/reports');
    await expect(page).toHaveURL(/\/unauthorized$/);
    const response = await page.request.get('/api/admin/lending-reports/most-requested');
    expect(response.status()).toBe(403);
  });
});
