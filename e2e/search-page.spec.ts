import type { Book, Shelf } from '@maktaba/shared/schemas/catalogue';
import type { SearchResult } from '@maktaba/shared/schemas/search';
import type { APIRequestContext, Page } from '@playwright/test';
import { createAccount, expect, test } from './auth-fixtures';
import { type Catalogue, type Lang, openApp, reloadApp } from './fixtures';
import { expectNoAxeViolations } from './support/axe';
import { demoBook, titleIn } from './support/catalogue';

/** The page's own call to the search API: what it was sent is what it must show. */
/** The next search the page answers (with `wanted`: the next one asking for those parameters). */
function nextSearch(page: Page, wanted: Record<string, string> = {}): Promise<SearchResult> {
  return page
    .waitForResponse((response) => {
      const url = new URL(response.url());
      return (
        url.pathname === '/api/search' &&
        response.status() === 200 &&
        Object.entries(wanted).every(([name, value]) => url.searchParams.get(name) === value)
      );
    })
    .then((response) => response.json() as Promise<SearchResult>);
}

async function apiSearch(request: APIRequestContext, query: string): Promise<SearchResult> {
  const response = await request.get(`/api/search?${query}`);
  expect(response.status(), query).toBe(200);
  return (await response.json()) as SearchResult;
}

const hitTitles = (page: Page) => page.getByTestId('hit-title');
const chips = (page: Page) => page.getByTestId('filter-chip');
/** The categories listed before "Show more". */
const firstCategories = (result: SearchResult) => result.facets.category.slice(0, 6);

/** A chip's accessible name: what it does, then the words it shows. */
const remove = (t: Catalogue, filter: string, value: string) => `${t.search.chips.remove} ${filter} ${value}`;

/** The sheet's main button for a count of results, in the plural form the language uses. */
function showResults(t: Catalogue, lang: Lang, count: number): string {
  const form = count === 0 ? 'zero' : new Intl.PluralRules(lang).select(count);
  const key = `showResults_${form}` as keyof Catalogue['search']['filters'];
  return String(t.search.filters[key]).replace('{{formatted}}', new Intl.NumberFormat(lang).format(count));
}
const titlesOf = (result: SearchResult, lang: Lang) => result.hits.map((hit) => titleIn(hit, lang));
const searchBox = (page: Page, label: string) => page.getByRole('searchbox', { name: label });

/** A demo book whose English title has a word long enough to misspell, and that word. */
async function bookWithLongWord(request: APIRequestContext): Promise<{ book: Book; word: string }> {
  const shelf = (await (await request.get('/api/shelves/recent?p_limit=100')).json()) as Shelf;
  for (const summary of shelf.books) {
    const word = summary.title?.split(/[^A-Za-z]+/).find((part) => part.length >= 7);
    if (!word) continue;
    const book = (await (await request.get(`/api/books/${summary.id}`)).json()) as Book;
    if (book.external_id?.startsWith('demo:')) return { book, word };
  }
  throw new Error('no demo book with a long English title word on the recent shelf');
}

test.describe('library search page', () => {
  test.beforeEach(async ({ page, account }) => {
    await createAccount(page.request, account);
  });

  test('without words it lists the newest books; a book is found by its English and its Arabic title, marked', async ({
    page,
    lang,
    t,
  }) => {
    const newest = nextSearch(page);
    await openApp(page, '/search');
    await expect(page).toHaveTitle(`${t.pages.search} · ${t.app.name}`);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(t.pages.search);
    await expect(page.getByRole('heading', { level: 2, name: t.search.results.newest })).toBeVisible();
    // One search box here: the header's gives way to the page's own, which keeps the filters.
    await expect(page.getByRole('combobox', { name: t.header.search.label })).toHaveCount(0);
    const browsed = await newest;
    expect(browsed.hits.length).toBeGreaterThan(0);
    await expect(hitTitles(page)).toHaveText(titlesOf(browsed, lang));

    const book = await demoBook(page.request);
    for (const title of [book.title, book.title_ar]) {
      if (!title) throw new Error('the demo book has both titles');
      const answer = nextSearch(page);
      await searchBox(page, t.search.form.label).fill(title);
      await searchBox(page, t.search.form.label).press('Enter');
      await expect(page).toHaveURL(`/search?q=${encodeURIComponent(title)}`);
      const result = await answer;
      expect(result.hits.map((hit) => hit.id)).toContain(book.id);
      const hit = page.getByTestId('search-hit').filter({ has: page.locator(`a[href="/book/${book.id}"]`) });
      await expect(hit).toBeVisible();
      await expect(hit.locator('mark').first()).toBeVisible();
      // The title in the reader's language is marked wherever the words were found in it.
      const own = lang === 'ar' ? book.title_ar : book.title;
      if (own === title) await expect(hit.getByTestId('hit-title').locator('mark').first()).toBeVisible();
    }
    await expectNoAxeViolations(page);

    await page.getByTestId('search-hit').first().getByTestId('hit-title').click();
    await expect(page).toHaveURL(/\/book\/[0-9a-f-]{36}$/);
  });

  test('category and language filters narrow the results, with counts; reload keeps them and back undoes them', async ({
    page,
    lang,
    t,
  }) => {
    const first = nextSearch(page);
    await openApp(page, '/search');
    const all = await first;
    const category = firstCategories(all).find((value) => value.count > 0 && value.count < all.total);
    if (!category) throw new Error('the catalogue has a category that holds some books but not all');
    const categoryName = (lang === 'ar' ? category.label_ar : category.label) ?? category.value;
    const categoryItem = page
      .getByTestId('facet-category')
      .getByRole('listitem')
      .filter({ has: page.getByText(categoryName, { exact: true }) });
    const categoryBox = categoryItem.getByRole('checkbox');

    // A long list shows its first values until asked for the rest.
    const authors = page.getByTestId('facet-author');
    if (all.facets.author.length > 6) {
      await expect(authors.getByRole('listitem')).toHaveCount(6);
      const more = authors.getByRole('button', { name: t.search.filters.showMore });
      await expect(more).toHaveAttribute('aria-expanded', 'false');
      await more.click();
      await expect(authors.getByRole('listitem')).toHaveCount(all.facets.author.length);
      await expect(authors.getByRole('button', { name: t.search.filters.showFewer })).toHaveAttribute(
        'aria-expanded',
        'true',
      );
    }
    await expect(chips(page)).toHaveCount(0);

    // The count shown beside a category is the facet's.
    await expect(categoryItem.getByTestId('facet-count')).toHaveText(
      new Intl.NumberFormat(lang).format(category.count),
    );

    const byCategory = nextSearch(page);
    await categoryBox.click();
    await expect(categoryBox).toBeChecked();
    await expect(page).toHaveURL(`/search?category=${category.value}`);
    const narrowed = await byCategory;
    // The books of the category, and of the categories under it.
    expect(narrowed.total).toBeGreaterThanOrEqual(category.count);
    expect(narrowed.total).toBeLessThan(all.total);
    await expect(hitTitles(page)).toHaveText(titlesOf(narrowed, lang));

    const language = narrowed.facets.language[0];
    if (!language) throw new Error('the category has books in some language');
    const languageSelect = page.getByRole('combobox', { name: t.search.filters.language });
    const byLanguage = nextSearch(page);
    await languageSelect.selectOption(language.value);
    await expect(page).toHaveURL(`/search?category=${category.value}&language=${language.value}`);
    const both = await byLanguage;
    expect(both.total).toBe(language.count);
    expect(both.hits.every((hit) => hit.language === language.value)).toBe(true);
    await expect(hitTitles(page)).toHaveText(titlesOf(both, lang));
    await expect(page.getByTestId('search-count')).toContainText(new Intl.NumberFormat(lang).format(both.total));
    // The applied filters are chips above the results, named in the reader's language.
    const languageName = t.search.languages[language.value as keyof Catalogue['search']['languages']];
    const categoryChip = page.getByRole('button', { name: remove(t, t.search.filters.category, categoryName) });
    const languageChip = page.getByRole('button', { name: remove(t, t.search.filters.language, languageName) });
    await expect(chips(page)).toHaveCount(2);
    await expect(categoryChip).toBeVisible();
    await expect(languageChip).toBeVisible();
    await expect(
      page.getByTestId('applied-filters').getByRole('button', { name: t.search.filters.clearAll }),
    ).toBeVisible();
    await expectNoAxeViolations(page);

    await reloadApp(page);
    await expect(categoryBox).toBeChecked();
    await expect(languageSelect).toHaveValue(language.value);
    await expect(hitTitles(page)).toHaveText(titlesOf(both, lang));

    // Removing a chip removes its filter; focus stays among the chips.
    await languageChip.click();
    await expect(page).toHaveURL(`/search?category=${category.value}`);
    await expect(languageSelect).toHaveValue('');
    await expect(categoryBox).toBeChecked();
    await expect(hitTitles(page)).toHaveText(titlesOf(narrowed, lang));
    await expect(chips(page)).toHaveCount(1);
    await expect(categoryChip).toBeFocused();
    await expect(
      page.getByTestId('applied-filters').getByRole('button', { name: t.search.filters.clearAll }),
    ).toHaveCount(0);

    await page.goBack();
    await expect(page).toHaveURL(`/search?category=${category.value}&language=${language.value}`);
    await expect(languageSelect).toHaveValue(language.value);

    await page.getByRole('button', { name: t.search.filters.clear }).click();
    await expect(page).toHaveURL('/search');
    await expect(categoryBox).not.toBeChecked();
    await expect(chips(page)).toHaveCount(0);
  });

  test('sorting by title and paging follow the API, and back returns to the first page', async ({ page, lang, t }) => {
    await openApp(page, '/search');
    // The first page's own search may answer after the sort is chosen: wait for the sorted one.
    const sorted = nextSearch(page, { sort: 'title' });
    await page.getByRole('combobox', { name: t.search.sort.label }).selectOption('title');
    await expect(page).toHaveURL('/search?sort=title');
    const pageOne = await sorted;
    expect(pageOne.total).toBeGreaterThan(pageOne.per_page);
    await expect(hitTitles(page)).toHaveText(titlesOf(pageOne, lang));
    const expected = await apiSearch(page.request, 'sort=title');
    expect(pageOne.hits.map((hit) => hit.id)).toEqual(expected.hits.map((hit) => hit.id));

    const next = nextSearch(page, { sort: 'title', page: '2' });
    await page.getByRole('link', { name: t.catalogue.pagination.next }).click();
    await expect(page).toHaveURL('/search?sort=title&page=2');
    const pageTwo = await next;
    expect(pageTwo.page).toBe(2);
    await expect(hitTitles(page)).toHaveText(titlesOf(pageTwo, lang));
    expect(pageTwo.hits.map((hit) => hit.id)).not.toContain(pageOne.hits[0]?.id);

    await page.goBack();
    await expect(page).toHaveURL('/search?sort=title');
    await expect(hitTitles(page)).toHaveText(titlesOf(pageOne, lang));
  });

  test('nonsense finds nothing and says what to try; a misspelt title word still finds the book', async ({
    page,
    t,
  }) => {
    await openApp(page, '/search?q=qzxvjwkp');
    await expect(page.getByTestId('search-empty')).toBeVisible();
    await expect(page.getByRole('heading', { name: t.search.empty.title })).toBeVisible();
    await expect(page.getByTestId('search-count')).toHaveText(t.search.results.count_zero);
    await expect(page.getByText(t.search.empty.spelling)).toBeVisible();
    await expectNoAxeViolations(page);

    const { book, word } = await bookWithLongWord(page.request);
    // One letter dropped from the middle of the word.
    const typo = word.slice(0, 3) + word.slice(4);
    const answer = nextSearch(page);
    await searchBox(page, t.search.form.label).fill(typo);
    await searchBox(page, t.search.form.label).press('Enter');
    const result = await answer;
    expect(result.hits.map((hit) => hit.id)).toContain(book.id);
    await expect(page.locator(`[data-testid="search-hit"] a[href="/book/${book.id}"]`)).toBeVisible();
    if (result.query.corrections.length > 0) await expect(page.getByTestId('search-corrected')).toBeVisible();
  });

  test('a refused search says why and offers a retry that shows the results', async ({
    page,
    lang,
    t,
    allowConsoleError,
  }) => {
    allowConsoleError(/status of 422/);
    let isRefusing = true;
    await page.route('**/api/search?*', (route) =>
      isRefusing
        ? route.fulfill({
            status: 422,
            contentType: 'application/json',
            body: JSON.stringify({ error: { code: 'VALIDATION_FAILED', message: 'refused' } }),
          })
        : route.fallback(),
    );
    await openApp(page, '/search?q=kafi&available=true');
    const alert = page.getByRole('alert').filter({ hasText: t.search.error.title });
    await expect(alert).toContainText(t.errors.codes.VALIDATION_FAILED);
    await expect(hitTitles(page)).toHaveCount(0);
    // The search is over: the line above says nothing rather than "Searching...".
    await expect(page.getByTestId('search-count')).toHaveText('');
    await expect(page.getByText(t.search.results.loading)).toHaveCount(0);
    // No answer, no counts: the filters do not claim zero.
    await expect(page.getByRole('checkbox', { name: t.search.filters.available, exact: true })).toBeChecked();

    isRefusing = false;
    const answer = nextSearch(page);
    await alert.getByRole('button', { name: t.common.retry }).click();
    const result = await answer;
    await expect(alert).toBeHidden();
    await expect(hitTitles(page)).toHaveText(titlesOf(result, lang));
  });

  test('on a phone the filters open in a sheet from the inline end, with a live count, and close back to the button', async ({
    page,
    lang,
    t,
  }) => {
    await page.setViewportSize({ width: 390, height: 800 });
    const first = nextSearch(page);
    await openApp(page, '/search');
    const all = await first;
    await expect(page.getByTestId('search-filters')).toBeHidden();
    const open = page.getByRole('button', { name: t.search.filters.show });
    const sheet = page.getByRole('dialog', { name: t.search.filters.title });
    await open.click();
    await expect(sheet).toBeVisible();
    const primary = sheet.getByRole('button', { name: showResults(t, lang, all.total), exact: true });
    await expect(primary).toBeVisible();
    // It slides in from the inline end: the right edge in English, the left in Arabic.
    const edge = async () => {
      const box = await sheet.boundingBox();
      return box ? Math.round(lang === 'ar' ? box.x : 390 - box.x - box.width) : null;
    };
    // (Polled: the sheet is still sliding in for a moment.)
    await expect.poll(edge).toBe(0);
    await expectNoAxeViolations(page);

    const category = firstCategories(all).find((value) => value.count > 0 && value.count < all.total);
    if (!category) throw new Error('the catalogue has a category that holds some books but not all');
    const categoryName = (lang === 'ar' ? category.label_ar : category.label) ?? category.value;
    const narrowed = nextSearch(page);
    await sheet
      .getByTestId('facet-category')
      .getByRole('listitem')
      .filter({ has: page.getByText(categoryName, { exact: true }) })
      .getByRole('checkbox')
      .click();
    await expect(page).toHaveURL(`/search?category=${category.value}`);
    const result = await narrowed;
    const narrowedButton = sheet.getByRole('button', { name: showResults(t, lang, result.total), exact: true });
    await expect(narrowedButton).toBeVisible();

    // Escape closes it and gives focus back to the button that opened it.
    await page.keyboard.press('Escape');
    await expect(sheet).toBeHidden();
    await expect(open).toBeFocused();
    await expect(page.getByRole('button', { name: remove(t, t.search.filters.category, categoryName) })).toBeVisible();
    await expect(hitTitles(page)).toHaveText(titlesOf(result, lang));

    // "Clear all" in the sheet; the main button closes it.
    await open.click();
    await sheet.getByRole('button', { name: t.search.filters.clearAll }).click();
    await expect(page).toHaveURL('/search');
    // (The unfiltered answer is still in memory: no new request.) Focus stays in the sheet.
    const showAll = sheet.getByRole('button', { name: showResults(t, lang, all.total), exact: true });
    await expect(showAll).toBeFocused();
    await showAll.click();
    await expect(sheet).toBeHidden();
    await expect(open).toBeFocused();
    await expect(chips(page)).toHaveCount(0);
  });

  test('a misspelt search of 3 letters or more says "Did you mean", and the suggestion searches for it', async ({
    page,
    lang,
    t,
  }) => {
    const [typed, meant, title] =
      lang === 'ar'
        ? ['مرات العقول', 'مرآة العقول', 'مرآة العقول']
        : ['Tahdhib al-Ahkma', 'tahdhib ahkam', 'Tahdhib al-Ahkam'];
    const answer = nextSearch(page);
    await openApp(page, `/search?q=${encodeURIComponent(typed)}`);
    expect((await answer).query.suggestion).toBe(meant);
    const didYouMean = page.getByTestId('search-did-you-mean');
    await expect(didYouMean).toHaveText(t.search.didYouMean.replace('{{suggestion}}', meant));
    await expectNoAxeViolations(page);

    const corrected = nextSearch(page);
    await didYouMean.getByRole('link', { name: meant }).click();
    const result = await corrected;
    expect(new URL(page.url()).searchParams.get('q')).toBe(meant);
    expect(result.query.suggestion).toBeNull();
    await expect(hitTitles(page).filter({ hasText: title }).first()).toBeVisible();
    await expect(didYouMean).toHaveCount(0);
    await expect(searchBox(page, t.search.form.label)).toHaveValue(meant);
  });
});
