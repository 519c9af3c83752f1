import { expect, openApp, test } from './fixtures';

test.describe('connection banners', () => {
  test('going offline shows "No internet connection" and coming back hides it', async ({
    page,
    context,
    t,
    allowConsoleError,
  }) => {
    // A request in flight as the connection drops (the app prefetches the likely next pages a moment
    // after start) fails, and the browser logs it: that is what this test does on purpose.
    allowConsoleError(/ERR_INTERNET_DISCONNECTED/);
    await openApp(page, '/');
    const offline = page.getByRole('alert').filter({ hasText: t.network.offline });
    await expect(offline).toHaveCount(0);

    await context.setOffline(true);
    await expect(offline).toBeVisible();
    await expect(offline).toHaveText(t.network.offline);

    await context.setOffline(false);
    await expect(offline).toHaveCount(0);
  });

  test('code the shell fetches as the connection drops arrives when it is back, with no error page', async ({
    page,
    context,
    t,
    allowConsoleError,
  }) => {
    allowConsoleError(/ERR_INTERNET_DISCONNECTED|toaster-host/);
    // The toaster's code is fetched a moment after start. Its request is held until the browser is
    // offline, then fails the way a dropped connection fails it.
    const chunk = '**/assets/toaster-host-*.js';
    let release: () => void = () => {};
    const offline = new Promise<void>((resolve) => {
      release = resolve;
    });
    const held = page.waitForRequest(/\/assets\/toaster-host-[\w-]+\.js$/);
    await page.route(chunk, async (route) => {
      await offline;
      await route.abort('internetdisconnected');
    });
    await openApp(page, '/');
    await held;
    await context.setOffline(true);
    release();
    const banner = page.getByRole('alert').filter({ hasText: t.network.offline });
    await expect(banner).toBeVisible();
    await page.unroute(chunk);

    // The page stays as it was, and the toaster mounts once the connection is back.
    const refetched = page.waitForResponse((response) => /\/assets\/toaster-host-[\w-]+\.js$/.test(response.url()));
    await context.setOffline(false);
    await expect(banner).toHaveCount(0);
    expect((await refetched).status()).toBe(200);
    const toaster = page.getByRole('region', { name: t.header.notifications });
    await expect(toaster).toHaveCount(1);
    await expect(page.locator('[data-error-variant]')).toHaveCount(0);
    await expect(page.getByTestId('sidebar')).toBeVisible();
  });

  test('a slow connection shows "Slow connection detected"', async ({ page, t }) => {
    // Before any page script runs: a Network Information object reporting a 3G link with 400 ms round trips.
    await page.addInitScript(() => {
      const connection = Object.assign(new EventTarget(), { effectiveType: '3g', rtt: 400, downlink: 0.7 });
      Object.defineProperty(Navigator.prototype, 'connection', { configurable: true, get: () => connection });
    });
    await openApp(page, '/');
    const slow = page.getByRole('status').filter({ hasText: t.network.slow });
    await expect(slow).toBeVisible();
    await expect(slow).toHaveText(t.network.slow);
  });

  test('the banner follows changes of the connection', async ({ page, t }) => {
    await page.addInitScript(() => {
      const connection = Object.assign(new EventTarget(), { effectiveType: '4g', rtt: 50, downlink: 10 });
      Object.defineProperty(Navigator.prototype, 'connection', { configurable: true, get: () => connection });
    });
    await openApp(page, '/');
    const slow = page.getByRole('status').filter({ hasText: t.network.slow });
    await expect(slow).toHaveCount(0);

    const setConnection = (values: { effectiveType: string; rtt: number }) =>
      page.evaluate((next) => {
        const connection = (navigator as Navigator & { connection: EventTarget }).connection;
        Object.assign(connection, next);
        connection.dispatchEvent(new Event('change'));
      }, values);
    await setConnection({ effectiveType: '4g', rtt: 450 });
    await expect(slow).toBeVisible();
    await setConnection({ effectiveType: '4g', rtt: 60 });
    await expect(slow).toHaveCount(0);
    await setConnection({ effectiveType: '2g', rtt: 60 });
    await expect(slow).toBeVisible();
  });
});
