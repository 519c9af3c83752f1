import type { Queryable } from '../../db/queryable.js';
import { DeepPool, type DeepPoolBook } from './deep-pool.js';
import type { SearchCache } from './search-cache.js';
import {
  BROAD_POOL,
  findDeepPool,
  findNamePool,
  findPopularBooks,
  findVocabulary,
  type NamePool,
  type PopularBook,
} from './suggest.repository.js';
import { Vocabulary, type VocabularyWord } from './vocabulary.js';

/** The channel on which a rebuilt vocabulary is announced (rebuildSearchWords), to every instance. */
export const SEARCH_WORDS_CHANNEL = 'search_words';

/**
 * What search keeps in this instance's memory so that a keystroke does not wait on the database
 * for it (ADR 0023):
 * - the vocabulary, read at the first use and again whenever a rebuild is announced;
 * - the most popular books, among which a broad prefix is looked for: read again at the first use
 *   after a catalogue change (the answers' cache was cleared), and in the background once older
 *   than `poolTtlMs` (their popularity moves with every view; the order of suggestions may lag by
 *   that much, a change of the catalogue does not);
 * - in a larger catalogue, the deep pool: the search text of many more of the most popular books,
 *   with an index of its words, built in the background and used only for the catalogue as it was
 *   read (ADR 0027).
 */
export type SearchMemory = {
  vocabulary(): Promise<Vocabulary>;
  popularBooks(): Promise<readonly PopularBook[]>;
  /**
   * The deep pool (ADR 0027) when this instance has it for the catalogue as it is, else null
   * (suggestions then ask the database, as they always may). Only a catalogue with more approved
   * books than the popular pool holds has one. Asking starts a read in the background when there
   * is none for the catalogue as it is, or when it is older than `deepTtlMs`; an older one serves
   * until the new one is built.
   */
  deepPool(): DeepPool | null;
  /**
   * The authors and categories with books, most books first: read at the first use, and again at
   * the first use after a catalogue change or a rebuilt vocabulary (which recounts their books).
   */
  names(): Promise<NamePool>;
  /** The vocabulary was rebuilt: read it again now. */
  wordsChanged(): void;
};

/** Where the memory reads from: the database (sourceOf), or a fake in unit tests. */
export type MemorySource = {
  words(): Promise<VocabularyWord[]>;
  popularBooks(): Promise<PopularBook[]>;
  deepPool(): Promise<{ books: DeepPoolBook[]; complete: boolean }>;
  names(): Promise<NamePool>;
};

export const sourceOf = (db: Queryable): MemorySource => ({
  words: () => findVocabulary(db),
  popularBooks: () => findPopularBooks(db),
  deepPool: () => findDeepPool(db),
  names: () => findNamePool(db),
});

/** The deep pool is read again this many times less often than the popular pool: it only orders what lies beyond it. */
const DEEP_TTL_FACTOR = 10;

export function createSearchMemory(
  source: MemorySource,
  options: {
    cache?: Pick<SearchCache, 'generation'>;
    poolTtlMs: number;
    /** How old the deep pool may grow before it is read again (default: ten times `poolTtlMs`). */
    deepTtlMs?: number;
    now?: () => number;
    /** Told of a background read that failed (the answers go on with the books read before). */
    onRefreshFailed?: (error: unknown) => void;
  },
): SearchMemory {
  const now = options.now ?? Date.now;
  const generation = () => options.cache?.generation ?? 0;
  const deepTtlMs = options.deepTtlMs ?? options.poolTtlMs * DEEP_TTL_FACTOR;
  let vocabulary: Promise<Vocabulary> | null = null;
  let pool: { books: Promise<readonly PopularBook[]>; readAt: number; generation: number } | null = null;
  let refreshing = false;
  let deep: { pool: DeepPool; readAt: number; generation: number } | null = null;
  let names: { pool: Promise<NamePool>; generation: number } | null = null;
  let deepReading = false;
  /** The popular pool was full when last read: the catalogue has more approved books than it holds. */
  let poolFull = false;

  const readDeep = () => {
    deepReading = true;
    const asked = generation();
    source
      .deepPool()
      .then(({ books, complete }) => DeepPool.build(books, complete))
      .then(
        (pool) => {
          // Read while the catalogue changed: the next use reads it again.
          if (generation() === asked) deep = { pool, readAt: now(), generation: asked };
        },
        (error: unknown) => options.onRefreshFailed?.(error),
      )
      .finally(() => {
        deepReading = false;
      });
  };

  const readVocabulary = () => {
    const reading = source.words().then((rows) => new Vocabulary(rows));
    vocabulary = reading;
    // A failed read is not kept: the next use tries again.
    reading.catch(() => {
      if (vocabulary === reading) vocabulary = null;
    });
    return reading;
  };

  const readPool = () => {
    const entry = { books: source.popularBooks().then(noteFull), readAt: now(), generation: generation() };
    pool = entry;
    entry.books.catch(() => {
      if (pool === entry) pool = null;
    });
    return entry.books;
  };
  const noteFull = (books: PopularBook[]) => {
    poolFull = books.length >= BROAD_POOL;
    return books;
  };

  return {
    vocabulary: () => vocabulary ?? readVocabulary(),
    popularBooks() {
      if (!pool || pool.generation !== generation()) return readPool();
      if (now() - pool.readAt > options.poolTtlMs && !refreshing) {
        // Old enough to read again, not so old that anyone should wait for it.
        refreshing = true;
        const fresh = source.popularBooks().then(noteFull);
        const kept = pool;
        fresh
          .then(
            (books) => {
              if (pool === kept) pool = { books: Promise.resolve(books), readAt: now(), generation: kept.generation };
            },
            (error: unknown) => options.onRefreshFailed?.(error),
          )
          .finally(() => {
            refreshing = false;
          });
      }
      return pool.books;
    },
    deepPool() {
      if (!poolFull) return null;
      const current = deep?.generation === generation() ? deep : null;
      if (!deepReading && (!current || now() - current.readAt > deepTtlMs)) readDeep();
      return current?.pool ?? null;
    },
    names() {
      if (names && names.generation === generation()) return names.pool;
      const entry = { pool: source.names(), generation: generation() };
      names = entry;
      // A failed read is not kept: the next use tries again.
      entry.pool.catch(() => {
        if (names === entry) names = null;
      });
      return entry.pool;
    },
    wordsChanged() {
      names = null;
      readVocabulary().catch(() => {});
    },
  };
}
