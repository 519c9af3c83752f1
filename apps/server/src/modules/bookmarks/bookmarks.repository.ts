import { and, asc, count, desc, eq } from 'drizzle-orm';
import type { Queryable } from '../../db/queryable.js';
import { bookmarks, books } from '../../db/schema/index.js';
import { type AuthorRef, authorsJson, firstCategoryKey } from '../catalogue/catalogue.repository.js';

export type BookmarkRecord = { id: string; bookId: string; createdAt: Date };
export type BookmarkListRow = BookmarkRecord & {
  status: string;
  titleEn: string | null;
  titleAr: string | null;
  coverKey: string | null;
  categoryKey: string | null;
  authors: AuthorRef[];
};

const record = { id: bookmarks.id, bookId: bookmarks.bookId, createdAt: bookmarks.createdAt };

/** The reader's bookmarks, newest first, with the book's fields; and their exact count. */
export async function findBookmarks(
  db: Queryable,
  userId: string,
  page: { limit: number; offset: number },
): Promise<{ rows: BookmarkListRow[]; total: number }> {
  const mine = eq(bookmarks.userId, userId);
  const [rows, [total]] = await Promise.all([
    db
      .select({
        ...record,
        status: books.status,
        titleEn: books.titleEn,
        titleAr: books.titleAr,
        coverKey: books.coverKey,
        categoryKey: firstCategoryKey,
        authors: authorsJson,
      })
      .from(bookmarks)
      .innerJoin(books, eq(books.id, bookmarks.bookId))
      .where(mine)
      .orderBy(desc(bookmarks.createdAt), asc(bookmarks.id))
      .limit(page.limit)
      .offset(page.offset),
    db.select({ n: count() }).from(bookmarks).where(mine),
  ]);
  return { rows, total: total?.n ?? 0 };
}

export async function findBookmarkedBookIds(db: Queryable, userId: string): Promise<string[]> {
  const rows = await db
    .select({ bookId: bookmarks.bookId })
    .from(bookmarks)
    .where(eq(bookmarks.userId, userId))
    .orderBy(desc(bookmarks.createdAt), asc(bookmarks.id));
  return rows.map((row) => row.bookId);
}

export async function findBookStatus(db: Queryable, bookId: string): Promise<string | undefined> {
  const [row] = await db.select({ status: books.status }).from(books).where(eq(books.id, bookId));
  return row?.status;
}

/** Inserts the bookmark unless the reader has it already; undefined when it existed. */
export async function insertBookmark(
  db: Queryable,
  userId: string,
  bookId: string,
): Promise<BookmarkRecord | undefined> {
  const [row] = await db
    .insert(bookmarks)
    .values({ userId, bookId })
    .onConflictDoNothing({ target: [bookmarks.userId, bookmarks.bookId] })
    .returning(record);
  return row;
}

export async function findBookmarkByBook(
  db: Queryable,
  userId: string,
  bookId: string,
): Promise<BookmarkRecord | undefined> {
  const [row] = await db
    .select(record)
    .from(bookmarks)
    .where(and(eq(bookmarks.userId, userId), eq(bookmarks.bookId, bookId)));
  return row;
}

/** Deletes one of the reader's bookmarks; false when there was none (or it is someone else's). */
export async function deleteBookmarkById(db: Queryable, userId: string, id: string): Promise<boolean> {
  const deleted = await db
    .delete(bookmarks)
    .where(and(eq(bookmarks.id, id), eq(bookmarks.userId, userId)))
    .returning({ id: bookmarks.id });
  return deleted.length > 0;
}

export async function deleteBookmarkByBook(db: Queryable, userId: string, bookId: string): Promise<boolean> {
  const deleted = await db
    .delete(bookmarks)
    .where(and(eq(bookmarks.bookId, bookId), eq(bookmarks.userId, userId)))
    .returning({ id: bookmarks.id });
  return deleted.length > 0;
}
