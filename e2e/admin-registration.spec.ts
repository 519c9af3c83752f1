import { randomUUID } from 'node:crypto';
import { currentToast, expect, test } from './auth-fixtures';
import { fill, openApp } from './fixtures';
import { expectNoAxeViolations } from './support/axe';

test.describe('registration monitoring and testing', () => {
  test('an account without its address shows as stuck, and the admin sends it a reminder', async ({
    page,
    t,
    lang,
    signInAs,
    adminApi,
    allowConsoleError,
  }) => {
    test.setTimeout(90_000);
    await signInAs('admin');
    // An account made without the address step (an admin's, so no address yet).
    const email = `stuck-${lang}-${randomUUID().slice(0, 8)}@example.org`;
    const created = await adminApi.post('/api/admin/users', {
      data: { email, display_name: lang === 'ar' ? 'زينب علي' : 'Zainab Ali', role: 'patron' },
    });
    expect(created.status(), await created.text()).toBe(201);

    await openApp(page, '/admin/registration-monitoring');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(t.pages.admin.registrationMonitoring);
    const m = t.registrationAdmin.monitoring;
    await expect(page.getByTestId('signups-summary')).toBeVisible();
    await expect(page.getByLabel(m.period)).toHaveValue('30');
    // The chart's figures as a table: one row a day.
    const toggle = page.getByRole('button', { name: m.showTable });
    await toggle.click();
    await expect(toggle).toHaveAttribute('aria-pressed', 'true');
    await expect(page.getByTestId('signups-table').locator('tbody tr')).toHaveCount(30);

    // New accounts are stuck only after 24 hours: "Any time" shows this one at once.
    await page.getByLabel(m.olderThan).selectOption('0');
    const row = page.getByTestId('stuck-row').filter({ hasText: email });
    await expect(row).toBeVisible();
    await expect(row.getByTestId('reminder-state')).toHaveText(m.notReminded);
    await expectNoAxeViolations(page);

    await row.getByRole('button', { name: `${m.sendReminder}: ${email}` }).click();
    const dialog = page.getByRole('alertdialog');
    await expect(dialog.getByRole('heading')).toHaveText(m.confirmTitle);
    await expect(dialog).toContainText(fill(m.confirmBody, { email }));
    await dialog.getByRole('button', { name: m.confirm, exact: true }).click();
    await expect(dialog).toBeHidden();
    await expect(currentToast(page)).toContainText(m.sent);
    const today = new Intl.DateTimeFormat(lang, { dateStyle: 'medium' }).format(new Date());
    await expect(row.getByTestId('reminder-state')).toHaveText(fill(m.reminded, { date: today }));

    // A second reminder the same day is refused (429), with the reason.
    allowConsoleError(/status of 429 \(Too Many Requests\)/);
    await row.getByRole('button', { name: `${m.sendReminder}: ${email}` }).click();
    await dialog.getByRole('button', { name: m.confirm, exact: true }).click();
    await expect(dialog).toContainText(t.errors.codes.REMINDER_TOO_SOON);
  });

  test('the registration test passes every step, and an account check finds no problem', async ({
    page,
    t,
    signInAs,
    allowConsoleError,
  }) => {
    test.setTimeout(90_000);
    const admin = await signInAs('admin');
    await openApp(page, '/admin/registration-testing');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(t.pages.admin.registrationTesting);
    const s = t.registrationAdmin.testing;
    await page.getByRole('button', { name: s.run }).click();
    const steps = page.getByTestId('test-step');
    // The run takes a few seconds (a password hash, a sign-in, the clean-up).
    await expect(steps).toHaveCount(7, { timeout: 60_000 });
    for (const name of Object.keys(s.steps) as (keyof typeof s.steps)[]) {
      const step = page.locator(`[data-testid="test-step"][data-step="${name}"]`);
      await expect(step).toHaveAttribute('data-ok', 'true', { timeout: 30_000 });
      await expect(step).toContainText(s.steps[name]);
      await expect(step).toContainText(s.passed);
    }
    await expect(page.getByTestId('test-summary')).toContainText(s.summaryOk.split('{{ms}}')[0]?.trim() ?? '');

    await page.getByLabel(s.checkEmail).fill(admin.email);
    await page.getByRole('button', { name: s.check, exact: true }).click();
    await expect(page.getByTestId('check-result')).toContainText(s.noProblems);
    // An unknown e-mail: the check answers 404, the page says so.
    allowConsoleError(/status of 404 \(Not Found\)/);
    await page.getByLabel(s.checkEmail).fill('nobody-here@example.org');
    await page.getByRole('button', { name: s.check, exact: true }).click();
    await expect(page.getByRole('alert').filter({ hasText: s.notFound })).toBeVisible();
    await expectNoAxeViolations(page);
  });
});
