import { randomUUID } from 'node:crypto';
import type { HoldList, Loan } from '@maktaba/shared/schemas/loans';
import type { APIRequestContext, Page } from '@playwright/test';
import { type Account, createAccount, currentToast, expect, test } from './auth-fixtures';
import { fill, type Lang, openApp, reloadApp } from './fixtures';
import { expectNoAxeViolations } from './support/axe';
import { liveStreamOpened } from './support/live-stream';

type Book = { id: string; title: string; title_ar: string };

/** A book of this test's own, approved, with one copy (the demo books are shared by parallel tests). */
async function createBook(adminApi: APIRequestContext, run: string, lang: Lang): Promise<Book> {
  const created = await adminApi.post('/api/books', {
    data: { title: `Awaited Letters ${run} ${lang}`, title_ar: `رسائل منتظرة ${run} ${lang}` },
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

/**
 * Another reader borrows the book's only copy (the library approves, ships and records it
 * delivered); then the page is signed in as this test's reader.
 */
async function lendOnlyCopy(page: Page, adminApi: APIRequestContext, book: Book, account: Account): Promise<Loan> {
  await createAccount(page.request, { ...account, email: `first-${account.email}`, name: 'First Reader' });
  const requested = await page.request.post('/api/loans', { data: { book_id: book.id } });
  expect(requested.status(), await requested.text()).toBe(201);
  const loan = (await requested.json()) as Loan;
  for (const step of ['approve', 'ship', 'deliver']) {
    const response = await adminApi.post(`/api/admin/loans/${loan.id}/${step}`, { data: {} });
    expect(response.status(), await response.text()).toBe(200);
  }
  // Leave the page first: signed out under it, its queries and live stream would ask again.
  await page.goto('about:blank');
  await page.context().clearCookies();
  await createAccount(page.request, account);
  return loan;
}

const numberInPage = (page: Page, value: number) =>
  page.evaluate((n) => new Intl.NumberFormat(document.documentElement.lang).format(n), value);

const dateInPage = (page: Page, iso: string) =>
  page.evaluate(
    (value) => new Intl.DateTimeFormat(document.documentElement.lang, { dateStyle: 'medium' }).format(new Date(value)),
    iso,
  );

/** A plural key's text for `value`, the way i18next picks it in the page's language. */
async function plural(page: Page, catalogue: object, key: string, value: number) {
  const forms = catalogue as Record<string, string>;
  const { formatted, category } = await page.evaluate((n) => {
    const lang = document.documentElement.lang;
    return { formatted: new Intl.NumberFormat(lang).format(n), category: new Intl.PluralRules(lang).select(n) };
  }, value);
  const template = forms[`${key}_${value === 0 ? 'zero' : category}`] ?? forms[`${key}_other`] ?? '';
  return fill(template, { formatted });
}

async function ownHolds(page: Page): Promise<HoldList> {
  const response = await page.request.get('/api/holds');
  expect(response.status(), await response.text()).toBe(200);
  return (await response.json()) as HoldList;
}

/** On the book page, joins the waiting list in the app's language; answers the hold made. */
async function joinOnBookPage(
  page: Page,
  t: { loans: { hold: { joinFor: string; joined: string } } },
  book: Book,
  lang: Lang,
) {
  const joined = page.waitForResponse(
    (response) => response.url().endsWith('/api/holds') && response.request().method() === 'POST',
  );
  await page.getByRole('button', { name: fill(t.loans.hold.joinFor, { title: titleIn(book, lang) }) }).click();
  const answer = await joined;
  expect(answer.status(), await answer.text()).toBe(201);
  expect(JSON.parse(answer.request().postData() ?? '{}')).toEqual({ book_id: book.id, locale: lang });
  await expect(currentToast(page)).toContainText(fill(t.loans.hold.joined, { position: await numberInPage(page, 1) }));
}

test.describe('waiting lists', () => {
  test('a reader joins a waiting list on the book page, keeps their place after a reload, and leaves it', async ({
    page,
    t,
    lang,
    adminApi,
    account,
  }) => {
    test.slow();
    const book = await createBook(adminApi, randomUUID().slice(0, 8), lang);
    await lendOnlyCopy(page, adminApi, book, account);

    await openApp(page, `/book/${book.id}`);
    await expect(page.getByText(t.loans.borrow.noCopies)).toBeVisible();
    await expect(page.getByTestId('hold-waiting')).toHaveText(await plural(page, t.loans.hold, 'waiting', 0));
    await expect(page.getByRole('button', { name: t.loans.borrow.borrow, exact: true })).toHaveCount(0);
    await joinOnBookPage(page, t, book, lang);

    const [hold] = (await ownHolds(page)).items;
    expect(hold?.position).toBe(1);
    expect(hold?.estimated_days).not.toBeNull();
    const position = fill(t.loans.hold.position, { position: await numberInPage(page, 1) });
    const estimate = await plural(page, t.loans.hold, 'estimate', hold?.estimated_days ?? 0);
    await expect(page.getByTestId('hold-position')).toHaveText(position);
    await expect(page.getByTestId('hold-estimate')).toHaveText(estimate);
    await expectNoAxeViolations(page);

    await reloadApp(page);
    await expect(page.getByTestId('hold-position')).toHaveText(position);
    await expect(page.getByTestId('hold-estimate')).toHaveText(estimate);

    await page.getByRole('button', { name: fill(t.loans.hold.leaveFor, { title: titleIn(book, lang) }) }).click();
    const dialog = page.getByRole('alertdialog', { name: t.loans.hold.leaveTitle });
    await expect(dialog).toContainText(fill(t.loans.hold.leaveDescription, { title: titleIn(book, lang) }));
    await expectNoAxeViolations(page);
    await dialog.getByRole('button', { name: t.loans.hold.leaveKeep }).click();
    await expect(dialog).toBeHidden();
    await expect(page.getByTestId('hold-position')).toHaveText(position);
    await page.getByTestId('hold-leave').click();
    await dialog.getByRole('button', { name: t.loans.hold.leaveConfirm }).click();
    await expect(currentToast(page)).toContainText(t.loans.hold.left);
    await expect(page.getByTestId('hold-join')).toBeVisible();
    expect((await ownHolds(page)).items).toEqual([]);
  });

  test('the copy comes back while the reader has My Imam open: told live, they confirm it', async ({
    lendingSettingsLock: _settingsLocked,
    page,
    t,
    lang,
    adminApi,
    account,
  }) => {
    test.slow();
    const book = await createBook(adminApi, randomUUID().slice(0, 8), lang);
    const lent = await lendOnlyCopy(page, adminApi, book, account);
    await openApp(page, `/book/${book.id}`);
    await joinOnBookPage(page, t, book, lang);

    const streamOpened = liveStreamOpened(page);
    await openApp(page, '/myimam');
    const holds = page.getByTestId('my-holds');
    await expect(holds.getByRole('heading', { name: t.loans.hold.my.title })).toBeVisible();
    const card = holds.getByTestId('hold-card');
    await expect(card.getByTestId('hold-title')).toHaveText(titleIn(book, lang));
    await expect(card.getByTestId('hold-position')).toHaveText(
      fill(t.loans.hold.positionOf, { position: await numberInPage(page, 1), length: await numberInPage(page, 1) }),
    );
    await expect(card.getByTestId('hold-leave')).toHaveText(t.loans.hold.leaveShort);
    await expectNoAxeViolations(page);

    // The other reader's copy comes back: it goes to this reader, who hears it at once.
    await streamOpened;
    const received = await adminApi.post(`/api/admin/loans/${lent.id}/receive`, { data: { condition: 'good' } });
    expect(received.status(), await received.text()).toBe(200);
    const notice = page.locator('[data-sonner-toast]').filter({ hasText: t.lending.notify.availableTitle });
    await expect(notice).toBeVisible();
    await expect(notice).toHaveAttribute('data-type', 'success');
    const [offer] = (await ownHolds(page)).items;
    expect(offer?.status).toBe('offered');
    const confirmBy = await dateInPage(page, offer?.confirm_by as string);
    await expect(card.getByTestId('hold-offered')).toHaveText(fill(t.loans.hold.offered, { date: confirmBy }));
    await expect(card.getByTestId('hold-decline')).toHaveText(t.loans.hold.decline);
    const loanCard = page.getByTestId('loans-current').getByTestId('loan-card');
    await expect(loanCard.getByTestId('loan-confirm-by')).toContainText(t.loans.facts.confirmBy);
    await expect(loanCard.getByTestId('loan-confirm-by')).toContainText(confirmBy);
    await expectNoAxeViolations(page);

    const confirmed = page.waitForResponse(`**/api/loans/${offer?.loan_id}/confirm`);
    await card.getByRole('button', { name: fill(t.loans.hold.confirmFor, { title: titleIn(book, lang) }) }).click();
    const loan = (await (await confirmed).json()) as Loan;
    expect(loan.confirmed_at).not.toBeNull();
    await expect(currentToast(page)).toContainText(t.loans.toast.confirm);
    await expect(holds.getByTestId('holds-empty')).toContainText(t.loans.hold.my.emptyTitle);
    await expect(loanCard.getByTestId('loan-confirmed')).toContainText(t.loans.facts.confirmed);
    await expect(loanCard.getByTestId('loan-confirmed')).toContainText(
      await dateInPage(page, loan.confirmed_at as string),
    );
    await expect(loanCard.getByTestId('loan-confirm-by')).toHaveCount(0);
    await expect(loanCard.getByTestId('hold-confirm')).toHaveCount(0);
  });
});
