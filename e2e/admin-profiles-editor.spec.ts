import { randomInt } from 'node:crypto';
import { expect, test } from './auth-fixtures';
import { fill, type Lang, openApp } from './fixtures';
import { expectNoAxeViolations } from './support/axe';

/**
 * The profiles editor (/admin/profiles-editor): an admin filters the accounts whose address is
 * incomplete, ticks two readers, changes their borrowing limit after a confirmation saying how many
 * change, and sees the toast, the list, each user's page and the audit log agree; the CSV link
 * follows the filters; at 390 px nothing scrolls sideways.
 */

type Plural = 'zero' | 'one' | 'two' | 'few' | 'many' | 'other';

/** A plural sentence of the catalogue as i18next picks it (zero first, then the language's rule). */
function plural(lang: Lang, forms: Record<string, string>, base: string, count: number, values = {}) {
  const form: Plural = count === 0 ? 'zero' : (new Intl.PluralRules(lang).select(count) as Plural);
  const template = forms[`${base}_${form}`] ?? '';
  return fill(template, { formatted: new Intl.NumberFormat(lang).format(count), ...values });
}

test.describe('profiles editor', () => {
  test('an admin gives two readers without an address a new borrowing limit', async ({
    page,
    t,
    lang,
    signInAs,
    adminApi,
  }) => {
    test.setTimeout(90_000);
    const run = `pe${Date.now().toString(36)}${randomInt(1000)}`;
    // Accounts an admin creates have no address until their owner gives one.
    const readers: { id: string; name: string }[] = [];
    for (const suffix of ['A', 'B']) {
      const name = `${run} Reader ${suffix}`;
      const response = await adminApi.post('/api/admin/users', {
        data: { email: `${run}-${suffix.toLowerCase()}@example.org`, display_name: name, role: 'patron' },
      });
      expect(response.status(), await response.text()).toBe(201);
      readers.push({ id: ((await response.json()) as { profile: { id: string } }).profile.id, name });
    }

    await signInAs('admin');
    await openApp(page, '/admin/profiles-editor');
    const pe = t.profilesEditor;
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(t.pages.admin.profilesEditor);
    await page.getByLabel(pe.filters.address, { exact: true }).selectOption('true');
    await page.getByLabel(pe.filters.role, { exact: true }).selectOption('patron');
    await expect(page).toHaveURL(/incompleteAddress=true/);
    await expect(page).toHaveURL(/role=patron/);
    const csv = page.getByTestId('profiles-csv');
    await expect(csv).toHaveText(pe.csv);
    await expect(csv).toHaveAttribute(
      'href',
      /^\/api\/admin\/profiles\?role=patron&incompleteAddress=true&format=csv$/,
    );

    const table = page.getByTestId('profiles-table');
    for (const reader of readers) {
      const row = table.getByRole('row').filter({ hasText: reader.name });
      await expect(row).toContainText(pe.address.incomplete);
      await row.getByRole('checkbox', { name: fill(pe.selection.row, { name: reader.name }) }).check();
    }
    const bar = page.getByTestId('profiles-bulk-bar');
    await expect(bar).toContainText(plural(lang, pe.selection as Record<string, string>, 'selected', 2));
    await expectNoAxeViolations(page);

    await bar.getByLabel(pe.bulk.newLimit, { exact: true }).fill('7');
    await bar.getByRole('button', { name: pe.bulk.apply }).click();
    const dialog = page.getByRole('alertdialog');
    await expect(dialog.getByRole('heading')).toHaveText(
      plural(lang, pe.confirm as Record<string, string>, 'title', 2),
    );
    await expect(dialog).toContainText(
      plural(lang, pe.confirm as Record<string, string>, 'limit', 2, { limit: new Intl.NumberFormat(lang).format(7) }),
    );
    await dialog.getByRole('button', { name: pe.confirm.apply }).click();
    await expect(dialog).toBeHidden();
    await expect(page.locator('[data-sonner-toast]').first()).toContainText(
      plural(lang, pe.result as Record<string, string>, 'updated', 2),
    );
    await expect(bar).toBeHidden();
    for (const reader of readers) {
      await expect(table.getByRole('row').filter({ hasText: reader.name }).getByTestId('profile-limit')).toHaveText(
        new Intl.NumberFormat(lang).format(7),
      );
    }

    // Each user's page shows the new limit, and the audit log has one entry per reader.
    await table.getByRole('link', { name: readers[0]?.name, exact: true }).click();
    await expect(page).toHaveURL(new RegExp(`/users/${readers[0]?.id}$`));
    await expect(page.getByLabel(t.users.fields.borrowingLimit, { exact: true })).toHaveValue('7');
    for (const reader of readers) {
      const audit = await adminApi.get(
        `/api/admin/audit-log?action_type=update_borrowing_limit&target_user=${reader.id}`,
      );
      const body = (await audit.json()) as { entries: { changes: unknown; metadata: { previous: unknown } }[] };
      expect(body.entries).toHaveLength(1);
      expect(body.entries[0]?.changes).toEqual({ borrowing_limit: 7 });
      expect(body.entries[0]?.metadata.previous).toEqual({ borrowing_limit: 3 });
    }

    // At a phone's width the filters and the table fit (the table scrolls inside its frame).
    await page.setViewportSize({ width: 390, height: 844 });
    await openApp(page, '/admin/profiles-editor?incompleteAddress=true&role=patron');
    await expect(page.getByLabel(pe.filters.address, { exact: true })).toHaveValue('true');
    await expect(page.getByTestId('profiles-total')).toBeVisible();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  });
});
