import { randomUUID } from 'node:crypto';
import type { APIRequestContext, Locator, Page, PlaywrightWorkerArgs, Route } from '@playwright/test';
import { createAccount, expect, randomClientIp, test } from './auth-fixtures';
import { type Catalogue, openApp } from './fixtures';
import { expectNoAxeViolations } from './support/axe';
import { demoBook, titleIn } from './support/catalogue';
import { E2E_BASE_URL } from './support/e2e-env';

const SUGGEST = '/api/search/suggest';
const isSuggest = (url: URL) => url.pathname === SUGGEST;

/** The hero's box on the home page, and the header's. */
const homeBox = (page: Page, t: Catalogue) =>
  page.getByRole('main').getByRole('combobox', { name: t.home.search.label });
const headerBox = (page: Page, t: Catalogue) =>
  page.getByRole('banner').getByRole('combobox', { name: t.header.search.label });

/** What a box controls: its listbox, and the dropdown around it. */
async function dropdownOf(box: Locator) {
  const listboxId = await box.getAttribute('aria-controls');
  if (!listboxId) throw new Error('the combobox controls no listbox');
  const listbox = box.page().locator(`[id="${listboxId}"]`);
  return { listbox, panel: box.page().getByTestId('autocomplete-panel').filter({ has: listbox }) };
}

/** Types `text` into the box and waits until the list answers it (not the text before). */
async function typeInto(box: Locator, text: string) {
  await box.fill(text);
  const { listbox } = await dropdownOf(box);
  await expect(listbox).toHaveAttribute('data-query', text.trim());
}

/** Part of a title, as while it is being typed: all but its last letter. */
const partOf = (title: string) => title.trim().slice(0, -1).trim();

/** The ids of the options, in the order the arrow keys follow. */
const optionIds = (listbox: Locator) =>
  listbox.getByRole('option').evaluateAll((options) => options.map((option) => option.id));

/** Presses `key` until the option `id` is the active one. */
async function activate(box: Locator, id: string, key: 'ArrowDown' | 'ArrowUp' = 'ArrowDown') {
  for (let step = 0; step < 25; step += 1) {
    if ((await box.getAttribute('aria-activedescendant')) === id) return;
    await box.press(key);
  }
  throw new Error(`option ${id} never became active`);
}

/** `query` searched by `readers` new readers, each signed in from an address of their own. */
async function searchedByReaders(playwright: PlaywrightWorkerArgs['playwright'], query: string, readers: number) {
  for (let reader = 0; reader < readers; reader += 1) {
    const request: APIRequestContext = await playwright.request.newContext({
      baseURL: E2E_BASE_URL,
      extraHTTPHeaders: { 'X-Forwarded-For': randomClientIp() },
    });
    try {
      await createAccount(request, {
        email: `popular-${randomUUID().slice(0, 12)}@example.org`,
        password: `Quiet-Reading-${1000 + reader}`,
        name: 'Popular Reader',
      });
      const searched = await request.get(`/api/search?q=${encodeURIComponent(query)}`);
      expect(searched.status()).toBe(200);
    } finally {
      await request.dispose();
    }
  }
}

/** The longest word of a title: its first letters begin a word of few other searches. */
const longestWord = (title: string) =>
  title.split(/[\s\-'’]+/u).reduce((longest, word) => (word.length > longest.length ? word : longest), '');

test.describe('search autocomplete', () => {
  test.beforeEach(async ({ page, account }) => {
    await createAccount(page.request, account);
  });

  test('part of an English or an Arabic title suggests the book; the arrow keys wrap; Enter opens it', async ({
    page,
    lang,
    t,
  }) => {
    const book = await demoBook(page.request);
    if (!book.title || !book.title_ar) throw new Error('the demo book has both titles');
    await openApp(page, '/');
    const box = homeBox(page, t);
    const { listbox } = await dropdownOf(box);

    for (const title of [book.title_ar, book.title]) {
      await typeInto(box, partOf(title));
      const option = listbox.getByRole('option').filter({ hasText: titleIn(book, lang) });
      await expect(option.first()).toBeVisible();
      await expect(box).toHaveAttribute('aria-expanded', 'true');
    }
    // The matched words are emphasised.
    await expect(listbox.locator('mark').first()).toBeVisible();

    const ids = await optionIds(listbox);
    expect(ids.length).toBeGreaterThan(1);
    await box.press('ArrowDown');
    await expect(box).toHaveAttribute('aria-activedescendant', ids[0] ?? '');
    await expect(listbox.locator(`[id="${ids[0]}"]`)).toHaveAttribute('aria-selected', 'true');
    await box.press('ArrowUp');
    await expect(box).toHaveAttribute('aria-activedescendant', ids[ids.length - 1] ?? '');
    await box.press('ArrowDown');
    await expect(box).toHaveAttribute('aria-activedescendant', ids[0] ?? '');

    const bookId = await listbox
      .locator('[role="option"][data-type="book"]')
      .filter({ hasText: titleIn(book, lang) })
      .first()
      .getAttribute('id');
    await activate(box, bookId ?? '');
    await box.press('Enter');
    await expect(page).toHaveURL(`/book/${book.id}`);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(titleIn(book, lang));
  });

  test('Escape, Tab and a click outside close the list; hover and click choose; Enter searches for the text', async ({
    page,
    lang,
    t,
  }) => {
    const book = await demoBook(page.request);
    await openApp(page, '/');
    const box = homeBox(page, t);
    const { listbox, panel } = await dropdownOf(box);
    const text = partOf(titleIn(book, lang));

    await typeInto(box, text);
    await expect(listbox.getByRole('option').first()).toBeVisible();
    await box.press('Escape');
    await expect(panel).toBeHidden();
    await expect(box).toHaveAttribute('aria-expanded', 'false');
    await expect(box).toHaveValue(text);
    // Down opens it again.
    await box.press('ArrowDown');
    await expect(listbox.getByRole('option').first()).toBeVisible();
    await box.press('Tab');
    await expect(panel).toBeHidden();

    await box.focus();
    await expect(listbox.getByRole('option').first()).toBeVisible();
    await page.getByRole('heading', { level: 1 }).click();
    await expect(panel).toBeHidden();

    await box.focus();
    const option = listbox
      .locator('[role="option"][data-type="book"]')
      .filter({ hasText: titleIn(book, lang) })
      .first();
    await option.hover();
    await expect(option).toHaveAttribute('aria-selected', 'true');
    await option.click();
    await expect(page).toHaveURL(`/book/${book.id}`);

    // With no option active, Enter searches for the text.
    await page.goBack();
    await homeBox(page, t).fill(`  ${text} `);
    await homeBox(page, t).press('Enter');
    await expect(page).toHaveURL(`/search?q=${encodeURIComponent(text)}`);
  });

  test('the header box suggests too, on wide screens and behind a button on phones', async ({ page, lang, t }) => {
    const book = await demoBook(page.request);
    await openApp(page, '/books/recent');
    const box = headerBox(page, t);
    const { listbox } = await dropdownOf(box);
    await typeInto(box, partOf(titleIn(book, lang)));
    const option = listbox
      .locator('[role="option"][data-type="book"]')
      .filter({ hasText: titleIn(book, lang) })
      .first();
    await activate(box, (await option.getAttribute('id')) ?? '', 'ArrowUp');
    await box.press('Enter');
    await expect(page).toHaveURL(`/book/${book.id}`);
    await expect(box).toHaveValue('');

    await page.setViewportSize({ width: 390, height: 844 });
    await expect(box).toBeHidden();
    const open = page.getByRole('banner').getByRole('button', { name: t.header.search.open, exact: true });
    await open.click();
    const phoneBox = headerBox(page, t);
    await expect(phoneBox).toBeFocused();
    await typeInto(phoneBox, partOf(titleIn(book, lang)));
    const { listbox: phoneList } = await dropdownOf(phoneBox);
    await phoneList
      .locator('[role="option"][data-type="book"]')
      .filter({ hasText: titleIn(book, lang) })
      .first()
      .click();
    await expect(page).toHaveURL(`/book/${book.id}`);
    await expect(phoneBox).toBeHidden();
  });

  test("'No suggestions found' for text that matches nothing", async ({ page, t }) => {
    await openApp(page, '/');
    const box = homeBox(page, t);
    const { panel } = await dropdownOf(box);
    await box.fill('qxzvjq qxzvjq');
    await expect(panel.getByTestId('autocomplete-empty')).toHaveText(t.search.autocomplete.noResults);
    await expect(box).toHaveAttribute('aria-expanded', 'false');
  });

  test("a server error is retried after 1, 2 and 4 s, then 'Search error occurred' with 'Try again'", async ({
    page,
    lang,
    t,
    allowConsoleError,
  }) => {
    allowConsoleError(/status of 500/);
    const book = await demoBook(page.request);
    const asked: number[] = [];
    let isFailing = true;
    await page.route(isSuggest, async (route: Route) => {
      asked.push(Date.now());
      if (!isFailing) return route.continue();
      await route.fulfill({ status: 500, json: { error: { code: 'INTERNAL', message: 'Internal error' } } });
    });
    await openApp(page, '/');
    const box = homeBox(page, t);
    const { listbox, panel } = await dropdownOf(box);
    await box.fill(partOf(titleIn(book, lang)));
    const error = panel.getByTestId('autocomplete-error');
    await expect(error).toContainText(t.search.autocomplete.error, { timeout: 15_000 });
    await expect(error).toContainText(t.search.autocomplete.errorDetail);
    expect(asked).toHaveLength(4);
    const gaps = asked.slice(1).map((at, index) => at - (asked[index] ?? 0));
    for (const [index, expected] of [1000, 2000, 4000].entries()) {
      expect(gaps[index]).toBeGreaterThanOrEqual(expected - 50);
      expect(gaps[index]).toBeLessThan(expected + 1000);
    }

    isFailing = false;
    await error.getByRole('button', { name: t.search.autocomplete.retry, exact: true }).click();
    await expect(
      listbox
        .getByRole('option')
        .filter({ hasText: titleIn(book, lang) })
        .first(),
    ).toBeVisible();
    await expect(error).toBeHidden();
    expect(asked).toHaveLength(5);
  });

  test('a 400 is not retried', async ({ page, t, allowConsoleError }) => {
    allowConsoleError(/status of 400/);
    const asked: string[] = [];
    await page.route(isSuggest, async (route) => {
      asked.push(route.request().url());
      await route.fulfill({ status: 400, json: { error: { code: 'VALIDATION_FAILED', message: 'Invalid' } } });
    });
    await openApp(page, '/');
    const box = homeBox(page, t);
    const { panel } = await dropdownOf(box);
    await box.fill('kafi');
    await expect(panel.getByTestId('autocomplete-error')).toContainText(t.search.autocomplete.error);
    await page.waitForTimeout(1500);
    expect(asked).toHaveLength(1);
  });

  test("'Searching...' shows while the answer is late, and goes when it comes", async ({ page, lang, t }) => {
    const book = await demoBook(page.request);
    let release: () => void = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    await page.route(isSuggest, async (route) => {
      await held;
      await route.continue();
    });
    await openApp(page, '/');
    const box = homeBox(page, t);
    const { listbox, panel } = await dropdownOf(box);
    await box.fill(partOf(titleIn(book, lang)));
    const searching = panel.getByTestId('autocomplete-searching');
    await expect(searching).toHaveText(t.search.autocomplete.searching);
    await expect(page.getByRole('status').filter({ hasText: t.search.autocomplete.searching })).toHaveCount(1);
    release();
    await expect(listbox.getByRole('option').first()).toBeVisible();
    await expect(searching).toBeHidden();
  });

  test('the list opens above the box when less than 300 px is free below it', async ({ page, lang, t }) => {
    const book = await demoBook(page.request);
    await openApp(page, '/');
    const box = homeBox(page, t);
    const { panel } = await dropdownOf(box);
    await box.fill(partOf(titleIn(book, lang)));
    await expect(panel).toBeVisible();
    await expect(panel).toHaveAttribute('data-placement', 'below');

    // A short window leaves the box near the bottom: measured again on resize.
    const boxBottom = (await box.boundingBox())?.y ?? 0;
    await page.setViewportSize({ width: 1280, height: Math.round(boxBottom + 200) });
    await expect(panel).toHaveAttribute('data-placement', 'above');
    const panelBox = await panel.boundingBox();
    const inputBox = await box.boundingBox();
    expect((panelBox?.y ?? 0) + (panelBox?.height ?? 0)).toBeLessThanOrEqual(inputBox?.y ?? 0);
  });

  test('a signed-in reader sees their recent searches among the suggestions', async ({ page, lang, t }) => {
    const book = await demoBook(page.request);
    const query = `${titleIn(book, lang)}`;
    // Searching through the API records the search, as the search page does.
    const searched = await page.request.get(`/api/search?q=${encodeURIComponent(query)}`);
    expect(searched.status()).toBe(200);
    await openApp(page, '/');
    const box = homeBox(page, t);
    const { listbox } = await dropdownOf(box);
    await typeInto(box, partOf(query));
    const recent = listbox.getByRole('group', { name: t.search.autocomplete.groups.recent, exact: true });
    await expect(recent.getByRole('option')).toHaveText([query]);
    await recent.getByRole('option').click();
    await expect.poll(() => new URL(page.url()).pathname).toBe('/search');
    expect(new URL(page.url()).searchParams.get('q')).toBe(query);
  });

  test('no axe violations with the list open', async ({ page, lang, t }) => {
    const book = await demoBook(page.request);
    await openApp(page, '/');
    const box = homeBox(page, t);
    const { listbox } = await dropdownOf(box);
    await typeInto(box, partOf(titleIn(book, lang)));
    await expect(listbox.getByRole('option').first()).toBeVisible();
    await box.press('ArrowDown');
    await expectNoAxeViolations(page);
  });

  test('from 2 characters, searches many readers made are offered as hints; not for 1 character', async ({
    page,
    playwright,
    lang,
    t,
  }) => {
    const book = await demoBook(page.request);
    const query = titleIn(book, lang);
    await searchedByReaders(playwright, query, 3);
    await openApp(page, '/');
    const box = homeBox(page, t);
    const { listbox } = await dropdownOf(box);
    const popular = listbox.getByRole('group', { name: t.search.autocomplete.groups.popular, exact: true });
    const start = longestWord(query);

    await typeInto(box, start.slice(0, 1));
    await expect(popular).toHaveCount(0);

    await typeInto(box, start.slice(0, 2));
    await expect(popular.getByRole('option').filter({ hasText: query })).toHaveCount(1);
    // Reached with the arrow keys like every option, and chosen with Enter: a search for it.
    const id = await popular.getByRole('option').filter({ hasText: query }).getAttribute('id');
    if (!id) throw new Error('the hint has no id');
    await activate(box, id);
    await expectNoAxeViolations(page);
    await box.press('Enter');
    await expect.poll(() => new URL(page.url()).pathname).toBe('/search');
    expect(new URL(page.url()).searchParams.get('q')).toBe(query);
  });

  test('a misspelt word of 3 letters or more offers "Did you mean" first; choosing it searches for it', async ({
    page,
    lang,
    t,
  }) => {
    const [typed, meant] = lang === 'ar' ? ['مرات', 'مرآة'] : ['bihhar', 'bihar'];
    await openApp(page, '/');
    const box = homeBox(page, t);
    const { listbox } = await dropdownOf(box);
    await typeInto(box, typed);
    const correction = listbox.getByRole('group', { name: t.search.autocomplete.groups.correction, exact: true });
    await expect(correction.getByRole('option')).toHaveText([meant]);
    await expect(listbox.getByRole('option').first()).toHaveText(meant);
    const firstId = await listbox.getByRole('option').first().getAttribute('id');
    await box.press('ArrowDown');
    await expect(box).toHaveAttribute('aria-activedescendant', firstId ?? '');
    await box.press('Enter');
    await expect.poll(() => new URL(page.url()).pathname).toBe('/search');
    expect(new URL(page.url()).searchParams.get('q')).toBe(meant);
  });
});
