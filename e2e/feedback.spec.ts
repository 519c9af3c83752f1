import type { Locator, Page } from '@playwright/test';
import { type Account, test as authTest, createAccount, escapeRegExp, expect, expectFieldError } from './auth-fixtures';
import { type Catalogue, openApp } from './fixtures';
import { expectNoAxeViolations } from './support/axe';
import { lockAcrossWorkers } from './support/exclusive';

/**
 * The feedback dialog (reader-area §2.2, §3, §4.1, §5, §9): both tabs, signed in and as a visitor,
 * both readings of the validation, the success texts and the close 1.5 s later, no closing while
 * sending, values kept across tabs and after a failure.
 */

const dialogOf = (page: Page, t: Catalogue) => page.getByRole('dialog', { name: t.feedback.dialog.title });

function feedbackFields(dialog: Locator, t: Catalogue) {
  const f = t.feedback.form;
  return {
    goal: dialog.getByLabel(f.goal),
    helpful: (answer: 'yes' | 'partially' | 'no') => dialog.getByRole('radio', { name: f.helpfulAnswers[answer] }),
    improvements: dialog.getByLabel(f.improvements),
    topics: dialog.getByLabel(f.topicRequests),
    submit: dialog.getByRole('button', { name: t.feedback.submit.feedback }),
  };
}

function bugFields(dialog: Locator, t: Catalogue) {
  const f = t.feedback.form;
  return {
    description: dialog.getByLabel(f.bugDescription),
    steps: dialog.getByLabel(f.steps),
    expected: dialog.getByLabel(f.expected),
    actual: dialog.getByLabel(f.actual),
    severity: dialog.getByLabel(f.severity),
    pageUrl: dialog.getByLabel(f.pageUrl),
    submit: dialog.getByRole('button', { name: t.feedback.submit.bug }),
  };
}

async function openFromAccountMenu(page: Page, t: Catalogue, account: Account) {
  await page.getByRole('banner').getByRole('button', { name: account.name }).click();
  await page.getByRole('menu').getByRole('menuitem', { name: t.feedback.open, exact: true }).click();
  await expect(dialogOf(page, t)).toBeVisible();
}

async function openFromFooter(page: Page, t: Catalogue) {
  await page.getByRole('contentinfo').getByRole('button', { name: t.feedback.open, exact: true }).click();
  await expect(dialogOf(page, t)).toBeVisible();
}

/** The success message, then the dialog closes by itself about 1.5 s later. Returns how long it stayed. */
async function expectSuccessThenClose(page: Page, t: Catalogue, message: string): Promise<number> {
  const dialog = dialogOf(page, t);
  const status = dialog.getByTestId('feedback-success');
  await expect(status).toContainText(t.feedback.success.title);
  await expect(status).toContainText(message);
  const shownAt = Date.now();
  await expect(dialog).toBeHidden({ timeout: 5_000 });
  return Date.now() - shownAt;
}

/** A line of the hint beside a disabled submit button: the field and its minimum length, in the project's language. */
function minLengthLine(t: Catalogue, lang: string, field: string, count: number) {
  const form = new Intl.PluralRules(lang).select(count);
  const key = `minLength_${count === 0 ? 'zero' : form}` as keyof Catalogue['feedback']['form']['missing'];
  return t.feedback.form.missing[key].replace('{{field}}', field).replace('{{count}}', String(count));
}

const test = authTest.extend<{ keepInboxToItself: () => Promise<void> }>({
  /**
   * The inbox lists every report of the run, newest first: tests that send bug reports or read the
   * inbox's order take turns, so no other worker's reports land between a test's own and its look
   * at the list. Waiting for a turn does not count against the test's time.
   */
  // biome-ignore lint/correctness/noEmptyPattern: Playwright reads a fixture's dependencies from this pattern.
  keepInboxToItself: async ({}, use, testInfo) => {
    let release: (() => void) | undefined;
    await use(async () => {
      const asked = Date.now();
      release = await lockAcrossWorkers('feedback-inbox');
      testInfo.setTimeout(testInfo.timeout + (Date.now() - asked));
    });
    release?.();
  },
});

test.describe('feedback dialog', () => {
  test('signed in: feedback with the name and e-mail read-only, its validation, success, closing 1.5 s later', async ({
    page,
    t,
    account,
  }) => {
    await createAccount(page.request, account);
    await openApp(page, '/');
    await openFromAccountMenu(page, t, account);
    const dialog = dialogOf(page, t);
    await expect(dialog.getByRole('tab', { name: t.feedback.tabs.feedback })).toHaveAttribute('aria-selected', 'true');
    const name = dialog.getByLabel(t.feedback.sender.name, { exact: true });
    const email = dialog.getByLabel(t.feedback.sender.email, { exact: true });
    await expect(name).toHaveValue(account.name);
    await expect(name).toHaveAttribute('readonly', '');
    await expect(email).toHaveValue(account.email);
    await expect(email).toHaveAttribute('readonly', '');
    await expectNoAxeViolations(page);

    const form = feedbackFields(dialog, t);
    // Untouched: nothing to send.
    await expect(form.submit).toBeDisabled();
    await form.goal.fill('too short');
    await expect(form.submit).toBeEnabled();
    await form.submit.click();
    await expectFieldError(form.goal, t.validation.feedback.goalMin);
    await expectFieldError(form.improvements, t.validation.required);
    await expect(dialog.getByText(t.validation.feedback.helpfulRequired)).toBeVisible();
    // Invalid after an attempt: disabled until the fields are right.
    await expect(form.submit).toBeDisabled();

    await form.goal.fill('Find the sermons of Nahj al-Balagha in Arabic');
    await form.helpful('partially').check();
    await form.improvements.fill('short');
    await expectFieldError(form.improvements, t.validation.feedback.improvementsMin);
    await expect(form.submit).toBeDisabled();
    await form.improvements.fill('Show the Arabic original beside each translation');
    await expect(form.submit).toBeEnabled();

    const request = page.waitForRequest((r) => r.url().endsWith('/api/feedback') && r.method() === 'POST');
    await form.submit.click();
    const body = (await request).postDataJSON();
    expect(body).toMatchObject({
      kind: 'feedback',
      fields: {
        goal: 'Find the sermons of Nahj al-Balagha in Arabic',
        helpful: 'partially',
        improvements: 'Show the Arabic original beside each translation',
      },
    });
    expect(body).not.toHaveProperty('name');
    const stayed = await expectSuccessThenClose(page, t, t.feedback.success.feedback);
    expect(stayed).toBeGreaterThan(1_100);
    expect(stayed).toBeLessThan(3_000);
    // Focus goes back to the account menu's button.
    await expect(page.getByRole('banner').getByRole('button', { name: account.name })).toBeFocused();
  });

  test('on /ask, where the footer is hidden, the account menu still opens the dialog', async ({ page, t, account }) => {
    await createAccount(page.request, account);
    await openApp(page, '/ask');
    await expect(page.getByRole('contentinfo')).toHaveCount(0);
    await openFromAccountMenu(page, t, account);
    await expect(dialogOf(page, t).getByRole('tab', { name: t.feedback.tabs.bug })).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(dialogOf(page, t)).toBeHidden();
    // Elsewhere the footer is there.
    await page
      .getByRole('navigation', { name: t.nav.primary })
      .first()
      .getByRole('link', { name: t.nav.home, exact: true })
      .click();
    await expect(page.getByRole('contentinfo')).toBeVisible();
  });

  test('a visitor reports a bug from the footer: the page address prefilled, device information, a bad address refused', async ({
    page,
    t,
    keepInboxToItself,
  }) => {
    await keepInboxToItself();
    await openApp(page, '/');
    await openFromFooter(page, t);
    const dialog = dialogOf(page, t);
    await expect(dialog.getByText(t.feedback.sender.anonymous)).toBeVisible();
    await expect(dialog.getByLabel(t.feedback.sender.name, { exact: true })).toHaveCount(0);
    await dialog.getByRole('tab', { name: t.feedback.tabs.bug }).click();
    const form = bugFields(dialog, t);
    await expect(form.pageUrl).toHaveValue(page.url());
    await expect(dialog.getByTestId('device-note')).toHaveText(t.feedback.form.deviceNote);
    await expectNoAxeViolations(page);

    await expect(form.submit).toBeDisabled();
    await form.description.fill('The cover');
    await form.submit.click();
    await expectFieldError(form.description, t.validation.feedback.descriptionMin);
    await expectFieldError(form.steps, t.validation.required);
    await expectFieldError(form.expected, t.validation.required);
    await expectFieldError(form.actual, t.validation.required);
    await expectFieldError(form.severity, t.validation.feedback.severityRequired);

    await form.description.fill('The cover of a book stays grey');
    await form.steps.fill('Open the home page and scroll to the shelves');
    await form.expected.fill('abcd');
    await form.actual.fill('A grey box');
    await form.severity.selectOption('high');
    await form.pageUrl.fill('not a web address');
    await expectFieldError(form.expected, t.validation.feedback.expectedMin);
    await expectFieldError(form.pageUrl, t.validation.feedback.pageUrl);
    await form.expected.fill('A cover');
    await form.pageUrl.fill('javascript:alert(1)');
    await expectFieldError(form.pageUrl, t.validation.feedback.pageUrl);
    // An empty address is fine too (the other reading: "a valid URL or empty").
    await form.pageUrl.fill('');
    await expect(form.submit).toBeEnabled();
    const pageUrl = page.url();
    await form.pageUrl.fill(pageUrl);

    const request = page.waitForRequest((r) => r.url().endsWith('/api/feedback') && r.method() === 'POST');
    await form.submit.click();
    const body = (await request).postDataJSON();
    expect(body).toMatchObject({
      kind: 'bug',
      page_context: '/',
      fields: { severity: 'high', page_url: pageUrl, expected_behavior: 'A cover' },
      device: { screen: expect.stringMatching(/^\d+x\d+$/), viewport: expect.stringMatching(/^\d+x\d+$/) },
    });
    await expectSuccessThenClose(page, t, t.feedback.success.bug);
  });

  test('a disabled send button says what is missing: each field short of its minimum length, each choice not made', async ({
    page,
    t,
    lang,
  }) => {
    await openApp(page, '/');
    await openFromFooter(page, t);
    const dialog = dialogOf(page, t);
    const f = t.feedback.form;
    // The Feedback tab, untouched.
    const feedbackHint = dialog.getByTestId('feedback-missing');
    await expect(feedbackFields(dialog, t).submit).toBeDisabled();
    await expect(feedbackHint).toContainText(f.missing.title);
    await expect(feedbackHint.getByRole('listitem')).toHaveText([
      minLengthLine(t, lang, f.goal, 10),
      f.missing.choose.replace('{{field}}', f.helpful),
      minLengthLine(t, lang, f.improvements, 10),
    ]);
    await expect(feedbackFields(dialog, t).submit).toHaveAccessibleDescription(
      new RegExp(`^${escapeRegExp(f.missing.title)}`),
    );

    await dialog.getByRole('tab', { name: t.feedback.tabs.bug }).click();
    const form = bugFields(dialog, t);
    const hint = dialog.getByTestId('feedback-missing');
    await expect(form.submit).toBeDisabled();
    await expect(hint.getByRole('listitem')).toHaveText([
      minLengthLine(t, lang, f.bugDescription, 10),
      minLengthLine(t, lang, f.steps, 10),
      minLengthLine(t, lang, f.expected, 5),
      minLengthLine(t, lang, f.actual, 5),
      f.missing.choose.replace('{{field}}', f.severity),
    ]);
    // Too short after an attempt: disabled again, and the hint names what is still short.
    await form.description.fill('The cover of a book stays grey');
    await form.steps.fill('Open it');
    await form.expected.fill('A cover');
    await form.actual.fill('Grey');
    await form.severity.selectOption('low');
    await form.submit.click();
    await expect(form.submit).toBeDisabled();
    await expect(hint.getByRole('listitem')).toHaveText([
      minLengthLine(t, lang, f.steps, 10),
      minLengthLine(t, lang, f.actual, 5),
    ]);
    await form.steps.fill('Open the home page');
    await expect(hint.getByRole('listitem')).toHaveText([minLengthLine(t, lang, f.actual, 5)]);
    await form.actual.fill('A grey box');
    await expect(form.submit).toBeEnabled();
    await expect(hint).toHaveCount(0);
    await expectNoAxeViolations(page);
  });

  test('a bug report from the account menu carries the page it was sent from, and staff see it', async ({
    page,
    t,
    account,
    signInAs,
    keepInboxToItself,
  }) => {
    test.setTimeout(60_000);
    await keepInboxToItself();
    await createAccount(page.request, account);
    await openApp(page, '/search?q=kafi');
    await openFromAccountMenu(page, t, account);
    const dialog = dialogOf(page, t);
    await dialog.getByRole('tab', { name: t.feedback.tabs.bug }).click();
    const form = bugFields(dialog, t);
    const pageUrl = page.url();
    expect(new URL(pageUrl).pathname).toBe('/search');
    await expect(form.pageUrl).toHaveValue(pageUrl);
    const description = `Account menu report ${Date.now().toString(36)}`;
    await form.description.fill(description);
    await form.steps.fill('Search for kafi and open the filters');
    await form.expected.fill('The filters open');
    await form.actual.fill('Nothing happens');
    await form.severity.selectOption('medium');
    const request = page.waitForRequest((r) => r.url().endsWith('/api/feedback') && r.method() === 'POST');
    await form.submit.click();
    expect((await request).postDataJSON()).toMatchObject({
      kind: 'bug',
      page_context: '/search?q=kafi',
      fields: { page_url: pageUrl },
    });
    await expectSuccessThenClose(page, t, t.feedback.success.bug);

    // In the staff inbox, the report names its page.
    await signInAs('librarian');
    await openApp(page, '/library/feedback?kind=bug');
    await page.getByTestId('inbox-list').getByRole('button').filter({ hasText: description }).click();
    const details = page.getByRole('dialog', { name: t.feedback.inbox.detailTitle }).getByTestId('report-details');
    await expect(details.getByRole('link', { name: pageUrl })).toHaveAttribute('href', pageUrl);
    await expect(details).toContainText('/search?q=kafi');
  });

  test('each tab keeps its values; a failure keeps them all; no closing while sending', async ({
    page,
    t,
    allowConsoleError,
  }) => {
    allowConsoleError(/status of 500/);
    await openApp(page, '/');
    await openFromFooter(page, t);
    const dialog = dialogOf(page, t);
    const feedback = feedbackFields(dialog, t);
    const bug = bugFields(dialog, t);
    await feedback.goal.fill('Read the Sahifa Sajjadiya online');
    await feedback.helpful('yes').check();
    await feedback.improvements.fill('A reading mode with larger Arabic text');
    await dialog.getByRole('tab', { name: t.feedback.tabs.bug }).click();
    await bug.description.fill('The search box loses its text');
    await dialog.getByRole('tab', { name: t.feedback.tabs.feedback }).click();
    await expect(feedback.goal).toHaveValue('Read the Sahifa Sajjadiya online');
    await expect(feedback.helpful('yes')).toBeChecked();
    await expect(feedback.improvements).toHaveValue('A reading mode with larger Arabic text');
    await dialog.getByRole('tab', { name: t.feedback.tabs.bug }).click();
    await expect(bug.description).toHaveValue('The search box loses its text');
    await dialog.getByRole('tab', { name: t.feedback.tabs.feedback }).click();

    // The server fails: the error is shown and every value stays.
    await page.route('**/api/feedback', (route) =>
      route.fulfill({ status: 500, json: { error: { code: 'INTERNAL', message: 'boom' } } }),
    );
    await feedback.submit.click();
    await expect(dialog.getByRole('alert')).toContainText(t.feedback.error.title);
    await expect(dialog.getByRole('alert')).toContainText(t.errors.codes.INTERNAL);
    await expect(feedback.goal).toHaveValue('Read the Sahifa Sajjadiya online');
    await expect(feedback.helpful('yes')).toBeChecked();
    await expect(feedback.improvements).toHaveValue('A reading mode with larger Arabic text');
    await expect(feedback.submit).toBeEnabled();

    // Sent again, slowly: Escape, the close button and a click outside all wait.
    await page.unroute('**/api/feedback');
    let release: () => void = () => {};
    const released = new Promise<void>((resolve) => {
      release = resolve;
    });
    await page.route('**/api/feedback', async (route) => {
      await released;
      await route.continue();
    });
    await feedback.submit.click();
    await expect(dialog.getByRole('button', { name: t.feedback.submitting })).toBeDisabled();
    await page.keyboard.press('Escape');
    await dialog.getByRole('button', { name: t.feedback.dialog.close }).click();
    await page.mouse.click(5, 5);
    await expect(dialog).toBeVisible();
    // Switching tab is allowed meanwhile.
    await dialog.getByRole('tab', { name: t.feedback.tabs.bug }).click();
    await expect(bug.description).toHaveValue('The search box loses its text');
    await dialog.getByRole('tab', { name: t.feedback.tabs.feedback }).click();
    release();
    await expectSuccessThenClose(page, t, t.feedback.success.feedback);

    // A new opening starts afresh.
    await openFromFooter(page, t);
    await expect(feedback.goal).toHaveValue('');
    await expect(feedback.submit).toBeDisabled();
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
    await expect(
      page.getByRole('contentinfo').getByRole('button', { name: t.feedback.open, exact: true }),
    ).toBeFocused();
  });
});

/** 100 different attempts at running script through what readers type. */
const XSS_TEMPLATES: ((n: number) => string)[] = [
  (n) => `<img src=x onerror=alert(${n})>`,
  (n) => `<script>alert(${n})</script>`,
  (n) => `javascript:alert(${n})`,
  (n) => `"><svg onload=alert(${n})>`,
  (n) => `'><iframe src="javascript:alert(${n})"></iframe>`,
  (n) => `<a href="javascript:alert(${n})">link ${n}</a>`,
  (n) => `<body onload=alert(${n})>`,
  (n) => `<details open ontoggle=alert(${n})>x</details>`,
  (n) => `<math><mtext><table><mglyph><style><img src=x onerror=alert(${n})>`,
  (n) => `<input autofocus onfocus=alert(${n})>`,
];
const PAYLOADS = Array.from({ length: 100 }, (_, n) => `${XSS_TEMPLATES[n % XSS_TEMPLATES.length]?.(n)} #${n}`);

/** Ten reports of ten payloads each, in every text the inbox shows. */
function xssReports(run: string) {
  return Array.from({ length: 10 }, (_, r) => {
    const p = PAYLOADS.slice(r * 10, r * 10 + 10) as [string, ...string[]];
    const device = { platform: p[7], screen: p[8], viewport: p[9] };
    const body =
      r % 2 === 0
        ? {
            kind: 'feedback',
            fields: {
              goal: `${run} ${p[0]}`,
              helpful: 'no',
              improvements: p[1],
              topic_requests: `${p[2]}\n${p[3]}\n${p[4]}`,
            },
            // The browser's name is the server's reading of the User-Agent: not a place for a payload.
            page_context: `${p[5]} ${p[6]}`,
            device,
          }
        : {
            kind: 'bug',
            fields: {
              bug_description: `${run} ${p[0]}`,
              steps_to_reproduce: `${p[1]}\n${p[2]}`,
              expected_behavior: p[3],
              actual_behavior: p[4],
              severity: 'critical',
              page_url: '',
            },
            page_context: `${p[5]} ${p[6]}`,
            device,
          };
    return { body, payloads: p };
  });
}

/** Anything the payloads could have made of the page. */
const injectedElements = (page: Page) =>
  page.evaluate(
    () =>
      document.querySelectorAll(
        '[onerror],[onload],[ontoggle],[onfocus],iframe,mglyph,svg[onload],a[href^="javascript:" i],main script,[role="dialog"] script',
      ).length,
  );

test.describe('feedback inbox', () => {
  test('staff read 100 script payloads as text: no dialog, no injected element', async ({
    page,
    t,
    signInAs,
    keepInboxToItself,
  }) => {
    test.setTimeout(120_000);
    await keepInboxToItself();
    page.on('dialog', (dialog) => {
      throw new Error(`a script ran: ${dialog.type()} ${dialog.message()}`);
    });
    const run = `run-${Date.now().toString(36)}`;
    const reports = xssReports(run);
    for (const [index, { body }] of reports.entries()) {
      // Each from its own address: the per-address limit stays out of the way.
      const response = await page.request.post('/api/feedback', {
        data: body,
        headers: { 'X-Forwarded-For': `10.66.${Math.floor(Math.random() * 250)}.${index + 1}` },
      });
      expect(response.status(), await response.text()).toBe(201);
    }
    await signInAs('librarian');
    await openApp(page, '/library/feedback');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(t.feedback.inbox.title);
    const list = page.getByTestId('inbox-list');
    for (const { payloads } of reports) await expect(list).toContainText(`${run} ${payloads[0]}`);
    await expectNoAxeViolations(page);

    const detail = page.getByRole('dialog', { name: t.feedback.inbox.detailTitle });
    for (const { payloads } of reports) {
      await list
        .getByRole('button')
        .filter({ hasText: `${run} ${payloads[0]}` })
        .click();
      const details = detail.getByTestId('report-details');
      for (const payload of payloads) await expect(details).toContainText(payload);
      expect(await injectedElements(page)).toBe(0);
      await page.keyboard.press('Escape');
      await expect(detail).toBeHidden();
    }
    expect(await injectedElements(page)).toBe(0);
  });

  test("filters, paging, details and marking handled, in the reader's language", async ({
    page,
    t,
    signInAs,
    keepInboxToItself,
  }) => {
    await keepInboxToItself();
    const run = `inbox-${Date.now().toString(36)}`;
    const send = async (body: object, index: number) => {
      const response = await page.request.post('/api/feedback', {
        data: body,
        headers: { 'X-Forwarded-For': `10.67.${Math.floor(Math.random() * 250)}.${index + 1}` },
      });
      expect(response.status(), await response.text()).toBe(201);
    };
    for (let i = 0; i < 17; i++) {
      await send(
        {
          kind: 'bug',
          fields: {
            bug_description: `${run} bug ${i} description`,
            steps_to_reproduce: 'Open the page and wait',
            expected_behavior: 'It works',
            actual_behavior: 'It fails',
            severity: i === 16 ? 'low' : 'medium',
            page_url: 'https://library.example/book/7',
          },
          page_context: '/book/7',
          device: { platform: 'Linux x86_64', screen: '1920x1080', viewport: '1280x720' },
        },
        i,
      );
    }
    await signInAs('admin');
    await openApp(page, '/library/feedback?kind=bug&status=new');
    // The inbox is the current page in the sidebar; the Librarian View above it is not.
    const sidebar = page.getByTestId('sidebar');
    await expect(sidebar.getByRole('link', { name: t.nav.feedbackInbox, exact: true })).toHaveAttribute(
      'aria-current',
      'page',
    );
    await expect(sidebar.getByRole('link', { name: t.nav.librarianView, exact: true })).not.toHaveAttribute(
      'aria-current',
    );
    const list = page.getByTestId('inbox-list');
    await expect(list.getByRole('listitem')).toHaveCount(15);
    // Newest first: the low-severity one sent last is on top.
    await expect(list.getByRole('listitem').first()).toContainText(`${run} bug 16 description`);
    await page.getByLabel(t.feedback.inbox.filters.severity).selectOption('low');
    await expect(list.getByRole('listitem').first()).toContainText(`${run} bug 16 description`);
    await list
      .getByRole('button')
      .filter({ hasText: `${run} bug 16 description` })
      .click();
    const detail = page.getByRole('dialog', { name: t.feedback.inbox.detailTitle });
    const details = detail.getByTestId('report-details');
    await expect(details).toContainText('1920x1080');
    await expect(details).toContainText(t.feedback.severities.low);
    await expect(details.getByRole('link', { name: 'https://library.example/book/7' })).toHaveAttribute(
      'rel',
      /noopener/,
    );
    await expectNoAxeViolations(page);
    await detail.getByRole('button', { name: t.feedback.inbox.markHandled }).click();
    await expect(detail.getByRole('button', { name: t.feedback.inbox.reopen })).toBeVisible();
    await expect(details).toContainText(t.feedback.statuses.handled);
    await page.keyboard.press('Escape');
    // Filtered on "new", it has left the list.
    await expect(list.getByText(`${run} bug 16 description`)).toHaveCount(0);
    await page.getByLabel(t.feedback.inbox.filters.status).selectOption('handled');
    await list
      .getByRole('button')
      .filter({ hasText: `${run} bug 16 description` })
      .click();
    await detail.getByRole('button', { name: t.feedback.inbox.reopen }).click();
    await expect(detail.getByRole('button', { name: t.feedback.inbox.markHandled })).toBeVisible();

    // Paging: the second page of the medium ones holds what the first could not.
    await page.keyboard.press('Escape');
    await page.getByLabel(t.feedback.inbox.filters.status).selectOption('');
    await page.getByLabel(t.feedback.inbox.filters.severity).selectOption('medium');
    await expect(list.getByRole('listitem')).toHaveCount(15);
    await page
      .getByRole('navigation', { name: t.feedback.inbox.pagination })
      .getByRole('button', { name: t.feedback.inbox.next })
      .click();
    await expect(page).toHaveURL(/page=2/);
    await expect(list.getByRole('listitem').first()).toBeVisible();
  });

  test('a patron is turned away from the inbox', async ({ page, t, signInAs }) => {
    await signInAs('patron');
    await openApp(page, '/library/feedback');
    await expect(page).toHaveURL(/\/unauthorized/);
    await expect(page.getByRole('heading', { level: 1 })).not.toHaveText(t.feedback.inbox.title);
  });
});
