import type { Queryable } from '../../db/queryable.js';
import type { SearchCache } from './search-cache.js';
import { findPopularBooks, findVocabulary, type PopularBook } from './suggest.repository.js';
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
 *   that much, a change of the catalogue does not).
 */
export type SearchMemory = {
  vocabulary(): Promise<Vocabulary>;
  popularBooks(): Promise<readonly PopularBook[]>;
  /** The vocabulary was rebuilt: read it again now. */
  wordsChanged(): void;
};

/** Where the memory reads from: the database (sourceOf), or a fake in unit tests. */
export type MemorySource = {
  words(): Promise<VocabularyWord[]>;
  popularBooks(): Promise<PopularBook[]>;
};

export const sourceOf = (db: Queryable): MemorySource => ({
  words: () => findVocabulary(db),
  popularBooks: () => findPopularBooks(db),
});

export function createSearchMemory(
  source: MemorySource,
  options: {
    cache?: Pick<SearchCache, 'generation'>;
    poolTtlMs: number;
    now?: () => number;
    /** Told of a background read that failed (the answers go on with the books read before). */
    onRefreshFailed?: (error: unknown) => void;
  },
): SearchMemory {
  const now = options.now ?? Date.now;
  let vocabulary: Promise<Vocabulary> | null = null;
  let pool: { books: Promise<readonly PopularBook[]>; readAt: number; generation: number } | null = null;
  let refreshing = false;

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
    const entry = { books: source.popularBooks(), readAt: now(), generation: options.cache?.generation ?? 0 };
    pool = entry;
    entry.books.catch(() => {
      if (pool === entry) pool = null;
    });
    return entry.books;
  };

  return {
    vocabulary: () => vocabulary ?? readVocabulary(),
    popularBooks() {
      if (!pool || pool.generation !== (options.cache?.generation ?? 0)) return readPool();
      if (now() - pool.readAt > options.poolTtlMs && !refreshing) {
        // Old enough to read again, not so old that anyone should wait for it.
        refreshing = true;
        const fresh = source.popularBooks();
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
    wordsChanged() {
      readVocabulary().catch(() => {});
    },
  };
}
