import { randomBytes } from 'node:crypto';
import type { Page } from '@playwright/test';
import { createAccount, currentToast, expect, expectFieldError, fillSignIn, portal, test } from './auth-fixtures';
import { type Catalogue, fill, openApp, waitForSplash } from './fixtures';
import { expectNoAxeViolations } from './support/axe';
import { mailDir } from './support/e2e-env';
import { openOtherDevice, sessionOf } from './support/other-device';
import { type CapturedMail, waitForMail } from './support/smtp-capture';

const NEW_PASSWORD = 'Fresh-Chapter-2468';
const LINK = /(https?:\/\/[^\s"<>]+)\/auth\/update-password#access_token=([A-Za-z0-9_-]{43})/;
/** A reset message, not the sign-up's confirmation that the new account was sent at the same time. */
const isReset = (mail: CapturedMail) => LINK.test(mail.text);

/** The reset link of a captured message: the origin it names and the token it carries. */
function resetLinkOf(mail: CapturedMail): { origin: string; token: string } {
  const match = LINK.exec(mail.text);
  expect(match, mail.text).not.toBeNull();
  const [, origin = '', token = ''] = match as RegExpExecArray;
  // The HTML part carries the same link.
  expect(mail.html).toContain(`/auth/update-password#access_token=${token}`);
  return { origin, token };
}

/** Opens a reset link (its origin, PUBLIC_URL, is checked to be the test's own). */
async function openResetLink(page: Page, token: string) {
  await page.goto(`/auth/update-password#access_token=${token}`, { waitUntil: 'commit' });
  await waitForSplash(page);
}

async function expectInvalidLink(page: Page, t: Catalogue) {
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(t.password.invalidTitle);
  await expect(page.getByText(t.password.invalidDescription, { exact: true })).toBeVisible();
  await expect(page.getByRole('link', { name: t.password.returnToSignIn, exact: true })).toHaveAttribute(
    'href',
    '/signin',
  );
  await expect(page.getByLabel(t.password.newPassword, { exact: true })).toHaveCount(0);
}

test.describe('password reset', () => {
  test('forgot password → e-mail in the page language → new password; the old one is refused, other sessions end', async ({
    page,
    browser,
    baseURL,
    clientIp,
    lang,
    t,
    account,
    allowConsoleError,
  }) => {
    // The old password is refused with 401 once, on purpose.
    allowConsoleError(/status of 401/);
    // The account is created on another device, which stays signed in; this page is signed out.
    const other = await openOtherDevice(browser, { baseURL: baseURL as string, clientIp, lang });
    await createAccount(other.request, account);
    expect((await sessionOf(other)).user).not.toBeNull();

    await openApp(page, '/signin');
    await portal(page).getByRole('button', { name: t.auth.welcome.email, exact: true }).click();
    await portal(page).getByRole('button', { name: t.auth.signin.forgot, exact: true }).click();
    const dialog = page.getByRole('dialog', { name: t.auth.forgot.title });
    const email = dialog.getByLabel(t.auth.forgot.email, { exact: true });
    await expect(email).toBeFocused();
    // Validated on blur, with the sign-in form's messages.
    await email.fill('not-an-email');
    await email.blur();
    await expectFieldError(email, t.validation.emailInvalid);
    await email.fill(account.email);
    const since = new Date();
    await dialog.getByRole('button', { name: t.auth.forgot.submit, exact: true }).click();
    await expect(dialog.getByRole('status')).toContainText(t.auth.forgot.checkInbox);
    await expect(dialog.getByRole('status')).toContainText(account.email);
    await expect(currentToast(page)).toContainText(t.auth.forgot.sent);

    // A real message through SMTP, in the language of the page that asked for it.
    const mail = await waitForMail(mailDir(), account.email, { since, where: isReset });
    expect(mail.subject).toBe(fill(t.email.passwordReset.subject, { library: t.app.name }));
    expect(/[\u0600-\u06FF]/.test(mail.subject)).toBe(lang === 'ar');
    const { origin, token } = resetLinkOf(mail);
    expect(origin).toBe(new URL(baseURL as string).origin);
    await dialog.getByRole('button', { name: t.auth.forgot.done, exact: true }).click();
    await expect(dialog).toBeHidden();

    await openResetLink(page, token);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(t.password.title);
    // The token leaves the address bar (and the history) at once.
    await expect(page).toHaveURL('/auth/update-password');
    await expectNoAxeViolations(page);

    const newPassword = page.getByLabel(t.password.newPassword, { exact: true });
    const confirm = page.getByLabel(t.password.confirmPassword, { exact: true });
    await newPassword.fill(NEW_PASSWORD);
    await confirm.fill(`${NEW_PASSWORD}-x`);
    await page.getByRole('button', { name: t.password.submit, exact: true }).click();
    await expectFieldError(confirm, t.password.validation.mismatch);
    // Nothing typed is lost.
    await expect(newPassword).toHaveValue(NEW_PASSWORD);

    await confirm.fill(NEW_PASSWORD);
    await page.getByRole('button', { name: t.password.submit, exact: true }).click();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(t.password.updatedTitle);
    const updatedAt = Date.now();
    await expect(currentToast(page)).toContainText(t.password.toasts.updated);
    await page.waitForURL('/signin', { timeout: 6_000 });
    const waited = Date.now() - updatedAt;
    expect(waited).toBeGreaterThanOrEqual(1_500);
    expect(waited).toBeLessThan(4_500);

    // The device signed in before the reset was signed out, and knows why.
    const state = await sessionOf(other);
    expect(state.user).toBeNull();
    expect(state.signedOutReason).toBe('revoked');
    await other.close();

    await portal(page).getByRole('button', { name: t.auth.welcome.email, exact: true }).click();
    await fillSignIn(page, t, account.email, account.password);
    await portal(page).getByRole('button', { name: t.auth.signin.submit, exact: true }).click();
    await expect(portal(page).getByRole('alert')).toHaveText(t.errors.codes.INVALID_CREDENTIALS);
    await fillSignIn(page, t, account.email, NEW_PASSWORD);
    await portal(page).getByRole('button', { name: t.auth.signin.submit, exact: true }).click();
    await expect(page).toHaveURL('/');
  });

  test('a used link, an unknown link and no link at all show Invalid Link; a link used meanwhile says Update Failed', async ({
    page,
    request,
    lang,
    t,
    account,
    allowConsoleError,
  }) => {
    // The reset refused as used up answers 400, on purpose.
    allowConsoleError(/status of 400/);
    await createAccount(request, account);
    const askForLink = async () => {
      const since = new Date();
      const response = await request.post('/api/auth/forgot-password', {
        data: { email: account.email, locale: lang },
      });
      expect(response.status()).toBe(202);
      return resetLinkOf(await waitForMail(mailDir(), account.email, { since, where: isReset })).token;
    };

    // Used once (here through the API), the link is spent.
    const spent = await askForLink();
    const used = await request.post('/api/auth/reset-password', { data: { token: spent, newPassword: NEW_PASSWORD } });
    expect(used.status()).toBe(200);
    await openResetLink(page, spent);
    await expectInvalidLink(page, t);
    await expectNoAxeViolations(page);
    await page.getByRole('link', { name: t.password.returnToSignIn, exact: true }).click();
    await expect(page).toHaveURL('/signin');

    // A token nobody issued.
    await openResetLink(page, randomBytes(32).toString('base64url'));
    await expectInvalidLink(page, t);

    // No token, signed out; and the page is sent without a referrer.
    const response = await page.goto('/auth/update-password', { waitUntil: 'commit' });
    expect(response?.headers()['referrer-policy']).toBe('no-referrer');
    await waitForSplash(page);
    await expectInvalidLink(page, t);

    // The form was open while the link got used elsewhere: the update fails, in the spec's words.
    const token = await askForLink();
    await openResetLink(page, token);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(t.password.title);
    const meanwhile = await request.post('/api/auth/reset-password', {
      data: { token, newPassword: `${NEW_PASSWORD}-2` },
    });
    expect(meanwhile.status()).toBe(200);
    await page.getByLabel(t.password.newPassword, { exact: true }).fill(`${NEW_PASSWORD}-3`);
    await page.getByLabel(t.password.confirmPassword, { exact: true }).fill(`${NEW_PASSWORD}-3`);
    await page.getByRole('button', { name: t.password.submit, exact: true }).click();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(t.password.failedTitle);
    await expect(page.getByText(t.password.failedDescription, { exact: true })).toBeVisible();
  });

  test('the reset form applies the reset messages and the registration rule', async ({
    page,
    request,
    lang,
    t,
    account,
  }) => {
    await createAccount(request, account);
    const since = new Date();
    await request.post('/api/auth/forgot-password', { data: { email: account.email, locale: lang } });
    const { token } = resetLinkOf(await waitForMail(mailDir(), account.email, { since, where: isReset }));
    await openResetLink(page, token);
    const newPassword = page.getByLabel(t.password.newPassword, { exact: true });
    const submit = page.getByRole('button', { name: t.password.submit, exact: true });
    await submit.click();
    await expectFieldError(newPassword, t.password.validation.required);
    for (const [value, message] of [
      ['abc1', t.password.validation.min6],
      ['abcdef1', t.validation.passwordMin8],
      ['12345678', t.validation.passwordLetter],
      ['abcdefgh', t.validation.passwordNumber],
    ] as const) {
      await newPassword.fill(value);
      await newPassword.blur();
      await expectFieldError(newPassword, message);
    }
  });

  test('a failed request keeps the e-mail and says why', async ({ page, t, allowConsoleError }) => {
    allowConsoleError(/status of 500/);
    await page.route('**/api/auth/forgot-password', (route) =>
      route.fulfill({ status: 500, json: { error: { code: 'INTERNAL', message: 'boom' } } }),
    );
    await openApp(page, '/signin');
    await portal(page).getByRole('button', { name: t.auth.welcome.email, exact: true }).click();
    await portal(page).getByRole('button', { name: t.auth.signin.forgot, exact: true }).click();
    const dialog = page.getByRole('dialog', { name: t.auth.forgot.title });
    const email = dialog.getByLabel(t.auth.forgot.email, { exact: true });
    await email.fill('reader@example.org');
    await dialog.getByRole('button', { name: t.auth.forgot.submit, exact: true }).click();
    await expect(currentToast(page)).toContainText(fill(t.auth.forgot.failed, { message: t.errors.codes.INTERNAL }));
    await expect(email).toHaveValue('reader@example.org');
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
    await expect(portal(page).getByRole('button', { name: t.auth.signin.forgot, exact: true })).toBeFocused();
  });
});
