import { index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * Fixed-window request counters for the app's own rate limits (feedback, telemetry): in the
 * database, so several server instances share them. `key` names the limit and the caller.
 */
export const rateLimitCounters = pgTable(
  'rate_limit_counters',
  {
    key: text('key').primaryKey(),
    windowStart: timestamp('window_start', { withTimezone: true }).notNull(),
    count: integer('count').notNull().default(0),
  },
  (table) => [index('rate_limit_counters_window_idx').on(table.windowStart)],
);
