import { randomUUID } from 'node:crypto';
import { expect, test } from './auth-fixtures';
import { fill, openApp } from './fixtures';
import { expectNoAxeViolations } from './support/axe';
import { lockAcrossWorkers } from './support/exclusive';
import { sidewaysOverflow } from './support/layout';

test.describe('source validation', () => {
  test('an admin runs the validation, finds a duplicate pair, merges it into the older record', async ({
    page,
    t,
    lang,
    adminApi,
    signInAs,
    allowConsoleError,
  }) => {
    allowConsoleError(/status of 404/);
    // A whole flow around a background run: arrange, run, filter, merge, then the book pages.
    test.slow();
    const tv = t.sourceValidation;
    const run = randomUUID().slice(0, 8);
    // Two records of one work: the same Arabic title (once with its vowel marks) and the same author.
    const author = await adminApi.post('/api/authors', { data: { name: `Ibn Tayy ${run}`, name_ar: `ابن طي ${run}` } });
    expect(author.status(), await author.text()).toBe(201);
    const authorId = (await author.json()).id as string;
    const create = async (title: string, titleAr: string) => {
      const response = await adminApi.post('/api/books', {
        data: { title, title_ar: titleAr, author_ids: [authorId], copies_total: 1 },
      });
      expect(response.status(), await response.text()).toBe(201);
      return (await response.json()) as { id: string };
    };
    const keeper = await create(`Book of Patience ${run}`, `كِتَابُ الصَّبْرِ ${run}`);
    const duplicate = await create(`Kitab al-Sabr ${run}`, `كتاب الصبر ${run}`);

    await signInAs('admin');
    // One run at a time on the server: the other language's test waits for this one.
    const release = await lockAcrossWorkers('source-validation');
    try {
      await openApp(page, '/admin/source-validation');
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(t.pages.admin.sourceValidation);
      const start = page.getByRole('button', { name: tv.run });
      await start.click();
      const progress = page.getByRole('progressbar', { name: tv.progressLabel });
      await expect(progress).toBeVisible();
      await expect(progress).toHaveAttribute('aria-valuemin', '0');
      expect(Number(await progress.getAttribute('aria-valuemax'))).toBeGreaterThan(0);
      await expect(page.getByRole('button', { name: tv.running })).toBeDisabled();

      // Done: the findings with their kinds; the duplicates filter shows the pair side by side.
      await expect(progress).toHaveCount(0, { timeout: 20_000 });
      await expect(page.getByTestId('run-line')).toContainText(tv.status.done);
      await page.getByTestId('kind-duplicate').click();
      await expect(page.getByTestId('kind-duplicate')).toHaveAttribute('aria-pressed', 'true');
      // The list then holds duplicates only (the rows of the unfiltered list go once it has loaded).
      await expect(page.locator('[data-testid="finding-row"]:not([data-kind="duplicate"])')).toHaveCount(0);
      const row = page
        .locator('[data-testid="finding-row"][data-kind="duplicate"]')
        .filter({ hasText: `Kitab al-Sabr ${run}` });
      await expect(row).toContainText(tv.kinds.duplicate.problem);
      await expect(row).toContainText(tv.merge.keeper);
      await expect(row.getByText(lang === 'ar' ? `كِتَابُ الصَّبْرِ ${run}` : `Book of Patience ${run}`)).toBeVisible();
      await expect(
        row.getByRole('link', {
          name: fill(tv.findings.editNamed, { name: lang === 'ar' ? `كتاب الصبر ${run}` : `Kitab al-Sabr ${run}` }),
        }),
      ).toHaveAttribute('href', `/admin/book-editor?id=${duplicate.id}`);
      await expect(page.getByTestId('findings-csv')).toHaveAttribute('href', /format=csv&kind=duplicate/);
      await expectNoAxeViolations(page);

      // Merge: the dialog says what moves; the toast; the finding leaves the list.
      await row.getByRole('button', { name: tv.merge.action }).click();
      const dialog = page.getByRole('alertdialog', { name: tv.merge.title });
      const [one, zero] = await page.evaluate(
        (locale) => [1, 0].map((n) => new Intl.NumberFormat(locale).format(n)),
        lang,
      );
      await expect(dialog).toContainText(
        fill(tv.merge.moves, { copies: one as string, bookmarks: zero as string, loans: zero as string }),
      );
      await expectNoAxeViolations(page);
      await dialog.getByRole('button', { name: tv.merge.confirm }).click();
      const keeperName = lang === 'ar' ? `كِتَابُ الصَّبْرِ ${run}` : `Book of Patience ${run}`;
      await expect(page.getByText(fill(tv.merge.done, { keeper: keeperName }))).toBeVisible();
      await expect(dialog).toHaveCount(0);
      await expect(
        page.locator('[data-testid="finding-row"][data-kind="duplicate"]').filter({ hasText: `Kitab al-Sabr ${run}` }),
      ).toHaveCount(0);

      // On a phone the page does not scroll sideways.
      await page.setViewportSize({ width: 390, height: 844 });
      await openApp(page, '/admin/source-validation');
      await expect(page.getByTestId('kind-filters')).toBeVisible();
      expect(await sidewaysOverflow(page)).toBe(0);
    } finally {
      release();
    }

    // The duplicate is gone; the keeper holds both copies.
    await openApp(page, `/book/${duplicate.id}`);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(t.catalogue.book.notFoundTitle);
    const kept = await page.request.get(`/api/books/${keeper.id}`);
    expect(kept.status()).toBe(200);
    expect((await kept.json()).copies_total).toBe(2);
  });
});
