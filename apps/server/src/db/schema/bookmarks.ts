import { index, pgTable, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { books } from './catalogue.js';
import { createdAt, id } from './columns.js';
import { userRef } from './user-ref.js';

/** reader-area §3 "Bookmark": one per user and book. */
export const bookmarks = pgTable(
  'bookmarks',
  {
    id: id(),
    userId: userRef('user_id', { onDelete: 'cascade' }).notNull(),
    bookId: uuid('book_id')
      .notNull()
      .references(() => books.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
  },
  (table) => [
    uniqueIndex('bookmarks_user_book_idx').on(table.userId, table.bookId),
    index('bookmarks_user_created_idx').on(table.userId, table.createdAt.desc()),
  ],
);
