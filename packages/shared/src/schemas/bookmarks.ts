import { z } from 'zod';
import { LIMITS } from '../constants.js';

/**
 * Bookmarks (reader-area §3 "Bookmark", §5, §7): one per reader and book. The messages are i18n
 * keys, shown in the reader's language by the client and answered as-is by the server.
 */

export const BOOKMARK_MESSAGES = {
  bookIdRequired: 'bookmarks.validation.bookIdRequired',
  bookmarkIdRequired: 'bookmarks.validation.bookmarkIdRequired',
} as const;

/** A book id is bookmarkable only when it is a UUID (reader-area §5). */
export const BookIdSchema = z.uuid({ error: BOOKMARK_MESSAGES.bookIdRequired });
export const BookmarkIdSchema = z.uuid({ error: BOOKMARK_MESSAGES.bookmarkIdRequired });

export function isBookmarkableBookId(id: unknown): id is string {
  return BookIdSchema.safeParse(id).success;
}

export const BookmarkCreateSchema = z.object({ book_id: BookIdSchema });
export type BookmarkCreate = z.infer<typeof BookmarkCreateSchema>;

export const BookmarkListQuerySchema = z.object({
  limit: z.coerce.number().int().min(1).max(LIMITS.bookmarksPageSize).default(LIMITS.bookmarksPageSize),
  offset: z.coerce.number().int().min(0).max(100_000).default(0),
});
export type BookmarkListQuery = z.infer<typeof BookmarkListQuerySchema>;

/** What an insert returns (reader-area §7 "Insert bookmarks"). */
export const BookmarkRowSchema = z.object({
  id: z.uuid(),
  book_id: z.uuid(),
  created_at: z.string(),
});
export type BookmarkRow = z.infer<typeof BookmarkRowSchema>;

/**
 * The reader's view of a bookmark. The book fields are null when unknown, and when the book is no
 * longer published (`book_visible` false): the bookmark stays so the reader can remove it, but a
 * draft's title and cover are not shown to someone who may not see drafts. The 'Unknown Title' and
 * 'Unknown Author' defaults are the client's, in the reader's language.
 */
export const BookmarkSchema = BookmarkRowSchema.extend({
  book_visible: z.boolean(),
  bookTitle: z.string().nullable(),
  bookTitleAr: z.string().nullable(),
  bookAuthor: z.string().nullable(),
  bookAuthorAr: z.string().nullable(),
  bookCoverImage: z.string().nullable(),
  /** The key of the book's first category: the colour of its generated cover, as on the shelves. */
  bookCategoryKey: z.string().nullable(),
});
export type Bookmark = z.infer<typeof BookmarkSchema>;

export const BookmarkListSchema = z.object({
  items: z.array(BookmarkSchema),
  /** Exact count of the reader's bookmarks. */
  total: z.number().int(),
  limit: z.number().int(),
  offset: z.number().int(),
});
export type BookmarkList = z.infer<typeof BookmarkListSchema>;

/** Every book the reader has bookmarked: small, so a card or a book page knows its state at once. */
export const BookmarkedIdsSchema = z.object({ book_ids: z.array(z.uuid()) });
export type BookmarkedIds = z.infer<typeof BookmarkedIdsSchema>;
