import { randomInt, randomUUID } from 'node:crypto';
import type { DeskLoanList, Loan } from '@maktaba/shared/schemas/loans';
import type { APIRequestContext, Page, PlaywrightWorkerArgs } from '@playwright/test';
import { ADDRESS, createAccount, currentToast, expect, expectFieldError, randomClientIp, test } from './auth-fixtures';
import { type Catalogue, catalogues, type Lang, openApp } from './fixtures';
import { expectNoAxeViolations } from './support/axe';
import { E2E_BASE_URL } from './support/e2e-env';

type Book = { id: string; title: string | null; title_ar: string | null; copies_available: number };
type Reader = { api: APIRequestContext; id: string; name: string };

/** A book of this test's own, approved, with `copies` copies (the demo books are shared by parallel tests). */
async function createBook(adminApi: APIRequestContext, run: string, copies = 1): Promise<Book> {
  const created = await adminApi.post('/api/books', {
    data: { title: `Desk Book ${run}`, title_ar: `كتاب المكتب ${run}` },
  });
  expect(created.status(), await created.text()).toBe(201);
  const book = (await created.json()) as Book;
  const added = await adminApi.post(`/api/admin/books/${book.id}/copies`, { data: { count: copies } });
  expect(added.status(), await added.text()).toBe(201);
  const approved = await adminApi.post(`/api/books/${book.id}/status`, { data: { status: 'approved' } });
  expect(approved.status(), await approved.text()).toBe(200);
  return book;
}

/** A reader of their own with a complete address, signed in on an API client that speaks `lang`. */
async function newReader(playwright: PlaywrightWorkerArgs['playwright'], lang: Lang): Promise<Reader> {
  const api = await playwright.request.newContext({
    baseURL: E2E_BASE_URL,
    extraHTTPHeaders: { 'X-Forwarded-For': randomClientIp(), 'Accept-Language': lang },
  });
  const name = lang === 'ar' ? `زينب ${randomInt(1000, 9999)}` : `Zainab ${randomInt(1000, 9999)}`;
  const id = await createAccount(api, {
    email: `reader-${randomUUID().slice(0, 8)}@example.org`,
    password: `Quiet-Reading-${randomInt(1000, 9999)}`,
    name,
  });
  return { api, id, name };
}

async function requestLoan(reader: Reader, bookId: string): Promise<Loan> {
  const response = await reader.api.post('/api/loans', { data: { book_id: bookId } });
  expect(response.status(), await response.text()).toBe(201);
  return (await response.json()) as Loan;
}

const titleIn = (book: Book, lang: Lang) => (lang === 'ar' ? book.title_ar : book.title) ?? '';
const status = (t: Catalogue, name: keyof Catalogue['lending']['status']) => t.lending.status[name];

async function takeAction(page: Page, button: string) {
  await page.getByTestId('loan-actions').getByRole('button', { name: button, exact: true }).click();
}

test.describe('lending desk', () => {
  test('a request goes out and comes back: approved, shipped with its packing slip in the reader’s language, received', async ({
    page,
    t,
    lang,
    otherLang,
    signInAs,
    adminApi,
    playwright,
  }, testInfo) => {
    // The whole life of a loan, with four accessibility scans and a printed page.
    test.setTimeout(120_000);
    await signInAs('librarian');
    const run = randomUUID().slice(0, 8);
    const book = await createBook(adminApi, run);
    // The reader asks in the other language: the slip follows them, not the librarian.
    const reader = await newReader(playwright, otherLang);
    const loan = await requestLoan(reader, book.id);
    expect(loan.locale).toBe(otherLang);
    expect(loan.copy).not.toBeNull();

    await openApp(page, `/library?q=${run}`);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(t.desk.title);
    const requests = page.getByRole('button', { name: new RegExp(`^${t.desk.queues.requests}`) });
    await expect(requests).toHaveAttribute('aria-current', 'page');
    const row = page.getByTestId('desk-row').filter({ hasText: run });
    await expect(row).toHaveCount(1);
    await expect(row).toContainText(reader.name);
    await expect(row).toContainText(loan.copy?.barcode ?? '');
    await expectNoAxeViolations(page);

    await row.getByRole('link', { name: titleIn(book, lang) }).click();
    await expect(page).toHaveURL(new RegExp(`/library/loans/${loan.id}$`));
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(titleIn(book, lang));
    await expect(page.getByTestId('loan-address')).toContainText(ADDRESS.address_line_1);
    await expect(page.getByRole('link', { name: t.desk.detail.readerPage })).toHaveAttribute(
      'href',
      `/users/${reader.id}`,
    );
    await expect(page.getByTestId('loan-history')).toContainText(t.desk.detail.events.request);
    await expectNoAxeViolations(page);

    // Approve: the copy the request holds is the one offered first.
    await takeAction(page, t.desk.actions.approve);
    const approve = page.getByRole('dialog', { name: t.desk.approve.title });
    await expect(approve.getByLabel(t.desk.approve.copy)).toHaveValue(loan.copy?.id ?? '');
    await approve.getByRole('button', { name: t.desk.approve.confirm }).click();
    await expect(currentToast(page)).toContainText(t.desk.toasts.approve);
    await expect(page.getByTestId('loan-status')).toHaveText(status(t, 'approved'));

    // Ship with a tracking number.
    await takeAction(page, t.desk.actions.ship);
    const ship = page.getByRole('dialog', { name: t.desk.ship.title });
    await ship.getByLabel(t.desk.ship.carrier).fill('Canada Post');
    await ship.getByLabel(t.desk.ship.tracking).fill(`TRK${run}`);
    await ship.getByRole('button', { name: t.desk.ship.confirm }).click();
    await expect(currentToast(page)).toContainText(t.desk.toasts.ship);
    await expect(page.getByTestId('loan-status')).toHaveText(status(t, 'shipped'));
    await expect(page.getByText(`TRK${run}`)).toBeVisible();

    // The packing slip, in the reader's language, printed alone.
    await page.getByRole('link', { name: t.desk.detail.slip }).click();
    await expect(page).toHaveURL(new RegExp(`/library/loans/${loan.id}/slip$`));
    const slip = page.getByTestId('packing-slip');
    const theirs = catalogues[otherLang];
    await expect(slip).toHaveAttribute('lang', otherLang);
    await expect(slip).toHaveAttribute('dir', otherLang === 'ar' ? 'rtl' : 'ltr');
    await expect(slip.getByRole('heading', { level: 1 })).toHaveText(theirs.slip.title);
    await expect(page.getByTestId('slip-label')).toContainText(theirs.slip.to);
    await expect(page.getByTestId('slip-label')).toContainText(ADDRESS.address_line_1);
    await expect(page.getByTestId('slip-label')).toContainText(ADDRESS.postal_code);
    await expect(page.getByTestId('slip-label')).toContainText(reader.name);
    await expect(page.getByTestId('slip-barcode')).toHaveText(loan.copy?.barcode ?? '');
    await expect(slip).toContainText(titleIn(book, otherLang));
    await expect(slip).toContainText(theirs.slip.thanks);
    await expect(page.getByRole('button', { name: t.slip.print })).toBeVisible();
    await expect(page.getByTestId('sidebar')).toHaveCount(0);
    await expectNoAxeViolations(page);
    await page.emulateMedia({ media: 'print' });
    await expect(page.getByRole('button', { name: t.slip.print })).toBeHidden();
    await page.screenshot({ path: testInfo.outputPath(`packing-slip-${lang}.png`), fullPage: true });
    const pdf = await page.pdf({ path: testInfo.outputPath(`packing-slip-${lang}.pdf`), format: 'A4' });
    // One page: a PDF with a single page object.
    expect(pdf.toString('latin1').match(/\/Type\s*\/Page[^s]/g)).toHaveLength(1);
    await page.emulateMedia({ media: 'screen' });

    // The reader confirms delivery and posts it back.
    for (const step of ['deliver', 'send-back']) {
      const response = await reader.api.post(`/api/loans/${loan.id}/${step}`, { data: {} });
      expect(response.status(), await response.text()).toBe(200);
    }
    const before = (await (await adminApi.get(`/api/books/${book.id}`)).json()) as Book;
    expect(before.copies_available).toBe(0);

    await openApp(page, `/library/loans/${loan.id}`);
    await expect(page.getByTestId('loan-status')).toHaveText(status(t, 'return_shipped'));
    await takeAction(page, t.desk.actions.receive);
    const receive = page.getByRole('dialog', { name: t.desk.receive.title });
    await expect(receive.getByRole('radio', { name: t.desk.receive.conditions.good })).toBeChecked();
    await receive.getByRole('button', { name: t.desk.receive.confirm }).click();
    await expect(currentToast(page)).toContainText(t.desk.toasts.receive);
    await expect(page.getByTestId('loan-status')).toHaveText(status(t, 'returned'));
    await expect(page.getByTestId('loan-actions').getByRole('button')).toHaveCount(0);

    const after = (await (await adminApi.get(`/api/books/${book.id}`)).json()) as Book;
    expect(after.copies_available).toBe(1);

    // The reader's page lists the loan, opening it at the desk.
    await openApp(page, `/users/${reader.id}`);
    await expect(page.getByTestId('user-phone')).toContainText(ADDRESS.phone_number);
    await expect(page.getByTestId('user-address')).toContainText(ADDRESS.address_line_1);
    const history = page.getByTestId('user-borrowings');
    await expect(history).toContainText(status(t, 'returned'));
    await expect(
      history.getByRole('link', { name: t.users.borrowings.open.replace('{{title}}', titleIn(book, lang)) }),
    ).toHaveAttribute('href', `/library/loans/${loan.id}`);
    await reader.api.dispose();
  });

  test('a denied request tells the reader why', async ({ page, t, lang, signInAs, adminApi, playwright }) => {
    await signInAs('librarian');
    const run = randomUUID().slice(0, 8);
    const book = await createBook(adminApi, run);
    const reader = await newReader(playwright, lang);
    const loan = await requestLoan(reader, book.id);

    await openApp(page, `/library/loans/${loan.id}`);
    await takeAction(page, t.desk.actions.deny);
    const dialog = page.getByRole('dialog', { name: t.desk.deny.title });
    await dialog.getByRole('button', { name: t.desk.deny.confirm }).click();
    await expectFieldError(dialog.getByLabel(t.desk.deny.reason), t.validation.required);
    const reason =
      lang === 'ar' ? 'هذه الطبعة للمطالعة داخل المكتبة فقط.' : 'This edition is for reading in the library only.';
    await dialog.getByLabel(t.desk.deny.reason).fill(reason);
    await dialog.getByRole('button', { name: t.desk.deny.confirm }).click();
    await expect(currentToast(page)).toContainText(t.desk.toasts.deny);
    await expect(page.getByTestId('loan-status')).toHaveText(status(t, 'denied'));
    await expect(page.getByTestId('denial-reason')).toHaveText(reason);

    const seen = (await (await reader.api.get(`/api/loans/${loan.id}`)).json()) as Loan;
    expect(seen.status).toBe('denied');
    expect(seen.denial_reason).toBe(reason);
    const copies = (await (await adminApi.get(`/api/books/${book.id}`)).json()) as Book;
    expect(copies.copies_available).toBe(1);
    await reader.api.dispose();
  });

  test('two requests approved at once, then shipped at once', async ({
    page,
    t,
    signInAs,
    adminApi,
    playwright,
    lang,
  }) => {
    await signInAs('librarian');
    const run = randomUUID().slice(0, 8);
    const book = await createBook(adminApi, run, 2);
    const readers = [await newReader(playwright, lang), await newReader(playwright, lang)];
    const loans = [await requestLoan(readers[0] as Reader, book.id), await requestLoan(readers[1] as Reader, book.id)];

    await openApp(page, `/library?q=${run}`);
    const rows = page.getByTestId('desk-row');
    await expect(rows).toHaveCount(2);
    const approve = page.getByRole('button', { name: t.desk.bulk.approve });
    await expect(approve).toBeDisabled();
    for (const reader of readers) {
      await page
        .getByRole('checkbox', {
          name: t.desk.selectLoan.replace('{{book}}', titleIn(book, lang)).replace('{{patron}}', reader.name),
        })
        .check();
    }
    await approve.click();
    await expect(currentToast(page)).toContainText(
      t.desk.bulk.done.replace('{{formatted}}', new Intl.NumberFormat(lang).format(2)),
    );
    await expect(rows).toHaveCount(0);
    await expect(page.getByText(t.desk.emptySearch)).toBeVisible();

    await page.getByRole('button', { name: new RegExp(`^${t.desk.queues.to_ship}`) }).click();
    await expect(page).toHaveURL(/[?&]queue=to_ship/);
    await expect(rows).toHaveCount(2);
    await expect(rows.first()).toContainText(status(t, 'approved'));
    await page.getByRole('columnheader').getByRole('checkbox', { name: t.desk.selectAll }).check();
    await page.getByRole('button', { name: t.desk.bulk.ship }).click();
    await expect(currentToast(page)).toContainText(
      t.desk.bulk.done.replace('{{formatted}}', new Intl.NumberFormat(lang).format(2)),
    );
    await expect(rows).toHaveCount(0);

    const list = (await (await page.request.get(`/api/admin/loans?queue=in_transit&q=${run}`)).json()) as DeskLoanList;
    expect(list.items.map((item) => item.id).sort()).toEqual(loans.map((loan) => loan.id).sort());
    for (const reader of readers) await reader.api.dispose();
  });

  test('a reader opening the desk lands on /unauthorized', async ({ page, signInAs }) => {
    await signInAs('patron');
    for (const path of ['/library', '/library/loans/00000000-0000-4000-8000-000000000000', '/library/settings']) {
      await openApp(page, path);
      await expect(page).toHaveURL(/\/unauthorized$/);
    }
    const response = await page.request.get('/api/admin/loans');
    expect(response.status()).toBe(403);
  });

  test('on a phone the queue is a list of cards, and a loan opens from its card', async ({
    page,
    t,
    lang,
    signInAs,
    adminApi,
    playwright,
  }) => {
    test.setTimeout(90_000);
    await page.setViewportSize({ width: 390, height: 844 });
    await signInAs('librarian');
    const run = randomUUID().slice(0, 8);
    const book = await createBook(adminApi, run);
    const reader = await newReader(playwright, lang);
    const loan = await requestLoan(reader, book.id);

    await openApp(page, `/library?q=${run}`);
    await expect(page.getByTestId('desk-table')).toBeHidden();
    const card = page.getByTestId('desk-card').filter({ hasText: run });
    await expect(card).toBeVisible();
    await expect(card).toContainText(reader.name);
    await expect(card).toContainText(ADDRESS.city);
    await page.getByLabel(t.desk.sort.label).selectOption('book:desc');
    await expect(page).toHaveURL(/sort=book&order=desc/);
    await expectNoAxeViolations(page);
    await card.getByRole('link', { name: titleIn(book, lang) }).click();
    await expect(page).toHaveURL(new RegExp(`/library/loans/${loan.id}$`));
    await expect(page.getByTestId('loan-actions').getByRole('button', { name: t.desk.actions.approve })).toBeVisible();
    await expectNoAxeViolations(page);
    await reader.api.dispose();
  });

  test('lending settings: an admin changes them, a librarian reads them', async ({
    lendingSettingsLock: _settingsLocked,
    page,
    t,
    signInAs,
    adminApi,
  }) => {
    test.setTimeout(90_000);
    const before = await (await adminApi.get('/api/admin/lending-settings')).json();
    try {
      await signInAs('admin');
      await openApp(page, '/library/settings');
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(t.desk.settings.title);
      await page.getByLabel(t.desk.settings.returnName).fill('Maktaba Returns');
      await page.getByLabel(t.desk.settings.returnLines).fill('1 Library Lane\nOttawa ON K1A 0B1\nCanada');
      await page.getByLabel(t.desk.settings.loanPeriod).fill('0');
      await page.getByRole('button', { name: t.desk.settings.save }).click();
      await expectFieldError(page.getByLabel(t.desk.settings.loanPeriod), t.validation.invalidInput);
      await page.getByLabel(t.desk.settings.loanPeriod).fill(String(before.loan_period_days));
      await page.getByRole('button', { name: t.desk.settings.save }).click();
      await expect(currentToast(page)).toContainText(t.desk.settings.saved);
      const saved = await (await adminApi.get('/api/admin/lending-settings')).json();
      expect(saved.return_address).toEqual({
        name: 'Maktaba Returns',
        lines: ['1 Library Lane', 'Ottawa ON K1A 0B1', 'Canada'],
      });
      await expectNoAxeViolations(page);
    } finally {
      await adminApi.put('/api/admin/lending-settings', {
        data: {
          ...before,
          return_address: before.return_address ?? {
            name: 'Maktaba Returns',
            lines: ['1 Library Lane', 'Ottawa ON K1A 0B1', 'Canada'],
          },
        },
      });
    }

    // Leave the page first: signed out under it, its queries and live stream would ask again.
    await page.goto('about:blank');
    await page.context().clearCookies();
    await signInAs('librarian');
    await openApp(page, '/library/settings');
    await expect(page.getByText(t.desk.settings.readOnly)).toBeVisible();
    await expect(page.getByLabel(t.desk.settings.loanPeriod)).toBeDisabled();
    await expect(page.getByRole('button', { name: t.desk.settings.save })).toHaveCount(0);
  });
});
