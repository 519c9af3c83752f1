import { randomUUID } from 'node:crypto';
import type { Book, Category, Shelf } from '@maktaba/shared/schemas/catalogue';
import type { Page } from '@playwright/test';
import { currentToast, escapeRegExp, expect, test } from './auth-fixtures';
import { type Catalogue, fill, type Lang, openApp } from './fixtures';
import { expectNoAxeViolations } from './support/axe';

const editor = (t: Catalogue) => t.catalogueAdmin;

/** A 2×3 PNG. */
const PNG = 'iVBORw0KGgoAAAANSUhEUgAAAAIAAAADCAIAAAA2iEnWAAAAEElEQVR4nGM4UaEBRAwoFABcbQhxorYfuAAAAABJRU5ErkJggg==';

async function createCategory(page: Page, name: string): Promise<Category> {
  const key = `e2e-${randomUUID().slice(0, 8)}`;
  const response = await page.request.post('/api/categories', { data: { key, name, name_ar: `تصنيف ${name}` } });
  expect(response.status(), await response.text()).toBe(201);
  return (await response.json()) as Category;
}

async function createDraft(page: Page, title: string, title_ar: string): Promise<Book> {
  const response = await page.request.post('/api/books', {
    data: { title, title_ar, copies_total: 2, copies_available: 1 },
  });
  expect(response.status(), await response.text()).toBe(201);
  return (await response.json()) as Book;
}

/** The "copies added" toast for a count, in the language's plural form. */
function pluralOf(t: Catalogue, lang: Lang, count: number): string {
  const toasts = editor(t).copies.toasts as Record<string, string>;
  const form = new Intl.PluralRules(lang).select(count);
  return toasts[`added_${form}`] ?? toasts.added_other ?? '';
}

const recentTitles = (page: Page, t: Catalogue) =>
  page.getByRole('region', { name: t.bookTypes.recent, exact: true }).getByTestId('book-title');

test.describe('catalogue editing', () => {
  test('an admin creates a book with a new author and a category: a draft, hidden until approved, then on the home shelf', async ({
    page,
    t,
    lang,
    signInAs,
    allowConsoleError,
  }) => {
    // A category, an author, a book, its approval and the home shelf: one long flow, and every
    // write refreshes the search index on the one server both workers share.
    test.slow();
    await signInAs('admin');
    const run = randomUUID().slice(0, 6);
    const category = await createCategory(page, `Ethics ${run}`);
    const title = lang === 'ar' ? `كتاب الاختبار ${run}` : `Test Treatise ${run}`;
    const author = lang === 'ar' ? `الشيخ المفيد ${run}` : `Shaykh al-Mufid ${run}`;

    await openApp(page, '/admin/book-catalog');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(editor(t).title);
    await expectNoAxeViolations(page);
    await page.getByRole('link', { name: editor(t).books.new }).click();
    await expect(page).toHaveURL(/\/admin\/book-editor$/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(editor(t).editor.newTitle);

    const field = lang === 'ar' ? editor(t).fields.titleAr : editor(t).fields.titleEn;
    await page.getByLabel(field, { exact: true }).fill(title);
    await expect(page.getByLabel(editor(t).fields.titleAr, { exact: true })).toHaveAttribute('dir', 'rtl');

    // A new author, made on the spot, joins the book.
    await page.getByRole('button', { name: editor(t).authors.new }).click();
    const dialog = page.getByRole('dialog', { name: editor(t).authors.new });
    await dialog
      .getByLabel(lang === 'ar' ? editor(t).fields.nameAr : editor(t).fields.nameEn, { exact: true })
      .fill(author);
    await dialog.getByRole('button', { name: editor(t).actions.save, exact: true }).click();
    await expect(dialog).toBeHidden();
    await expect(page.getByRole('list', { name: editor(t).editor.chosenAuthors })).toHaveText(author);

    await page.getByRole('checkbox', { name: lang === 'ar' ? category.name_ar : category.name }).check();
    await expectNoAxeViolations(page);
    await page.getByRole('button', { name: editor(t).actions.save, exact: true }).click();
    await expect(currentToast(page)).toContainText(editor(t).toasts.bookCreated);
    await expect(page).toHaveURL(/\/admin\/book-editor\?id=[0-9a-f-]{36}$/);
    const id = new URL(page.url()).searchParams.get('id') ?? '';

    const saved = (await (await page.request.get(`/api/books/${id}`)).json()) as Book;
    expect(saved.status).toBe('draft');
    expect(saved.authors.map((a) => a.name ?? a.name_ar)).toEqual([author]);
    expect(saved.categories.map((c) => c.id)).toEqual([category.id]);
    await expect(page.getByText(editor(t).status.draft, { exact: true })).toBeVisible();

    // The cover: a file that is not an image is refused with the translated reason; a PNG is stored and shown.
    allowConsoleError(/status of 415/);
    const cover = page.getByLabel(editor(t).editor.cover, { exact: true });
    // Its button is in the page's language, not the browser's "Choose File".
    await expect(page.getByText(t.fileInput.choose, { exact: true })).toBeVisible();
    await expect(page.getByText(t.fileInput.none, { exact: true })).toBeVisible();
    await cover.setInputFiles({ name: 'cover.png', mimeType: 'image/png', buffer: Buffer.from('not an image') });
    await expect(page.getByText(editor(t).image.notImage)).toBeVisible();
    await cover.setInputFiles({ name: 'cover.png', mimeType: 'image/png', buffer: Buffer.from(PNG, 'base64') });
    await expect(currentToast(page)).toContainText(editor(t).toasts.imageSaved);
    await expect(page.getByRole('img', { name: editor(t).image.preview })).toHaveAttribute(
      'src',
      /^\/storage\/v1\/object\/public\/covers\//,
    );

    // A draft is not on the public shelf. (Asked without the browser: the page would keep the
    // shelf in its HTTP cache for 30 seconds, and the home page is opened after approval below.)
    const before = await page.request.get('/api/shelves/recent?p_limit=20&p_offset=0');
    expect(((await before.json()) as Shelf).books.map((book) => book.id)).not.toContain(id);

    await openApp(page, `/admin/book-editor?id=${id}`);
    await page.getByRole('button', { name: editor(t).actions.approve, exact: true }).click();
    await expect(currentToast(page)).toContainText(editor(t).toasts.status.approved);
    await expect(page.getByText(editor(t).status.approved, { exact: true })).toBeVisible();

    // The audit log: the approval, from draft to approved, linked to the book.
    await openApp(page, '/admin/audit-log?action=update_book');
    const entry = page.getByTestId('audit-row').filter({ hasText: title });
    await expect(entry).toHaveCount(1);
    await expect(entry).toContainText(t.audit.actions.update_book);
    await expect(entry.getByRole('link', { name: title })).toHaveAttribute('href', `/book/${id}`);
    await expect(entry.locator('del')).toHaveText(editor(t).status.draft);
    await expect(entry.locator('ins')).toHaveText(editor(t).status.approved);
    await expectNoAxeViolations(page);

    await openApp(page, '/');
    await expect(recentTitles(page, t).filter({ hasText: title })).toHaveCount(1);
  });

  test('invalid input shows the translated messages and keeps what was typed; leaving asks first', async ({
    page,
    t,
    signInAs,
  }) => {
    await signInAs('admin');
    await openApp(page, '/admin/book-editor');
    const save = page.getByRole('button', { name: editor(t).actions.save, exact: true });
    await page.getByLabel(editor(t).fields.publisher, { exact: true }).fill('Ansariyan');
    await save.click();
    await expect(page.getByText(t.validation.catalogue.titleRequired)).toBeVisible();
    await expect(page.getByLabel(editor(t).fields.titleEn, { exact: true })).toBeFocused();

    await page.getByLabel(editor(t).fields.titleEn, { exact: true }).fill('Kitab al-Irshad');
    const copies = page.getByLabel(editor(t).fields.copiesCount, { exact: true });
    await copies.fill('-1');
    await save.click();
    await expect(copies).toHaveAccessibleDescription(
      new RegExp(`^${escapeRegExp(t.validation.catalogue.copiesCount)}`),
    );
    await expect(page.getByText(t.validation.catalogue.titleRequired)).toHaveCount(0);
    await expect(page.getByLabel(editor(t).fields.titleEn, { exact: true })).toHaveValue('Kitab al-Irshad');
    await expect(page.getByLabel(editor(t).fields.publisher, { exact: true })).toHaveValue('Ansariyan');
    await expect(copies).toHaveValue('-1');
    await expect(page).toHaveURL(/\/admin\/book-editor$/);

    // Leaving with unsaved edits asks first; staying keeps them, leaving goes.
    await page.getByRole('link', { name: editor(t).editor.back }).click();
    const ask = page.getByRole('alertdialog', { name: editor(t).unsaved.title });
    await ask.getByRole('button', { name: editor(t).unsaved.stay }).click();
    await expect(ask).toBeHidden();
    await expect(page.getByLabel(editor(t).fields.publisher, { exact: true })).toHaveValue('Ansariyan');
    await page.getByRole('link', { name: editor(t).editor.back }).click();
    await page
      .getByRole('alertdialog', { name: editor(t).unsaved.title })
      .getByRole('button', { name: editor(t).unsaved.leave })
      .click();
    await expect(page).toHaveURL(/\/admin\/book-catalog$/);
  });

  test('a librarian works at /library/catalogue: edits and approves, and is offered no Delete', async ({
    page,
    t,
    lang,
    signInAs,
  }) => {
    await signInAs('librarian');
    const run = randomUUID().slice(0, 6);
    const book = await createDraft(page, `Librarian Draft ${run}`, `مسودة أمين المكتبة ${run}`);
    const title = lang === 'ar' ? (book.title_ar ?? '') : (book.title ?? '');

    await openApp(page, '/library/catalogue');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(editor(t).title);
    await page.getByLabel(editor(t).books.search).fill(run);
    await expect(page).toHaveURL(new RegExp(`[?&]q=${run}`));
    const table = page.getByRole('region', { name: editor(t).books.tableLabel });
    await expect(table.getByRole('row')).toHaveCount(2);
    await expect(table.getByRole('button', { name: editor(t).actions.delete })).toHaveCount(0);
    await expectNoAxeViolations(page);

    await table.getByRole('link', { name: editor(t).actions.edit }).click();
    await expect(page).toHaveURL(new RegExp(`/library/book-editor\\?id=${book.id}$`));
    const titleField = page.getByLabel(lang === 'ar' ? editor(t).fields.titleAr : editor(t).fields.titleEn, {
      exact: true,
    });
    await expect(titleField).toHaveValue(title);
    await titleField.fill(`${title} 2`);
    await page.getByRole('button', { name: editor(t).actions.save, exact: true }).click();
    await expect(currentToast(page)).toContainText(editor(t).toasts.bookSaved);
    await page.getByRole('button', { name: editor(t).actions.approve, exact: true }).click();
    await expect(currentToast(page)).toContainText(editor(t).toasts.status.approved);

    const saved = (await (await page.request.get(`/api/books/${book.id}`)).json()) as Book;
    expect(saved.status).toBe('approved');
    expect(lang === 'ar' ? saved.title_ar : saved.title).toBe(`${title} 2`);
  });

  test('copies: add two with assigned barcodes, withdraw one after confirming; the counts and the book page follow, on a phone too', async ({
    page,
    t,
    lang,
    signInAs,
  }) => {
    test.slow();
    await signInAs('admin');
    const run = randomUUID().slice(0, 6);
    const created = await page.request.post('/api/books', {
      data: { title: `Copies ${run}`, title_ar: `نسخ ${run}`, copies_total: 0 },
    });
    expect(created.status(), await created.text()).toBe(201);
    const book = (await created.json()) as Book;
    expect(book).toMatchObject({ copies_total: 0, copies_available: 0 });
    const approved = await page.request.post(`/api/books/${book.id}/status`, { data: { status: 'approved' } });
    expect(approved.status()).toBe(200);
    const number = (value: number) => new Intl.NumberFormat(lang).format(value);
    const summary = (available: number, total: number) =>
      fill(editor(t).copies.summary, { available: number(available), total: number(total) });

    await openApp(page, `/admin/book-editor?id=${book.id}`);
    const section = page.getByRole('region', { name: editor(t).copies.title, exact: true });
    await expect(section.getByText(editor(t).copies.empty)).toBeVisible();
    await expect(section.getByTestId('copies-summary')).toHaveText(summary(0, 0));
    // The book's counts are read-only in its form: they follow its copies.
    await expect(page.locator('#book-copies-total')).toHaveCount(0);
    await expect(page.getByTestId('book-copy-counts')).toBeVisible();

    await section.getByLabel(editor(t).copies.add.count, { exact: true }).fill('2');
    await section.getByRole('button', { name: editor(t).copies.add.submit }).click();
    await expect(currentToast(page)).toContainText(fill(pluralOf(t, lang, 2), { formatted: number(2) }));
    const rows = section.getByTestId('copy-row');
    await expect(rows).toHaveCount(2);
    const barcodes = await rows.evaluateAll((elements) =>
      elements.map((row) => row.getAttribute('data-barcode') ?? ''),
    );
    for (const barcode of barcodes) expect(barcode).toMatch(/^MK\d{7,}$/);
    await expect(rows.first()).toContainText(barcodes[0] ?? '');
    await expect(rows.first()).toContainText(t.lending.copyStatus.available);
    await expect(section.getByTestId('copies-summary')).toHaveText(summary(2, 2));
    await expectNoAxeViolations(page);

    // Withdrawing asks first; cancelling changes nothing.
    const first = barcodes[0] ?? '';
    const status = section.getByRole('combobox', { name: fill(editor(t).copies.statusFor, { barcode: first }) });
    await status.selectOption('withdrawn');
    const ask = page.getByRole('alertdialog', {
      name: fill(editor(t).copies.confirm.withdrawn.title, { barcode: first }),
    });
    await ask.getByRole('button', { name: editor(t).copies.confirm.cancel }).click();
    await expect(ask).toBeHidden();
    await expect(status).toHaveValue('available');
    await status.selectOption('withdrawn');
    await ask.getByRole('button', { name: editor(t).copies.confirm.withdrawn.confirm }).click();
    await expect(ask).toBeHidden();
    await expect(currentToast(page)).toContainText(first);
    await expect(rows.first()).toContainText(t.lending.copyStatus.withdrawn);
    await expect(section.getByTestId('copies-summary')).toHaveText(summary(1, 1));

    // On a phone: cards, no sideways scrolling (the fixture checks), the same controls.
    await page.setViewportSize({ width: 390, height: 844 });
    const cards = section.getByTestId('copy-card');
    await expect(cards).toHaveCount(2);
    await expect(rows.first()).toBeHidden();
    await expect(cards.filter({ hasText: first })).toContainText(t.lending.copyStatus.withdrawn);
    await expectNoAxeViolations(page);
    await page.setViewportSize({ width: 1280, height: 720 });

    // The book page reads the counts the copies drive.
    await openApp(page, `/book/${book.id}`);
    const availability = page.getByTestId('availability');
    await expect(availability).toContainText(t.catalogue.book.available);
    await expect(availability).toContainText(fill(t.catalogue.book.copies, { available: number(1), total: number(1) }));
  });

  test('a patron opening the editing screens lands on /unauthorized', async ({ page, signInAs }) => {
    await signInAs('patron');
    for (const path of ['/admin/book-catalog', '/library', '/library/catalogue', '/library/book-editor']) {
      await openApp(page, path);
      await expect(page).toHaveURL(/\/unauthorized$/);
    }
  });

  test("authors: a photo uploaded in the author's dialog shows on the author page", async ({
    page,
    t,
    lang,
    signInAs,
  }) => {
    await signInAs('librarian');
    const run = randomUUID().slice(0, 6);
    const created = await page.request.post('/api/authors', {
      data: { name: `Portrait ${run}`, name_ar: `صورة ${run}` },
    });
    expect(created.status(), await created.text()).toBe(201);
    const author = (await created.json()) as { id: string };
    await openApp(page, '/library/catalogue?tab=authors');
    await page.getByRole('searchbox', { name: editor(t).authors.search }).fill(run);
    const name = lang === 'ar' ? `صورة ${run}` : `Portrait ${run}`;
    await page.getByRole('button', { name: editor(t).actions.editFor.replace('{{title}}', name) }).click();
    const dialog = page.getByRole('dialog', { name: editor(t).authors.edit });
    await dialog
      .getByLabel(editor(t).fields.photo, { exact: true })
      .setInputFiles({ name: 'portrait.png', mimeType: 'image/png', buffer: Buffer.from(PNG, 'base64') });
    await expect(currentToast(page)).toContainText(editor(t).toasts.imageSaved);
    await expect(dialog.getByRole('img', { name: editor(t).image.preview })).toHaveAttribute(
      'src',
      /^\/storage\/v1\/object\/public\/portraits\//,
    );
    await expectNoAxeViolations(page);

    await openApp(page, `/author/${author.id}`);
    await expect(page.getByTestId('author-photo')).toHaveAttribute('src', /\/storage\/v1\/object\/public\/portraits\//);
    await expect(page.getByTestId('author-photo')).toHaveJSProperty('complete', true);
    expect(
      await page.getByTestId('author-photo').evaluate((img: HTMLImageElement) => img.naturalWidth),
    ).toBeGreaterThan(0);
  });

  test('categories: create one under a parent, then rename it', async ({ page, t, lang, signInAs }) => {
    await signInAs('admin');
    const run = randomUUID().slice(0, 6);
    const parent = await createCategory(page, `Parent ${run}`);
    await openApp(page, '/admin/book-catalog?tab=categories');
    await page.getByRole('button', { name: editor(t).categories.new }).click();
    const dialog = page.getByRole('dialog', { name: editor(t).categories.new });
    await dialog.getByLabel(editor(t).fields.nameEn, { exact: true }).fill(`Child ${run}`);
    await dialog.getByLabel(editor(t).fields.nameAr, { exact: true }).fill(`فرع ${run}`);
    await dialog.getByLabel(editor(t).fields.key, { exact: true }).fill('Not A Key');
    await dialog.getByLabel(editor(t).fields.parent, { exact: true }).selectOption(parent.id);
    await dialog.getByRole('button', { name: editor(t).actions.save, exact: true }).click();
    await expect(dialog.getByText(t.validation.catalogue.key)).toBeVisible();
    await dialog.getByLabel(editor(t).fields.key, { exact: true }).fill(`child-${run}`);
    await dialog.getByRole('button', { name: editor(t).actions.save, exact: true }).click();
    await expect(dialog).toBeHidden();
    await expect(currentToast(page)).toContainText(editor(t).toasts.categoryCreated);

    const childName = lang === 'ar' ? `فرع ${run}` : `Child ${run}`;
    await page.getByRole('button', { name: editor(t).actions.editFor.replace('{{title}}', childName) }).click();
    const edit = page.getByRole('dialog', { name: editor(t).categories.edit });
    await expect(edit.getByLabel(editor(t).fields.parent, { exact: true })).toHaveValue(parent.id);
    await edit.getByLabel(editor(t).fields.nameEn, { exact: true }).fill(`Renamed ${run}`);
    await edit.getByRole('button', { name: editor(t).actions.save, exact: true }).click();
    await expect(edit).toBeHidden();
    await expect(currentToast(page)).toContainText(editor(t).toasts.categorySaved);

    const { categories } = (await (await page.request.get('/api/categories')).json()) as { categories: Category[] };
    expect(categories.find((c) => c.key === `child-${run}`)).toMatchObject({
      name: `Renamed ${run}`,
      parent_id: parent.id,
    });
    await expectNoAxeViolations(page);
  });
});
