import type { Bookmark, BookmarkList, BookmarkListQuery, BookmarkRow } from '@maktaba/shared/schemas/bookmarks';
import { PUBLIC_BOOK_STATUS } from '@maktaba/shared/schemas/catalogue';
import { publicObjectUrl } from '@maktaba/shared/schemas/storage';
import type { Actor } from '../../actor.js';
import type { Database } from '../../db/client.js';
import { AppError } from '../../errors.js';
import { authorLine } from '../catalogue/catalogue.mapper.js';
import { seesUnpublished } from '../catalogue/catalogue.service.js';
import { recordUserActivity } from '../users/user-activity.repository.js';
import * as repo from './bookmarks.repository.js';

/** A duplicate add may lose a race with a remove of the same bookmark: try the pair again a few times. */
const ADD_ATTEMPTS = 3;

const bookNotFound = () => new AppError('NOT_FOUND', 'Book not found');
const bookmarkNotFound = () => new AppError('NOT_FOUND', 'Bookmark not found');

const isVisible = (status: string | undefined, actor: Actor) =>
  status !== undefined && (status === PUBLIC_BOOK_STATUS || seesUnpublished(actor));

const toRow = (row: repo.BookmarkRecord): BookmarkRow => ({
  id: row.id,
  book_id: row.bookId,
  created_at: row.createdAt.toISOString(),
});

/**
 * A bookmark whose book was later unpublished stays in the list (the reader can still remove it,
 * and the count stays exact) but without the book's title, author or cover: a reader who may not
 * see drafts learns nothing of what the book has become.
 */
function toBookmark(row: repo.BookmarkListRow, actor: Actor): Bookmark {
  const visible = isVisible(row.status, actor);
  return {
    ...toRow(row),
    book_visible: visible,
    bookTitle: visible ? row.titleEn : null,
    bookTitleAr: visible ? row.titleAr : null,
    bookAuthor: visible ? authorLine(row.authors, 'en') : null,
    bookAuthorAr: visible ? authorLine(row.authors, 'ar') : null,
    bookCoverImage: visible ? publicObjectUrl('covers', row.coverKey) : null,
    bookCategoryKey: visible ? row.categoryKey : null,
  };
}

export async function listBookmarks(db: Database, actor: Actor, query: BookmarkListQuery): Promise<BookmarkList> {
  const { rows, total } = await repo.findBookmarks(db, actor.id, query);
  return { items: rows.map((row) => toBookmark(row, actor)), total, limit: query.limit, offset: query.offset };
}

export async function listBookmarkedBookIds(db: Database, actor: Actor): Promise<string[]> {
  return repo.findBookmarkedBookIds(db, actor.id);
}

/**
 * Adds a bookmark on a book the reader may see. A bookmark that exists already is the answer
 * (`created` false), so a double click or a retried request is not an error.
 */
export async function addBookmark(
  db: Database,
  actor: Actor,
  bookId: string,
): Promise<{ bookmark: BookmarkRow; created: boolean }> {
  // Nearly always a new bookmark on a book the reader may see: one statement does it all.
  const added = await repo.insertBookmarkLogged(db, actor.id, bookId, seesUnpublished(actor));
  if (added) return { bookmark: toRow(added), created: true };
  if (!isVisible(await repo.findBookStatus(db, bookId), actor)) throw bookNotFound();
  for (let attempt = 0; attempt < ADD_ATTEMPTS; attempt++) {
    const inserted = await repo.insertBookmark(db, actor.id, bookId);
    if (inserted) {
      await recordUserActivity(db, actor.id, 'bookmark_added', { book_id: bookId });
      return { bookmark: toRow(inserted), created: true };
    }
    const existing = await repo.findBookmarkByBook(db, actor.id, bookId);
    if (existing) return { bookmark: toRow(existing), created: false };
  }
  throw new AppError('CONFLICT', 'The bookmark changed while it was being added; try again.');
}

export async function removeBookmark(db: Database, actor: Actor, id: string): Promise<void> {
  if (!(await repo.deleteBookmarkById(db, actor.id, id))) throw bookmarkNotFound();
  await recordUserActivity(db, actor.id, 'bookmark_removed');
}

export async function removeBookmarkByBook(db: Database, actor: Actor, bookId: string): Promise<void> {
  if (!(await repo.deleteBookmarkByBook(db, actor.id, bookId))) throw bookmarkNotFound();
  await recordUserActivity(db, actor.id, 'bookmark_removed', { book_id: bookId });
}
