import { type APIRequestContext, type Page, type Request, request } from '@playwright/test';
import { STORAGE_KEYS, TIMINGS } from '../packages/shared/src/constants';
import type { ErrorBatch, TelemetrySummary, WebVitalsBatch } from '../packages/shared/src/schemas/telemetry';
import { expect, openApp, test } from './fixtures';
import { E2E_ADMIN } from './support/admin-account';
import { expectNoAxeViolations } from './support/axe';

/** Every error this spec throws carries this mark, so only those are let through as page errors. */
const MARK = 'telemetry-e2e';
const isPost = (path: string) => (r: Request) => r.method() === 'POST' && new URL(r.url()).pathname === path;

/** The next error batch whose first report carries `marker`. */
function nextErrorBatch(page: Page, marker: string) {
  return page.waitForRequest(
    (r) =>
      isPost('/api/telemetry/errors')(r) &&
      (r.postDataJSON() as ErrorBatch).errors[0]?.message.includes(marker) === true,
  );
}

/** Throws `message` from a timer in the page (uncaught), or rejects a promise nobody handles; returns the page's clock. */
function failInPage(page: Page, how: 'throw' | 'reject', message: string): Promise<number> {
  return page.evaluate(
    ([kind, text]) => {
      if (kind === 'throw') {
        setTimeout(() => {
          throw new Error(text);
        }, 0);
      } else {
        void Promise.reject(new Error(text));
      }
      return Date.now();
    },
    [how, message] as const,
  );
}

/** Waits until the web-vitals library has loaded (after the first render) and measured the first paint. */
async function waitForVitals(page: Page) {
  await page.waitForFunction(() =>
    performance.getEntriesByType('resource').some((entry) => /\/assets\/web-vitals-[\w-]+\.js$/.test(entry.name)),
  );
  await page.waitForFunction(() => performance.getEntriesByName('first-contentful-paint').length > 0);
}

async function adminApi(baseURL: string): Promise<APIRequestContext> {
  const api = await request.newContext({ baseURL });
  const signIn = await api.post('/api/auth/sign-in', { data: E2E_ADMIN });
  expect(signIn.ok(), await signIn.text()).toBe(true);
  return api;
}

async function vitalCount(api: APIRequestContext, name: string): Promise<number> {
  const response = await api.get('/api/admin/telemetry/summary');
  expect(response.status()).toBe(200);
  const summary = (await response.json()) as TelemetrySummary;
  return summary.webVitals.find((vital) => vital.name === name)?.count ?? 0;
}

/**
 * Makes the page hidden, as when the reader switches tabs: the web-vitals library reports its
 * last values and the app flushes them with a beacon. Unlike a real unload, the page stays to be
 * watched (the browser does not show the tests a beacon sent while the page unloads).
 */
const hidePage = (page: Page) =>
  page.evaluate(() => {
    Object.defineProperty(document, 'visibilityState', { configurable: true, get: () => 'hidden' });
    document.dispatchEvent(new Event('visibilitychange'));
  });

const nextBeacon = (page: Page) =>
  page.waitForRequest((r) => isPost('/api/telemetry/web-vitals')(r) && r.resourceType() === 'ping');

/**
 * The browser does not show the tests a beacon's Blob body: each page of the test keeps a copy of
 * what it hands to navigator.sendBeacon (the real call still goes out).
 */
async function recordBeacons(page: Page) {
  await page.addInitScript(() => {
    const sendBeacon = navigator.sendBeacon.bind(navigator);
    const bodies: string[] = [];
    Object.assign(window, { beaconBodies: bodies });
    navigator.sendBeacon = (url, data) => {
      if (data instanceof Blob) void data.text().then((text) => bodies.push(text));
      return sendBeacon(url, data);
    };
  });
}

async function beaconEvents(page: Page): Promise<WebVitalsBatch['events']> {
  await page.waitForFunction(() => (window as unknown as { beaconBodies: string[] }).beaconBodies.length > 0);
  const bodies = await page.evaluate(() => (window as unknown as { beaconBodies: string[] }).beaconBodies);
  return bodies.flatMap((body) => (JSON.parse(body) as WebVitalsBatch).events);
}

test.describe('error reports', () => {
  test('an uncaught error is reported as javascript a second later, and stored', async ({ page, allowPageError }) => {
    allowPageError(new RegExp(MARK));
    await openApp(page, '/privacy');
    const message = `${MARK}: thrown ${test.info().project.name}`;
    const sent = nextErrorBatch(page, message);
    const thrownAt = await failInPage(page, 'throw', message);
    const report = await sent;
    const sentAt = Date.now();

    const { errors } = report.postDataJSON() as ErrorBatch;
    expect(errors).toHaveLength(1);
    expect(errors[0]).toMatchObject({
      type: 'javascript',
      message,
      url: page.url(),
      metadata: { source: 'window.onerror' },
    });
    expect(errors[0]?.stack).toContain(message);
    expect(errors[0]?.userAgent).toBe(await page.evaluate(() => navigator.userAgent));
    // Sent on the queue's timer, not at once.
    expect(sentAt - thrownAt).toBeGreaterThanOrEqual(TIMINGS.errorQueueFlush - 50);
    expect((await report.response())?.status()).toBe(204);
    // The page goes on as before.
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expectNoAxeViolations(page);
  });

  test('an unhandled rejection is reported', async ({ page, allowPageError }) => {
    allowPageError(new RegExp(MARK));
    await openApp(page, '/privacy');
    const message = `${MARK}: rejected ${test.info().project.name}`;
    const sent = nextErrorBatch(page, message);
    await failInPage(page, 'reject', message);
    const report = await sent;
    expect((report.postDataJSON() as ErrorBatch).errors[0]).toMatchObject({
      type: 'javascript',
      message,
      metadata: { source: 'unhandledrejection' },
    });
    expect((await report.response())?.status()).toBe(204);
  });

  test('a chunk that failed to load is typed chunk-load and sent at once', async ({ page, allowPageError }) => {
    allowPageError(new RegExp(MARK));
    await openApp(page, '/privacy');
    const message = `Loading chunk 99 failed (${MARK} ${test.info().project.name})`;
    const sent = nextErrorBatch(page, message);
    const thrownAt = await failInPage(page, 'throw', message);
    const report = await sent;
    expect(Date.now() - thrownAt).toBeLessThan(TIMINGS.errorQueueFlush);
    expect((report.postDataJSON() as ErrorBatch).errors[0]).toMatchObject({ type: 'chunk-load', message });
    expect((await report.response())?.status()).toBe(204);
  });

  test('a Google sign-in return that ends without a session is reported as an auth error, at once', async ({
    page,
    allowConsoleError,
  }) => {
    allowConsoleError(/status of 500/);
    // The session cannot be read (not a network failure, so it is not asked again): the return fails.
    await page.route('**/api/auth/session', (route) =>
      route.fulfill({
        status: 500,
        contentType: 'application/json',
        body: JSON.stringify({ error: { code: 'INTERNAL', message: 'down' } }),
      }),
    );
    const sent = nextErrorBatch(page, 'Google sign-in return failed');
    await page.goto('/auth/callback');
    const report = await sent;
    expect((report.postDataJSON() as ErrorBatch).errors[0]).toMatchObject({
      type: 'auth',
      metadata: { stage: 'oauth-callback', reason: 'auth.callback.failed' },
    });
    expect((await report.response())?.status()).toBe(204);
  });
});

test.describe('web vitals', () => {
  test('a hidden page sends its measurements with sendBeacon, from its own origin, and the server takes them', async ({
    page,
    baseURL,
  }) => {
    await recordBeacons(page);
    await openApp(page, '/privacy');
    await waitForVitals(page);
    const sessionId = await page.evaluate((key) => sessionStorage.getItem(key), STORAGE_KEYS.telemetrySession);
    expect(sessionId).toBeTruthy();
    const sent = nextBeacon(page);
    await hidePage(page);
    const beacon = await sent;
    const headers = await beacon.allHeaders();
    expect(headers['content-type']).toBe('application/json');
    expect(headers.origin).toBe(new URL(baseURL ?? '').origin);
    const events = await beaconEvents(page);
    expect(events.map((event) => event.name)).toEqual(expect.arrayContaining(['FCP', 'TTFB', 'CLS']));
    for (const event of events) {
      expect(event).toMatchObject({
        path: '/privacy',
        sessionId,
        userId: null,
        device: { type: 'desktop', viewport: '1280x720' },
      });
      expect(['good', 'needs-improvement', 'poor']).toContain(event.rating);
    }
    expect((await beacon.response())?.status()).toBe(204);
  });

  test('a phone-sized window is a mobile device', async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 800 });
    await recordBeacons(page);
    await openApp(page, '/privacy');
    await waitForVitals(page);
    await hidePage(page);
    const events = await beaconEvents(page);
    expect(events.length).toBeGreaterThan(0);
    for (const event of events) expect(event.device).toMatchObject({ type: 'mobile', viewport: '390x800' });
  });

  test('leaving the page or closing the tab still delivers them to the server', async ({ page, context, baseURL }) => {
    const api = await adminApi(baseURL ?? '');
    // LCP is only ever reported as the page is hidden or left, never on the 5 s timer.
    const lcpBefore = await vitalCount(api, 'LCP');
    await openApp(page, '/privacy');
    await waitForVitals(page);
    await page.goto('about:blank');
    await expect.poll(() => vitalCount(api, 'LCP')).toBeGreaterThan(lcpBefore);

    const closing = await context.newPage();
    const ttfbBefore = await vitalCount(api, 'TTFB');
    await openApp(closing, '/privacy');
    await waitForVitals(closing);
    await closing.close({ runBeforeUnload: true });
    await expect.poll(() => vitalCount(api, 'TTFB')).toBeGreaterThan(ttfbBefore);
    await api.dispose();
  });
});
