import { randomUUID } from 'node:crypto';
import type { Page } from '@playwright/test';
import { createAccount, expect, test } from './auth-fixtures';
import { openApp } from './fixtures';
import { expectNoAxeViolations } from './support/axe';
import { sidewaysOverflow } from './support/layout';

/** A number as the page writes it in the reader's language (the browser's Intl, not Node's). */
const numberIn = (page: Page, lang: string, value: number) =>
  page.evaluate(([locale, n]) => new Intl.NumberFormat(locale as string).format(n as number), [lang, value] as const);

test.describe('quotes import', () => {
  test('a librarian imports a quotes file: progress to the end, the counts and the rejected line', async ({
    page,
    t,
    lang,
    signInAs,
  }) => {
    // A whole import with axe and a phone-width pass: more than the default time on a busy machine.
    test.slow();
    await signInAs('librarian');
    const run = randomUUID().slice(0, 8);
    const quote = (n: number, extra: Record<string, unknown> = {}) =>
      JSON.stringify({
        id: `e2e:${lang}-${run}-${n}`,
        quote: `A saying for the import test ${n}.`,
        arabicQuote: `قَوْلٌ لِلاخْتِبَارِ ${n}`,
        author: 'Imam Ali ibn Abi Talib',
        source: `Nahj al-Balāgha, Saying ${n}; tr. Test Translator; https://example.org/${n}`,
        ...extra,
      });
    const file = [quote(1), '{not json', quote(3)].join('\n');

    await openApp(page, '/library/quotes/import');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(t.pages.quotesImport);
    await expect(page.getByLabel(t.quotesImport.status)).toHaveValue('approved');
    await page.getByLabel(t.quotesImport.status).selectOption('pending');

    const start = page.getByRole('button', { name: t.import.page.start });
    await start.click();
    await expect(page.getByText(t.import.errors.fileRequired)).toBeVisible();

    const fileField = page.getByLabel(t.import.page.file);
    await fileField.setInputFiles({
      name: 'quotes.jsonl',
      mimeType: 'application/x-ndjson',
      buffer: Buffer.from(file),
    });
    await expect(fileField).toHaveAccessibleDescription(/quotes\.jsonl/);

    const progress = page.getByRole('progressbar', { name: t.import.page.progressLabel });
    // One quotes import runs at a time on a server: the other language's test may hold it for a moment.
    await expect(async () => {
      await start.click();
      await expect(progress).toBeVisible({ timeout: 2_000 });
    }).toPass({ timeout: 15_000 });

    await expect(page.getByText(t.import.page.done)).toBeVisible();
    await expect(progress).toHaveAttribute('max', '3');
    await expect(progress).toHaveAttribute('value', '3');
    await expect(page.getByTestId('quote-import-count-total')).toHaveText(await numberIn(page, lang, 3));
    await expect(page.getByTestId('quote-import-count-inserted')).toHaveText(await numberIn(page, lang, 2));
    await expect(page.getByTestId('quote-import-count-rejected')).toHaveText(await numberIn(page, lang, 1));

    const row = page.getByTestId('quote-import-rejected-row');
    await expect(row).toHaveCount(1);
    await expect(row.getByRole('cell').first()).toHaveText(await numberIn(page, lang, 2));
    await expect(row).toContainText(t.import.reasons.invalidJson);

    await expect(page.getByRole('region', { name: t.import.page.recentTitle })).toContainText('quotes.jsonl');
    await expectNoAxeViolations(page);

    // On a phone the tables scroll inside their frames and the page does not.
    await page.setViewportSize({ width: 390, height: 844 });
    await openApp(page, '/library/quotes/import');
    await expect(page.getByRole('region', { name: t.import.page.recentTitle })).toContainText('quotes.jsonl');
    expect(await sidewaysOverflow(page)).toBe(0);
  });

  test('a patron is sent to /unauthorized', async ({ page, account }) => {
    await createAccount(page.request, account);
    await openApp(page, '/library/quotes/import');
    await expect(page).toHaveURL('/unauthorized');
  });
});
