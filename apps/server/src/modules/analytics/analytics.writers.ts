import type { Logger } from 'pino';
import { insertNamingAccounts } from '../../db/account-rows.js';
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

/** Search events wait at most this long in memory before they are written, all in one insert. */
export const SEARCH_EVENTS_FLUSH_MS = 200;
/** A batch is written at once when it reaches this many events. */
const SEARCH_EVENTS_BATCH_MAX = 200;

type SearchEventBatch = {
  rows: (typeof searchEvents.$inferInsert)[];
  timer: NodeJS.Timeout | undefined;
  writing: Promise<void>;
  logger: Logger;
};

/** Pending search events per database (tests run several servers in one process). */
const searchBatches = new WeakMap<object, SearchEventBatch>();

function writeSearchBatch(db: Database, batch: SearchEventBatch): Promise<void> {
  clearTimeout(batch.timer);
  batch.timer = undefined;
  const rows = batch.rows.splice(0);
  if (rows.length === 0) return batch.writing;
  batch.writing = batch.writing.then(() =>
    insertNamingAccounts(db, rows, (kept) => db.insert(searchEvents).values(kept)).then(
      () => undefined,
      (error: unknown) => batch.logger.warn({ err: error, events: rows.length }, 'could not record search events'),
    ),
  );
  return batch.writing;
}

/**
 * Records one full search, off the request's path: the route answers without waiting. Events are
 * written together, at most SEARCH_EVENTS_FLUSH_MS after the first of them: under load one insert
 * a search was one more statement on the database pool for every search, while the analytics read
 * the log by the day. What a crash can lose is the last fraction of a second of the log; a normal
 * stop writes what is pending (flushSearchEvents) before the database closes.
 */
export function recordSearchEvent(db: Database, input: SearchEventInput, logger: Logger): void {
  const query = input.query.trim().slice(0, SEARCH_QUERY_KEPT);
  if (!query || !input.normalized) return;
  let batch = searchBatches.get(db);
  if (!batch) {
    batch = { rows: [], timer: undefined, writing: Promise.resolve(), logger };
    searchBatches.set(db, batch);
  }
  batch.rows.push({ ...input, query, resultCount: Math.max(0, input.resultCount), occurredAt: new Date() });
  if (batch.rows.length >= SEARCH_EVENTS_BATCH_MAX) {
    void writeSearchBatch(db, batch);
  } else if (!batch.timer) {
    const pending = batch;
    batch.timer = setTimeout(() => void writeSearchBatch(db, pending), SEARCH_EVENTS_FLUSH_MS);
    batch.timer.unref();
  }
}

/** Writes the search events still waiting (at a stop, and for tests that read the log at once). */
export function flushSearchEvents(db: Database): Promise<void> {
  const batch = searchBatches.get(db);
  return batch ? writeSearchBatch(db, batch) : Promise.resolve();
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
