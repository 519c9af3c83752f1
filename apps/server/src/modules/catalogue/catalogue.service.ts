import { can } from '@maktaba/shared/permissions';
import {
  type AuthorDetail,
  type Book,
  type Category,
  type CategorySuggestion,
  categorySuggestionLimit,
  type Scholar,
  type ScholarDetail,
  type Shelf,
  type ShelfType,
} from '@maktaba/shared/schemas/catalogue';
import type { Actor } from '../../actor.js';
import type { Database } from '../../db/client.js';
import { AppError } from '../../errors.js';
import type { SearchCache } from '../search/search-cache.js';
import { toAuthor, toBook, toBookSummary, toCategory, toCategorySuggestion, toScholar } from './catalogue.mapper.js';
import * as repo from './catalogue.repository.js';

const AUTHOR_BOOKS_MAX = 200;

export const bookNotFound = () => new AppError('NOT_FOUND', 'Book not found');
export const authorNotFound = () => new AppError('NOT_FOUND', 'Author not found');
export const scholarNotFound = () => new AppError('NOT_FOUND', 'Scholar not found');

/** Librarians and admins see every status; everyone else sees approved books only. */
export const seesUnpublished = (actor: Actor | null) => can(actor?.role, 'books.edit');

export async function getShelf(
  db: Database,
  type: ShelfType,
  page: { limit: number; offset: number },
  actor: Actor | null,
  cache?: SearchCache,
): Promise<Shelf> {
  if (type === 'bookmarked' && !actor) throw new AppError('UNAUTHENTICATED');
  // The number of public books is an answer about the catalogue: kept with the search answers,
  // which are dropped whenever the catalogue changes.
  const approvedTotal = cache
    ? async () => (await cache.get('approved-books', async () => ({ n: await repo.countApprovedBooks(db) }))).n
    : undefined;
  const { rows, total } = await repo.findShelf(db, type, page, actor?.id ?? null, approvedTotal);
  return { type, books: rows.map(toBookSummary), total, limit: page.limit, offset: page.offset };
}

/**
 * A book. `actor` may be given as a function: who asks is then read only for a book that is not
 * public (editors see drafts), so a reader's book page waits on one statement, not two.
 */
export async function getBook(
  db: Database,
  id: string,
  actor: Actor | null | (() => Promise<Actor | null>),
): Promise<Book> {
  const row = await repo.findBook(db, id);
  if (!row) throw bookNotFound();
  if (row.status !== 'approved' && !seesUnpublished(typeof actor === 'function' ? await actor() : actor)) {
    throw bookNotFound();
  }
  return toBook(row);
}

/** Counts a view of an approved book (once a day per viewer). */
export async function recordBookView(db: Database, id: string, viewer: string): Promise<void> {
  if (!(await repo.bookIsApproved(db, id))) throw bookNotFound();
  await repo.recordView(db, id, viewer);
}

export async function getAuthor(db: Database, id: string): Promise<AuthorDetail> {
  const row = await repo.findAuthor(db, id);
  if (!row) throw authorNotFound();
  const [books, scholarId] = await Promise.all([
    repo.findBooksByAuthor(db, id, AUTHOR_BOOKS_MAX),
    repo.findScholarIdByAuthor(db, id),
  ]);
  return { ...toAuthor(row), books: books.map(toBookSummary), scholar_id: scholarId };
}

export async function listAuthors(db: Database, query: { q?: string; page: number; per_page: number }) {
  const { rows, total } = await repo.findAuthors(db, {
    q: query.q,
    limit: query.per_page,
    offset: (query.page - 1) * query.per_page,
  });
  return { authors: rows.map(toAuthor), total, page: query.page, per_page: query.per_page };
}

export async function listScholars(db: Database): Promise<Scholar[]> {
  return (await repo.findScholars(db)).map(toScholar);
}

export async function getScholar(db: Database, id: string): Promise<ScholarDetail> {
  const row = await repo.findScholar(db, id);
  if (!row) throw scholarNotFound();
  const [author, books] = row.authorId
    ? await Promise.all([repo.findAuthor(db, row.authorId), repo.findBooksByAuthor(db, row.authorId, AUTHOR_BOOKS_MAX)])
    : [undefined, []];
  return { ...toScholar(row), author: author ? toAuthor(author) : null, books: books.map(toBookSummary) };
}

export async function listCategories(db: Database): Promise<Category[]> {
  return (await repo.findCategories(db)).map(toCategory);
}

/** get_bilingual_category_suggestions: p_limit wins when given, else max(50, count × 6). */
export async function categorySuggestions(
  db: Database,
  query: { count?: number; p_limit?: number },
): Promise<CategorySuggestion[]> {
  const limit = query.p_limit ?? categorySuggestionLimit(query.count ?? 0);
  return (await repo.findCategorySuggestions(db, limit)).map(toCategorySuggestion);
}
