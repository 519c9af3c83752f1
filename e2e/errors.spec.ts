import type { Page } from '@playwright/test';
import { STORAGE_KEYS } from '../packages/shared/src/constants';
import { catalogues, expect, openApp, storedLanguage, test, waitForSplash } from './fixtures';

/** Chromium's console line for a request the test aborted on purpose. */
const ABORTED_LOAD = /^Failed to load resource: net::ERR_FAILED$/;

/** Makes the browser fail to fetch one lazily loaded chunk, as after a deploy or on a dropped connection. */
async function breakChunk(page: Page, name: string) {
  const pattern = `**/assets/${name}-*.js`;
  await page.route(pattern, (route) => route.abort('failed'));
  return () => page.unroute(pattern);
}

test.describe('error pages', () => {
  test('a page whose code cannot be loaded shows the network error inside the shell', async ({
    page,
    t,
    allowConsoleError,
  }) => {
    allowConsoleError(ABORTED_LOAD);
    // /unauthorized does not load the chunk of the home page...
    await openApp(page, '/unauthorized');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(t.errors.permission.title);
    const chunkRequests: string[] = [];
    page.on('requestfailed', (request) => chunkRequests.push(request.url()));
    await breakChunk(page, 'home-page');

    // ...so going home client-side has to fetch it, and that fails.
    await page.getByRole('main').getByRole('link', { name: t.errors.goHome, exact: true }).click();
    const errorPage = page.locator('[data-error-variant="network"]');
    await expect(errorPage.getByRole('heading', { level: 1 })).toHaveText(t.errors.network.title);
    await expect(errorPage.getByText(t.errors.network.description)).toBeVisible();
    await expect(errorPage.getByRole('link', { name: t.errors.goHome, exact: true })).toHaveAttribute('href', '/');
    await expect(errorPage.getByRole('link', { name: t.errors.searchLibrary, exact: true })).toHaveAttribute(
      'href',
      '/search',
    );
    expect(chunkRequests.some((url) => /\/assets\/home-page-[\w-]+\.js$/.test(url))).toBe(true);
    await expect(page).toHaveURL('/');
    // The shell around the page keeps working.
    await expect(page.getByTestId('sidebar')).toBeVisible();
  });

  test.describe('when the app itself cannot start a page', () => {
    // Stored as the browser's starting state, not written again by every page: the clearing below must
    // be able to remove it for good.
    test.use({
      storageState: async ({ lang, baseURL }, use) => use(storedLanguage(new URL(baseURL ?? '').origin, lang)),
    });

    test('the application error page offers a refresh that keeps the stored data', async ({
      page,
      lang,
      t,
      allowConsoleError,
    }) => {
      allowConsoleError(ABORTED_LOAD);
      // /privacy sits outside the shell: a failure there reaches the root error element.
      const restore = await breakChunk(page, 'privacy-page');
      await page.goto('/privacy');
      const appError = page.locator('[data-error-variant="app"]');
      await expect(appError.getByRole('heading', { level: 1 })).toHaveText(t.errors.app.title);
      await expect(appError.getByText(t.errors.app.description)).toBeVisible();
      await expect(appError.getByRole('button', { name: t.errors.app.refresh, exact: true })).toBeVisible();
      await expect(appError.getByRole('button', { name: t.errors.app.clearStorage, exact: true })).toBeVisible();
      await expect(page.getByTestId('sidebar')).toHaveCount(0);

      await restore();
      await appError.getByRole('button', { name: t.errors.app.refresh, exact: true }).click();
      await waitForSplash(page);
      await expect(page.getByRole('main').getByRole('heading', { level: 1 })).toHaveText(t.privacy.title);
      await expect(page.locator('html')).toHaveAttribute('lang', lang);
    });

    test('"Clear Storage and Reload" empties local and session storage and reloads', async ({
      page,
      t,
      allowConsoleError,
    }) => {
      allowConsoleError(ABORTED_LOAD);
      const restore = await breakChunk(page, 'privacy-page');
      await page.goto('/privacy');
      const clear = page
        .locator('[data-error-variant="app"]')
        .getByRole('button', { name: t.errors.app.clearStorage, exact: true });
      await expect(clear).toBeVisible();
      await page.evaluate(() => {
        window.localStorage.setItem('maktaba.theme.v1', 'dark');
        window.localStorage.setItem('e2e-marker', 'set');
        window.sessionStorage.setItem('e2e-marker', 'set');
      });

      await restore();
      await clear.click();
      await waitForSplash(page);
      // The reloaded app starts a new web-vitals session of the tab; nothing else is there.
      expect(
        await page.evaluate((telemetryKey) => {
          const session = Object.keys(window.sessionStorage).filter((key) => key !== telemetryKey);
          return { local: window.localStorage.length, session: session.length };
        }, STORAGE_KEYS.telemetrySession),
      ).toEqual({ local: 0, session: 0 });
      // With the stored language gone too, the reloaded page is in the default language, English.
      await expect(page.locator('html')).toHaveAttribute('lang', 'en');
      await expect(page.locator('html')).toHaveAttribute('data-theme', 'light');
      await expect(page.getByRole('main').getByRole('heading', { level: 1 })).toHaveText(catalogues.en.privacy.title);
    });
  });
});
