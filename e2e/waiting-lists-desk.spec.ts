import { randomInt, randomUUID } from 'node:crypto';
import type { DeskHoldList, Hold, LendingSettings, Loan } from '@maktaba/shared/schemas/loans';
import type { APIRequestContext, Page, PlaywrightWorkerArgs } from '@playwright/test';
import { createAccount, currentToast, expect, expectFieldError, test } from './auth-fixtures';
import { fill, type Lang, openApp, reloadApp } from './fixtures';
import { expectNoAxeViolations } from './support/axe';
import { E2E_BASE_URL } from './support/e2e-env';

type Book = { id: string; title: string; title_ar: string };
type Reader = { api: APIRequestContext; name: string; email: string; hold: Hold };
type Playwright = PlaywrightWorkerArgs['playwright'];

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

/** A reader of their own (an API client signed in as a new account with a complete profile). */
async function newReader(playwright: Playwright, name: string, lang: Lang) {
  const api = await playwright.request.newContext({
    baseURL: E2E_BASE_URL,
    extraHTTPHeaders: { 'X-Forwarded-For': `10.${randomInt(256)}.${randomInt(256)}.${randomInt(1, 255)}` },
  });
  const email = `holder-${lang}-${randomUUID().slice(0, 8)}@example.org`;
  await createAccount(api, { email, password: `Quiet-Reading-${randomInt(1000, 9999)}`, name });
  return { api, email };
}

/**
 * The book's only copy on loan to one reader, and three more on its waiting list, in the order
 * they joined.
 */
async function arrange(playwright: Playwright, adminApi: APIRequestContext, lang: Lang) {
  const run = randomUUID().slice(0, 8);
  const book = await createBook(adminApi, run, lang);
  const { api: borrower } = await newReader(playwright, `Borrower ${run}`, lang);
  const requested = await borrower.post('/api/loans', { data: { book_id: book.id, locale: lang } });
  expect(requested.status(), await requested.text()).toBe(201);
  const loan = (await requested.json()) as Loan;
  for (const step of ['approve', 'ship', 'deliver']) {
    const response = await adminApi.post(`/api/admin/loans/${loan.id}/${step}`, { data: {} });
    expect(response.status(), await response.text()).toBe(200);
  }
  const readers: Reader[] = [];
  for (const ordinal of ['One', 'Two', 'Three']) {
    const name = `Reader ${ordinal} ${run}`;
    const { api, email } = await newReader(playwright, name, lang);
    const joined = await api.post('/api/holds', { data: { book_id: book.id, locale: lang } });
    expect(joined.status(), await joined.text()).toBe(201);
    readers.push({ api, name, email, hold: (await joined.json()) as Hold });
  }
  const dispose = () => Promise.all([borrower, ...readers.map((reader) => reader.api)].map((api) => api.dispose()));
  return { run, book, loan, readers, dispose };
}

const names = (page: Page) => page.getByTestId('hold-name').allTextContents();

/** A date as the page writes it (Intl in the page's language). */
const dateTimeInPage = (page: Page, iso: string) =>
  page.evaluate(
    (value) =>
      new Intl.DateTimeFormat(document.documentElement.lang, { dateStyle: 'medium', timeStyle: 'short' }).format(
        new Date(value),
      ),
    iso,
  );

test.describe('waiting lists at the desk', () => {
  test('the librarian opens a queue from the loan, moves a reader up and removes one with a reason', async ({
    page,
    t,
    lang,
    adminApi,
    playwright,
    signInAs,
  }) => {
    test.setTimeout(150_000);
    const { book, loan, readers, dispose } = await arrange(playwright, adminApi, lang);
    try {
      const [one, two, three] = readers as [Reader, Reader, Reader];
      await signInAs('librarian');
      await openApp(page, `/library/loans/${loan.id}`);
      await page.getByRole('link', { name: t.desk.holds.link }).click();
      await expect(page).toHaveURL(new RegExp(`/library/books/${book.id}/holds$`));
      await expect(page.getByRole('heading', { level: 1, name: t.pages.waitingList })).toBeVisible();
      await expect(page.getByTestId('holds-book')).toHaveText(lang === 'ar' ? book.title_ar : book.title);
      await expect(page.getByText(t.desk.holds.description)).toBeVisible();
      await expect(page.getByTestId('hold-row')).toHaveCount(3);
      expect(await names(page)).toEqual([one.name, two.name, three.name]);
      const first = page.getByTestId('hold-row').first();
      await expect(first).toContainText(one.email);
      await expect(first.getByTestId('hold-estimate')).toBeVisible();
      await expectNoAxeViolations(page);

      // The third reader moves up, from the keyboard; the new order is kept.
      const up = page.getByRole('button', { name: fill(t.desk.holds.moveUpLabel, { name: three.name }) });
      await up.focus();
      const put = page.waitForResponse(`**/api/admin/books/${book.id}/holds/order`);
      await page.keyboard.press('Enter');
      expect((await put).status()).toBe(200);
      await expect(currentToast(page)).toContainText(
        fill(t.desk.holds.moved, {
          name: three.name,
          position: await page.evaluate((n) => new Intl.NumberFormat(document.documentElement.lang).format(n), 2),
        }),
      );
      await reloadApp(page);
      await expect(page.getByTestId('hold-row')).toHaveCount(3);
      expect(await names(page)).toEqual([one.name, three.name, two.name]);
      await expect(
        page.getByRole('button', { name: fill(t.desk.holds.moveDownLabel, { name: two.name }) }),
      ).toBeDisabled();

      // Removing needs a reason, which the reader is told.
      await page.getByRole('button', { name: fill(t.desk.holds.removeLabel, { name: two.name }) }).click();
      const dialog = page.getByRole('dialog', { name: fill(t.desk.holds.removeTitle, { name: two.name }) });
      await expect(dialog).toContainText(t.desk.holds.removeDescription);
      await dialog.getByRole('button', { name: t.desk.holds.removeConfirm }).click();
      await expectFieldError(dialog.getByLabel(t.desk.holds.reason), t.validation.required);
      await expectNoAxeViolations(page);
      await dialog.getByLabel(t.desk.holds.reason).fill('Two accounts for one reader');
      await dialog.getByRole('button', { name: t.desk.holds.removeConfirm }).click();
      await expect(currentToast(page)).toContainText(fill(t.desk.holds.removed, { name: two.name }));
      await expect(page.getByTestId('hold-row')).toHaveCount(2);
      expect(await names(page)).toEqual([one.name, three.name]);
      const left = (await (await two.api.get('/api/holds')).json()) as { items: Hold[] };
      expect(left.items.some((hold) => hold.id === two.hold.id)).toBe(false);
    } finally {
      await dispose();
    }
  });

  test('a copy back goes to the first reader, and the desk waits for their confirmation', async ({
    lendingSettingsLock: _settingsLocked,
    page,
    t,
    lang,
    adminApi,
    playwright,
    signInAs,
  }) => {
    test.setTimeout(150_000);
    const { run, book, loan, readers, dispose } = await arrange(playwright, adminApi, lang);
    try {
      const received = await adminApi.post(`/api/admin/loans/${loan.id}/receive`, { data: { condition: 'good' } });
      expect(received.status(), await received.text()).toBe(200);
      const queue = (await (await adminApi.get(`/api/admin/books/${book.id}/holds`)).json()) as DeskHoldList;
      const offered = queue.items[0];
      expect(offered?.status).toBe('offered');
      expect(offered?.patron.name).toBe(readers[0]?.name);
      const offeredLoan = offered?.loan_id as string;

      await signInAs('librarian');
      await page.setViewportSize({ width: 390, height: 844 });
      await openApp(page, `/library/loans/${offeredLoan}`);
      const confirmBy = await dateTimeInPage(page, offered?.confirm_by as string);
      await expect(page.getByTestId('loan-awaiting-confirmation')).toHaveText(
        fill(t.desk.holds.awaitingNotice, { date: confirmBy }),
      );
      await expect(
        page.getByTestId('loan-actions').getByRole('button', { name: t.desk.actions.approve, exact: true }),
      ).toHaveCount(0);
      const history = page.getByTestId('loan-history').getByRole('listitem').filter({
        hasText: t.desk.detail.events.offer,
      });
      await expect(history).toContainText(t.desk.detail.byLibrary);
      await expectNoAxeViolations(page);
      const refused = await adminApi.post(`/api/admin/loans/${offeredLoan}/approve`, { data: {} });
      expect(refused.status()).toBe(409);
      expect(((await refused.json()) as { error: { code: string } }).error.code).toBe('AWAITING_CONFIRMATION');

      // The queue shows the offer on top with its deadline and loan; the requests queue marks it.
      await page.getByRole('link', { name: t.desk.holds.link }).click();
      const top = page.getByTestId('hold-row').first();
      await expect(top.getByTestId('hold-offered')).toHaveText(fill(t.desk.holds.offered, { date: confirmBy }));
      await expect(top.getByRole('link', { name: t.desk.holds.openLoan })).toHaveAttribute(
        'href',
        `/library/loans/${offeredLoan}`,
      );
      await expectNoAxeViolations(page);
      await openApp(page, `/library?queue=requests&q=${run}`);
      const card = page.locator('[data-testid="desk-row"]:visible, [data-testid="desk-card"]:visible').filter({
        hasText: readers[0]?.name as string,
      });
      await expect(card.getByTestId('desk-awaiting')).toHaveText(t.desk.holds.awaiting);

      // Once the reader confirms, the desk may approve it.
      const confirmed = await (readers[0] as Reader).api.post(`/api/loans/${offeredLoan}/confirm`, { data: {} });
      expect(confirmed.status(), await confirmed.text()).toBe(200);
      await openApp(page, `/library/loans/${offeredLoan}`);
      await expect(
        page.getByTestId('loan-actions').getByRole('button', { name: t.desk.actions.approve, exact: true }),
      ).toBeVisible();
      await expect(page.getByTestId('loan-awaiting-confirmation')).toHaveCount(0);
      await expect(
        page.getByTestId('loan-history').getByRole('listitem').filter({ hasText: t.desk.detail.events.confirm }),
      ).toBeVisible();
    } finally {
      await dispose();
    }
  });

  test('the lending settings show and save the waiting lists', async ({
    lendingSettingsLock: _settingsLocked,
    page,
    t,
    signInAs,
    adminApi,
  }) => {
    test.setTimeout(90_000);
    const before = (await (await adminApi.get('/api/admin/lending-settings')).json()) as LendingSettings;
    const window = before.pickup_window_days >= 30 ? 29 : before.pickup_window_days + 1;
    try {
      await signInAs('admin');
      await openApp(page, '/library/settings');
      await expect(page.getByRole('group', { name: t.desk.settings.groups.holds })).toBeVisible();
      const perReader = page.getByLabel(t.desk.settings.holdsPerReader);
      const pickup = page.getByLabel(t.desk.settings.pickupWindow);
      const auto = page.getByLabel(t.desk.settings.holdsAutoApprove);
      await expect(perReader).toHaveValue(String(before.holds_per_reader));
      await expect(pickup).toHaveValue(String(before.pickup_window_days));
      await expect(auto).toBeChecked({ checked: before.holds_auto_approve });
      await expect(page.getByText(t.desk.settings.pickupWindowHint)).toBeVisible();

      await pickup.fill('31');
      await page.getByRole('button', { name: t.desk.settings.save }).click();
      await expectFieldError(pickup, t.validation.invalidInput);
      await expect(pickup).toBeFocused();
      await pickup.fill(String(window));
      await auto.setChecked(!before.holds_auto_approve);
      await page.getByRole('button', { name: t.desk.settings.save }).click();
      await expect(currentToast(page)).toContainText(t.desk.settings.saved);
      await expectNoAxeViolations(page);
      await reloadApp(page);
      await expect(page.getByLabel(t.desk.settings.pickupWindow)).toHaveValue(String(window));
      await expect(page.getByLabel(t.desk.settings.holdsAutoApprove)).toBeChecked({
        checked: !before.holds_auto_approve,
      });
      const saved = (await (await adminApi.get('/api/admin/lending-settings')).json()) as LendingSettings;
      expect(saved).toMatchObject({
        pickup_window_days: window,
        holds_auto_approve: !before.holds_auto_approve,
        holds_per_reader: before.holds_per_reader,
        renewals_max: before.renewals_max,
      });
    } finally {
      const restored = await adminApi.put('/api/admin/lending-settings', { data: before });
      expect(restored.status(), await restored.text()).toBe(200);
    }
  });
});
