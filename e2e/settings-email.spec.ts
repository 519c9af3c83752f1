import { randomUUID } from 'node:crypto';
import type { Page } from '@playwright/test';
import {
  createAccount,
  currentToast,
  expect,
  expectFieldError,
  fillAddress,
  fillRegisterStepOne,
  fillSignIn,
  portal,
  test,
} from './auth-fixtures';
import { fill, openApp } from './fixtures';
import { expectNoAxeViolations } from './support/axe';
import { mailDir } from './support/e2e-env';
import { type CapturedMail, waitForMail } from './support/smtp-capture';

const LINK = /(https?:\/\/[^\s"<>]+)\/verify-email\?token=([A-Za-z0-9_-]{43})/;

/** The link of a captured message (its HTML part carries the same one). */
function tokenOf(mail: CapturedMail): string {
  const match = LINK.exec(mail.text);
  expect(match, mail.text).not.toBeNull();
  const token = (match as RegExpExecArray)[2] ?? '';
  expect(mail.html).toContain(`/verify-email?token=${token}`);
  return token;
}

async function openLink(page: Page, token: string) {
  await openApp(page, `/verify-email?token=${token}`);
}

const banner = (page: Page) => page.getByTestId('verify-email-banner');

test.describe('e-mail verification and change', () => {
  test('a new reader is asked to verify, resends the link (limited), opens it, and the banner goes', async ({
    page,
    t,
    lang,
    account,
    allowConsoleError,
    registrationOpen: _open,
  }) => {
    // A whole registration, a link resent and two links opened: more than the default time.
    test.slow();
    // The second resend within a minute (429) and the replaced link (400) are refused, on purpose.
    allowConsoleError(/status of (429|400)/);
    await openApp(page, '/myimam');
    await portal(page).getByRole('button', { name: t.auth.welcome.createAccount, exact: true }).click();
    await fillRegisterStepOne(page, t, account);
    await portal(page).getByRole('button', { name: t.auth.register.submit, exact: true }).click();
    await fillAddress(page, t);
    const since = new Date();
    await portal(page).getByRole('button', { name: t.auth.completeProfile.submit, exact: true }).click();
    // Creating the account hashes the password: seconds on a busy machine.
    await expect(page).toHaveURL('/myimam', { timeout: 20_000 });
    // accounts-and-auth §8: 'Sign Up Successful / Please check your email for verification.'
    await expect(currentToast(page)).toContainText(t.auth.toasts.signUpSuccessful);
    await expect(currentToast(page)).toContainText(t.auth.toasts.checkEmailForVerification);
    await expect(banner(page).getByRole('heading')).toHaveText(t.verifyEmail.banner.title);
    await expect(banner(page)).toContainText(fill(t.verifyEmail.banner.text, { email: account.email }));
    await expectNoAxeViolations(page);

    // The link goes out in the language of the page that registered.
    const first = await waitForMail(mailDir(), account.email, { since });
    expect(first.subject).toBe(fill(t.email.emailVerify.subject, { library: t.app.name }));
    expect(/[\u0600-\u06FF]/.test(first.subject)).toBe(lang === 'ar');
    const firstToken = tokenOf(first);

    const resent = new Date();
    await banner(page).getByRole('button', { name: t.verifyEmail.banner.resend, exact: true }).click();
    await expect(currentToast(page)).toContainText(fill(t.verifyEmail.resent, { email: account.email }));
    await banner(page).getByRole('button', { name: t.verifyEmail.banner.resend, exact: true }).click();
    await expect(currentToast(page)).toContainText(t.verifyEmail.tooMany);
    const second = await waitForMail(mailDir(), account.email, { since: resent });
    const token = tokenOf(second);
    expect(token).not.toBe(firstToken);

    // The first link was replaced by the second.
    await openLink(page, firstToken);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(t.verifyEmail.page.invalid);
    await expect(page.getByRole('button', { name: t.verifyEmail.page.resend, exact: true })).toBeVisible();

    await openLink(page, token);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(t.verifyEmail.page.verified);
    await expect(page.getByTestId('verify-email-text')).toHaveText(
      fill(t.verifyEmail.page.verifiedText, { email: account.email }),
    );
    await expect(banner(page)).toHaveCount(0);
    await expectNoAxeViolations(page);
    await openApp(page, '/myimam');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(t.pages.myImam);
    await expect(banner(page)).toHaveCount(0);
  });

  test('Settings → E-mail: a new address is confirmed from its link, then signs in', async ({
    page,
    t,
    lang,
    account,
    allowConsoleError,
  }) => {
    // A change, two messages, the link and a new sign-in: more than the default time.
    test.slow();
    // The same address (422) and a wrong current password (400) are refused, on purpose.
    allowConsoleError(/status of 4(00|22)/);
    await page.setViewportSize({ width: 390, height: 844 });
    await createAccount(page.request, account);
    await openApp(page, '/settings/email');
    const section = page.getByRole('region', { name: t.settings.sections.email });
    await expect(section.getByTestId('settings-email-current')).toHaveText(account.email);
    await expect(section.getByText(t.settings.email.verified, { exact: true })).toBeVisible();
    await expect(banner(page)).toHaveCount(0);

    const next = `moved-${lang}-${randomUUID().slice(0, 8)}@example.org`;
    const email = section.getByLabel(t.settings.email.newEmail, { exact: true });
    const password = section.getByLabel(t.settings.email.password, { exact: true });
    await email.fill(account.email);
    await password.fill(account.password);
    await section.getByRole('button', { name: t.settings.email.submit, exact: true }).click();
    await expectFieldError(email, t.settings.email.errors.same);
    await email.fill(next);
    await password.fill('Not-The-Password-1');
    await section.getByRole('button', { name: t.settings.email.submit, exact: true }).click();
    await expectFieldError(password, t.errors.codes.CURRENT_PASSWORD_INCORRECT);

    const since = new Date();
    await password.fill(account.password);
    await section.getByRole('button', { name: t.settings.email.submit, exact: true }).click();
    await expect(currentToast(page)).toContainText(fill(t.settings.email.sent, { email: next }));
    const pending = section.getByTestId('settings-email-pending');
    await expect(pending).toContainText(t.settings.email.pendingTitle);
    await expect(pending).toContainText(next);
    // Until the link is opened the account keeps its address.
    await expect(section.getByTestId('settings-email-current')).toHaveText(account.email);
    await expectNoAxeViolations(page);

    const confirm = await waitForMail(mailDir(), next, { since });
    expect(confirm.subject).toBe(fill(t.email.emailChangeConfirm.subject, { library: t.app.name }));
    const notice = await waitForMail(mailDir(), account.email, { since });
    expect(notice.subject).toBe(fill(t.email.emailChangeRequested.subject, { library: t.app.name }));
    expect(notice.text).toContain(`${next.slice(0, 1)}***@example.org`);
    expect(notice.text).not.toContain(next);

    await openLink(page, tokenOf(confirm));
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(t.verifyEmail.page.changed);
    await expect(page.getByTestId('verify-email-text')).toHaveText(
      fill(t.verifyEmail.page.changedText, { email: next }),
    );
    await page.getByRole('link', { name: t.verifyEmail.page.settings, exact: true }).click();
    await expect(section.getByTestId('settings-email-current')).toHaveText(next);
    await expect(section.getByTestId('settings-email-pending')).toHaveCount(0);

    // Signed out, the new address signs in; the old one no longer does.
    expect((await page.request.post('/api/auth/sign-out')).status()).toBe(204);
    await openApp(page, '/signin');
    await portal(page).getByRole('button', { name: t.auth.welcome.email, exact: true }).click();
    await fillSignIn(page, t, next, account.password);
    await portal(page).getByRole('button', { name: t.auth.signin.submit, exact: true }).click();
    await expect(page).toHaveURL('/');
    const state = await (await page.request.get('/api/auth/session')).json();
    expect(state.user).toMatchObject({ email: next, emailVerified: true });
  });
});
