import type { BookmarkList } from '@maktaba/shared/schemas/bookmarks';
import type { Shelf } from '@maktaba/shared/schemas/catalogue';
import type { APIRequestContext, Page } from '@playwright/test';
import { createAccount, currentToast, expect, test } from './auth-fixtures';
import { fill, openApp, reloadApp } from './fixtures';
import { expectNoAxeViolations } from './support/axe';
import { demoBook, titleIn } from './support/catalogue';

const SERVER_ERROR = { status: 500, json: { error: { code: 'INTERNAL', message: 'Something went wrong.' } } };

/** The toggle on a book page (the page's only one). */
/** The book page's own toggle: the first in the page, before the cards of "More by this author", which have theirs. */
const pageToggle = (page: Page) => page.getByRole('main').getByTestId('bookmark-toggle').first();

async function recentBooks(request: APIRequestContext, limit: number) {
  const response = await request.get(`/api/shelves/recent?p_limit=${limit}`);
  return ((await response.json()) as Shelf).books;
}

async function myBookmarks(request: APIRequestContext) {
  return (await (await request.get('/api/bookmarks')).json()) as BookmarkList;
}

test.describe('bookmarks', () => {
  test.beforeEach(async ({ page, account }) => {
    await createAccount(page.request, account);
  });

  test('bookmark and unbookmark from a book page; a reload keeps the state', async ({ page, t }) => {
    const book = await demoBook(page.request);
    await openApp(page, `/book/${book.id}`);
    const toggle = pageToggle(page);
    await expect(toggle).toBeEnabled();
    await expect(toggle).toHaveAttribute('aria-pressed', 'false');
    await expect(toggle).toHaveText(t.bookmarks.toggle.bookmark);

    await toggle.click();
    await expect(currentToast(page)).toHaveText(t.bookmarks.toast.added);
    await expect(toggle).toHaveAttribute('aria-pressed', 'true');
    await expect(toggle).toHaveText(t.bookmarks.toggle.bookmarked);
    expect((await myBookmarks(page.request)).items.map((item) => item.book_id)).toEqual([book.id]);

    await reloadApp(page);
    await expect(pageToggle(page)).toHaveAttribute('aria-pressed', 'true');
    await expect(pageToggle(page)).toBeEnabled();
    await pageToggle(page).click();
    await expect(currentToast(page)).toHaveText(t.bookmarks.toast.removed);
    await expect(pageToggle(page)).toHaveAttribute('aria-pressed', 'false');

    await reloadApp(page);
    await expect(pageToggle(page)).toBeEnabled();
    await expect(pageToggle(page)).toHaveAttribute('aria-pressed', 'false');
    expect((await myBookmarks(page.request)).total).toBe(0);
    await expectNoAxeViolations(page);
  });

  test('a card bookmarks its book; the bookmarked shelf and My Imam list it, and My Imam removes it', async ({
    page,
    lang,
    t,
    account,
  }) => {
    const [book] = await recentBooks(page.request, 1);
    if (!book) throw new Error('the catalogue has books');
    const title = titleIn(book, lang);
    await openApp(page, '/');
    const cardToggle = page.getByRole('button', { name: fill(t.bookmarks.toggle.labelFor, { title }) }).first();
    await expect(cardToggle).toBeEnabled();
    await cardToggle.click();
    await expect(currentToast(page)).toHaveText(t.bookmarks.toast.added);
    await expect(cardToggle).toHaveAttribute('aria-pressed', 'true');

    await openApp(page, '/books/bookmarked');
    await expect(page.getByTestId('book-title')).toHaveText([title]);

    await openApp(page, '/myimam');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(t.pages.myImam);
    await expect(page.getByTestId('my-imam-greeting')).toHaveText(
      fill(t.myImam.greeting.replace(/<\/?name>/g, ''), { name: account.name }),
    );
    await expect(page.getByTestId('bookmarks-count')).toHaveText(t.myImam.bookmarks.count_one);
    await expect(page.getByTestId('my-bookmark-title')).toHaveText([title]);
    await expect(page.getByRole('link', { name: t.myImam.account.settings })).toHaveAttribute('href', '/settings');
    await expectNoAxeViolations(page);

    await page.getByRole('button', { name: fill(t.myImam.bookmarks.removeFor, { title }) }).click();
    await expect(currentToast(page)).toHaveText(t.bookmarks.toast.removed);
    await expect(page.getByTestId('my-bookmark')).toHaveCount(0);
    await expect(page.getByText(t.myImam.bookmarks.emptyTitle)).toBeVisible();
    await expect(page.getByRole('link', { name: t.myImam.bookmarks.findBooks })).toHaveAttribute('href', '/search');
    await expectNoAxeViolations(page);
    expect((await myBookmarks(page.request)).total).toBe(0);

    await page.goto('/books/bookmarked');
    await expect(page.getByTestId('book-card')).toHaveCount(0);
  });

  test('a search result bookmarks its book, and the book page agrees', async ({ page, lang, t }) => {
    const book = await demoBook(page.request);
    await openApp(page, `/search?q=${encodeURIComponent(book.title ?? '')}`);
    const hit = page.getByTestId('search-hit').filter({ has: page.locator(`a[href="/book/${book.id}"]`) });
    const toggle = hit.getByRole('button', { name: fill(t.bookmarks.toggle.labelFor, { title: titleIn(book, lang) }) });
    await expect(toggle).toBeEnabled();
    await toggle.click();
    await expect(currentToast(page)).toHaveText(t.bookmarks.toast.added);
    await expect(toggle).toHaveAttribute('aria-pressed', 'true');
    await expectNoAxeViolations(page);

    await hit.getByTestId('hit-title').click();
    await expect(page).toHaveURL(`/book/${book.id}`);
    await expect(pageToggle(page)).toHaveAttribute('aria-pressed', 'true');
  });

  test('a failed add or remove puts the toggle back and says so', async ({ page, t, allowConsoleError }) => {
    allowConsoleError(/status of 500/);
    const book = await demoBook(page.request);
    await openApp(page, `/book/${book.id}`);
    const toggle = pageToggle(page);
    await expect(toggle).toBeEnabled();

    await page.route('**/api/bookmarks', (route) =>
      route.request().method() === 'POST' ? route.fulfill(SERVER_ERROR) : route.fallback(),
    );
    await toggle.click();
    await expect(currentToast(page)).toHaveText(t.bookmarks.errors.add);
    await expect(toggle).toHaveAttribute('aria-pressed', 'false');
    expect((await myBookmarks(page.request)).total).toBe(0);
    await page.unrouteAll();

    await toggle.click();
    await expect(toggle).toHaveAttribute('aria-pressed', 'true');
    await expect(toggle).toBeEnabled();
    await page.route('**/api/bookmarks/by-book/*', (route) => route.fulfill(SERVER_ERROR));
    await toggle.click();
    await expect(currentToast(page)).toHaveText(t.bookmarks.errors.remove);
    await expect(toggle).toHaveAttribute('aria-pressed', 'true');
    expect((await myBookmarks(page.request)).total).toBe(1);
  });

  test('My Imam: a failed fetch offers a retry; more bookmarks load 20 at a time, with a retry after a failure', async ({
    page,
    lang,
    t,
    allowConsoleError,
  }) => {
    allowConsoleError(/status of 500/);
    const books = await recentBooks(page.request, 21);
    for (const book of books) {
      expect((await page.request.post('/api/bookmarks', { data: { book_id: book.id } })).status()).toBe(201);
    }
    await page.route('**/api/bookmarks?*', (route) => route.fulfill(SERVER_ERROR));
    await openApp(page, '/myimam');
    await expect(page.getByRole('alert')).toContainText(t.bookmarks.errors.fetch);
    await page.unrouteAll();
    await page.getByRole('button', { name: t.common.retry }).click();
    await expect(page.getByTestId('my-bookmark')).toHaveCount(20);
    const form = new Intl.PluralRules(lang).select(21) as 'few' | 'many' | 'other';
    const countText = t.myImam.bookmarks[`count_${form}`];
    await expect(page.getByTestId('bookmarks-count')).toHaveText(
      fill(countText, { formatted: new Intl.NumberFormat(lang).format(21) }),
    );

    await page.route('**/api/bookmarks?*offset=20*', (route) => route.fulfill(SERVER_ERROR));
    const loadMore = page.getByRole('button', { name: t.myImam.bookmarks.loadMore });
    await loadMore.click();
    await expect(page.getByRole('alert')).toContainText(t.bookmarks.errors.loadMore);
    await page.unrouteAll();
    await loadMore.click();
    await expect(page.getByTestId('my-bookmark')).toHaveCount(21);
    await expect(loadMore).toHaveCount(0);
    // The oldest bookmark comes last.
    await expect(page.getByTestId('my-bookmark-title').last()).toHaveAttribute('href', `/book/${books[0]?.id}`);
  });
});
