import { fillRegisterStepOne, portal } from './auth-fixtures';
import { expect, openApp, storedLanguage, test } from './fixtures';
import { expectNoAxeViolations } from './support/axe';
import { holdShared, SYSTEM_SETTINGS_LOCK } from './support/exclusive';

const THEMES = ['light', 'solarized-light', 'dark'] as const;

for (const theme of THEMES) {
  test.describe(`accessibility in the ${theme} theme`, () => {
    // The theme is a stored choice, next to the project's language.
    test.use({
      storageState: async ({ lang, baseURL }, use) =>
        use(storedLanguage(new URL(baseURL ?? '').origin, lang, [{ name: 'maktaba.theme.v1', value: theme }])),
    });

    for (const path of ['/', '/privacy', '/unauthorized']) {
      test(`${path} has no WCAG 2.1 AA violations`, async ({ page }) => {
        await openApp(page, path);
        await expect(page.locator('html')).toHaveAttribute('data-theme', theme);
        await expectNoAxeViolations(page);
      });
    }

    test('the offline banner has no WCAG 2.1 AA violations', async ({ page, context, t, allowConsoleError }) => {
      // Whatever the page was fetching as the connection dropped fails, and the browser logs it.
      allowConsoleError(/ERR_INTERNET_DISCONNECTED/);
      await openApp(page, '/');
      await expect(page.locator('html')).toHaveAttribute('data-theme', theme);
      await context.setOffline(true);
      await expect(page.getByRole('alert').filter({ hasText: t.network.offline })).toBeVisible();
      await expectNoAxeViolations(page);
    });

    test('the sign-in portal views have no WCAG 2.1 AA violations', async ({ page, t, lang }) => {
      // Six full-page scans and a registration in one test: more than the default budget on a
      // busy 2-core machine.
      test.slow();
      const button = (name: string) => portal(page).getByRole('button', { name, exact: true });
      await openApp(page, '/signin');
      await expect(page.locator('html')).toHaveAttribute('data-theme', theme);
      await expectNoAxeViolations(page);

      // Sign-in, with its field errors showing.
      await button(t.auth.welcome.email).click();
      const email = portal(page).getByLabel(t.auth.signin.email, { exact: true });
      await email.focus();
      await email.blur();
      await expect(email).toHaveAttribute('aria-invalid', 'true');
      await expectNoAxeViolations(page);

      await button(t.auth.signin.forgot).click();
      await expect(page.getByRole('dialog', { name: t.auth.forgot.title })).toBeVisible();
      await expectNoAxeViolations(page);
      await page.keyboard.press('Escape');

      // Register step 1 with errors, then step 2.
      await button(t.auth.signin.createAccount).click();
      await button(t.auth.register.submit).click();
      await expect(portal(page).getByLabel(t.auth.register.email, { exact: true })).toHaveAttribute(
        'aria-invalid',
        'true',
      );
      await expectNoAxeViolations(page);
      // Step 1 makes the account: registration must stay open meanwhile (the system settings test
      // closes it for a while).
      const release = await holdShared(SYSTEM_SETTINGS_LOCK);
      try {
        await fillRegisterStepOne(page, t, {
          email: `a11y-${theme}-${lang}@example.org`,
          password: 'Quiet-Reading-2025',
          name: 'Zahra',
        });
        await button(t.auth.register.submit).click();
        await expect(portal(page).getByRole('heading', { level: 1 })).toHaveText(t.auth.completeProfile.title);
      } finally {
        release();
      }
      await expectNoAxeViolations(page);
    });

    test('the open drawer at 390 px has no WCAG 2.1 AA violations', async ({ page, t }) => {
      await page.setViewportSize({ width: 390, height: 844 });
      await openApp(page, '/');
      await expect(page.locator('html')).toHaveAttribute('data-theme', theme);
      await page.getByRole('button', { name: t.nav.openMenu, exact: true }).click();
      await expect(page.getByRole('dialog', { name: t.nav.primary })).toBeVisible();
      await expectNoAxeViolations(page);
    });
  });
}
