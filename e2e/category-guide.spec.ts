import { randomUUID } from 'node:crypto';
import type { Category } from '@maktaba/shared/schemas/catalogue';
import { currentToast, expect, test } from './auth-fixtures';
import { openApp } from './fixtures';
import { expectNoAxeViolations } from './support/axe';

/** Picks the value of the reader's language from a bilingual pair. */
const inLang = (lang: string, en: string, ar: string) => (lang === 'ar' ? ar : en);

test.describe('category guide', () => {
  test('a reader opens a category in the guide, then a sub-category, and lands on the search filtered by it', async ({
    page,
    t,
    lang,
    signInAs,
  }) => {
    // Two pages checked with axe and a search: a long flow on a machine the suite shares.
    test.slow();
    await page.setViewportSize({ width: 390, height: 844 });
    await signInAs('patron');
    await openApp(page, '/category-guide');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(t.pages.categoryGuide);
    const hadith = page.locator('[data-testid="guide-category"][data-key="hadith"]');
    await expect(hadith.getByRole('heading', { level: 2 })).toHaveText(inLang(lang, 'Hadith', 'الحديث'));
    await expect(hadith.getByTestId('category-secondary-name').first()).toHaveText(inLang(lang, 'الحديث', 'Hadith'));
    await expectNoAxeViolations(page);

    // The sub-categories open from the keyboard.
    const disclosure = hadith.getByTestId('guide-disclosure');
    await expect(disclosure).toHaveAttribute('aria-expanded', 'false');
    await disclosure.focus();
    await page.keyboard.press('Enter');
    await expect(disclosure).toHaveAttribute('aria-expanded', 'true');
    const rijalName = inLang(lang, 'Rijal (evaluation of narrators)', 'علم الرجال');
    await hadith.getByRole('link', { name: rijalName, exact: true }).click();

    await expect(page).toHaveURL(/\/category-guide\/rijal$/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(rijalName);
    const breadcrumbs = page.getByRole('navigation', { name: t.categoryGuide.breadcrumbs });
    await expect(breadcrumbs.getByRole('link', { name: inLang(lang, 'Hadith', 'الحديث') })).toBeVisible();
    await expect(page.getByRole('heading', { name: t.categoryGuide.popularBooks })).toBeVisible();
    await expect(page.getByTestId('book-card').first()).toBeVisible();
    await expect(page.getByTestId('guide-author').first()).toBeVisible();
    await expectNoAxeViolations(page);

    await page.getByTestId('see-all-books').click();
    await expect(page).toHaveURL('/search?category=rijal');
    await expect(page.getByTestId('filter-chip')).toContainText(rijalName);
    await expect(page.getByTestId('search-hit').first()).toBeVisible();
  });

  test('a librarian writes a category’s description in the catalogue manager and readers see it in the guide', async ({
    page,
    t,
    lang,
    signInAs,
    adminApi,
  }) => {
    test.slow();
    await signInAs('librarian');
    const run = randomUUID().slice(0, 8);
    const key = `guide-${run}`;
    const created = await page.request.post('/api/categories', {
      data: { key, name: `Guide test ${run}`, name_ar: `تصنيف الدليل ${run}` },
    });
    expect(created.status(), await created.text()).toBe(201);
    const { id } = (await created.json()) as Category;
    const name = inLang(lang, `Guide test ${run}`, `تصنيف الدليل ${run}`);
    const editor = t.catalogueAdmin;

    await openApp(page, '/library/catalogue?tab=categories');
    await page.getByRole('button', { name: editor.actions.editFor.replace('{{title}}', name) }).click();
    const dialog = page.getByRole('dialog', { name: editor.categories.edit });
    const text = inLang(lang, `A shelf for testing the guide ${run}.`, `رفّ لتجربة الدليل ${run}.`);
    await dialog
      .getByLabel(inLang(lang, editor.fields.descriptionEn, editor.fields.descriptionAr), { exact: true })
      .fill(text);
    await expect(dialog.getByText(new RegExp(`^${new Intl.NumberFormat(lang).format(text.length)}\\b`))).toBeVisible();
    await dialog.getByRole('button', { name: editor.actions.save, exact: true }).click();
    await expect(dialog).toBeHidden();
    await expect(currentToast(page)).toContainText(editor.toasts.categorySaved);
    const { categories } = (await (await page.request.get('/api/categories')).json()) as { categories: Category[] };
    expect(categories.find((c) => c.key === key)?.[lang === 'ar' ? 'description_ar' : 'description_en']).toBe(text);

    // In the guide: found by the filter, with its text; its own page says it has no books yet.
    await openApp(page, '/category-guide');
    await page.getByRole('searchbox', { name: t.categoryGuide.filter.label }).fill(name);
    const card = page.locator(`[data-testid="guide-category"][data-key="${key}"]`);
    await expect(card.getByText(text)).toBeVisible();
    await card.getByRole('link', { name, exact: true }).click();
    await expect(page).toHaveURL(`/category-guide/${key}`);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(name);
    await expect(page.getByText(text)).toBeVisible();
    await expect(page.getByText(t.categoryGuide.noBooks.title)).toBeVisible();
    await expectNoAxeViolations(page);
    expect((await adminApi.delete(`/api/categories/${id}`)).status()).toBe(204);
  });
});
