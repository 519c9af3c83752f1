import type { APIRequestContext, Browser, BrowserContext } from '@playwright/test';
import { expect, type Lang, rememberLanguage } from '../fixtures';

/**
 * Another browser of the same reader, as a phone would be: its own cookies, the test's client
 * address (so the per-address limits stay the test's own), a phone's user agent, and the test's
 * language stored as the one picked on it (like the test's own browser).
 */
export async function openOtherDevice(browser: Browser, options: { baseURL: string; clientIp: string; lang: Lang }) {
  const context = await browser.newContext({
    baseURL: options.baseURL,
    extraHTTPHeaders: { 'X-Forwarded-For': options.clientIp },
    userAgent:
      'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Mobile/15E148 Safari/604.1',
  });
  await rememberLanguage(context, options.lang);
  return context;
}

/** A browser (its cookies) or a bare API client. */
type Client = BrowserContext | APIRequestContext;
const requestOf = (client: Client): APIRequestContext => ('request' in client ? client.request : client);

/** Signs that browser in through the API, as its sign-in form would. */
export async function signInThrough(client: Client, email: string, password: string) {
  const response = await requestOf(client).post('/api/auth/sign-in', { data: { email, password } });
  expect(response.status(), await response.text()).toBe(200);
}

/** What GET /api/auth/session answers that browser now. */
export async function sessionOf(
  client: Client,
): Promise<{ user: { email: string } | null; session: unknown; signedOutReason?: string }> {
  // A keep-alive connection the server closed as the request went out answers ECONNRESET: a GET
  // may be sent again, as browsers do (HTTP/1.1 §9.2.2), once.
  const get = () => requestOf(client).get('/api/auth/session');
  const response = await get().catch((error: Error) => {
    if (!/ECONNRESET|socket hang up/.test(error.message)) throw error;
    return get();
  });
  expect(response.status()).toBe(200);
  return response.json();
}
