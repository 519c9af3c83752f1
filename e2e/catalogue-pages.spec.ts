import type { Author, AuthorDetail, Book, Scholar, ScholarDetail, Shelf } from '@maktaba/shared/schemas/catalogue';
import type { APIRequestContext } from '@playwright/test';
import { createAccount, expect, test } from './auth-fixtures';
import { fill, type Lang, openApp } from './fixtures';
import { expectNoAxeViolations } from './support/axe';
import { demoBook, titleIn } from './support/catalogue';

async function getJson<T>(request: APIRequestContext, path: string): Promise<T> {
  const response = await request.get(path);
  expect(response.status(), path).toBe(200);
  return (await response.json()) as T;
}

const nameIn = (item: { name: string | null; name_ar: string | null }, lang: Lang) =>
  (lang === 'ar' ? item.name_ar || item.name : item.name || item.name_ar) ?? '';
const otherName = (item: { name: string | null; name_ar: string | null }, lang: Lang) =>
  (lang === 'ar' ? item.name : item.name_ar) ?? '';

const UNKNOWN_ID = '00000000-0000-4000-8000-000000000000';

/** Every author, one page of the list at a time. */
async function allAuthors(request: APIRequestContext): Promise<Author[]> {
  const authors: Author[] = [];
  for (let page = 1; ; page += 1) {
    const list = await getJson<{ authors: Author[]; total: number }>(request, `/api/authors?per_page=100&page=${page}`);
    authors.push(...list.authors);
    if (list.authors.length === 0 || authors.length >= list.total) return authors;
  }
}

test.describe('catalogue: book, author and scholar pages', () => {
  test.beforeEach(async ({ page, account }) => {
    await createAccount(page.request, account);
  });

  test('a book page shows both titles, its authors, categories, facts and description, and records a view', async ({
    page,
    lang,
    t,
  }) => {
    const book = await demoBook(page.request);
    const id = book.id;
    const view = page.waitForRequest(
      (request) => request.method() === 'POST' && new URL(request.url()).pathname === `/api/books/${id}/view`,
    );
    await openApp(page, `/book/${id}`);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(titleIn(book, lang));
    // The title names the book, so tabs and history tell book pages apart.
    await expect(page).toHaveTitle(`${titleIn(book, lang)} · ${t.pages.book} · ${t.app.name}`);
    await expect(page.getByTestId('secondary-title')).toHaveText((lang === 'ar' ? book.title : book.title_ar) ?? '');
    await view;

    const author = book.authors[0];
    if (!author) throw new Error('the demo book has an author');
    await expect(page.getByRole('link', { name: nameIn(author, lang), exact: true })).toHaveAttribute(
      'href',
      `/author/${author.id}`,
    );
    const category = book.categories[0];
    if (!category) throw new Error('the demo book has a category');
    await expect(
      page.getByRole('link', { name: lang === 'ar' ? category.name_ar : category.name, exact: true }),
    ).toHaveAttribute('href', `/search?category=${category.key}`);
    await expect(page.getByTestId('availability')).toContainText(
      book.copies_available > 0 ? t.catalogue.book.available : t.catalogue.book.allOnLoan,
    );
    await expect(page.getByText((lang === 'ar' ? book.description_ar : book.description) ?? '')).toBeVisible();
    await expect(page.getByText(book.is_digital ? t.catalogue.book.digital : t.catalogue.book.print)).toBeVisible();
    await expectNoAxeViolations(page);

    await page.getByRole('link', { name: nameIn(author, lang), exact: true }).click();
    await expect(page).toHaveURL(`/author/${author.id}`);
  });

  test('an author page shows both names, the death years, the biography and the books', async ({ page, lang, t }) => {
    const { scholars } = await getJson<{ scholars: Scholar[] }>(page.request, '/api/scholars');
    const authorId = scholars.find((scholar) => scholar.author_id)?.author_id ?? '';
    const author = await getJson<AuthorDetail>(page.request, `/api/authors/${authorId}`);
    await openApp(page, `/author/${authorId}`);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(nameIn(author, lang));
    await expect(page).toHaveTitle(`${nameIn(author, lang)} · ${t.pages.author} · ${t.app.name}`);
    await expect(page.getByTestId('secondary-name')).toHaveText(otherName(author, lang));
    if (author.death_hijri !== null && author.death_ce !== null) {
      const year = (value: number) => new Intl.NumberFormat(lang, { useGrouping: false }).format(value);
      await expect(page.getByTestId('death-years')).toHaveText(
        fill(t.catalogue.author.diedBoth, { hijri: year(author.death_hijri), ce: year(author.death_ce) }),
      );
    }
    await expect(page.getByText((lang === 'ar' ? author.biography_ar : author.biography) ?? '')).toBeVisible();
    await expect(page.getByTestId('book-title')).toHaveText(author.books.map((book) => titleIn(book, lang)));
    await expectNoAxeViolations(page);
  });

  test('a scholar page shows the card, the external profile in a new tab, and the books', async ({ page, lang, t }) => {
    const { scholars } = await getJson<{ scholars: Scholar[] }>(page.request, '/api/scholars');
    const id = scholars[0]?.id ?? '';
    const scholar = await getJson<ScholarDetail>(page.request, `/api/scholars/${id}`);
    await openApp(page, `/scholar/${id}`);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(lang === 'ar' ? scholar.name_ar : scholar.name);
    await expect(page).toHaveTitle(
      `${lang === 'ar' ? scholar.name_ar : scholar.name} · ${t.pages.scholar} · ${t.app.name}`,
    );
    await expect(
      page.getByText((lang === 'ar' ? scholar.title_ar : scholar.title) ?? '', { exact: true }),
    ).toBeVisible();
    const external = page.getByRole('link', { name: t.catalogue.scholar.externalProfile });
    await expect(external).toHaveAttribute('href', scholar.externalLink ?? '');
    await expect(external).toHaveAttribute('target', '_blank');
    await expect(external).toHaveAttribute('rel', 'noopener noreferrer');
    await expect(page.getByTestId('book-title')).toHaveText(scholar.books.map((book) => titleIn(book, lang)));
    await expectNoAxeViolations(page);
  });

  test('a book page shows a row of up to eight more books by its author, and the way to all of them', async ({
    page,
    lang,
    t,
  }) => {
    const authors = await allAuthors(page.request);
    // Shaykh al-Tusi wrote more books in the demo catalogue than the row shows.
    const prolific = authors.find((author) => author.key === 'al-tusi');
    if (!prolific) throw new Error('the demo catalogue has al-Tusi');
    expect(prolific.book_count).toBeGreaterThan(9);
    const detail = await getJson<AuthorDetail>(page.request, `/api/authors/${prolific.id}`);
    const [current] = detail.books;
    if (!current) throw new Error('al-Tusi has books');
    const book = await getJson<Book>(page.request, `/api/books/${current.id}`);
    // The row is about the book's first author.
    expect(book.authors[0]?.id).toBe(prolific.id);

    await openApp(page, `/book/${current.id}`);
    const name = nameIn(prolific, lang);
    const section = page.getByRole('region', {
      name: fill(t.catalogue.book.moreByAuthor, { author: name }).replace(/<\/?name>/g, ''),
    });
    await expect(section).toBeVisible();
    const others = detail.books.filter((other) => other.id !== current.id).slice(0, 8);
    await expect(section.getByTestId('book-title')).toHaveText(others.map((other) => titleIn(other, lang)));
    await expect(section.getByTestId('book-card').first()).toHaveAttribute('href', `/book/${others[0]?.id}`);
    // Covers of books without an image are drawn in their category's colour, with both titles.
    const cover = page.getByRole('article').getByTestId('default-cover').first();
    if (book.cover_image === null && book.title_ar && book.title) {
      await expect(cover.locator('[lang="ar"][dir="rtl"]')).toHaveText(book.title_ar);
      await expect(cover.locator('[lang="en"][dir="ltr"]')).toHaveText(book.title);
      await expect(cover).not.toHaveAttribute('data-cover-hue', 'neutral');
    }
    await expectNoAxeViolations(page);

    await section.getByTestId('more-by-author-all').click();
    await expect(page).toHaveURL(`/author/${prolific.id}`);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(name);

    // An author with one book: no row.
    let only: Book | undefined;
    for (const author of authors.filter((candidate) => candidate.book_count === 1 && candidate.key !== null)) {
      const [summary] = (await getJson<AuthorDetail>(page.request, `/api/authors/${author.id}`)).books;
      const candidate = summary ? await getJson<Book>(page.request, `/api/books/${summary.id}`) : undefined;
      if (candidate?.authors.length === 1) {
        only = candidate;
        break;
      }
    }
    if (!only) throw new Error('the demo catalogue has a book whose only author wrote nothing else');
    const authorLoaded = page.waitForResponse(
      (response) => new URL(response.url()).pathname === `/api/authors/${only?.authors[0]?.id}` && response.ok(),
    );
    await openApp(page, `/book/${only.id}`);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(titleIn(only, lang));
    await authorLoaded;
    await expect(page.getByTestId('book-title')).toHaveCount(0);
    await expect(page.getByTestId('more-by-author')).toHaveCount(0);
  });

  test('unknown books, authors and scholars say they are not found', async ({ page, t, allowConsoleError }) => {
    allowConsoleError(/status of 404/);
    for (const [path, title] of [
      [`/book/${UNKNOWN_ID}`, t.catalogue.book.notFoundTitle],
      [`/author/${UNKNOWN_ID}`, t.catalogue.author.notFoundTitle],
      [`/scholar/${UNKNOWN_ID}`, t.catalogue.scholar.notFoundTitle],
    ] as const) {
      await openApp(page, path);
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(title);
      await expect(page.getByRole('link', { name: t.errors.goHome, exact: true })).toBeVisible();
    }
    await expectNoAxeViolations(page);
  });

  test('an unknown shelf type shows the recently added books', async ({ page, lang, t }) => {
    const recent = await getJson<Shelf>(page.request, '/api/shelves/recent?p_limit=3');
    await openApp(page, '/books/favourites');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(t.bookTypes.recent);
    await expect(page.getByTestId('book-title').first()).toHaveText(
      recent.books.slice(0, 1).map((book) => titleIn(book, lang)),
    );
  });
});
