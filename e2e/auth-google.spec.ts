import { randomUUID } from 'node:crypto';
import type { BrowserContext, Page } from '@playwright/test';
import { createAccount, currentToast, expect, portal, test } from './auth-fixtures';
import { type Catalogue, type Lang, openApp } from './fixtures';
import { expectNoAxeViolations } from './support/axe';
import { OIDC_ISSUER } from './support/e2e-env';
import { type OidcIdentity, oidcIdentityCookie } from './support/oidc-mock';

/**
 * Google sign-in end to end (accounts-and-auth §2, §7; reader-area §4.6): the welcome card's
 * button, the provider (a local OpenID Connect server that answers at once for the identity in
 * this browser's cookie), /auth/callback, and where the reader lands.
 */
// A first Google sign-in registers the reader: registration must stay open meanwhile.
test.beforeEach(({ allowOrigin, registrationOpen: _open }) => allowOrigin(OIDC_ISSUER));

function googleIdentity(lang: Lang, overrides: Partial<OidcIdentity> = {}): OidcIdentity {
  const id = randomUUID().slice(0, 8);
  return {
    sub: `e2e-${randomUUID()}`,
    email: `google-${lang}-${id}@example.org`,
    name: lang === 'ar' ? 'زينب الموسوي' : 'Zaynab Mousawi',
    ...overrides,
  };
}

async function beGoogleUser(context: BrowserContext, identity: OidcIdentity) {
  await context.addCookies([oidcIdentityCookie(identity)]);
}

/** From the welcome card of /signin (coming from `returnUrl`), through Google and back. */
async function continueWithGoogle(page: Page, t: Catalogue, returnUrl = '/search') {
  await openApp(page, `/signin?returnUrl=${encodeURIComponent(returnUrl)}`);
  await portal(page).getByRole('button', { name: t.auth.welcome.google }).click();
}

/**
 * The session's user. A keep-alive connection the server closed as the request went out answers
 * ECONNRESET: a GET may be sent again, as browsers do (HTTP/1.1 §9.2.2), once.
 */
async function signedInUser(page: Page) {
  const session = () => page.request.get('/api/auth/session');
  const response = await session().catch((error: Error) => {
    if (!/ECONNRESET/.test(error.message)) throw error;
    return session();
  });
  return (await response.json()).user as { id: string; email: string } | null;
}

const accountButton = (page: Page, name: string) => page.getByRole('banner').getByRole('button', { name });

test.describe('Google sign-in', () => {
  test('a new reader signs in with Google and lands where they were going', async ({ page, context, t, lang }) => {
    const identity = googleIdentity(lang);
    await beGoogleUser(context, identity);
    await continueWithGoogle(page, t);

    await expect(page).toHaveURL('/search', { timeout: 15_000 });
    await expect(accountButton(page, identity.name)).toBeVisible();
    const state = await (await page.request.get('/api/auth/session')).json();
    expect(state.user).toMatchObject({ email: identity.email, provider: 'google' });
    expect(state.profile).toMatchObject({ creation_source: 'google', registration_completed: true });
  });

  test('a returning reader signs into the same account', async ({ page, context, t, lang, allowConsoleError }) => {
    // Two whole sign-ins through the provider: on a busy machine that is more than 30 s.
    test.setTimeout(60_000);
    // The cookies are cleared while the first tab may still be loading the reader's bookmarks and
    // notifications: those requests are then refused (401), as they should be.
    allowConsoleError(/status of 401 \(Unauthorized\)/);
    const identity = googleIdentity(lang);
    await beGoogleUser(context, identity);
    await continueWithGoogle(page, t);
    await expect(page).toHaveURL('/search', { timeout: 15_000 });
    const first = await signedInUser(page);
    expect(first?.email).toBe(identity.email);

    // A fresh start: no session cookie, a new tab (no session storage).
    await context.clearCookies();
    await beGoogleUser(context, identity);
    const again = await context.newPage();
    await continueWithGoogle(again, t, '/');
    await expect(again).toHaveURL('/', { timeout: 15_000 });
    await expect(accountButton(again, identity.name)).toBeVisible();
    expect((await signedInUser(again))?.id).toBe(first?.id);
  });

  test("the provider's refusal is shown, then sign-in comes back after about 3 s", async ({
    page,
    context,
    t,
    lang,
  }) => {
    const description = 'The reader cancelled at Google.';
    await beGoogleUser(context, googleIdentity(lang, { error: 'access_denied', error_description: description }));
    await continueWithGoogle(page, t);

    await expect(page).toHaveURL(/\/auth\/callback\?error=access_denied/, { timeout: 15_000 });
    const panel = page.getByRole('alert').filter({ hasText: description });
    await expect(panel).toBeVisible();
    const shownAt = Date.now();
    await expect(panel).toContainText(t.auth.callback.redirecting);
    // The toast lives 5 s: look at it before axe, which can take as long on a busy machine.
    await expect(currentToast(page)).toContainText(t.auth.callback.failedTitle);
    await expectNoAxeViolations(page);
    await expect(page).toHaveURL('/signin', { timeout: 6_000 });
    expect(Date.now() - shownAt).toBeGreaterThan(1_500);
    expect(await signedInUser(page)).toBeNull();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(t.auth.welcome.title);
  });

  test('a Google account never takes over a password account whose e-mail is not verified', async ({
    page,
    context,
    t,
    lang,
    account,
  }) => {
    // Linking needs a verified address on both sides (ADR 0005): whoever registered this address
    // with a password has not proved it is theirs, so Google's sign-in must not join the account.
    await createAccount(page.request, account, { verified: false });
    await context.clearCookies();
    await beGoogleUser(context, googleIdentity(lang, { email: account.email }));
    await continueWithGoogle(page, t);

    await expect(page).toHaveURL(/\/auth\/callback\?error=/, { timeout: 15_000 });
    await expect(page.getByRole('alert').filter({ hasText: t.errors.codes.ACCOUNT_NOT_LINKED })).toBeVisible();
    expect(await signedInUser(page)).toBeNull();
    await expect(page).toHaveURL('/signin', { timeout: 6_000 });
  });

  test('an invalid-credentials return says "Invalid login credentials. Please check your email and password"', async ({
    page,
    t,
  }) => {
    await openApp(page, '/auth/callback?error=invalid_grant&error_description=Invalid%20login%20credentials');
    const panel = page.getByRole('alert').filter({ hasText: t.auth.callback.errors.invalidCredentials });
    await expect(panel).toBeVisible();
    await expect(page.getByTestId('callback-error')).toHaveText(t.auth.callback.errors.invalidCredentials);
    await expect(currentToast(page)).toContainText(t.auth.callback.errors.invalidCredentials);
    await expect(page).toHaveURL('/signin', { timeout: 6_000 });
  });
});
