import { sql } from 'drizzle-orm';
import { index, integer, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { authUsers } from './auth.js';

/**
 * Every word of the approved books' search vectors with the number of books that hold it: the
 * vocabulary that a mistyped query word is corrected against (trigram index, added in SQL).
 */
export const searchWords = pgTable(
  'search_words',
  {
    word: text('word').primaryKey(),
    books: integer('books').notNull().default(0),
  },
  (table) => [
    index('search_words_trgm_idx').using('gin', sql`${table.word} gin_trgm_ops`),
    index('search_words_prefix_idx').using('btree', sql`${table.word} text_pattern_ops`),
  ],
);

/** A signed-in reader's recent searches, offered back among the suggestions. Their own only. */
export const searchHistory = pgTable(
  'search_history',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => authUsers.id, { onDelete: 'cascade' }),
    query: text('query').notNull(),
    /** normalizeSearchText(query): one row per distinct search, refreshed when repeated. */
    normalized: text('normalized').notNull(),
    searchedAt: timestamp('searched_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('search_history_user_query_idx').on(table.userId, table.normalized),
    index('search_history_recent_idx').on(table.userId, table.searchedAt.desc()),
  ],
);
