import { type BrowserContext, test as base, expect, type Page } from '@playwright/test';
import ar from '../packages/shared/src/i18n/ar.json' with { type: 'json' };
import en from '../packages/shared/src/i18n/en.json' with { type: 'json' };
import { isPhone, sidewaysOverflow } from './support/layout';

export type Lang = 'en' | 'ar';

/** Where the app keeps the language the reader picked (apps/web/public/boot.js reads it first). */
export const LANGUAGE_KEY = 'maktaba.language.v1';

/** A browser whose only stored preference is the language, as `storageState` (for the tests that replace it whole). */
export function storedLanguage(origin: string, lang: Lang, more: { name: string; value: string }[] = []) {
  return { cookies: [], origins: [{ origin, localStorage: [{ name: LANGUAGE_KEY, value: lang }, ...more] }] };
}
export type Catalogue = typeof en;
export const catalogues: Record<Lang, Catalogue> = { en, ar };

/** Set per project in playwright.config.ts. */
export type LangOptions = { lang: Lang };

type Fixtures = {
  /** The catalogue of the project's language: tests assert the real user-visible strings. */
  t: Catalogue;
  /** The language the footer toggle switches to. */
  otherLang: Lang;
  /**
   * Lets this test's page log a console error matching `pattern` (e.g. a deliberately failed
   * chunk load). Anything else logged as an error, or thrown, still fails the test.
   */
  allowConsoleError: (pattern: RegExp) => void;
  allowedConsoleErrors: RegExp[];
  /** Lets this test's page throw an uncaught error whose message matches `pattern` (e.g. one it throws itself). */
  allowPageError: (pattern: RegExp) => void;
  allowedPageErrors: RegExp[];
  /**
   * Lets this test's browser make requests to `origin` (e.g. the local OpenID Connect server
   * playing Google). Requests to any other origin still fail the test.
   */
  allowOrigin: (origin: string) => void;
  allowedOrigins: string[];
  /** Auto: fails the test on console errors, page errors and requests to any other origin. */
  pageHygiene: undefined;
};

export const test = base.extend<Fixtures & LangOptions>({
  lang: ['en', { option: true }],
  t: async ({ lang }, use) => use(catalogues[lang]),
  otherLang: async ({ lang }, use) => use(lang === 'en' ? 'ar' : 'en'),
  // biome-ignore lint/correctness/noEmptyPattern: Playwright reads a fixture's dependencies from this pattern.
  allowedConsoleErrors: async ({}, use) => use([]),
  allowConsoleError: async ({ allowedConsoleErrors }, use) =>
    use((pattern) => {
      allowedConsoleErrors.push(pattern);
    }),
  // biome-ignore lint/correctness/noEmptyPattern: Playwright reads a fixture's dependencies from this pattern.
  allowedPageErrors: async ({}, use) => use([]),
  allowPageError: async ({ allowedPageErrors }, use) =>
    use((pattern) => {
      allowedPageErrors.push(pattern);
    }),
  // biome-ignore lint/correctness/noEmptyPattern: Playwright reads a fixture's dependencies from this pattern.
  allowedOrigins: async ({}, use) => use([]),
  allowOrigin: async ({ allowedOrigins }, use) =>
    use((origin) => {
      allowedOrigins.push(new URL(origin).origin);
    }),
  // The project's language, stored as the reader's earlier choice (rememberLanguage). A test that
  // brings its own `storageState` keeps it as it is.
  context: async ({ context, lang, storageState }, use) => {
    if (!storageState) await rememberLanguage(context, lang);
    await use(context);
  },
  pageHygiene: [
    async ({ context, baseURL, allowedConsoleErrors, allowedPageErrors, allowedOrigins }, use) => {
      const appOrigin = new URL(baseURL ?? 'http://127.0.0.1').origin;
      const problems: string[] = [];
      const consoleErrors: { text: string; where: string }[] = [];
      const foreignRequests: { origin: string; line: string }[] = [];

      context.on('console', (message) => {
        if (message.type() !== 'error') return;
        const { url, lineNumber } = message.location();
        consoleErrors.push({ text: message.text(), where: url ? `${url}:${lineNumber}` : '' });
      });
      context.on('weberror', (error) => {
        if (allowedPageErrors.some((pattern) => pattern.test(error.error().message))) return;
        // A thrown or rejected value that is not an Error (a string, an Event, undefined) comes with
        // an empty stack and its description as the message.
        problems.push(`pageerror: ${error.error().stack || error.error().message}`);
      });
      context.on('request', (request) => {
        const url = new URL(request.url());
        // data: and blob: URLs never leave the browser; everything else must go to the app's origin.
        if (url.protocol === 'data:' || url.protocol === 'blob:') return;
        if (url.origin !== appOrigin) {
          foreignRequests.push({ origin: url.origin, line: `${request.method()} ${request.url()}` });
        }
      });

      await use(undefined);

      // No page may scroll sideways on a phone: look at every page still open at a phone's width.
      const overflowing: string[] = [];
      for (const open of context.pages().filter(isPhone)) {
        const overflow = await sidewaysOverflow(open);
        if (overflow) overflowing.push(`${open.url()}: ${overflow} px wider than the screen`);
      }
      expect.soft(overflowing, 'pages that scroll sideways at a phone width').toEqual([]);

      for (const { text, where } of consoleErrors) {
        if (!allowedConsoleErrors.some((pattern) => pattern.test(text))) {
          problems.push(`console.error: ${text} ${where}`.trim());
        }
      }
      expect.soft(problems, 'console errors and uncaught page errors').toEqual([]);
      const unexpected = foreignRequests.filter(({ origin }) => !allowedOrigins.includes(origin));
      expect
        .soft(
          unexpected.map(({ line }) => line),
          'requests to origins other than the app',
        )
        .toEqual([]);
    },
    { auto: true },
  ],
});

export { expect };

/**
 * Stores `lang` as the language the reader picked on an earlier visit, in every page `context` opens:
 * a script that runs before the page's own writes it when nothing is stored yet, so a switch of
 * language in the test stays switched. (Playwright's `storageState` does it too, but opens and loads
 * an extra page in every new context: about 0.3 s of CPU per test on a two-core machine, measured.)
 */
export async function rememberLanguage(context: BrowserContext, lang: Lang) {
  await context.addInitScript(
    ({ key, value }) => {
      // A blank or opaque document has no storage of its own to write to (it throws): skip it.
      if (window.location.origin === 'null') return;
      if (window.localStorage.getItem(key) === null) window.localStorage.setItem(key, value);
    },
    { key: LANGUAGE_KEY, value: lang },
  );
}

/**
 * Waits until a freshly loaded document is ready to use: the page has rendered (the root layout
 * mounts the splash and the page together) and the splash, or the plain cover of a quick start-up,
 * has gone. Checking both in one
 * condition cannot miss a splash that came and went before the wait began.
 */
export async function waitForSplash(page: Page) {
  await page.waitForFunction(
    () =>
      document.querySelector('[data-testid="splash"], [data-testid="splash-cover"]') === null &&
      document.querySelector('#root main, #root h1, #root [data-error-variant]') !== null,
  );
}

/** Loads a path and waits until the app is ready to use. */
export async function openApp(page: Page, path: string) {
  await page.goto(path, { waitUntil: 'commit' });
  await waitForSplash(page);
  if (isPhone(page)) {
    expect.soft(await sidewaysOverflow(page), `${path} scrolls sideways at a phone width`).not.toBeGreaterThan(0);
  }
}

/** Reloads the page and waits until the app is ready again. */
export async function reloadApp(page: Page) {
  await page.reload({ waitUntil: 'commit' });
  await waitForSplash(page);
}

/** Fills i18next `{{name}}` placeholders the way the app does. */
export function fill(template: string, values: Record<string, string>): string {
  return template.replace(/\{\{(\w+)\}\}/g, (_, name: string) => values[name] ?? '');
}

export const dirOf = (lang: Lang) => (lang === 'ar' ? 'rtl' : 'ltr');
