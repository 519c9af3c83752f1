import type { Locator, Page } from '@playwright/test';
import {
  createAccount,
  currentToast,
  expect,
  expectFieldError,
  fillSignIn,
  portal,
  test,
  watchRequests,
} from './auth-fixtures';
import { type Catalogue, openApp } from './fixtures';

test.describe('sign-in', () => {
  test('signs in and goes to the return URL', async ({ page, request, t, account }) => {
    await createAccount(request, account);
    await openApp(page, '/settings');
    await expect(page).toHaveURL(`/signin?returnUrl=${encodeURIComponent('/settings')}`);
    await portal(page).getByRole('button', { name: t.auth.welcome.email, exact: true }).click();
    await expect(portal(page).getByRole('heading', { level: 1 })).toHaveText(t.auth.signin.title);
    await fillSignIn(page, t, account.email.toUpperCase(), account.password);
    await portal(page).getByRole('button', { name: t.auth.signin.submit, exact: true }).click();

    await expect(page).toHaveURL('/settings');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(t.pages.settings);
    // A complete profile needs no check: 'Sign In Successful / Welcome back!'.
    await expect(currentToast(page)).toContainText(t.auth.toasts.signInSuccessful);
    await expect(currentToast(page)).toContainText(t.auth.toasts.welcomeBack);

    // Signed in, /signin itself sends the user on to where they asked to go.
    await openApp(page, `/signin?returnUrl=${encodeURIComponent('/myimam')}`);
    await expect(page).toHaveURL('/myimam');
  });

  for (const external of ['//evil.example', 'https://evil.example/path', '/\\evil.example']) {
    test(`ignores the external return URL ${external}`, async ({ page, request, t, account }) => {
      await createAccount(request, account);
      await openApp(page, `/signin?returnUrl=${encodeURIComponent(external)}`);
      await portal(page).getByRole('button', { name: t.auth.welcome.email, exact: true }).click();
      await fillSignIn(page, t, account.email, account.password);
      await portal(page).getByRole('button', { name: t.auth.signin.submit, exact: true }).click();
      await expect(page).toHaveURL('/');
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(t.home.hero.title);
    });
  }

  test('a wrong password says "Invalid email or password" and keeps the values', async ({
    page,
    request,
    t,
    account,
    allowConsoleError,
  }) => {
    allowConsoleError(/status of 401/);
    await createAccount(request, account);
    await openApp(page, '/login');
    await portal(page).getByRole('button', { name: t.auth.welcome.email, exact: true }).click();
    await fillSignIn(page, t, account.email, 'Wrong-Password-1');
    await portal(page).getByRole('button', { name: t.auth.signin.submit, exact: true }).click();

    await expect(portal(page).getByRole('alert')).toHaveText(t.errors.codes.INVALID_CREDENTIALS);
    // The toast names the failure ('Sign In Failed'); the reason is told once, by the form's alert.
    await expect(currentToast(page)).toHaveText(t.auth.toasts.signInFailed);

    await expect(portal(page).getByLabel(t.auth.signin.email, { exact: true })).toHaveValue(account.email);
    // Focus is back in the form, on the password, ready for another try.
    await expect(portal(page).getByLabel(t.auth.signin.password, { exact: true })).toBeFocused();
    await expect(page).toHaveURL('/login');
  });

  test('after five failed attempts the account is blocked with the reason', async ({
    page,
    request,
    t,
    account,
    allowConsoleError,
  }) => {
    allowConsoleError(/status of 40[13]/);
    await createAccount(request, account);
    // Five failures through the API (same client address as the page), the sixth in the form.
    for (let attempt = 0; attempt < 5; attempt++) {
      const response = await request.post('/api/auth/sign-in', {
        data: { email: account.email, password: `Wrong-Password-${attempt}` },
      });
      expect(response.status()).toBe(401);
    }
    await openApp(page, '/signin');
    await portal(page).getByRole('button', { name: t.auth.welcome.email, exact: true }).click();
    await fillSignIn(page, t, account.email, 'Wrong-Password-6');
    await portal(page).getByRole('button', { name: t.auth.signin.submit, exact: true }).click();
    const reason = t.auth.security.reasons.too_many_failed_attempts_account;
    await expect(portal(page).getByRole('alert')).toHaveText(reason);
    await expect(currentToast(page)).toHaveText(t.auth.toasts.signInFailed);

    // Blocked means blocked: the right password is refused too.
    await fillSignIn(page, t, account.email, account.password);
    await portal(page).getByRole('button', { name: t.auth.signin.submit, exact: true }).click();
    await expect(portal(page).getByRole('alert')).toHaveText(reason);
    await expect(page).toHaveURL('/signin');
  });

  test('a failure with no text of its own says "Unknown error signing in"', async ({
    page,
    request,
    t,
    account,
    allowConsoleError,
  }) => {
    allowConsoleError(/status of 418/);
    await createAccount(request, account);
    // An answer of no known kind, from something in front of the server.
    await page.route('**/api/auth/sign-in', (route) =>
      route.fulfill({ status: 418, contentType: 'text/plain', body: 'I am a teapot' }),
    );
    await openApp(page, '/signin');
    await portal(page).getByRole('button', { name: t.auth.welcome.email, exact: true }).click();
    await fillSignIn(page, t, account.email, account.password);
    await portal(page).getByRole('button', { name: t.auth.signin.submit, exact: true }).click();
    await expect(portal(page).getByRole('alert')).toHaveText(t.auth.errors.unknownSignIn);
    await expect(currentToast(page)).toHaveText(t.auth.toasts.signInFailed);
  });

  test('offline as the sign-in starts: "No network connection", nothing sent', async ({
    page,
    context,
    t,
    account,
    allowConsoleError,
  }) => {
    // Code the page was fetching ahead of time when the network went is refused by the browser.
    allowConsoleError(/ERR_INTERNET_DISCONNECTED/);
    const requests = watchRequests(page, ['/api/auth/sign-in', '/api/auth/security-check']);
    await openApp(page, '/signin');
    await portal(page).getByRole('button', { name: t.auth.welcome.email, exact: true }).click();
    await fillSignIn(page, t, account.email, account.password);
    await context.setOffline(true);
    await portal(page).getByRole('button', { name: t.auth.signin.submit, exact: true }).click();
    // Tried three times (1 s, then 2 s apart), each refused before it left the browser.
    await expect(portal(page).getByRole('alert')).toHaveText(t.errors.network.offline, { timeout: 10_000 });
    await expect(currentToast(page)).toHaveText(t.auth.toasts.signInFailed);
    expect(requests).toEqual([]);
    await context.setOffline(false);
  });

  test('a profile that cannot be set up after 5 tries: "Profile setup failed after login."', async ({
    page,
    request,
    t,
    account,
    allowConsoleError,
  }) => {
    test.setTimeout(60_000);
    allowConsoleError(/status of 500/);
    await createAccount(request, account);
    // The sign-in answers without a profile, and setting one up keeps failing.
    await page.route('**/api/auth/sign-in', async (route) => {
      const response = await route.fetch();
      await route.fulfill({ response, json: { ...(await response.json()), profile: null } });
    });
    const setups = watchRequests(page, ['/api/profiles/me/setup']);
    await page.route('**/api/profiles/me/setup', (route) =>
      route.fulfill({ status: 500, json: { error: { code: 'INTERNAL', message: 'Setup failed' } } }),
    );
    await openApp(page, '/signin');
    await portal(page).getByRole('button', { name: t.auth.welcome.email, exact: true }).click();
    await fillSignIn(page, t, account.email, account.password);
    await portal(page).getByRole('button', { name: t.auth.signin.submit, exact: true }).click();

    // 5 tries, 1.5 s, 3 s, 4.5 s and 6 s apart.
    await expect(portal(page).getByRole('alert')).toHaveText(t.auth.errors.profileSetupRetries, { timeout: 25_000 });
    expect(setups).toHaveLength(5);
    await expect(currentToast(page)).toHaveText(t.auth.toasts.profileSetupFailed);
    await expect(page).toHaveURL('/signin');
    // The half-made session was ended: nobody is signed in (the sign-out may still be on its way).
    await expect
      .poll(async () => ((await (await page.request.get('/api/auth/session')).json()) as { user: unknown }).user)
      .toBeNull();
  });

  test('shows every validation message on blur', async ({ page, t }) => {
    await openApp(page, '/signin');
    await portal(page).getByRole('button', { name: t.auth.welcome.email, exact: true }).click();
    const email = portal(page).getByLabel(t.auth.signin.email, { exact: true });
    const password = portal(page).getByLabel(t.auth.signin.password, { exact: true });
    await email.focus();
    await email.blur();
    await expectFieldError(email, t.validation.emailRequired);
    await email.fill('reader@');
    await email.blur();
    await expectFieldError(email, t.validation.emailInvalid);
    await password.fill('12345');
    await password.blur();
    await expectFieldError(password, t.validation.passwordMin6);
    await password.fill('123456');
    await password.blur();
    await expect(password).not.toHaveAttribute('aria-invalid');
    await expect(email).toHaveAttribute('dir', 'ltr');
    await expect(password).toHaveAttribute('dir', 'ltr');
  });

  test('a filled honeypot drops the submission silently', async ({ page, request, t, account }) => {
    await createAccount(request, account);
    const requests = watchRequests(page, ['/api/auth/sign-in', '/api/auth/security-check']);
    await openApp(page, '/signin');
    await portal(page).getByRole('button', { name: t.auth.welcome.email, exact: true }).click();
    await fillSignIn(page, t, account.email, account.password);
    await page.locator('input[name="website"]').fill('https://spam.example', { force: true });
    await portal(page).getByRole('button', { name: t.auth.signin.submit, exact: true }).click();
    // Nothing happens: no request, no message, still on the form.
    await page.waitForTimeout(500);
    expect(requests).toEqual([]);
    await expect(page).toHaveURL('/signin');
    await expect(portal(page).getByRole('heading', { level: 1 })).toHaveText(t.auth.signin.title);
    await expect(currentToast(page)).toHaveCount(0);
  });

  test('back returns to the welcome view, and the register link opens step 1', async ({ page, t }) => {
    await openApp(page, '/signin');
    await portal(page).getByRole('button', { name: t.auth.welcome.email, exact: true }).click();
    await portal(page).getByRole('button', { name: t.auth.back, exact: true }).click();
    await expect(portal(page).getByRole('heading', { level: 1 })).toHaveText(t.auth.welcome.title);
    await portal(page).getByRole('button', { name: t.auth.welcome.createAccount, exact: true }).click();
    await expect(portal(page).getByRole('heading', { level: 1 })).toHaveText(t.auth.register.title);
    await portal(page).getByRole('button', { name: t.auth.back, exact: true }).click();
    await expect(portal(page).getByRole('heading', { level: 1 })).toHaveText(t.auth.welcome.title);
  });

  test('the Google button shows when the server has Google sign-in', async ({ page, t }) => {
    // The end-to-end server has Google configured.
    await openApp(page, '/signin');
    await expect(portal(page).getByRole('button', { name: t.auth.welcome.google, exact: true })).toBeVisible();
    await expect(portal(page).getByText(t.auth.or, { exact: true })).toBeVisible();
  });

  test('no Google button on a server without Google sign-in', async ({ page, t }) => {
    // This is what a server without it answers: no button that could only fail, no 'or' before the rest.
    await page.route('**/api/config', async (route) => {
      const response = await route.fetch();
      await route.fulfill({ response, json: { ...(await response.json()), googleSignInEnabled: false } });
    });
    await openApp(page, '/signin');
    await expect(portal(page).getByRole('button', { name: t.auth.welcome.email, exact: true })).toBeVisible();
    await expect(portal(page).getByRole('button', { name: t.auth.welcome.google, exact: true })).toHaveCount(0);
    await expect(portal(page).getByText(t.auth.or, { exact: true })).toHaveCount(0);
  });

  test('sending a reset link from the dialog does not submit the sign-in form behind it', async ({
    page,
    request,
    t,
    account,
  }) => {
    await createAccount(request, account);
    const requests = watchRequests(page, ['/api/auth/sign-in', '/api/auth/security-check']);
    await openApp(page, '/signin');
    await portal(page).getByRole('button', { name: t.auth.welcome.email, exact: true }).click();
    await fillSignIn(page, t, account.email, 'Wrong-Password-1');
    await sendResetLink(page, t, account.email);

    // Only the reset link went out: no security check, no sign-in attempt counting toward a lockout.
    await page.waitForTimeout(500);
    expect(requests.map((sent) => new URL(sent.url()).pathname)).toEqual([]);
    await expect(page.getByText(t.auth.toasts.signInFailed)).toHaveCount(0);
    await expect(portal(page).getByRole('alert')).toHaveCount(0);
    await expect(page).toHaveURL('/signin');
    await expect(portal(page).getByLabel(t.auth.signin.password, { exact: true })).toHaveValue('Wrong-Password-1');
  });

  test('sending a reset link leaves an empty sign-in form without validation messages', async ({
    page,
    t,
    account,
  }) => {
    const requests = watchRequests(page, ['/api/auth/sign-in', '/api/auth/security-check']);
    await openApp(page, '/signin');
    await portal(page).getByRole('button', { name: t.auth.welcome.email, exact: true }).click();
    await sendResetLink(page, t, account.email);
    // The toast saying the link was sent sits below the header: the language switch stays in
    // reach, on a desktop and a phone.
    const languageSwitch = page.getByTestId('public-header').getByRole('button');
    for (const width of [1280, 390]) {
      await page.setViewportSize({ width, height: 800 });
      await expect(currentToast(page)).toBeVisible();
      expect(await isOnTop(languageSwitch), `at ${width}px the toast covers the language switch`).toBe(true);
    }

    await page.waitForTimeout(500);
    for (const label of [t.auth.signin.email, t.auth.signin.password]) {
      await expect(portal(page).getByLabel(label, { exact: true })).not.toHaveAttribute('aria-invalid');
    }
    await expect(portal(page).locator('[data-field-error]')).toHaveCount(0);
    expect(requests).toEqual([]);
  });

  test('the show-password button does not cover the password, at any width', async ({ page, t }) => {
    await openApp(page, '/signin');
    await portal(page).getByRole('button', { name: t.auth.welcome.email, exact: true }).click();
    const password = portal(page).getByLabel(t.auth.signin.password, { exact: true });
    const toggle = portal(page).getByRole('button', { name: t.auth.passwordShow, exact: true });
    await password.fill('Quiet-Reading-1234');
    for (const width of [320, 768, 1280]) {
      await page.setViewportSize({ width, height: 720 });
      const text = await textArea(password);
      const button = await toggle.boundingBox();
      if (!button) throw new Error('the show-password button is not displayed');
      const overlap = Math.min(text.right, button.x + button.width) - Math.max(text.left, button.x);
      expect(overlap, `at ${width}px the button covers ${overlap}px of the text`).toBeLessThanOrEqual(0);
    }
  });
});

/** Opens 'Forgot password?' over the sign-in form and sends a reset link to `email`. */
async function sendResetLink(page: Page, t: Catalogue, email: string) {
  await portal(page).getByRole('button', { name: t.auth.signin.forgot, exact: true }).click();
  const dialog = page.getByRole('dialog', { name: t.auth.forgot.title });
  await dialog.getByLabel(t.auth.forgot.email, { exact: true }).fill(email);
  await dialog.getByRole('button', { name: t.auth.forgot.submit, exact: true }).click();
  await expect(dialog.getByRole('status')).toContainText(t.auth.forgot.checkInbox);
  await dialog.getByRole('button', { name: t.auth.forgot.done, exact: true }).click();
  await expect(dialog).toBeHidden();
}

/** Whether a click at the middle of the element would reach it (nothing lies over it). */
function isOnTop(element: Locator) {
  return element.evaluate((target) => {
    const box = target.getBoundingClientRect();
    return target.contains(document.elementFromPoint(box.x + box.width / 2, box.y + box.height / 2));
  });
}

/** Where an input's text goes, horizontally: its box without borders and padding. */
function textArea(input: Locator) {
  return input.evaluate((element) => {
    const box = element.getBoundingClientRect();
    const style = getComputedStyle(element);
    const inset = (side: 'left' | 'right') =>
      Number.parseFloat(style.getPropertyValue(`border-${side}-width`)) +
      Number.parseFloat(style.getPropertyValue(`padding-${side}`));
    return { left: box.left + inset('left'), right: box.right - inset('right') };
  });
}
