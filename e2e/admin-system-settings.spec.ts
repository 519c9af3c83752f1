import type { SystemSettings } from '@maktaba/shared/schemas/system-settings';
import { currentToast, expect, portal, test } from './auth-fixtures';
import { openApp } from './fixtures';
import { expectNoAxeViolations } from './support/axe';
import { lockAcrossWorkers, SYSTEM_SETTINGS_LOCK } from './support/exclusive';

test.describe('system settings', () => {
  test('an admin renames the library, ships to the United Kingdom and closes registration, then opens it again', async ({
    page,
    t,
    lang,
    signInAs,
    adminApi,
  }) => {
    test.setTimeout(120_000);
    // The settings are the whole library's: one worker at a time changes them, and puts them back.
    // Registration closes here: registrations under way in other workers end first, and new ones
    // (createAccount, the registrationOpen fixture) wait until the lock is released.
    const release = await lockAcrossWorkers(SYSTEM_SETTINGS_LOCK);
    const before = (await (await adminApi.get('/api/admin/system-settings')).json()) as SystemSettings;
    const uk = new Intl.DisplayNames([lang], { type: 'region' }).of('GB') ?? 'GB';
    try {
      await signInAs('admin');
      await openApp(page, '/admin/settings');
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(t.pages.admin.settings);
      for (const title of [
        t.systemSettings.library.title,
        t.systemSettings.contact.title,
        t.systemSettings.registration.title,
        t.systemSettings.shipping.title,
        t.systemSettings.lending.title,
      ]) {
        await expect(page.getByRole('heading', { level: 2, name: title })).toBeVisible();
      }
      await expect(page.getByRole('link', { name: t.systemSettings.lending.link })).toHaveAttribute(
        'href',
        '/library/settings',
      );

      // An empty name is refused beside its field, and nothing typed elsewhere is lost.
      const nameEn = page.getByLabel(t.systemSettings.library.nameEn);
      await nameEn.fill('');
      await page.getByLabel(t.systemSettings.shipping.search).fill(uk);
      await page.getByRole('checkbox', { name: uk, exact: true }).check();
      await page.getByRole('button', { name: t.systemSettings.save }).click();
      await expect(page.getByText(t.validation.systemSettings.nameRequired)).toBeVisible();
      await expect(page.getByTestId('chosen-countries')).toContainText(uk);
      await expect(page.getByText(t.systemSettings.unsaved)).toBeVisible();

      await nameEn.fill('Maktaba Test Library');
      await expectNoAxeViolations(page);
      await page.getByRole('button', { name: t.systemSettings.save }).click();
      await expect(currentToast(page)).toContainText(t.systemSettings.saved);
      const saved = (await (await adminApi.get('/api/admin/system-settings')).json()) as SystemSettings;
      expect(saved.library_name_en).toBe('Maktaba Test Library');
      expect(saved.shipping_countries).toContain('GB');

      // A reader's address form now offers the United Kingdom, with an example number from there.
      await openApp(page, '/settings/address');
      const country = page.getByLabel(t.auth.completeProfile.country, { exact: true });
      await expect(country.locator('option', { hasText: uk })).toHaveCount(1);
      await country.selectOption('GB');
      await expect(page.getByLabel(t.auth.completeProfile.phone)).toHaveAttribute('placeholder', /^\+44 /);

      // Registration closed: the sign-up page says so and how to write to the library.
      await openApp(page, '/admin/settings');
      await page.getByRole('checkbox', { name: t.systemSettings.registration.open }).uncheck();
      await page.getByRole('button', { name: t.systemSettings.save }).click();
      await expect(currentToast(page)).toContainText(t.systemSettings.saved);
      // Leave the page first: signed out under it, its queries and live stream would ask again.
      await page.goto('about:blank');
      await page.context().clearCookies();
      await openApp(page, '/signup');
      await expect(portal(page).getByText(t.systemSettings.closed.title)).toBeVisible();
      await expect(portal(page).getByRole('link', { name: t.systemSettings.closed.write })).toHaveAttribute(
        'href',
        `mailto:${saved.contact_email}`,
      );
      await expectNoAxeViolations(page);
    } finally {
      const restored = await adminApi.put('/api/admin/system-settings', { data: before });
      expect(restored.status()).toBe(200);
      release();
    }
    // Open again: the sign-up form is back.
    await openApp(page, '/signup');
    await expect(portal(page).getByRole('heading', { level: 1 })).toHaveText(t.auth.register.title);
    await expect(portal(page).getByLabel(t.auth.register.email, { exact: true })).toBeVisible();
  });
});
