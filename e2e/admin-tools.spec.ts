import type { Page } from '@playwright/test';
import { expect, randomClientIp, test } from './auth-fixtures';
import { type Catalogue, fill, openApp } from './fixtures';
import { expectNoAxeViolations } from './support/axe';
import { E2E_BASE_URL } from './support/e2e-env';

/**
 * The admin tools index (reader-area §2.1, §2.2): /admin and /admin/tools list every tool of the
 * route table and the staff pages admins use, by group, each card a link with its purpose; the
 * sidebar leads there for admins only; anyone else is turned away.
 */

type Tool = { id: keyof Catalogue['adminTools']['purposes']; name: (t: Catalogue) => string; path: string };

const admin = (id: keyof Catalogue['pages']['admin'] & Tool['id'], path: string): Tool => ({
  id,
  name: (t) => t.pages.admin[id],
  path: `/admin/${path}`,
});

const GROUPS: [keyof Catalogue['adminTools']['groups'], Tool[]][] = [
  [
    'catalogue',
    [
      admin('bookCatalog', 'book-catalog'),
      admin('bookEditor', 'book-editor'),
      admin('booksImport', 'books-import'),
      admin('sourceValidation', 'source-validation'),
      admin('categoryNetworkExplorer', 'category-network-explorer'),
      admin('profilesEditor', 'profiles-editor'),
    ],
  ],
  [
    'people',
    [
      { id: 'users', name: (t) => t.pages.users, path: '/users' },
      { id: 'feedbackInbox', name: (t) => t.pages.feedbackInbox, path: '/library/feedback' },
      admin('registrationMonitoring', 'registration-monitoring'),
      admin('registrationTesting', 'registration-testing'),
    ],
  ],
  [
    'monitoring',
    [
      admin('analytics', 'analytics'),
      admin('securityMonitoring', 'security-monitoring'),
      admin('auditLog', 'audit-log'),
      admin('settings', 'settings'),
    ],
  ],
];

const toolLink = (page: Page, t: Catalogue, tool: Tool) =>
  page.getByRole('main').getByRole('link', { name: tool.name(t), exact: true });
const toolCard = (page: Page, tool: Tool) => page.getByTestId(`admin-tool-${tool.id}`);
const CATALOGUE_TOOLS = GROUPS[0]?.[1] ?? [];

/** Every group under its heading, every card with its name, purpose and address. */
async function expectIndex(page: Page, t: Catalogue) {
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(t.pages.admin.tools);
  await expect(page).toHaveTitle(`${t.pages.admin.tools} · ${t.app.name}`);
  for (const [group, tools] of GROUPS) {
    const section = page.getByRole('region', { name: t.adminTools.groups[group] });
    await expect(section.getByRole('heading', { level: 2 })).toHaveText(t.adminTools.groups[group]);
    await expect(section.getByRole('link')).toHaveCount(tools.length);
    for (const tool of tools) {
      const link = section.getByRole('link', { name: tool.name(t), exact: true });
      await expect(link).toHaveAttribute('href', tool.path);
      await expect(link).toHaveAccessibleDescription(t.adminTools.purposes[tool.id]);
      await expect(section.getByTestId(`admin-tool-${tool.id}`)).toContainText(t.adminTools.purposes[tool.id]);
    }
  }
  await expect(page.getByRole('main').getByRole('link')).toHaveCount(GROUPS.flatMap(([, tools]) => tools).length);
}

test.describe('admin tools index', () => {
  test('an admin opens it from the sidebar, sees every tool and follows Books Import and Book Catalogue', async ({
    page,
    t,
    signInAs,
  }) => {
    test.setTimeout(60_000);
    await signInAs('admin');
    await openApp(page, '/search');
    const sidebar = page.getByTestId('sidebar');
    await sidebar.getByRole('link', { name: t.adminTools.nav, exact: true }).click();
    await expect(page).toHaveURL(/\/admin$/);
    await expect(sidebar.getByRole('link', { name: t.adminTools.nav, exact: true })).toHaveAttribute(
      'aria-current',
      'page',
    );
    await expectIndex(page, t);
    await expectNoAxeViolations(page);

    // Cards are large enough to touch, and reached with the keyboard with a visible ring round the card.
    const firstTool = CATALOGUE_TOOLS[0] as Tool;
    expect((await toolCard(page, firstTool).boundingBox())?.height ?? 0).toBeGreaterThanOrEqual(44);
    await page.getByRole('heading', { level: 1 }).click();
    const first = toolLink(page, t, firstTool);
    for (let i = 0; i < 40 && !(await first.evaluate((element) => element === document.activeElement)); i++) {
      await page.keyboard.press('Tab');
    }
    await expect(first).toBeFocused();
    expect(await first.evaluate((element) => getComputedStyle(element, '::after').outlineStyle)).toBe('solid');
    // Three columns on a wide screen: the first three cards of a group share a row.
    const tops = await Promise.all(
      CATALOGUE_TOOLS.slice(0, 3).map(async (tool) => (await toolCard(page, tool).boundingBox())?.y),
    );
    expect(new Set(tops).size).toBe(1);

    // A click anywhere on the card follows its link.
    await toolCard(page, admin('booksImport', 'books-import')).click({ position: { x: 12, y: 60 } });
    await expect(page).toHaveURL(/\/admin\/books-import$/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(t.pages.admin.booksImport);
    await page.goBack();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(t.pages.admin.tools);
    await toolLink(page, t, admin('bookCatalog', 'book-catalog')).click();
    await expect(page).toHaveURL(/\/admin\/book-catalog$/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(t.catalogueAdmin.title);
  });

  test('/admin/tools shows the same index', async ({ page, t, signInAs }) => {
    await signInAs('admin');
    await openApp(page, '/admin/tools');
    await expectIndex(page, t);
  });

  test('at 390 px: one column, and nothing scrolls sideways', async ({ page, t, signInAs }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await signInAs('admin');
    await openApp(page, '/admin');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(t.pages.admin.tools);
    const [a, b] = CATALOGUE_TOOLS as [Tool, Tool];
    const boxA = await toolCard(page, a).boundingBox();
    const boxB = await toolCard(page, b).boundingBox();
    expect(boxB?.y ?? 0).toBeGreaterThan((boxA?.y ?? 0) + (boxA?.height ?? 0) - 1);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  });

  test('each card shows its live figure, and the system health is listed in words', async ({
    page,
    t,
    lang,
    signInAs,
    adminApi,
    playwright,
  }) => {
    // A failed sign-in today, from an address of its own.
    const stranger = await playwright.request.newContext({
      baseURL: E2E_BASE_URL,
      extraHTTPHeaders: { 'X-Forwarded-For': randomClientIp() },
    });
    await stranger.post('/api/auth/sign-in', {
      data: { email: `nobody-${Date.now()}@example.org`, password: 'Not-The-Password-1' },
    });
    await stranger.dispose();
    await signInAs('admin');
    await openApp(page, '/admin/tools');
    const figure = page
      .getByTestId('admin-tool-securityMonitoring-figures')
      .locator('[data-figure="failedSignInsToday"]');
    await expect(async () => {
      const overview = (await (await adminApi.get('/api/admin/tools/overview')).json()) as {
        figures: { failedSignInsToday: number };
      };
      const count = overview.figures.failedSignInsToday;
      expect(count).toBeGreaterThanOrEqual(1);
      const form = new Intl.PluralRules(lang).select(count);
      const forms = t.adminTools.figures as Record<string, string>;
      await expect(figure).toHaveText(
        fill(forms[`failedSignInsToday_${form}`] ?? '', { formatted: new Intl.NumberFormat(lang).format(count) }),
        { timeout: 1_000 },
      );
    }).toPass({ timeout: 70_000 });

    const health = page.getByRole('region', { name: t.adminTools.health.title });
    await expect(health.getByTestId('health-status')).toHaveText(t.adminTools.health.status.ok);
    for (const key of ['database', 'migrations', 'mail', 'lastError', 'jobs', 'disk', 'version', 'uptime'] as const) {
      await expect(health.getByRole('term').filter({ hasText: t.adminTools.health[key] })).toBeVisible();
    }
    await expect(health.getByTestId('health-version')).toContainText(/\d+\.\d+\.\d+/);
    await expect(health.getByTestId('health-jobs')).toContainText(t.adminTools.health.jobNames.lending_notices);
    await expectNoAxeViolations(page);
  });

  for (const role of ['librarian', 'patron'] as const) {
    test(`a ${role} is turned away from /admin and sees no Admin tools in the sidebar`, async ({
      page,
      t,
      signInAs,
    }) => {
      await signInAs(role);
      await openApp(page, '/admin');
      await expect(page).toHaveURL(/\/unauthorized$/);
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(t.errors.permission.title);
      await expect(page.getByTestId('sidebar').getByRole('link', { name: t.adminTools.nav })).toHaveCount(0);
    });
  }
});
