import { randomUUID } from 'node:crypto';
import type { AnalyticsDaily, MostViewed } from '@maktaba/shared/schemas/analytics';
import type { SearchResult } from '@maktaba/shared/schemas/search';
import { expect, test } from './auth-fixtures';
import { fill, openApp } from './fixtures';
import { expectNoAxeViolations } from './support/axe';

/** A number as the page wrote it (Western or Arabic-Indic digits, with separators) back as a number. */
const readNumber = (text: string) =>
  Number(text.replace(/[٠-٩]/g, (digit) => String(digit.charCodeAt(0) - 0x660)).replace(/[^\d]/g, ''));

test.describe('admin analytics', () => {
  test('an admin sees the day’s searches, switches a chart to its table, finds what readers lacked and picks 7 days', async ({
    page,
    t,
    lang,
    signInAs,
  }) => {
    test.setTimeout(90_000);
    await signInAs('admin');
    const run = randomUUID().slice(0, 8);
    const missing = `qzxv ${run}`;

    // Readers' activity: searches that find books, one that finds nothing (three times), a view and a bookmark.
    const found = await page.request.get('/api/search?q=kafi');
    expect(found.status()).toBe(200);
    const book = ((await found.json()) as SearchResult).hits[0];
    expect(book).toBeDefined();
    for (let n = 0; n < 3; n++) {
      const nothing = await page.request.get(`/api/search?q=${encodeURIComponent(missing)}`);
      expect(((await nothing.json()) as SearchResult).total).toBe(0);
    }
    expect((await page.request.post(`/api/books/${book?.id}/view`)).status()).toBe(204);
    expect((await page.request.post('/api/bookmarks', { data: { book_id: book?.id } })).status()).toBeLessThan(300);

    // Today is counted live: the API's own figures for today.
    const today = new Date().toISOString().slice(0, 10);
    await expect
      .poll(async () => {
        const answer = (await (await page.request.get('/api/admin/analytics/daily')).json()) as AnalyticsDaily;
        return answer.series.zeroResultSearches.at(-1) ?? 0;
      })
      .toBeGreaterThanOrEqual(3);

    await openApp(page, '/admin/analytics');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(t.analytics.title);
    await expect(page).toHaveTitle(`${t.pages.admin.analytics} · ${t.app.name}`);

    // The searches chart: a heading, a sentence, the drawing; then the same figures as a table.
    const searches = page.getByTestId('chart-searches');
    await expect(searches.getByRole('heading', { level: 2 })).toHaveText(t.analytics.searches.title);
    await expect(searches.getByTestId('chart-summary')).toBeVisible();
    await expect(searches.locator('[data-testid="chart-svg"] svg').first()).toBeVisible();
    await searches.getByRole('button', { name: t.analytics.showTable }).click();
    const table = searches.getByRole('table', { name: t.analytics.searches.title });
    const todayRow = table.locator(`tr[data-label="${today}"]`);
    const [searched, foundNothing] = await todayRow.getByRole('cell').allTextContents();
    expect(readNumber(searched ?? '')).toBeGreaterThanOrEqual(4);
    expect(readNumber(foundNothing ?? '')).toBeGreaterThanOrEqual(3);
    // The figures are written as the browser's Intl writes numbers in the page's language, as elsewhere in the app.
    const written = await page.evaluate(([value, language]) => new Intl.NumberFormat(language).format(value), [
      readNumber(searched ?? ''),
      lang,
    ] as const);
    expect(searched).toBe(written);
    await expect(searches.getByRole('button', { name: t.analytics.showChart })).toBeFocused();

    // What readers looked for and the library lacks.
    const lacking = page.getByTestId('chart-zero-queries');
    await expect(lacking.getByRole('heading', { level: 2 })).toHaveText(t.analytics.zeroQueries.title);
    await expect(lacking.getByRole('rowheader', { name: missing })).toBeVisible();

    // The most viewed books lead to their pages.
    const viewed = (await (await page.request.get('/api/admin/analytics/most-viewed')).json()) as MostViewed;
    const top = viewed.items[0];
    expect(top).toBeDefined();
    await expect(page.getByTestId('chart-most-viewed').getByRole('table').getByRole('link').first()).toHaveAttribute(
      'href',
      `/book/${top?.bookId}`,
    );

    // Each chart's figures as a file: the same endpoint, the same period.
    await expect(
      searches.getByRole('link', { name: fill(t.analytics.downloadCsvNamed, { chart: t.analytics.searches.title }) }),
    ).toHaveAttribute(
      'href',
      /^\/api\/admin\/analytics\/daily\?from=\d{4}-\d{2}-\d{2}&to=\d{4}-\d{2}-\d{2}&format=csv$/,
    );
    await expectNoAxeViolations(page);

    // The last 7 days, kept in the address.
    const week = page.waitForResponse((response) => response.url().includes('/api/admin/analytics/daily?'));
    await page.getByRole('button', { name: t.analytics.period.days7 }).click();
    await expect(page).toHaveURL(/\/admin\/analytics\?days=7$/);
    const answer = (await (await week).json()) as AnalyticsDaily;
    expect(answer.days).toHaveLength(7);
    expect(answer.days.at(-1)).toBe(today);
    await expect(page.getByRole('button', { name: t.analytics.period.days7 })).toHaveAttribute('aria-pressed', 'true');
    await expect(page.getByTestId('chart-searches').getByTestId('chart-summary')).toBeVisible();

    // On a phone the page fits the screen (the fixture checks it when the test ends).
    await page.setViewportSize({ width: 390, height: 844 });
    await expect(page.getByTestId('chart-searches')).toBeVisible();
  });
});
