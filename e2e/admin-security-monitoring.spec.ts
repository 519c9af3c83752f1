import { randomInt, randomUUID } from 'node:crypto';
import type { SecurityOverview } from '@maktaba/shared/schemas/security-monitoring';
import { createAccount, currentToast, expect, randomClientIp, test } from './auth-fixtures';
import { fill, openApp } from './fixtures';
import { expectNoAxeViolations } from './support/axe';
import { E2E_BASE_URL } from './support/e2e-env';

test.describe('security monitoring', () => {
  test('an account locked by failed sign-ins shows in the figures and the lockouts, and the admin unlocks it', async ({
    page,
    t,
    lang,
    signInAs,
    playwright,
  }) => {
    test.setTimeout(150_000);
    await signInAs('admin');
    // A reader of their own, then five wrong passwords from an address of their own: the account locks.
    const reader = {
      email: `locked-${lang}-${randomUUID().slice(0, 8)}@example.org`,
      password: `Quiet-Reading-${randomInt(1000, 9999)}`,
      name: 'Locked Reader',
    };
    const api = await playwright.request.newContext({
      baseURL: E2E_BASE_URL,
      extraHTTPHeaders: { 'X-Forwarded-For': randomClientIp() },
    });
    await createAccount(api, reader);
    const guesser = await playwright.request.newContext({
      baseURL: E2E_BASE_URL,
      extraHTTPHeaders: { 'X-Forwarded-For': randomClientIp() },
    });
    for (let n = 0; n < 5; n++) {
      const failed = await guesser.post('/api/auth/sign-in', { data: { email: reader.email, password: `Wrong-${n}` } });
      expect(failed.status()).toBe(401);
    }
    const refused = await guesser.post('/api/auth/sign-in', { data: reader });
    expect(refused.status()).toBe(403);

    const overview = page.waitForResponse((response) => response.url().includes('/api/admin/security/overview?'));
    await openApp(page, '/admin/security-monitoring');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(t.securityMonitoring.title);
    const figures = (await (await overview).json()) as SecurityOverview;
    const today = new Date().toISOString().slice(0, 10);
    expect(figures.days).toHaveLength(7);
    const todays = figures.days.find((day) => day.day === today);
    expect(todays?.failed).toBeGreaterThanOrEqual(5);
    expect(todays?.blocked).toBeGreaterThanOrEqual(1);

    // The summary and the table view of the chart, in the page's digits.
    const number = (value: number) => new Intl.NumberFormat(lang).format(value);
    const signIns = page.getByTestId('security-sign-ins');
    const period = fill(t.securityMonitoring.periodDays_few, { formatted: number(7) });
    await expect(signIns.getByTestId('sign-ins-summary')).toHaveText(
      fill(t.securityMonitoring.signIns.summary, {
        period,
        failed: number(figures.totals.failed),
        blocked: number(figures.totals.blocked),
        succeeded: number(figures.totals.succeeded),
      }),
    );
    await expect(page.getByLabel(t.securityMonitoring.period)).toHaveValue('7');
    await expect(page.getByTestId('security-updated')).toContainText(
      fill(t.securityMonitoring.updated, { time: '' }).trim(),
    );
    const toggle = signIns.getByRole('button', { name: t.securityMonitoring.signIns.showTable });
    await toggle.click();
    await expect(toggle).toHaveAttribute('aria-pressed', 'true');
    const row = signIns.locator(`[data-testid="sign-ins-row"][data-day="${today}"]`);
    await expect(row.locator('[data-column="failed"]')).toHaveText(number(todays?.failed ?? 0));
    await expect(row.locator('[data-column="blocked"]')).toHaveText(number(todays?.blocked ?? 0));

    // The locked account, with its five failures.
    const locked = page.getByTestId('locked-account').filter({ hasText: reader.email });
    await expect(locked).toBeVisible();
    await expect(locked).toContainText(number(5));
    await expectNoAxeViolations(page);

    // Unlock, after confirming: a toast, and the account leaves the list.
    await locked
      .getByRole('button', { name: fill(t.securityMonitoring.lockouts.unlockNamed, { email: reader.email }) })
      .click();
    const dialog = page.getByRole('alertdialog');
    await expect(dialog.getByRole('heading')).toHaveText(t.securityMonitoring.lockouts.confirmTitle);
    await expect(dialog).toContainText(reader.email);
    await dialog.getByRole('button', { name: t.securityMonitoring.lockouts.confirm, exact: true }).click();
    await expect(dialog).toBeHidden();
    await expect(currentToast(page)).toContainText(reader.email);
    await expect(page.getByTestId('locked-account').filter({ hasText: reader.email })).toHaveCount(0);

    // The reader signs in at once, even from the address that was guessing.
    expect((await guesser.post('/api/auth/sign-in', { data: reader })).status()).toBe(200);
    await api.dispose();
    await guesser.dispose();

    // A longer period reads the figures again.
    const month = page.waitForResponse((response) => response.url().includes('/api/admin/security/overview?'));
    await page.getByLabel(t.securityMonitoring.period).selectOption('30');
    expect(((await (await month).json()) as SecurityOverview).days).toHaveLength(30);
    await expect(signIns.getByTestId('sign-ins-row')).toHaveCount(30);
  });
});
