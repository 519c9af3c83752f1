import type { Scholar, Shelf } from '@maktaba/shared/schemas/catalogue';
import type { APIRequestContext, Page } from '@playwright/test';
import { createAccount, currentToast, expect, test } from './auth-fixtures';
import { type Catalogue, fill, openApp } from './fixtures';
import { expectNoAxeViolations } from './support/axe';
import { titleIn } from './support/catalogue';

async function shelfOf(request: APIRequestContext, type: string, limit: number): Promise<Shelf> {
  const response = await request.get(`/api/shelves/${type}?p_limit=${limit}&p_offset=0`);
  expect(response.status()).toBe(200);
  return (await response.json()) as Shelf;
}

const shelfRegion = (page: Page, t: Catalogue, type: 'recent' | 'popular') =>
  page.getByRole('region', { name: t.bookTypes[type], exact: true });

test.describe('catalogue: home', () => {
  test('skeletons, then the shelves from the database; scholars; no axe violations', async ({ page, lang, t }) => {
    // What the page itself was sent: other tests may add books or views meanwhile.
    const answer = (type: string) =>
      page
        .waitForResponse((response) => new URL(response.url()).pathname === `/api/shelves/${type}` && response.ok())
        .then(async (response) => (await response.json()) as Shelf);
    const recentAnswer = answer('recent');
    const popularAnswer = answer('popular');

    // Hold the recent shelf until the skeletons have been seen.
    let release: () => void = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    await page.route('**/api/shelves/recent?*', async (route) => {
      await held;
      await route.continue();
    });
    await openApp(page, '/');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(t.home.hero.title);
    const recentShelf = shelfRegion(page, t, 'recent');
    await expect(recentShelf.getByTestId('book-skeletons')).toBeVisible();
    await expect(recentShelf.getByTestId('book-card')).toHaveCount(0);
    release();
    const [recent, popular] = await Promise.all([recentAnswer, popularAnswer]);
    expect(recent.books.length).toBe(20);
    expect(popular.books.length).toBe(12);

    const recentTitles = recentShelf.getByTestId('book-title');
    await expect(recentTitles).toHaveCount(20);
    await expect(recentTitles).toHaveText(recent.books.map((book) => titleIn(book, lang)));
    await expect(recentShelf.getByTestId('book-skeletons')).toHaveCount(0);
    await expect(shelfRegion(page, t, 'popular').getByTestId('book-title')).toHaveText(
      popular.books.map((book) => titleIn(book, lang)),
    );
    await expect(recentShelf.getByTestId('book-card').first()).toHaveAttribute('href', `/book/${recent.books[0]?.id}`);

    // Our Scholars: each card opens the scholar's page; an external profile opens in a new tab,
    // saying so, and naming its language when it is not the reader's.
    const scholars = ((await (await page.request.get('/api/scholars')).json()) as { scholars: Scholar[] }).scholars;
    const withLink = scholars.find((scholar) => scholar.externalLink?.startsWith('https://en.'));
    expect(withLink).toBeDefined();
    const scholarSection = page.getByRole('region', { name: t.home.scholars.title, exact: true });
    await expect(scholarSection.getByTestId('scholar-card')).toHaveCount(scholars.length);
    const card = scholarSection
      .getByTestId('scholar-card')
      .filter({ hasText: lang === 'ar' ? withLink?.name_ar : withLink?.name });
    const profile = card.getByRole('link', { name: t.catalogue.scholar.externalProfile });
    await expect(profile).toHaveAttribute('href', withLink?.externalLink ?? '');
    await expect(profile).toHaveAttribute('target', '_blank');
    await expect(profile).toHaveAttribute('rel', 'noopener noreferrer');
    await expect(profile).toHaveAccessibleName(new RegExp(t.home.scholars.opensInNewTab));
    // Visible: the label, and in Arabic the language of the page it opens; "new tab" is for screen readers.
    await expect(profile.locator('span').first()).toHaveText(
      lang === 'ar'
        ? `${t.catalogue.scholar.externalProfile} ${fill(t.catalogue.scholar.inLanguage, { language: 'الإنجليزية' })}`
        : t.catalogue.scholar.externalProfile,
    );
    await expect(profile.locator('.sr-only')).toHaveText(t.home.scholars.opensInNewTab);
    await expectNoAxeViolations(page);

    // A click on the card, away from the profile link, opens the scholar's page in the library,
    // which asks this signed-out visitor to sign in first (reader-area §2.1).
    // The card leads to /scholar/<id>, and the guard sends the visitor on to /signin with the way back.
    await card.click({ position: { x: 12, y: 12 } });
    await expect(page).toHaveURL(`/signin?returnUrl=${encodeURIComponent(`/scholar/${withLink?.id}`)}`);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(t.auth.welcome.title);
  });

  test('a failing shelf shows the destructive alert with the translated error; the other shelf still loads', async ({
    page,
    t,
    allowConsoleError,
  }) => {
    allowConsoleError(/status of 500/);
    let calls = 0;
    await page.route('**/api/shelves/popular?*', (route) => {
      calls += 1;
      return route.fulfill({
        status: 500,
        contentType: 'application/json',
        body: JSON.stringify({ error: { code: 'INTERNAL', message: 'An unexpected error occurred' } }),
      });
    });
    await openApp(page, '/');
    const alert = shelfRegion(page, t, 'popular').getByRole('alert');
    await expect(alert).toContainText(t.home.errorLoadingBooks);
    await expect(alert).toContainText(
      fill(t.catalogue.errors.rpc, { type: t.catalogue.shelfTypes.popular, reason: t.errors.codes.INTERNAL }),
    );
    // Home queries retry once (reader-area §9).
    expect(calls).toBe(2);
    await expect(shelfRegion(page, t, 'recent').getByTestId('book-card')).toHaveCount(20);
    await expectNoAxeViolations(page);
  });

  test('suggested topics change every 8 s, hold still under the pointer, and lead to the search', async ({
    page,
    t,
  }) => {
    await page.clock.install();
    await openApp(page, '/');
    const pills = page.getByTestId('topic-pills');
    await expect(pills.getByRole('link')).toHaveCount(10);
    const first = await pills.getByRole('link').allTextContents();
    await expect(pills.getByRole('link').first()).toHaveAttribute('href', /^\/search\?(category|q)=/);

    await page.clock.runFor(8_000);
    await expect(pills).toHaveAttribute('data-set', '1');
    const second = await pills.getByRole('link').allTextContents();
    expect(second).toHaveLength(10);
    expect(second).not.toEqual(first);

    await pills.getByRole('link').first().hover();
    await page.clock.runFor(16_000);
    await expect(pills).toHaveAttribute('data-set', '1');
    await page.mouse.move(0, 0);
    await page.clock.runFor(8_000);
    await expect(pills).toHaveAttribute('data-set', '2');
    await expect(page.getByRole('region', { name: t.home.topics.title })).toBeVisible();
  });

  test('suggestions that fail: "Could not load suggestions." over the long text, the built-in topics below', async ({
    page,
    t,
    allowConsoleError,
  }) => {
    test.setTimeout(60_000);
    allowConsoleError(/status of 500/);
    await page.route('**/api/categories/suggestions?*', (route) =>
      route.fulfill({ status: 500, json: { error: { code: 'INTERNAL', message: 'Suggestions failed' } } }),
    );
    await openApp(page, '/');
    const notice = page.getByTestId('topics-error');
    await expect(notice).toHaveRole('alert');
    await expect(notice.locator('p')).toHaveText([t.home.topics.errorTitle, t.home.topics.error]);
    await expect(page.getByTestId('topic-pills').getByRole('link')).toHaveCount(10);
    await expectNoAxeViolations(page);
  });

  test('the AI promo only says it is under construction', async ({ page, t }) => {
    await openApp(page, '/');
    await page.getByRole('button', { name: t.home.ai.start, exact: true }).click();
    await expect(currentToast(page)).toContainText(t.home.ai.toastTitle);
    await expect(currentToast(page)).toContainText(t.home.ai.toastDescription);
  });

  test('the search box goes to /search with the trimmed, encoded text and ignores empty text', async ({
    page,
    t,
    account,
  }) => {
    await createAccount(page.request, account);
    await openApp(page, '/');
    const box = page.getByRole('combobox', { name: t.home.search.label });
    await box.fill('   ');
    await box.press('Enter');
    await expect(page).toHaveURL('/');
    await box.fill('  Nahj & Balagha ');
    await page.getByRole('button', { name: t.home.search.submit, exact: true }).click();
    await expect(page).toHaveURL('/search?q=Nahj%20%26%20Balagha');
  });

  test("each shelf has one action, 'show more', which pages through /books/recent as a grid or a list", async ({
    page,
    lang,
    t,
    account,
  }) => {
    await createAccount(page.request, account);
    const all = await shelfOf(page.request, 'recent', 48);
    await openApp(page, '/');
    const recentShelf = shelfRegion(page, t, 'recent');
    await expect(recentShelf.getByTestId('book-card')).toHaveCount(20);
    // One way to the whole shelf, not a modal of the same twenty books beside it.
    await expect(recentShelf.getByRole('button', { name: t.home.viewAll, exact: true })).toHaveCount(0);
    await expect(shelfRegion(page, t, 'popular').getByRole('link', { name: t.home.showMore })).toHaveAttribute(
      'href',
      '/books/popular',
    );

    await recentShelf.getByRole('link', { name: t.home.showMore }).click();
    await expect(page).toHaveURL('/books/recent');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(t.bookTypes.recent);
    const titles = page.getByTestId('book-title');
    await expect(titles).toHaveCount(24);
    await expect(page.locator('[data-view-mode="grid"]')).toBeVisible();
    await page.getByRole('radio', { name: t.catalogue.view.list }).click();
    await expect(page.locator('[data-view-mode="list"]')).toBeVisible();
    await expect(titles).toHaveText(all.books.slice(0, 24).map((book) => titleIn(book, lang)));

    await page.getByRole('link', { name: t.catalogue.pagination.next }).click();
    await expect(page).toHaveURL('/books/recent?page=2');
    await expect(titles).toHaveText(all.books.slice(24, 48).map((book) => titleIn(book, lang)));
    // The list mode chosen is remembered.
    await expect(page.locator('[data-view-mode="list"]')).toBeVisible();
    await expectNoAxeViolations(page);
  });
});
