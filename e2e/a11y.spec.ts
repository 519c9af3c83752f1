import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { expect, openApp, test } from './fixtures';

const TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];
const THEMES = ['light', 'solarized-light', 'dark'] as const;

/** Runs axe on the page as it is now and reports each violation with the elements it found. */
async function expectNoViolations(page: Page) {
  const { violations } = await new AxeBuilder({ page }).withTags(TAGS).analyze();
  const summary = violations.map((violation) => ({
    rule: violation.id,
    impact: violation.impact,
    help: violation.help,
    nodes: violation.nodes.map((node) => `${node.target.join(' ')} — ${node.failureSummary ?? ''}`),
  }));
  expect(summary).toEqual([]);
}

for (const theme of THEMES) {
  test.describe(`accessibility in the ${theme} theme`, () => {
    // The theme is a stored choice, next to the project's language.
    test.use({
      storageState: async ({ lang, baseURL }, use) =>
        use({
          cookies: [],
          origins: [
            {
              origin: new URL(baseURL ?? '').origin,
              localStorage: [
                { name: 'maktaba.language.v1', value: lang },
                { name: 'maktaba.theme.v1', value: theme },
              ],
            },
          ],
        }),
    });

    for (const path of ['/', '/privacy', '/unauthorized']) {
      test(`${path} has no WCAG 2.1 AA violations`, async ({ page }) => {
        await openApp(page, path);
        await expect(page.locator('html')).toHaveAttribute('data-theme', theme);
        await expectNoViolations(page);
      });
    }

    test('the open drawer at 390 px has no WCAG 2.1 AA violations', async ({ page, t }) => {
      await page.setViewportSize({ width: 390, height: 844 });
      await openApp(page, '/');
      await expect(page.locator('html')).toHaveAttribute('data-theme', theme);
      await page.getByRole('button', { name: t.nav.openMenu, exact: true }).click();
      await expect(page.getByRole('dialog', { name: t.nav.primary })).toBeVisible();
      await expectNoViolations(page);
    });
  });
}
