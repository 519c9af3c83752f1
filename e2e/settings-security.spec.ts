import { base32 } from '@better-auth/utils/base32';
import { createOTP } from '@better-auth/utils/otp';
import type { Page } from '@playwright/test';
import { ADDRESS, createAccount, currentToast, expect, fillSignIn, portal, test } from './auth-fixtures';
import { type Catalogue, openApp } from './fixtures';
import { expectNoAxeViolations } from './support/axe';
import { E2E_BASE_URL } from './support/e2e-env';

/** The code an authenticator app shows now for the key the page gives for typing in. */
async function codeFor(secret: string): Promise<string> {
  return createOTP(new TextDecoder().decode(base32.decode(secret))).totp();
}

const twoFactorSection = (page: Page, t: Catalogue) => page.getByRole('region', { name: t.settings.twoFactor.title });

/** The password sign-in form, from the portal's welcome view. */
async function signInWithPassword(page: Page, t: Catalogue, email: string, password: string, base = '') {
  await openApp(page, `${base}/signin`);
  await portal(page).getByRole('button', { name: t.auth.welcome.email, exact: true }).click();
  await fillSignIn(page, t, email, password);
  await portal(page).getByRole('button', { name: t.auth.signin.submit, exact: true }).click();
}

async function signOut(page: Page, base = '') {
  const response = await page.request.post(`${base}/api/auth/sign-out`);
  expect(response.status()).toBe(204);
}

test.describe('settings: two-factor sign-in and passkeys', () => {
  test('turns on two-factor sign-in, then signs in with a code from the app and with a backup code', async ({
    page,
    t,
    account,
    allowConsoleError,
  }) => {
    // A whole flow: the setup, then three sign-ins.
    test.slow();
    // The wrong code is refused with 401, on purpose.
    allowConsoleError(/status of 401/);
    await createAccount(page.request, account);
    await openApp(page, '/settings/security');
    const section = twoFactorSection(page, t);
    await expect(section.getByTestId('two-factor-status')).toHaveText(t.settings.twoFactor.statusOff);
    await section.getByRole('button', { name: t.settings.twoFactor.enable }).click();

    const prompt = page.getByRole('dialog', { name: t.settings.twoFactor.prompt.enable.title });
    await prompt.getByLabel(t.settings.twoFactor.password, { exact: true }).fill(account.password);
    await prompt.getByRole('button', { name: t.settings.twoFactor.prompt.enable.confirm }).click();

    // The QR code, the key for typing in, and the first code to finish.
    await expect(section.getByRole('img', { name: t.settings.twoFactor.qrLabel })).toBeVisible();
    const secret = (await section.getByTestId('totp-secret').textContent()) ?? '';
    expect(secret).toMatch(/^[A-Z2-7]+$/);
    await expectNoAxeViolations(page);
    await section.getByLabel(t.settings.twoFactor.codeLabel, { exact: true }).fill(await codeFor(secret));
    await section.getByRole('button', { name: t.settings.twoFactor.confirm, exact: true }).click();
    await expect(currentToast(page)).toContainText(t.settings.twoFactor.enabledToast);

    // The backup codes, shown once.
    const codes = section.getByTestId('backup-codes');
    await expect(codes.getByRole('alert')).toHaveText(t.settings.twoFactor.backupWarning);
    const backupCodes = await codes.getByRole('listitem').allTextContents();
    expect(backupCodes).toHaveLength(10);
    await expectNoAxeViolations(page);
    await codes.getByRole('button', { name: t.settings.twoFactor.savedThem }).click();
    await expect(section.getByTestId('two-factor-status')).toHaveText(t.settings.twoFactor.statusOn);

    // Signing in now asks for the code after the password; a wrong one is refused.
    await signOut(page);
    await signInWithPassword(page, t, account.email, account.password);
    await expect(portal(page).getByRole('heading', { level: 1 })).toHaveText(t.auth.twoFactor.title);
    await expect(portal(page)).toContainText(t.auth.twoFactor.description);
    await expect(portal(page).getByLabel(t.auth.twoFactor.trustDevice)).toBeVisible();
    await expectNoAxeViolations(page);
    const right = await codeFor(secret);
    const codeField = portal(page).getByLabel(t.auth.twoFactor.codeLabel, { exact: true });
    await codeField.fill(right === '000000' ? '111111' : '000000');
    await portal(page).getByRole('button', { name: t.auth.twoFactor.verify }).click();
    await expect(portal(page).getByRole('alert')).toContainText(t.errors.codes.INVALID_TWO_FACTOR_CODE);
    await codeField.fill(await codeFor(secret));
    await portal(page).getByRole('button', { name: t.auth.twoFactor.verify }).click();
    await expect(page).toHaveURL('/');
    await expect(currentToast(page)).toContainText(t.auth.toasts.signInSuccessful);

    // A backup code instead of the app.
    await signOut(page);
    await signInWithPassword(page, t, account.email, account.password);
    await portal(page).getByRole('button', { name: t.auth.twoFactor.useBackup }).click();
    await expect(portal(page)).toContainText(t.auth.twoFactor.backupDescription);
    await portal(page)
      .getByLabel(t.auth.twoFactor.backupLabel, { exact: true })
      .fill(backupCodes[0] ?? '');
    await portal(page).getByRole('button', { name: t.auth.twoFactor.verify }).click();
    await expect(page).toHaveURL('/');
  });

  test('adds a passkey with the device, signs in with it, and removes it', async ({
    page,
    t,
    lang,
    account,
    allowOrigin,
  }) => {
    // A whole flow: add, rename, sign out, sign in, remove.
    test.slow();
    // Browsers refuse an IP address as a passkey's site: this test uses the server's `localhost` name.
    const base = E2E_BASE_URL.replace('127.0.0.1', 'localhost');
    allowOrigin(base);
    // Signed up (and so signed in) under that name.
    const signUp = await page.request.post(`${base}/api/auth/sign-up`, {
      data: { email: account.email, password: account.password, name: account.name, ...ADDRESS },
    });
    expect(signUp.status(), await signUp.text()).toBe(201);

    // A platform authenticator that says yes: Chromium's virtual one.
    const cdp = await page.context().newCDPSession(page);
    await cdp.send('WebAuthn.enable');
    await cdp.send('WebAuthn.addVirtualAuthenticator', {
      options: {
        protocol: 'ctap2',
        transport: 'internal',
        hasResidentKey: true,
        hasUserVerification: true,
        isUserVerified: true,
      },
    });

    await openApp(page, `${base}/settings/security`);
    const section = page.getByRole('region', { name: t.settings.passkeys.title });
    await expect(section).toContainText(t.settings.passkeys.empty);
    await section.getByRole('button', { name: t.settings.passkeys.add }).click();
    const naming = page.getByRole('dialog', { name: t.settings.passkeys.addTitle });
    await naming.getByLabel(t.settings.passkeys.nameLabel).fill('My laptop');
    await naming.getByRole('button', { name: t.settings.passkeys.create }).click();
    await expect(currentToast(page)).toContainText(t.settings.passkeys.added);
    const item = section.getByRole('listitem').filter({ hasText: 'My laptop' });
    await expect(item).toBeVisible();
    const today = new Intl.DateTimeFormat(lang, { dateStyle: 'medium' }).format(new Date());
    await expect(item).toContainText(t.settings.passkeys.added_on.replace('{{date}}', today));
    await expectNoAxeViolations(page);

    // Renamed.
    await item.getByRole('button', { name: t.settings.passkeys.renameLabel.replace('{{name}}', 'My laptop') }).click();
    const rename = page.getByRole('dialog', { name: t.settings.passkeys.renameTitle });
    await rename.getByLabel(t.settings.passkeys.nameLabel).fill('Work laptop');
    await rename.getByRole('button', { name: t.settings.passkeys.save }).click();
    await expect(section.getByRole('listitem').filter({ hasText: 'Work laptop' })).toBeVisible();

    // Signed out, then in again with the passkey alone.
    await signOut(page, base);
    await openApp(page, `${base}/signin`);
    await portal(page).getByRole('button', { name: t.auth.welcome.email, exact: true }).click();
    await portal(page).getByRole('button', { name: t.auth.passkey.signIn }).click();
    await expect(page).toHaveURL(`${base}/`);
    await expect(currentToast(page)).toContainText(t.auth.toasts.signInSuccessful);

    // Removed, after a confirmation.
    await openApp(page, `${base}/settings/security`);
    await section
      .getByRole('button', { name: t.settings.passkeys.removeLabel.replace('{{name}}', 'Work laptop') })
      .click();
    const confirm = page.getByRole('alertdialog', { name: t.settings.passkeys.removeTitle });
    await confirm.getByRole('button', { name: t.settings.passkeys.remove }).click();
    await expect(currentToast(page)).toContainText(t.settings.passkeys.removed);
    await expect(section).toContainText(t.settings.passkeys.empty);
  });
});
