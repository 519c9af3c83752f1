import { readFile } from 'node:fs/promises';
import type { Shelf } from '@maktaba/shared/schemas/catalogue';
import { createAccount, expect, test } from './auth-fixtures';
import { openApp } from './fixtures';
import { expectNoAxeViolations } from './support/axe';

/**
 * Settings → Your data: the export downloaded as one JSON file, and deleting one's own account
 * (typed e-mail address and password) to the goodbye page, after which the account cannot sign in.
 */
test.describe('settings: your data', () => {
  test('downloads everything the library holds about the reader as one JSON file', async ({ page, t, account }) => {
    await createAccount(page.request, account);
    const shelf = (await (await page.request.get('/api/shelves/recent?p_limit=1')).json()) as Shelf;
    const book = shelf.books[0];
    if (!book) throw new Error('no book on the recent shelf');
    expect((await page.request.post('/api/bookmarks', { data: { book_id: book.id } })).status()).toBe(201);

    await page.setViewportSize({ width: 390, height: 844 });
    await openApp(page, '/settings/data');
    const section = page.getByRole('region', { name: t.settings.sections.data, exact: true });
    await expect(section.getByRole('heading', { name: t.settings.data.export.title })).toBeVisible();
    await expectNoAxeViolations(page);

    const downloading = page.waitForEvent('download');
    await section.getByRole('button', { name: t.settings.data.export.button }).click();
    const download = await downloading;
    expect(download.suggestedFilename()).toMatch(/^maktaba-data-\d{4}-\d\d-\d\d\.json$/);
    const data = JSON.parse(await readFile(String(await download.path()), 'utf8'));
    expect(data.account.email).toBe(account.email);
    expect(data.profile.email).toBe(account.email);
    expect(data.bookmarks.map((row: { book_id: string }) => row.book_id)).toEqual([book.id]);
    await expect(section.getByText(t.settings.data.export.done)).toBeVisible();
  });

  test('deletes the account after the typed e-mail address and password; it cannot sign in again', async ({
    page,
    t,
    account,
    allowConsoleError,
  }) => {
    // The wrong password is refused with 400, on purpose.
    allowConsoleError(/status of 400/);
    await createAccount(page.request, account);
    await openApp(page, '/settings/data');
    await page.getByRole('button', { name: t.settings.data.delete.open }).click();
    const dialog = page.getByRole('dialog', { name: t.settings.data.delete.title });
    await expect(dialog.getByText(t.settings.data.delete.kept.loans)).toBeVisible();
    const confirm = dialog.getByRole('button', { name: t.settings.data.delete.confirm, exact: true });
    const typed = dialog.getByLabel(t.settings.data.delete.confirmLabel);
    const password = dialog.getByLabel(t.settings.data.delete.passwordLabel, { exact: true });

    await typed.fill('someone-else@example.com');
    await password.fill(account.password);
    await expect(confirm).toBeDisabled();
    await typed.fill(account.email);
    await password.fill('Not-My-Password-1');
    await expect(confirm).toBeEnabled();
    await expectNoAxeViolations(page);
    await confirm.click();
    await expect(dialog.getByRole('alert')).toContainText(t.errors.codes.CURRENT_PASSWORD_INCORRECT);
    // Nothing typed is lost.
    await expect(typed).toHaveValue(account.email);
    await expect(password).toHaveValue('Not-My-Password-1');

    await password.fill(account.password);
    await confirm.click();
    await expect(page).toHaveURL(/\/goodbye$/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(t.goodbye.title);
    await expect(page.getByRole('link', { name: t.goodbye.home })).toBeVisible();
    await expectNoAxeViolations(page);

    const again = await page.request.post('/api/auth/sign-in', {
      data: { email: account.email, password: account.password },
    });
    expect(again.status()).toBe(401);
    expect((await again.json()).error.code).toBe('INVALID_CREDENTIALS');
    // Still on the goodbye page: nothing took the deletion for a lost session.
    await expect(page).toHaveURL(/\/goodbye$/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(t.goodbye.title);
  });
});
