import type { Page } from '@playwright/test';
import { ADDRESS, createAccount, currentToast, expect, expectFieldError, test } from './auth-fixtures';
import { type Catalogue, openApp } from './fixtures';
import { expectNoAxeViolations } from './support/axe';
import { openOtherDevice, sessionOf, signInThrough } from './support/other-device';

const NEW_PASSWORD = 'Second-Edition-1357';

function passwordForm(page: Page, t: Catalogue) {
  const section = page.getByRole('region', { name: t.settings.password.title });
  return {
    section,
    current: section.getByLabel(t.password.currentPassword, { exact: true }),
    next: section.getByLabel(t.password.newPassword, { exact: true }),
    confirm: section.getByLabel(t.password.confirmPassword, { exact: true }),
    submit: section.getByRole('button', { name: t.password.submit, exact: true }),
  };
}

const sessionsList = (page: Page, t: Catalogue) =>
  page.getByRole('region', { name: t.settings.sessions.title }).getByRole('list');

test.describe('settings: account security', () => {
  test('changing the password needs the current one; success ends the other sessions', async ({
    page,
    browser,
    baseURL,
    clientIp,
    lang,
    t,
    account,
    allowConsoleError,
  }) => {
    // The wrong current password is refused with 400, on purpose.
    allowConsoleError(/status of 400/);
    await createAccount(page.request, account);
    const other = await openOtherDevice(browser, { baseURL: baseURL as string, clientIp, lang });
    await signInThrough(other, account.email, account.password);

    await openApp(page, '/settings/security');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(t.settings.title);
    const form = passwordForm(page, t);
    await form.current.fill('Not-My-Password-1');
    await form.next.fill(NEW_PASSWORD);
    await form.confirm.fill(NEW_PASSWORD);
    await form.submit.click();
    await expectFieldError(form.current, t.errors.codes.CURRENT_PASSWORD_INCORRECT);
    await expect(form.current).toBeFocused();
    // Every typed value stays.
    await expect(form.current).toHaveValue('Not-My-Password-1');
    await expect(form.next).toHaveValue(NEW_PASSWORD);
    await expect(form.confirm).toHaveValue(NEW_PASSWORD);
    expect((await sessionOf(other)).user).not.toBeNull();

    await form.current.fill(account.password);
    await form.submit.click();
    await expect(currentToast(page)).toContainText(t.password.toasts.updated);
    await expect(form.section.getByRole('status')).toHaveText(t.password.otherDevicesSignedOut);
    await expect(form.current).toHaveValue('');
    await expect(form.next).toHaveValue('');
    await expect(form.confirm).toHaveValue('');

    // This device stays signed in; the other one was signed out.
    const state = await sessionOf(other);
    expect(state.user).toBeNull();
    expect(state.signedOutReason).toBe('revoked');
    expect((await sessionOf(page.context())).user).not.toBeNull();
    await other.close();
    // The new password is the one that works now.
    const again = await openOtherDevice(browser, { baseURL: baseURL as string, clientIp, lang });
    await signInThrough(again, account.email, NEW_PASSWORD);
    await again.close();
  });

  test('the session list shows this device and another one, which "End session" signs out', async ({
    page,
    browser,
    baseURL,
    clientIp,
    lang,
    t,
    account,
  }) => {
    await createAccount(page.request, account);
    const other = await openOtherDevice(browser, { baseURL: baseURL as string, clientIp, lang });
    await signInThrough(other, account.email, account.password);

    await openApp(page, '/settings/security');
    const list = sessionsList(page, t);
    const items = list.getByRole('listitem');
    await expect(items).toHaveCount(2);
    // This device first, with its badge and without an "End session" button.
    await expect(items.nth(0)).toContainText(t.settings.sessions.thisDevice);
    await expect(items.nth(0).getByRole('button')).toHaveCount(0);
    const phone = items.nth(1);
    await expect(phone).not.toContainText(t.settings.sessions.thisDevice);
    await expect(phone).toContainText(clientIp);
    await expect(phone).toContainText('iOS');
    // Last active in words, the exact time in the tooltip.
    await expect(phone.locator('time')).toHaveAttribute('title', /\S/);

    await expectNoAxeViolations(page);

    await phone.getByRole('button', { name: new RegExp(t.settings.sessions.end) }).click();
    await expect(items).toHaveCount(1);
    await expect(currentToast(page)).toContainText(t.settings.sessions.ended);
    await expect(page.getByText(t.settings.sessions.noOthers, { exact: true })).toBeVisible();
    const state = await sessionOf(other);
    expect(state.user).toBeNull();
    expect(state.signedOutReason).toBe('revoked');
    await other.close();
  });

  test('"Sign out of all other sessions" asks first, then ends them', async ({
    page,
    browser,
    baseURL,
    clientIp,
    lang,
    t,
    account,
  }) => {
    await createAccount(page.request, account);
    const others = [
      await openOtherDevice(browser, { baseURL: baseURL as string, clientIp, lang }),
      await openOtherDevice(browser, { baseURL: baseURL as string, clientIp, lang }),
    ];
    for (const other of others) await signInThrough(other, account.email, account.password);

    await openApp(page, '/settings/security');
    const items = sessionsList(page, t).getByRole('listitem');
    await expect(items).toHaveCount(3);
    await page.getByRole('button', { name: t.settings.sessions.revokeOthers, exact: true }).click();
    const dialog = page.getByRole('alertdialog', { name: t.settings.sessions.revokeOthersTitle });
    await expect(dialog).toBeVisible();
    // Cancel changes nothing.
    await dialog.getByRole('button', { name: t.settings.sessions.revokeOthersCancel, exact: true }).click();
    await expect(dialog).toBeHidden();
    expect((await sessionOf(others[0] as (typeof others)[0])).user).not.toBeNull();

    await page.getByRole('button', { name: t.settings.sessions.revokeOthers, exact: true }).click();
    await dialog.getByRole('button', { name: t.settings.sessions.revokeOthersConfirm, exact: true }).click();
    await expect(currentToast(page)).toContainText(t.settings.sessions.revokedOthers);
    await expect(items).toHaveCount(1);
    for (const other of others) {
      expect((await sessionOf(other)).signedOutReason).toBe('revoked');
      await other.close();
    }
    expect((await sessionOf(page.context())).user).not.toBeNull();
  });

  test('at 390 px the page fits the screen, in both directions', async ({ page, t, account, lang }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await createAccount(page.request, account);
    await openApp(page, '/settings/security');
    await expect(sessionsList(page, t).getByRole('listitem')).toHaveCount(1);
    await expect(page.locator('html')).toHaveAttribute('dir', lang === 'ar' ? 'rtl' : 'ltr');
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
  });
});

test.describe('settings: shipping address', () => {
  test('the address form shows the saved address, refuses an incomplete one keeping what was typed, and saves a change', async ({
    page,
    t,
    account,
  }) => {
    await createAccount(page.request, account);
    // The anchor of the single page that settings once were still leads to the address.
    await openApp(page, '/settings#address');
    await expect(page).toHaveURL('/settings/address');
    await expect(
      page.getByRole('navigation', { name: t.settings.menu }).getByRole('link', { name: t.settings.sections.address }),
    ).toHaveAttribute('aria-current', 'page');
    const section = page.getByRole('region', { name: t.settings.address.title });
    await expect(section).toBeInViewport();
    const street = section.getByLabel(t.auth.completeProfile.addressLine1, { exact: true });
    const city = section.getByLabel(t.auth.completeProfile.city, { exact: true });
    const save = section.getByRole('button', { name: t.settings.address.save });
    await expect(street).toHaveValue(ADDRESS.address_line_1);
    await expect(city).toHaveValue(ADDRESS.city);
    await expect(section.getByLabel(t.auth.completeProfile.postal, { exact: true })).toHaveValue(ADDRESS.postal_code);
    // Nothing changed yet: nothing to save.
    await expect(save).toBeDisabled();

    await street.fill('');
    await city.fill('Karbala Street Town');
    await save.click();
    await expectFieldError(street, t.validation.streetRequired);
    await expect(city).toHaveValue('Karbala Street Town');

    await street.fill('7 Reading Room Road');
    await save.click();
    await expect(currentToast(page)).toContainText(t.settings.address.saved);
    const profile = (await (await page.request.get('/api/profiles/me')).json()) as Record<string, string>;
    expect(profile.address_line_1).toBe('7 Reading Room Road');
    expect(profile.city).toBe('Karbala Street Town');
    await page.reload();
    await expect(section.getByLabel(t.auth.completeProfile.addressLine1, { exact: true })).toHaveValue(
      '7 Reading Room Road',
    );
    await expectNoAxeViolations(page);
  });
});
