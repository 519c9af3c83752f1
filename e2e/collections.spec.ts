import type { Shelf } from '@maktaba/shared/schemas/catalogue';
import type { Collection, MyCollections } from '@maktaba/shared/schemas/collections';
import type { APIRequestContext, Page } from '@playwright/test';
import { createAccount, currentToast, escapeRegExp, expect, randomClientIp, test } from './auth-fixtures';
import { fill, openApp, storedLanguage } from './fixtures';
import { expectNoAxeViolations } from './support/axe';
import { titleIn } from './support/catalogue';
import { E2E_BASE_URL } from './support/e2e-env';

async function recentBooks(request: APIRequestContext, limit: number) {
  const response = await request.get(`/api/shelves/recent?p_limit=${limit}`);
  return ((await response.json()) as Shelf).books;
}

/** A number as the page writes it (the reader's digits). */
const inPageDigits = (page: Page, value: number) =>
  page.evaluate((n) => new Intl.NumberFormat(document.documentElement.lang).format(n), value);

const bookTitles = (page: Page) => page.getByTestId('collection-book-title');

test.describe('collections', () => {
  test('a reader builds a public collection from book pages, puts it in order with the keyboard, and a visitor opens it', async ({
    page,
    browser,
    context,
    lang,
    t,
    account,
  }) => {
    test.slow();
    await createAccount(page.request, account);
    const [first, second, third] = await recentBooks(page.request, 3);
    if (!first || !second || !third) throw new Error('the catalogue has three books');
    const [one, two, three] = [first, second, third].map((book) => titleIn(book, lang)) as [string, string, string];
    const name = lang === 'ar' ? `كتب للبدء ${Date.now()}` : `Books to start with ${Date.now()}`;

    // The first book: no collections yet, so the dialog offers a new one at once.
    await openApp(page, `/book/${first.id}`);
    await page.getByRole('main').getByRole('button', { name: t.collections.add.button }).click();
    const dialog = page.getByRole('dialog', { name: t.collections.add.dialogTitle });
    await expect(dialog.getByText(t.collections.add.empty)).toBeVisible();
    await dialog.getByLabel(t.collections.form.title, { exact: true }).fill(name);
    await dialog.getByRole('switch', { name: t.collections.form.public }).check();
    await expect(dialog.getByText(t.collections.form.publicHint)).toBeVisible();
    await dialog.getByRole('button', { name: t.collections.add.createAndAdd }).click();
    await expect(currentToast(page)).toHaveText(fill(t.collections.add.createdAndAdded, { collection: name }));
    const mine = (await (await page.request.get('/api/collections/mine')).json()) as MyCollections;
    const id = mine.items[0]?.id ?? '';
    expect(mine.items.map((item) => [item.is_public, item.book_count])).toEqual([[true, 1]]);
    await expect(dialog.getByRole('checkbox', { name: new RegExp(escapeRegExp(name)) })).toBeChecked();
    await dialog.getByRole('button', { name: t.collections.add.done }).click();

    // The second and third books: tick the collection in the dialog.
    for (const book of [second, third]) {
      await openApp(page, `/book/${book.id}`);
      await page.getByRole('main').getByRole('button', { name: t.collections.add.button }).click();
      const choice = dialog.getByRole('checkbox', { name: new RegExp(escapeRegExp(name)) });
      await expect(choice).not.toBeChecked();
      await choice.check();
      await expect(currentToast(page)).toHaveText(fill(t.collections.add.added, { collection: name }));
      await page.keyboard.press('Escape');
      await expect(dialog).toBeHidden();
    }

    // My collections lists it with its count and visibility.
    await openApp(page, '/collections');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(t.collections.mine.title);
    const card = page.getByTestId('collection-card');
    await expect(card.getByTestId('collection-title')).toHaveText(name);
    await expect(card.getByTestId('collection-count')).toHaveText(
      fill(t.collections[`count_${new Intl.PluralRules(lang).select(3)}` as 'count_other'], {
        formatted: await inPageDigits(page, 3),
      }),
    );
    await expectNoAxeViolations(page);

    // Its page, in edit mode: the third book moves up with the keyboard, focus stays on it.
    await card.click();
    await expect(page).toHaveURL(new RegExp(`/collections/${id}$`));
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(name);
    await expect(bookTitles(page)).toHaveText([one, two, three]);
    await page.getByRole('button', { name: t.collections.page.edit }).click();
    const moveUp = page.getByRole('button', { name: fill(t.collections.page.moveUpFor, { title: three }) });
    await moveUp.focus();
    await page.keyboard.press('Enter');
    await expect(bookTitles(page)).toHaveText([one, three, two]);
    await expect(moveUp).toBeFocused();
    await expect(page.getByTestId('reorder-status')).toHaveText(
      fill(t.collections.page.moved, {
        position: await inPageDigits(page, 2),
        total: await inPageDigits(page, 3),
      }),
    );
    await expect
      .poll(async () => {
        const saved = (await (await page.request.get(`/api/collections/${id}`)).json()) as Collection;
        return saved.books.map((entry) => entry.book.id);
      })
      .toEqual([first.id, third.id, second.id]);

    // A note on the moved book, saved inline.
    const note = lang === 'ar' ? 'ابدأ بالفصل الأول.' : 'Start with the first chapter.';
    const rows = page.getByTestId('collection-book');
    await rows.nth(1).getByRole('textbox').fill(note);
    await rows
      .nth(1)
      .getByRole('button', { name: fill(t.collections.page.saveNoteFor, { title: three }) })
      .click();
    await expect(currentToast(page)).toHaveText(t.collections.page.noteSaved);
    await expectNoAxeViolations(page);
    await page.getByRole('button', { name: t.collections.page.doneEditing }).click();

    // Copy the link and open it as a visitor, in a browser with no session.
    await context.grantPermissions(['clipboard-read', 'clipboard-write']);
    await page.getByRole('button', { name: t.collections.page.copyLink }).click();
    await expect(currentToast(page)).toHaveText(t.collections.page.linkCopied);
    const link = await page.evaluate(() => navigator.clipboard.readText());
    expect(link).toBe(`${E2E_BASE_URL}/collections/${id}`);

    const visitor = await browser.newContext({
      baseURL: E2E_BASE_URL,
      locale: lang === 'ar' ? 'ar' : 'en-US',
      extraHTTPHeaders: { 'X-Forwarded-For': randomClientIp() },
      storageState: storedLanguage(E2E_BASE_URL, lang),
    });
    try {
      const guest = await visitor.newPage();
      await openApp(guest, link);
      await expect(guest.getByRole('heading', { level: 1 })).toHaveText(name);
      await expect(bookTitles(guest)).toHaveText([one, three, two]);
      await expect(guest.getByTestId('collection-note')).toHaveText(note);
      await expect(guest.getByRole('button', { name: t.collections.page.edit })).toHaveCount(0);
      await expectNoAxeViolations(guest);
    } finally {
      await visitor.close();
    }
  });

  test('a private collection is not found by another reader; a librarian features a public one on the home page', async ({
    page,
    playwright,
    signInAs,
    lang,
    t,
    account,
    allowConsoleError,
  }) => {
    test.slow();
    // The browser logs the 404 of the private collection: that answer is the point.
    allowConsoleError(/the server responded with a status of 404/);
    // The owner arranges two collections through the API.
    const owner = await playwright.request.newContext({
      baseURL: E2E_BASE_URL,
      extraHTTPHeaders: { 'X-Forwarded-For': randomClientIp() },
    });
    const [book] = await recentBooks(owner, 1);
    if (!book) throw new Error('the catalogue has books');
    await createAccount(owner, account);
    const stamp = Date.now();
    const create = async (title: string, isPublic: boolean) => {
      const response = await owner.post('/api/collections', {
        data: lang === 'ar' ? { title_ar: title, is_public: isPublic } : { title_en: title, is_public: isPublic },
      });
      expect(response.status(), await response.text()).toBe(201);
      const collection = (await response.json()) as Collection;
      const added = await owner.post(`/api/collections/${collection.id}/books`, { data: { book_id: book.id } });
      expect(added.status(), await added.text()).toBe(201);
      return collection.id;
    };
    const privateTitle = lang === 'ar' ? `قراءاتي الخاصة ${stamp}` : `My private reading ${stamp}`;
    const publicTitle = lang === 'ar' ? `أمهات الكتب ${stamp}` : `The great books ${stamp}`;
    const privateId = await create(privateTitle, false);
    const publicId = await create(publicTitle, true);
    await owner.dispose();

    // Another reader: the private one is not found; the public one opens.
    await signInAs('patron');
    await openApp(page, `/collections/${privateId}`);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(t.collections.page.notFoundTitle);
    await expect(page.getByText(t.collections.page.notFoundDescription)).toBeVisible();
    await expectNoAxeViolations(page);

    // A librarian finds the public one among every reader's and features it.
    await signInAs('librarian');
    await openApp(page, '/library/collections');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(t.collections.staff.title);
    await page.getByLabel(t.collections.staff.search).fill(String(stamp));
    const rows = page.getByTestId('staff-collection');
    await expect(rows).toHaveCount(2);
    await expect(
      page.getByRole('button', { name: fill(t.collections.staff.featureFor, { title: privateTitle }) }),
    ).toHaveCount(0);
    await page.getByRole('button', { name: fill(t.collections.staff.featureFor, { title: publicTitle }) }).click();
    await expect(currentToast(page)).toHaveText(t.collections.page.featured);
    await expect(
      page.getByRole('button', { name: fill(t.collections.staff.unfeatureFor, { title: publicTitle }) }),
    ).toBeVisible();
    await expectNoAxeViolations(page);

    try {
      await openApp(page, '/');
      const featured = page.getByRole('region', { name: t.collections.featured.title });
      await expect(featured.getByRole('link', { name: new RegExp(escapeRegExp(publicTitle)) })).toBeVisible();
      await featured.getByRole('link', { name: new RegExp(escapeRegExp(publicTitle)) }).click();
      await expect(page).toHaveURL(new RegExp(`/collections/${publicId}$`));
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(publicTitle);
    } finally {
      // The home page's featured row is shared by every test: leave it as it was.
      const unfeature = await page.request.put(`/api/collections/${publicId}/featured`, { data: { featured: false } });
      expect(unfeature.status(), await unfeature.text()).toBe(200);
    }
  });
});
