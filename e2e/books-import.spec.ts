import { randomUUID } from 'node:crypto';
import type { Page } from '@playwright/test';
import { createAccount, expect, test } from './auth-fixtures';
import { fill, openApp } from './fixtures';
import { expectNoAxeViolations } from './support/axe';
import { sidewaysOverflow } from './support/layout';

/** A number as the page writes it in the reader's language (the browser's Intl, not Node's). */
const numberIn = (page: Page, lang: string, value: number) =>
  page.evaluate(([locale, n]) => new Intl.NumberFormat(locale as string).format(n as number), [lang, value] as const);

test.describe('books import', () => {
  test('an admin imports a file: progress to 100 %, the counts and the rejected row with its reason', async ({
    page,
    t,
    lang,
    signInAs,
  }) => {
    await signInAs('admin');
    const run = randomUUID().slice(0, 8);
    const book = (n: number, extra: Record<string, unknown> = {}) =>
      JSON.stringify({
        id: `e2e:${lang}-${run}-${n}`,
        title: `Import ${n}`,
        title_ar: `استيراد ${n}`,
        language: 'ar',
        ...extra,
      });
    const file = [book(1), book(2), book(3, { language: 'xx' })].join('\n');

    await openApp(page, '/admin/books-import');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(t.pages.admin.booksImport);
    await expect(page.getByLabel(t.import.page.status)).toHaveValue('approved');

    const start = page.getByRole('button', { name: t.import.page.start });
    await start.click();
    await expect(page.getByText(t.import.errors.fileRequired)).toBeVisible();

    // The file field speaks the page's language, not the browser's ("Choose File / No file chosen").
    const fileField = page.getByLabel(t.import.page.file);
    await expect(page.getByText(t.fileInput.choose, { exact: true })).toBeVisible();
    await expect(fileField).toHaveAccessibleDescription(new RegExp(t.fileInput.none));
    await fileField.setInputFiles({
      name: 'books.jsonl',
      mimeType: 'application/x-ndjson',
      buffer: Buffer.from(file),
    });
    await expect(fileField).toHaveAccessibleDescription(/books\.jsonl/);
    await expect(page.getByText(t.import.errors.fileRequired)).toHaveCount(0);

    const progress = page.getByRole('progressbar', { name: t.import.page.progressLabel });
    // One import runs at a time on a server: the other language's test may hold it for a moment.
    await expect(async () => {
      await start.click();
      await expect(progress).toBeVisible({ timeout: 2_000 });
    }).toPass({ timeout: 15_000 });

    await expect(progress).toHaveAttribute('max', '3');
    await expect(progress).toHaveAttribute('value', '3');
    await expect(page.getByText(t.import.page.done)).toBeVisible();
    await expect(page.getByTestId('import-count-total')).toHaveText(await numberIn(page, lang, 3));
    await expect(page.getByTestId('import-count-inserted')).toHaveText(await numberIn(page, lang, 2));
    await expect(page.getByTestId('import-count-rejected')).toHaveText(await numberIn(page, lang, 1));

    const rejected = page
      .getByRole('table')
      .filter({ has: page.getByRole('columnheader', { name: t.import.page.reason }) });
    const row = rejected.getByRole('row').filter({ hasText: `e2e:${lang}-${run}-3` });
    await expect(row.getByRole('cell').first()).toHaveText(await numberIn(page, lang, 3));
    await expect(row).toContainText(fill(t.import.reasons.unknownLanguage, { value: 'xx' }));

    // The import is in the recent list, and the whole page passes axe.
    await expect(page.getByRole('region', { name: t.import.page.recentTitle })).toContainText('books.jsonl');
    await expectNoAxeViolations(page);

    // On a phone, with imports listed, the tables scroll inside their frames and the page does not.
    await page.setViewportSize({ width: 390, height: 844 });
    await openApp(page, '/admin/books-import');
    await expect(page.getByRole('region', { name: t.import.page.recentTitle })).toContainText('books.jsonl');
    expect(await sidewaysOverflow(page)).toBe(0);
  });

  test('a patron is sent to /unauthorized', async ({ page, account }) => {
    await createAccount(page.request, account);
    await openApp(page, '/admin/books-import');
    await expect(page).toHaveURL('/unauthorized');
  });
});
