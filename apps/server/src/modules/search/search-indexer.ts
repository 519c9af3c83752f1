import { SEARCH_LIMITS } from '@maktaba/shared/schemas/search';
import { sql } from 'drizzle-orm';
import type { Logger } from 'pino';
import type { Database, DatabaseHandle } from '../../db/client.js';
import { rowsOf } from '../../db/raw.js';
import { findPopularSearches } from './hints.repository.js';
import {
  createPopularSearches,
  EVERY_SEARCH,
  namedSearches,
  type PopularSearches,
  SEARCH_HISTORY_CHANNEL,
} from './popular-searches.js';
import type { SearchCache } from './search-cache.js';
import { markOutdatedSearchRows, rebuildSearchWords, refreshSearchIndex } from './search-index.js';
import { createSearchMemory, SEARCH_WORDS_CHANNEL, type SearchMemory, sourceOf } from './search-memory.js';

/** Stale rows left by a write that did not refresh (another instance, a crash) are caught within this. */
const SWEEP_INTERVAL_MS = 15_000;
/** The vocabulary's counts are recomputed this long after the last change, and at least hourly. */
const WORDS_DEBOUNCE_MS = 5_000;
const WORDS_MAX_AGE_MS = 60 * 60 * 1000;

export type SearchIndexer = {
  /** Rewrites every stale row now (serialised: concurrent calls share one run), and drops cached answers. */
  refresh(): Promise<void>;
  /** Answers of search and suggestions, dropped whenever the index changes. */
  cache: SearchCache;
  /** The vocabulary and the popular books in memory, kept current with the index. */
  memory: SearchMemory;
  /** The searches many readers made, in memory, kept current with the readers' recent searches. */
  popular: PopularSearches;
  /** Recomputes the vocabulary soon (debounced). */
  wordsChanged(): void;
  /** Listens for rebuilt vocabularies (of this instance or another) and starts the sweep. */
  start(): Promise<void>;
  stop(): Promise<void>;
};

/**
 * Keeps the search columns current. The catalogue's write routes call `refresh()` before they
 * answer, so a saved book is searchable at once; the sweep is the safety net.
 */
export function createSearchIndexer(
  database: Pick<DatabaseHandle, 'db' | 'listen'>,
  logger: Logger,
  cache: SearchCache,
  options: { poolTtlMs: number },
): SearchIndexer {
  const { db } = database;
  const memory = createSearchMemory(sourceOf(db), {
    cache,
    poolTtlMs: options.poolTtlMs,
    // The older list keeps serving; the next keystroke after the time is up tries again.
    onRefreshFailed: (error) => logger.warn({ err: error }, 'could not read the popular books again'),
  });
  const popular = createPopularSearches({
    read: (only) => findPopularSearches(db, SEARCH_LIMITS.popularReaders, only),
  });
  let unlisten: (() => Promise<void>) | undefined;
  let unlistenHistory: (() => Promise<void>) | undefined;
  let running: Promise<void> | null = null;
  let again = false;
  let sweep: NodeJS.Timeout | undefined;
  let wordsTimer: NodeJS.Timeout | undefined;
  let wordsBuiltAt = 0;
  let stopped = false;

  async function refreshOnce(): Promise<void> {
    const count = await refreshSearchIndex(db);
    if (count > 0) {
      cache.clear();
      logger.debug({ books: count }, 'search index refreshed');
      indexer.wordsChanged();
    }
  }

  async function rebuildWords(): Promise<void> {
    if (stopped) return;
    const started = performance.now();
    const words = await db.transaction((tx) => rebuildSearchWords(tx));
    wordsBuiltAt = Date.now();
    logger.debug({ words, ms: Math.round(performance.now() - started) }, 'search vocabulary rebuilt');
  }

  const indexer: SearchIndexer = {
    cache,
    memory,
    popular,
    refresh() {
      if (running) {
        again = true;
        return running;
      }
      running = (async () => {
        try {
          do {
            again = false;
            await refreshOnce();
          } while (again);
        } finally {
          running = null;
        }
      })();
      return running;
    },
    wordsChanged() {
      if (stopped) return;
      clearTimeout(wordsTimer);
      wordsTimer = setTimeout(() => {
        rebuildWords().catch((error) => logger.error({ err: error }, 'search vocabulary rebuild failed'));
      }, WORDS_DEBOUNCE_MS);
      wordsTimer.unref();
    },
    async start() {
      // A lost connection may have lost an announcement: read the vocabulary again then too.
      unlisten = await database.listen(SEARCH_WORDS_CHANNEL, () => memory.wordsChanged(), {
        onReconnected: () => memory.wordsChanged(),
      });
      // A lost connection may have lost a notice too: read every popular search again then.
      unlistenHistory = await database.listen(
        SEARCH_HISTORY_CHANNEL,
        (payload) => popular.changed(namedSearches(payload)),
        { onReconnected: () => popular.changed(EVERY_SEARCH) },
      );
      // Read before the first keystroke needs it.
      await memory.vocabulary();
      // prepareSearchIndex made the vocabulary current before the server serves: the hourly rebuild
      // counts from here. Counted from 0, the first sweep rebuilt it 15 s after every start (a
      // statement of 12 s over the whole catalogue at a million books).
      wordsBuiltAt = Date.now();
      sweep = setInterval(() => {
        const due = Date.now() - wordsBuiltAt > WORDS_MAX_AGE_MS;
        indexer
          .refresh()
          .then(() => (due ? rebuildWords() : undefined))
          .catch((error) => logger.error({ err: error }, 'search index sweep failed'));
      }, SWEEP_INTERVAL_MS);
      sweep.unref();
    },
    async stop() {
      stopped = true;
      clearInterval(sweep);
      clearTimeout(wordsTimer);
      await running;
      await unlisten?.();
      await unlistenHistory?.();
    },
  };
  return indexer;
}

/** At start-up, before serving: rows of an older normaliser and stale rows are rewritten, and the vocabulary built. */
export async function prepareSearchIndex(db: Database, logger: Logger): Promise<void> {
  const started = performance.now();
  await markOutdatedSearchRows(db);
  const books = await refreshSearchIndex(db);
  const [vocabulary] = await rowsOf<{ built: boolean }>(db, sql`select exists (select 1 from search_words) as built`);
  const built = vocabulary?.built === true;
  const words = books > 0 || !built ? await db.transaction((tx) => rebuildSearchWords(tx)) : null;
  logger.info({ books, words, ms: Math.round(performance.now() - started) }, 'search index ready');
}
