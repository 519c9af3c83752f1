import { randomInt, randomUUID } from 'node:crypto';
import type { BorrowContext, Loan } from '@maktaba/shared/schemas/loans';
import type { APIRequestContext, Page } from '@playwright/test';
import { ADDRESS, createAccount, currentToast, expect, randomClientIp, test } from './auth-fixtures';
import { type Catalogue, fill, type Lang, openApp, reloadApp } from './fixtures';
import { expectNoAxeViolations } from './support/axe';
import { E2E_BASE_URL } from './support/e2e-env';

type Book = { id: string; title: string; title_ar: string };

/** A book of this test's own, approved, with one copy (the demo books are shared by parallel tests). */
async function createBook(adminApi: APIRequestContext, lang: Lang): Promise<Book> {
  const run = randomUUID().slice(0, 8);
  const created = await adminApi.post('/api/books', {
    data: { title: `Letters by Post ${run} ${lang}`, title_ar: `رسائل بالبريد ${run} ${lang}` },
  });
  expect(created.status(), await created.text()).toBe(201);
  const book = (await created.json()) as Book;
  const added = await adminApi.post(`/api/admin/books/${book.id}/copies`, { data: { count: 1 } });
  expect(added.status(), await added.text()).toBe(201);
  const approved = await adminApi.post(`/api/books/${book.id}/status`, { data: { status: 'approved' } });
  expect(approved.status(), await approved.text()).toBe(200);
  return book;
}

const titleIn = (book: Book, lang: Lang) => (lang === 'ar' ? book.title_ar : book.title);

/** A number and its plural category as the page writes them (Intl in the page's language). */
async function numberInPage(page: Page, value: number) {
  return page.evaluate((n) => {
    const lang = document.documentElement.lang;
    return { formatted: new Intl.NumberFormat(lang).format(n), category: new Intl.PluralRules(lang).select(n) };
  }, value);
}

/** A plural key's text for `value`, the way i18next picks it in the page's language. */
async function plural(page: Page, forms: Record<string, string>, key: string, value: number) {
  const { formatted, category } = await numberInPage(page, value);
  const template = forms[`${key}_${value === 0 ? 'zero' : category}`] ?? forms[`${key}_other`] ?? '';
  return fill(template, { formatted });
}

async function borrowContext(page: Page, bookId: string): Promise<BorrowContext> {
  const response = await page.request.get(`/api/loans/for-book/${bookId}`);
  expect(response.status(), await response.text()).toBe(200);
  return (await response.json()) as BorrowContext;
}

/** An API client signed in as this worker's librarian, for the desk's side of a loan. */
async function librarianApi(
  playwright: { request: { newContext: (options: object) => Promise<APIRequestContext> } },
  account: { email: string; password: string },
): Promise<APIRequestContext> {
  const api = await playwright.request.newContext({
    baseURL: E2E_BASE_URL,
    extraHTTPHeaders: { 'X-Forwarded-For': randomClientIp() },
  });
  const signIn = await api.post('/api/auth/sign-in', { data: { email: account.email, password: account.password } });
  expect(signIn.status(), await signIn.text()).toBe(200);
  return api;
}

const dialogOf = (page: Page) => page.getByRole('dialog');
const borrowButton = (page: Page, t: Catalogue) =>
  page.getByRole('button', { name: t.loans.borrow.borrow, exact: true });

test.describe('borrowing a book by post', () => {
  test('a reader borrows: the address and loan period, the request, its state, then cancels it', async ({
    page,
    t,
    lang,
    adminApi,
    signInAs,
  }) => {
    // An axe scan of the dialog and two dialogs' round trips: slow on a busy machine.
    test.slow();
    await signInAs('patron');
    const book = await createBook(adminApi, lang);
    const context = await borrowContext(page, book.id);
    expect(context.blocked_by).toBeNull();
    await openApp(page, `/book/${book.id}`);
    await borrowButton(page, t).click();

    const dialog = dialogOf(page);
    await expect(dialog.getByRole('heading', { name: t.loans.borrow.dialogTitle })).toBeVisible();
    await expect(dialog).toContainText(titleIn(book, lang));
    const address = dialog.getByTestId('borrow-address');
    await expect(address).toContainText('Staff patron');
    await expect(address).toContainText(ADDRESS.address_line_1);
    await expect(address).toContainText(`${ADDRESS.city}, ${ADDRESS.state_province} ${ADDRESS.postal_code}`);
    await expect(dialog.getByTestId('borrow-period')).toHaveText(
      await plural(page, t.loans.borrow, 'period', context.loan_period_days),
    );
    await expect(dialog.getByRole('link', { name: t.loans.borrow.changeAddress })).toHaveAttribute(
      'href',
      '/settings/address',
    );
    await expectNoAxeViolations(page);

    await dialog.getByRole('button', { name: t.loans.borrow.request }).click();
    await expect(currentToast(page)).toContainText(t.loans.toast.requested);
    await expect(dialog).toBeHidden();
    await expect(page.getByTestId('book-loan-state')).toHaveText(t.loans.state.requested);
    await expect(page.getByTestId('book-loan').getByTestId('loan-status')).toHaveText(t.lending.status.requested);
    await expect(borrowButton(page, t)).toHaveCount(0);

    await page.getByTestId('loan-cancel').click();
    const confirm = page.getByRole('alertdialog');
    await expect(confirm).toContainText(t.loans.cancel.title);
    await confirm.getByRole('button', { name: t.loans.cancel.confirm }).click();
    await expect(currentToast(page)).toContainText(t.loans.toast.cancel);
    await expect(borrowButton(page, t)).toBeVisible();
    await expect(page.getByTestId('book-loan')).toHaveCount(0);
    expect((await borrowContext(page, book.id)).copies_available).toBe(1);
  });

  test('an incomplete address is said in the dialog, with a link to complete it instead of the request', async ({
    page,
    t,
    lang,
    adminApi,
    signInAs,
  }) => {
    await signInAs('patron');
    const book = await createBook(adminApi, lang);
    // Every account signs up with a complete address: the server's answer is given the state of a
    // profile whose address was never completed (an account made before addresses were required).
    await page.route(`**/api/loans/for-book/${book.id}`, async (route) => {
      const response = await route.fetch();
      const context = (await response.json()) as BorrowContext;
      await route.fulfill({ response, json: { ...context, shipping_address: null, blocked_by: 'ADDRESS_REQUIRED' } });
    });
    await openApp(page, `/book/${book.id}`);
    await borrowButton(page, t).click();
    const dialog = dialogOf(page);
    await expect(dialog).toContainText(t.loans.borrow.addressIncomplete);
    await expect(dialog.getByRole('link', { name: t.loans.borrow.fixAddress })).toHaveAttribute(
      'href',
      '/settings/address',
    );
    await expect(dialog.getByRole('button', { name: t.loans.borrow.request })).toHaveCount(0);
    await expect(dialog.getByTestId('borrow-address')).toHaveCount(0);
  });

  test('a fourth request over the limit of three is refused, naming the limit', async ({
    page,
    t,
    lang,
    adminApi,
    account,
  }) => {
    await createAccount(page.request, account);
    const books = await Promise.all([0, 1, 2, 3].map(() => createBook(adminApi, lang)));
    for (const book of books.slice(0, 3)) {
      const response = await page.request.post('/api/loans', { data: { book_id: book.id } });
      expect(response.status(), await response.text()).toBe(201);
    }
    const fourth = books[3] as Book;
    const refused = await page.request.post('/api/loans', { data: { book_id: fourth.id } });
    expect(refused.status()).toBe(409);
    const body = (await refused.json()) as { error: { code: string; details: { limit: number } } };
    expect(body.error).toMatchObject({ code: 'BORROWING_LIMIT_REACHED', details: { limit: 3 } });

    await openApp(page, `/book/${fourth.id}`);
    await borrowButton(page, t).click();
    const { formatted } = await numberInPage(page, 3);
    const message = fill(t.errors.codes.BORROWING_LIMIT_REACHED, { limit: formatted });
    await expect(dialogOf(page)).toContainText(message);
    await expect(dialogOf(page).getByRole('button', { name: t.loans.borrow.request })).toHaveCount(0);
  });
});

test.describe('My loans', () => {
  test('a loan approved and shipped by the desk: tracking, I received it with the due date, I’ve sent it back, at 390 px', async ({
    page,
    t,
    lang,
    adminApi,
    account,
    playwright,
    roleAccount,
  }) => {
    // Five steps, three axe scans and two reloads at a phone's width: about 20 s on a quiet machine.
    test.slow();
    await page.setViewportSize({ width: 390, height: 844 });
    await createAccount(page.request, account);
    const desk = await librarianApi(playwright, await roleAccount('librarian'));
    const book = await createBook(adminApi, lang);

    await openApp(page, '/myimam');
    const current = page.getByTestId('loans-current');
    await expect(current.getByTestId('loans-current-empty')).toContainText(t.loans.my.current.emptyTitle);
    await expect(page.getByTestId('loans-history-empty')).toContainText(t.loans.my.history.emptyTitle);

    // Asked in the page's language: what the library tells the reader about it is in that language.
    const requested = await page.request.post('/api/loans', { data: { book_id: book.id, locale: lang } });
    expect(requested.status(), await requested.text()).toBe(201);
    const loan = (await requested.json()) as Loan;

    // The desk approves: the live notification brings the change to the open page.
    await reloadApp(page);
    const card = current.getByTestId('loan-card');
    await expect(card.getByTestId('loan-status')).toHaveText(t.lending.status.requested);
    await expect(card.getByTestId('loan-title')).toHaveText(titleIn(book, lang));
    const approved = await desk.post(`/api/admin/loans/${loan.id}/approve`, { data: {} });
    expect(approved.status(), await approved.text()).toBe(200);
    await expect(card.getByTestId('loan-status')).toHaveText(t.lending.status.approved);
    await expect(card.getByRole('button')).toHaveCount(0);

    // Its notification looks like good news and leads to My loans, closing the panel.
    await openApp(page, '/');
    await page
      .getByRole('banner')
      .getByRole('button', { name: /^(Notifications|الإشعارات)/ })
      .click();
    const notes = page.getByRole('dialog', { name: t.notifications.title });
    const approvedNote = notes.getByTestId('notification').filter({ hasText: t.lending.notify.approvedTitle });
    await expect(approvedNote.locator('[data-kind="success"]')).toBeVisible();
    await approvedNote.getByRole('link', { name: t.lending.notify.approvedTitle }).click();
    await expect(page).toHaveURL('/myimam');
    await expect(notes).toBeHidden();
    await expect(card.getByTestId('loan-status')).toHaveText(t.lending.status.approved);

    const tracking = `9400 ${randomInt(1000, 9999)} 0000 0000`;
    const shipped = await desk.post(`/api/admin/loans/${loan.id}/ship`, {
      data: { carrier: 'USPS', tracking_number: tracking },
    });
    expect(shipped.status(), await shipped.text()).toBe(200);
    await reloadApp(page);
    await expect(card.getByTestId('loan-status')).toHaveText(t.lending.status.shipped);
    await expect(card.getByTestId('loan-carrier')).toContainText('USPS');
    await expect(card.getByTestId('loan-tracking')).toContainText(tracking);
    await expectNoAxeViolations(page);

    await card.getByRole('button', { name: `${t.loans.actions.deliver}: ${titleIn(book, lang)}` }).click();
    await expect(currentToast(page)).toContainText(t.loans.toast.deliver);
    await expect(card.getByTestId('loan-status')).toHaveText(t.lending.status.on_loan);
    const onLoan = (await (await page.request.get(`/api/loans/${loan.id}`)).json()) as Loan;
    expect(onLoan.due_date).not.toBeNull();
    const dueDate = await page.evaluate(
      (iso) => new Intl.DateTimeFormat(document.documentElement.lang, { dateStyle: 'medium' }).format(new Date(iso)),
      onLoan.due_date as string,
    );
    const settings = await borrowContext(page, book.id);
    const left = await plural(page, t.loans.due, 'daysLeft', settings.loan_period_days);
    await expect(card.getByTestId('loan-due')).toContainText(dueDate);
    await expect(card.getByTestId('loan-days-left')).toHaveText(`(${left})`);

    await card.getByRole('button', { name: `${t.loans.actions.sendBack}: ${titleIn(book, lang)}` }).click();
    const form = dialogOf(page);
    await expect(form.getByRole('heading', { name: t.loans.sendBack.title })).toBeVisible();
    await form.getByLabel(t.loans.sendBack.carrier).fill('Canada Post');
    await form.getByLabel(t.loans.sendBack.tracking).fill('RR123456789CA');
    await expectNoAxeViolations(page);
    await form.getByRole('button', { name: t.loans.sendBack.submit }).click();
    await expect(currentToast(page)).toContainText(t.loans.toast.send_back);
    await expect(form).toBeHidden();
    await expect(card.getByTestId('loan-status')).toHaveText(t.lending.status.return_shipped);
    await expect(card.getByTestId('loan-return-tracking')).toContainText('RR123456789CA');
    await expect(card.getByRole('button')).toHaveCount(0);

    // The library receives it: the loan moves to the history.
    const received = await desk.post(`/api/admin/loans/${loan.id}/receive`, { data: { condition: 'good' } });
    expect(received.status(), await received.text()).toBe(200);
    const history = page.getByTestId('loans-history');
    await expect(history.getByTestId('loan-card').getByTestId('loan-status')).toHaveText(t.lending.status.returned);
    await expect(current.getByTestId('loans-current-empty')).toBeVisible();
    await expectNoAxeViolations(page);
    await desk.dispose();

    // Its return puts the book on the returned shelf (reader-area §4.5), which reads returned_at.
    const shelf = await page.request.get('/api/shelves/returned?p_limit=50&p_offset=0');
    expect(shelf.status(), await shelf.text()).toBe(200);
    expect(((await shelf.json()) as { books: { id: string }[] }).books.map((item) => item.id)).toContain(book.id);
  });
});
