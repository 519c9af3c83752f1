import { LRUCache } from 'lru-cache';

/**
 * Answers of the catalogue part of search and suggestions, shared by every reader (nothing of one
 * reader is kept here: recent searches are added per request). Entries live as long as the public
 * HTTP cache life, and the whole cache is dropped when a catalogue write refreshes the index, so an
 * editor's change shows at once on this instance. Identical requests in flight share one query.
 * `entries` 0 turns it off.
 */
export type SearchCache = {
  get<T extends object>(key: string, compute: () => Promise<T>): Promise<T>;
  clear(): void;
  /** Counts the clears: what is kept elsewhere for as long as these answers tells by it that the catalogue changed. */
  readonly generation: number;
};

export function createSearchCache(entries: number, ttlMs: number): SearchCache {
  let generation = 0;
  if (entries <= 0) {
    return {
      get: (_key, compute) => compute(),
      clear() {
        generation++;
      },
      get generation() {
        return generation;
      },
    };
  }
  const cache = new LRUCache<string, Promise<object>>({ max: entries, ttl: ttlMs });
  return {
    get<T extends object>(key: string, compute: () => Promise<T>): Promise<T> {
      const cached = cache.get(key);
      if (cached) return cached as Promise<T>;
      const pending = compute();
      cache.set(key, pending);
      pending.catch(() => {
        if (cache.get(key) === pending) cache.delete(key);
      });
      return pending;
    },
    clear() {
      generation++;
      cache.clear();
    },
    get generation() {
      return generation;
    },
  };
}
