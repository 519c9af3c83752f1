import { randomInt, randomUUID } from 'node:crypto';
import type { DeskLoan, LendingSettings, Loan, NoticesRun } from '@maktaba/shared/schemas/loans';
import type { APIRequestContext, Page } from '@playwright/test';
import { createAccount, currentToast, expect, expectFieldError, test } from './auth-fixtures';
import { fill, type Lang, openApp, reloadApp } from './fixtures';
import { expectNoAxeViolations } from './support/axe';
import { liveStreamOpened } from './support/live-stream';

type Book = { id: string; title: string; title_ar: string };
const DAY = 86_400_000;

/** A book of this test's own, approved, with one copy (the demo books are shared by parallel tests). */
async function createBook(adminApi: APIRequestContext, run: string, lang: Lang): Promise<Book> {
  const created = await adminApi.post('/api/books', {
    data: { title: `Renewed Letters ${run} ${lang}`, title_ar: `رسائل مجدّدة ${run} ${lang}` },
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
 * The page's reader asks for the book in the test's language, and the library (the admin here)
 * approves, ships and records it delivered: a loan on loan.
 */
async function loanOnLoan(page: Page, adminApi: APIRequestContext, bookId: string, lang: Lang): Promise<Loan> {
  const requested = await page.request.post('/api/loans', { data: { book_id: bookId, locale: lang } });
  expect(requested.status(), await requested.text()).toBe(201);
  const loan = (await requested.json()) as Loan;
  for (const step of ['approve', 'ship', 'deliver']) {
    const response = await adminApi.post(`/api/admin/loans/${loan.id}/${step}`, { data: {} });
    expect(response.status(), await response.text()).toBe(200);
  }
  const response = await page.request.get(`/api/loans/${loan.id}`);
  return (await response.json()) as Loan;
}

/** A date as the page writes it (Intl in the page's language). */
async function dateInPage(page: Page, iso: string, style: 'medium' | 'datetime' = 'medium') {
  return page.evaluate(
    ([value, kind]) =>
      new Intl.DateTimeFormat(
        document.documentElement.lang,
        kind === 'medium' ? { dateStyle: 'medium' } : { dateStyle: 'medium', timeStyle: 'short' },
      ).format(new Date(value as string)),
    [iso, style] as const,
  );
}

const numberInPage = (page: Page, value: number) =>
  page.evaluate((n) => new Intl.NumberFormat(document.documentElement.lang).format(n), value);

/** A plural key's text for `value`, the way i18next picks it in the page's language. */
async function plural(page: Page, catalogue: object, key: string, value: number, extra = {}) {
  const forms = catalogue as Record<string, string>;
  const { formatted, category } = await page.evaluate((n) => {
    const lang = document.documentElement.lang;
    return { formatted: new Intl.NumberFormat(lang).format(n), category: new Intl.PluralRules(lang).select(n) };
  }, value);
  const template = forms[`${key}_${value === 0 ? 'zero' : category}`] ?? forms[`${key}_other`] ?? '';
  return fill(template, { formatted, ...extra });
}

const renewalsOf = async (page: Page, template: string, count: number, max: number) =>
  fill(template, { count: await numberInPage(page, count), max: await numberInPage(page, max) });

async function signInReader(page: Page, account: { email: string; password: string }) {
  // Leave the page first: signed out under it, its queries and live stream would ask again.
  await page.goto('about:blank');
  await page.context().clearCookies();
  const response = await page.request.post('/api/auth/sign-in', {
    data: { email: account.email, password: account.password },
  });
  expect(response.status(), await response.text()).toBe(200);
}

const deskButton = (page: Page, name: string) =>
  page.getByTestId('loan-actions').getByRole('button', { name, exact: true });

test.describe('renewals, due dates and overdue notices', () => {
  test('a reader renews on My Imam until the renewals are used up, then reads why not', async ({
    page,
    t,
    lang,
    adminApi,
    account,
  }) => {
    test.slow();
    await createAccount(page.request, account);
    const book = await createBook(adminApi, randomUUID().slice(0, 8), lang);
    let loan = await loanOnLoan(page, adminApi, book.id, lang);
    expect(loan.actions).toContain('renew');
    expect(loan.renewals_max).toBeGreaterThan(0);
    // All the renewals but the last one, through the API: the page takes the last.
    for (let i = 1; i < loan.renewals_max; i++) {
      const renewed = await page.request.post(`/api/loans/${loan.id}/renew`, { data: {} });
      expect(renewed.status(), await renewed.text()).toBe(200);
      loan = (await renewed.json()) as Loan;
    }

    await openApp(page, '/myimam');
    const card = page.getByTestId('loans-current').getByTestId('loan-card');
    await expect(card.getByTestId('loan-renewals')).toContainText(
      await renewalsOf(page, t.loans.facts.renewalsOf, loan.renewals_max - 1, loan.renewals_max),
    );
    await expectNoAxeViolations(page);
    const answer = page.waitForResponse(`**/api/loans/${loan.id}/renew`);
    await card.getByRole('button', { name: `${t.loans.actions.renew}: ${titleIn(book, lang)}` }).click();
    const after = (await (await answer).json()) as Loan;
    expect(after.renewal_count).toBe(loan.renewals_max);
    expect(new Date(after.due_date as string).getTime()).toBeGreaterThan(new Date(loan.due_date as string).getTime());
    const due = await dateInPage(page, after.due_date as string);
    await expect(currentToast(page)).toContainText(fill(t.loans.toast.renew, { date: due }));
    await expect(card.getByTestId('loan-due')).toContainText(due);
    await expect(card.getByTestId('loan-renewals')).toContainText(
      await renewalsOf(page, t.loans.facts.renewalsOf, loan.renewals_max, loan.renewals_max),
    );
    await expect(card.getByTestId('loan-renew-blocked')).toHaveText(t.errors.codes.RENEWAL_LIMIT_REACHED);
    await expect(card.getByTestId('loan-renew')).toHaveCount(0);

    // The server refuses one more all the same, in the reader's words.
    const refused = await page.request.post(`/api/loans/${loan.id}/renew`, { data: {} });
    expect(refused.status()).toBe(409);
    expect(((await refused.json()) as { error: { code: string } }).error.code).toBe('RENEWAL_LIMIT_REACHED');
  });

  test('the desk moves a due date into the past; the overdue notice reaches the reader live; the desk sees it', async ({
    page,
    t,
    lang,
    adminApi,
    account,
    signInAs,
  }) => {
    test.setTimeout(150_000);
    const run = randomUUID().slice(0, 8);
    await createAccount(page.request, account);
    const book = await createBook(adminApi, run, lang);
    const loan = await loanOnLoan(page, adminApi, book.id, lang);

    // Leave the page first: signed out under it, its queries and live stream would ask again.
    await page.goto('about:blank');
    await page.context().clearCookies();
    await signInAs('librarian');
    await openApp(page, `/library/loans/${loan.id}`);
    await deskButton(page, t.desk.actions.change_due_date).click();
    const dialog = page.getByRole('dialog', { name: t.desk.dueDate.title });
    const dateInput = dialog.getByLabel(t.desk.dueDate.date);
    await expect(dateInput).toHaveValue((loan.due_date as string).slice(0, 10));
    await expect(dialog).toContainText(t.desk.dueDate.description);
    const past = new Date(Date.now() - 3 * DAY).toISOString().slice(0, 10);
    await dateInput.fill(past);
    await dialog.getByRole('button', { name: t.desk.dueDate.confirm }).click();
    await expectFieldError(dialog.getByLabel(t.desk.renew.note), t.validation.required);
    await dialog.getByLabel(t.desk.renew.note).fill('The reader is moving; asked to send it back early.');
    await expectNoAxeViolations(page);
    const changed = page.waitForResponse(`**/api/admin/loans/${loan.id}/due-date`);
    await dialog.getByRole('button', { name: t.desk.dueDate.confirm }).click();
    const moved = (await (await changed).json()) as DeskLoan;
    expect(moved.due_date?.slice(0, 10)).toBe(past);
    expect(moved.overdue).toBe(true);
    await expect(currentToast(page)).toContainText(
      fill(t.desk.toasts.change_due_date, { date: await dateInPage(page, moved.due_date as string) }),
    );
    await expect(page.getByTestId('loan-history')).toContainText(t.desk.detail.events.change_due_date);
    await expect(page.getByTestId('loan-history')).toContainText('The reader is moving');

    // The reader, with My Imam open, is told live when the library's notice goes out.
    await signInReader(page, account);
    const streamOpened = liveStreamOpened(page);
    await openApp(page, '/myimam');
    const card = page.getByTestId('loans-current').getByTestId('loan-card');
    await expect(card.getByTestId('loan-status')).toHaveText(t.loans.overdue);
    await expect(card.getByTestId('loan-days-left')).toContainText(await plural(page, t.loans.due, 'overdueBy', 3));
    await streamOpened;
    const ran = await adminApi.post('/api/admin/lending-jobs/notices/run', { data: {} });
    expect(ran.status(), await ran.text()).toBe(200);
    // The run sends every overdue loan's notice, so one started by another test at the same moment
    // may have sent this loan's: the toast and the desk's count below (exactly one) say it went.
    const notice = page.locator('[data-sonner-toast]').filter({ hasText: t.lending.notify.overdueTitle });
    await expect(notice).toBeVisible();
    await expect(notice).toHaveAttribute('data-type', 'warning');
    await expect(card.getByTestId('loan-status')).toHaveText(t.loans.overdue);

    // The desk sees the notice on the loan, in its history, and in the overdue queue.
    // Leave the page first: signed out under it, its queries and live stream would ask again.
    await page.goto('about:blank');
    await page.context().clearCookies();
    await signInAs('librarian');
    const noticed = (await (await adminApi.get(`/api/admin/loans/${loan.id}`)).json()) as DeskLoan;
    expect(noticed.overdue_notices).toBe(1);
    await openApp(page, `/library/loans/${loan.id}`);
    await expect(page.getByTestId('loan-notices')).toHaveText(
      await plural(page, t.desk.detail, 'noticesLast', 1, {
        date: await dateInPage(page, noticed.last_notice_at as string, 'datetime'),
      }),
    );
    const history = page.getByTestId('loan-history').getByRole('listitem').filter({
      hasText: t.desk.detail.events.overdue_notice,
    });
    await expect(history).toContainText(t.desk.detail.byLibrary);
    const max = (await (await adminApi.get('/api/admin/lending-settings')).json()) as LendingSettings;
    await expect(history).toContainText(
      fill(t.desk.detail.noticeOf, {
        number: await numberInPage(page, 1),
        max: await numberInPage(page, max.overdue_notices_max),
      }),
    );
    await openApp(page, `/library?queue=overdue&q=${run}`);
    const row = page.locator('[data-testid="desk-row"]:visible, [data-testid="desk-card"]:visible').filter({
      hasText: titleIn(book, lang),
    });
    await expect(row.getByTestId('desk-notices')).toHaveText(
      await plural(page, t.desk, 'noticesSent', 1, {
        date: await dateInPage(page, noticed.last_notice_at as string),
      }),
    );
    await expect(row.getByTestId('desk-overdue-days')).toHaveText(await plural(page, t.loans.due, 'overdueBy', 3));
    await expectNoAxeViolations(page);
  });

  test('the desk renews a loan past the rules, with an override and a note', async ({
    lendingSettingsLock: _settingsLocked,
    page,
    t,
    lang,
    adminApi,
    account,
    signInAs,
  }) => {
    test.slow();
    const run = randomUUID().slice(0, 8);
    await createAccount(page.request, account);
    const book = await createBook(adminApi, run, lang);
    const loan = await loanOnLoan(page, adminApi, book.id, lang);
    // Far past its due date, beyond any grace period the rules allow (at most 60 days).
    const late = new Date(Date.now() - 70 * DAY).toISOString().slice(0, 10);
    const moved = await adminApi.post(`/api/admin/loans/${loan.id}/due-date`, {
      data: { due_date: late, note: 'Arranged for this test' },
    });
    expect(moved.status(), await moved.text()).toBe(200);
    expect(((await moved.json()) as DeskLoan).renew_blocked_by).toBe('RENEWAL_TOO_LATE');

    // Leave the page first: signed out under it, its queries and live stream would ask again.
    await page.goto('about:blank');
    await page.context().clearCookies();
    await signInAs('librarian');
    await page.setViewportSize({ width: 390, height: 844 });
    await openApp(page, `/library/loans/${loan.id}`);
    await expect(page.getByTestId('loan-renewals')).toHaveText(
      await renewalsOf(page, t.desk.detail.renewalsOf, 0, loan.renewals_max),
    );
    await deskButton(page, t.desk.actions.renew).click();
    const dialog = page.getByRole('dialog', { name: t.desk.renew.title });
    await expect(dialog.getByTestId('renew-refusal')).toHaveText(t.desk.renew.reasons.RENEWAL_TOO_LATE);
    await expect(dialog).toContainText(t.desk.renew.refused);
    await expect(dialog).toContainText(t.desk.renew.dueNow);
    await expect(dialog).toContainText(t.desk.renew.dueAfter);
    // From today, since the loan is past due: a full loan period.
    const period = ((await (await adminApi.get('/api/admin/lending-settings')).json()) as LendingSettings)
      .loan_period_days;
    await expect(dialog.getByTestId('renew-new-due')).toHaveText(
      await dateInPage(page, new Date(Date.now() + period * DAY).toISOString()),
    );
    await expect(dialog).toContainText(t.desk.renew.noteHint);
    await dialog.getByLabel(t.desk.renew.override).check();
    await dialog.getByRole('button', { name: t.desk.renew.confirm }).click();
    await expectFieldError(dialog.getByLabel(t.desk.renew.note), t.validation.required);
    await expectNoAxeViolations(page);
    await dialog.getByLabel(t.desk.renew.note).fill(`Reader in hospital ${randomInt(100)}`);
    const answer = page.waitForResponse(`**/api/admin/loans/${loan.id}/renew`);
    await dialog.getByRole('button', { name: t.desk.renew.confirm }).click();
    const renewed = (await (await answer).json()) as DeskLoan;
    await expect(currentToast(page)).toContainText(
      fill(t.desk.toasts.renew, { date: await dateInPage(page, renewed.due_date as string) }),
    );
    expect(renewed.renewal_count).toBe(1);
    expect(renewed.overdue).toBe(false);
    await expect(page.getByTestId('loan-renewals')).toHaveText(
      await renewalsOf(page, t.desk.detail.renewalsOf, 1, loan.renewals_max),
    );
    await expect(page.getByTestId('loan-history')).toContainText(t.desk.detail.events.renew);
    await expect(page.getByTestId('loan-history')).toContainText('Reader in hospital');
  });

  test('lending settings: an admin changes the renewals per loan and sends the notices; a librarian reads them', async ({
    lendingSettingsLock: _settingsLocked,
    page,
    t,
    signInAs,
    adminApi,
  }) => {
    test.setTimeout(90_000);
    const before = (await (await adminApi.get('/api/admin/lending-settings')).json()) as LendingSettings;
    const next = before.renewals_max >= 20 ? 19 : before.renewals_max + 1;
    try {
      await signInAs('admin');
      await openApp(page, '/library/settings');
      await expect(page.getByText(t.desk.settings.description)).toBeVisible();
      for (const legend of Object.values(t.desk.settings.groups))
        await expect(page.getByRole('group', { name: legend })).toBeVisible();
      for (const hint of ['renewalsMaxHint', 'graceDaysHint', 'reminderDaysHint', 'noticesMaxHint'] as const)
        await expect(page.getByText(t.desk.settings[hint])).toBeVisible();
      await expect(page.getByLabel(t.desk.settings.graceDays)).toHaveValue(String(before.renewal_grace_days));
      await expect(page.getByLabel(t.desk.settings.reminderDays)).toHaveValue(String(before.reminder_days_before));
      await expect(page.getByLabel(t.desk.settings.noticeInterval)).toHaveValue(String(before.overdue_interval_days));
      await expect(page.getByLabel(t.desk.settings.noticesMax)).toHaveValue(String(before.overdue_notices_max));
      const blocks = page.getByLabel(t.desk.settings.overdueBlocks);
      await expect(blocks).toBeChecked({ checked: before.overdue_blocks_borrowing });

      const renewals = page.getByLabel(t.desk.settings.renewalsMax);
      await renewals.fill('21');
      await page.getByRole('button', { name: t.desk.settings.save }).click();
      await expectFieldError(renewals, t.validation.invalidInput);
      await expect(renewals).toBeFocused();
      await renewals.fill(String(next));
      await page.getByRole('button', { name: t.desk.settings.save }).click();
      await expect(currentToast(page)).toContainText(t.desk.settings.saved);
      await expectNoAxeViolations(page);
      await reloadApp(page);
      await expect(page.getByLabel(t.desk.settings.renewalsMax)).toHaveValue(String(next));
      expect(((await (await adminApi.get('/api/admin/lending-settings')).json()) as LendingSettings).renewals_max).toBe(
        next,
      );

      // Sending the notices now says how many of each went.
      await expect(page.getByText(t.desk.settings.runNotices.description)).toBeVisible();
      const answer = page.waitForResponse('**/api/admin/lending-jobs/notices/run');
      await page.getByRole('button', { name: t.desk.settings.runNotices.button }).click();
      const sent = (await (await answer).json()) as NoticesRun;
      const forms = t.desk.settings.runNotices;
      await expect(currentToast(page)).toContainText(
        fill(t.desk.settings.runNotices.done, {
          reminders: await plural(page, forms, 'reminders', sent.reminders),
          notices: await plural(page, forms, 'notices', sent.overdue_notices),
        }),
      );
    } finally {
      const restored = await adminApi.put('/api/admin/lending-settings', { data: before });
      expect(restored.status(), await restored.text()).toBe(200);
    }

    // Leave the page first: signed out under it, its queries and live stream would ask again.
    await page.goto('about:blank');
    await page.context().clearCookies();
    await signInAs('librarian');
    await openApp(page, '/library/settings');
    await expect(page.getByText(t.desk.settings.readOnly)).toBeVisible();
    await expect(page.getByLabel(t.desk.settings.renewalsMax)).toBeDisabled();
    await expect(page.getByLabel(t.desk.settings.overdueBlocks)).toBeDisabled();
    await expect(page.getByRole('button', { name: t.desk.settings.runNotices.button })).toHaveCount(0);
  });
});
