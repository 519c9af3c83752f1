import { PUBLIC_BOOK_STATUS } from '@maktaba/shared/schemas/catalogue';
import { and, asc, count, desc, eq, sql } from 'drizzle-orm';
import type { Queryable } from '../../db/queryable.js';
import { rowsOf } from '../../db/raw.js';
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

/**
 * The common add in one statement: the bookmark is inserted when the book exists (in any status
 * when `anyStatus`, else public only) and the reader does not have it yet, and then the activity is
 * logged and the reader's last activity moved. Undefined when nothing was inserted (no such book,
 * not visible, or bookmarked already): the caller then finds out which, as before.
 */
export async function insertBookmarkLogged(
  db: Queryable,
  userId: string,
  bookId: string,
  anyStatus: boolean,
): Promise<BookmarkRecord | undefined> {
  const visible = anyStatus ? sql`true` : sql`b.status = ${PUBLIC_BOOK_STATUS}`;
  const [row] = await rowsOf<{ id: string; book_id: string; created_at: Date | string }>(
    db,
    sql`
    with added as (
      insert into bookmarks (user_id, book_id)
      select ${userId}, b.id from books b where b.id = ${bookId} and ${visible}
      on conflict (user_id, book_id) do nothing
      returning id, book_id, created_at),
    logged as (
      insert into user_activity_log (user_id, activity_type, activity_data)
      select ${userId}, 'bookmark_added', jsonb_build_object('book_id', book_id) from added),
    touched as (
      update profiles set last_activity_at = now() where id = ${userId} and exists (select 1 from added))
    select id, book_id, created_at from added`,
  );
  return row ? { id: row.id, bookId: row.book_id, createdAt: new Date(row.created_at) } : undefined;
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
