import { index, integer, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { id } from './columns.js';
import { userRef } from './user-ref.js';

/**
 * Every word of the approved books' search vectors with the number of books that hold it: the
 * vocabulary that a mistyped query word is corrected against. Each server reads it whole into its
 * memory (modules/search/vocabulary.ts), so it needs no index of its own.
 */
export const searchWords = pgTable('search_words', {
  word: text('word').primaryKey(),
  books: integer('books').notNull().default(0),
});

/** A signed-in reader's recent searches, offered back among the suggestions. Their own only. */
export const searchHistory = pgTable(
  'search_history',
  {
    id: id(),
    userId: userRef('user_id', { onDelete: 'cascade' }).notNull(),
    query: text('query').notNull(),
    /** normalizeSearchText(query): one row per distinct search, refreshed when repeated. */
    normalized: text('normalized').notNull(),
    searchedAt: timestamp('searched_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('search_history_user_query_idx').on(table.userId, table.normalized),
    index('search_history_recent_idx').on(table.userId, table.searchedAt.desc()),
    /**
     * A search's readers, counted again when it gains or loses one (search hints: each server keeps
     * the popular searches in memory, modules/search/popular-searches.ts).
     */
    index('search_history_normalized_idx').on(table.normalized),
  ],
);
