import type { Page } from '@playwright/test';
import { createAccount, currentToast, expect, test } from './auth-fixtures';
import { type Catalogue, dirOf, openApp, reloadApp } from './fixtures';
import { expectNoAxeViolations } from './support/axe';
import { openOtherDevice, signInThrough } from './support/other-device';

const preferences = (page: Page, t: Catalogue) => page.getByRole('region', { name: t.settings.preferences.title });
const notifications = (page: Page, t: Catalogue) => page.getByRole('region', { name: t.settings.notifications.title });
const eventRow = (page: Page, t: Catalogue, event: string) =>
  notifications(page, t).locator(`li[data-event="${event}"]`);

test.describe('settings: preferences and notifications', () => {
  test('the warm style and the dark theme apply at once and follow the reader to another device', async ({
    page,
    browser,
    baseURL,
    clientIp,
    lang,
    t,
    account,
  }) => {
    // Two browsers, each loading the app, and a reload: more than the default 30 s on a busy machine.
    test.setTimeout(60_000);
    await createAccount(page.request, account);
    await openApp(page, '/settings/preferences');
    const section = preferences(page, t);
    await expect(section.getByRole('radio', { name: t.theme.system, exact: true })).toBeChecked();

    await section.getByRole('radio', { name: t.settings.preferences.styles.warm.name, exact: true }).check();
    await expect(page.locator('html')).toHaveAttribute('data-style', 'warm');
    await expect(currentToast(page)).toContainText(t.settings.preferences.saved);
    await section.getByRole('radio', { name: t.theme.dark, exact: true }).check();
    await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');
    await expect(section.getByRole('radio', { name: t.theme.dark, exact: true })).toBeChecked();
    await expectNoAxeViolations(page);

    // Another device that never chose anything shows the reader's choices once they sign in.
    const other = await openOtherDevice(browser, { baseURL: baseURL as string, clientIp, lang });
    await signInThrough(other, account.email, account.password);
    const phone = await other.newPage();
    await openApp(phone, '/settings/preferences');
    await expect(phone.locator('html')).toHaveAttribute('data-theme', 'dark');
    await expect(phone.locator('html')).toHaveAttribute('data-style', 'warm');
    await expect(
      phone.getByRole('radio', { name: t.settings.preferences.styles.warm.name, exact: true }),
    ).toBeChecked();

    // Following the system again is a choice too: the theme is the system's (light here).
    await section.getByRole('radio', { name: t.theme.system, exact: true }).check();
    await expect(page.locator('html')).toHaveAttribute('data-theme', 'light');
    await expect(currentToast(page)).toContainText(t.settings.preferences.saved);
    await reloadApp(page);
    await expect(page.locator('html')).toHaveAttribute('data-theme', 'light');
    await expect(preferences(page, t).getByRole('radio', { name: t.theme.system, exact: true })).toBeChecked();
    await other.close();
  });

  test('choosing the other language in Preferences switches the app and is kept on the profile', async ({
    page,
    t,
    lang,
    otherLang,
    account,
  }) => {
    await createAccount(page.request, account);
    await openApp(page, '/settings/preferences');
    await expect(page.locator('html')).toHaveAttribute('dir', dirOf(lang));
    const name = otherLang === 'ar' ? 'العربية' : 'English';
    await preferences(page, t).getByRole('radio', { name, exact: true }).check();
    await expect(page.locator('html')).toHaveAttribute('dir', dirOf(otherLang));
    await expect(page.locator('html')).toHaveAttribute('lang', otherLang);
    const profile = await (await page.request.get('/api/profiles/me')).json();
    expect(profile.preferred_language).toBe(otherLang);
  });

  test('notifications: e-mail for approvals off is saved; overdue notices keep one channel', async ({
    page,
    t,
    account,
  }) => {
    await createAccount(page.request, account);
    await openApp(page, '/settings/notifications');
    const approvals = eventRow(page, t, 'loan_approved');
    const approvalMail = approvals.getByRole('checkbox', { name: t.settings.notifications.email });
    await expect(approvalMail).toBeChecked();
    await approvalMail.uncheck();
    await expect(currentToast(page)).toContainText(t.settings.notifications.saved);

    const overdue = eventRow(page, t, 'loan_overdue');
    await expect(overdue).toContainText(t.settings.notifications.overdueHint);
    await overdue.getByRole('checkbox', { name: t.settings.notifications.inApp }).uncheck();
    await expect(currentToast(page)).toContainText(t.settings.notifications.saved);
    const overdueMail = overdue.getByRole('checkbox', { name: t.settings.notifications.email });
    await overdueMail.click();
    await expect(overdue.getByRole('alert')).toHaveText(t.validation.notificationChannelRequired);
    await expect(overdueMail).toBeChecked();
    await expectNoAxeViolations(page);

    await reloadApp(page);
    await expect(approvalMail).not.toBeChecked();
    await expect(approvals.getByRole('checkbox', { name: t.settings.notifications.inApp })).toBeChecked();
    await expect(overdue.getByRole('checkbox', { name: t.settings.notifications.inApp })).not.toBeChecked();
    await expect(overdueMail).toBeChecked();

    // The server refuses both off too, with the same reason.
    const refused = await page.request.put('/api/profiles/me/notification-preferences', {
      data: { loan_overdue: { in_app: false, email: false } },
    });
    expect(refused.status()).toBe(422);
    expect((await refused.json()).error.details.fieldErrors.loan_overdue).toEqual([
      'validation.notificationChannelRequired',
    ]);
  });
});
