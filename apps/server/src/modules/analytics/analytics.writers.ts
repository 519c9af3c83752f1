import type { Logger } from 'pino';
import type { Database } from '../../db/client.js';
import { readerDays, searchEvents } from '../../db/schema/index.js';
import { utcDay } from './analytics-days.js';

/**
 * The raw events the analytics read, written off the request's path: nothing here is awaited by
 * the route that causes it, and a failed write is logged, never the reader's problem.
 */

/** The query as typed is kept up to this many characters. */
export const SEARCH_QUERY_KEPT = 200;

export type SearchEventInput = {
  normalized: string;
  query: string;
  resultCount: number;
  filters: Record<string, unknown>;
  locale: string | null;
  userId: string | null;
};

/** Not filters: the query itself, and how the answer is paged and sorted. */
const NOT_FILTERS = new Set(['q', 'page', 'per_page', 'sort']);

/** The filters a search used (set values only), as the search_events row keeps them. */
export function searchFilters(query: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(
    Object.entries(query).filter(
      ([key, value]) =>
        !NOT_FILTERS.has(key) && value !== undefined && value !== '' && !(Array.isArray(value) && value.length === 0),
    ),
  );
}

/**
 * Records one full search. Fire-and-forget: the insert starts once the answer is computed and the
 * route answers without waiting for it, so a search costs the reader nothing more (one single-row
 * insert on an indexed table is simpler than a batching queue and keeps no searches in memory to
 * lose when the process stops; searches are far fewer than the requests that could batch them).
 */
export function recordSearchEvent(db: Database, input: SearchEventInput, logger: Logger): void {
  const query = input.query.trim().slice(0, SEARCH_QUERY_KEPT);
  if (!query || !input.normalized) return;
  db.insert(searchEvents)
    .values({ ...input, query, resultCount: Math.max(0, input.resultCount) })
    .then(
      () => undefined,
      (error: unknown) => logger.warn({ err: error }, 'could not record a search event'),
    );
}

/**
 * Readers already written today, per database (tests run several servers in one process): one
 * insert per reader and UTC day per process; the table's primary key makes a second process's
 * insert a no-op. The set is emptied when the day changes, so it never holds more than a day.
 */
const seen = new WeakMap<object, { day: string; readers: Set<string> }>();

/** Notes that `userId` used the library today (UTC): active readers. */
export function noteReaderDay(db: Database, userId: string, logger: Logger, now = new Date()): void {
  const day = utcDay(now);
  let state = seen.get(db);
  if (!state || state.day !== day) {
    state = { day, readers: new Set() };
    seen.set(db, state);
  }
  if (state.readers.has(userId)) return;
  const { readers } = state;
  readers.add(userId);
  db.insert(readerDays)
    .values({ day, userId })
    .onConflictDoNothing()
    .then(
      () => undefined,
      (error: unknown) => {
        // Try again on the reader's next request (an account deleted meanwhile fails for good: fine).
        readers.delete(userId);
        logger.warn({ err: error }, 'could not record an active reader');
      },
    );
}
