import type { SuggestResult } from '@maktaba/shared/schemas/search';
import { AUTOCOMPLETE_TIMING } from '@maktaba/shared/search-limits';
import { normalizeSearchText } from '@maktaba/shared/search-text';
import { isAbortError, isRetryableError } from './autocomplete-logic';
import { LruCache } from './lru-cache';

/** §9 "renderer cache 100": answers kept for going back to a prefix already typed. */
export const AUTOCOMPLETE_CACHE_ENTRIES = 100;

export type FetchSuggestions = (q: string, limit: number, signal: AbortSignal) => Promise<SuggestResult>;

type Shared = {
  promise: Promise<SuggestResult>;
  /** When the request settled, or null while it is in flight. */
  settledAt: number | null;
  controller: AbortController;
  /** Callers still waiting; the request is aborted when the last one gives up. */
  waiting: number;
};

export type AutocompleteClientOptions = {
  fetchSuggestions: FetchSuggestions;
  now?: () => number;
  retryDelays?: readonly number[];
  dedupeWithin?: number;
  cacheEntries?: number;
};

export type AutocompleteClient = ReturnType<typeof createAutocompleteClient>;

const abortError = () => new DOMException('The suggestion request was aborted', 'AbortError');

/** Waits `ms`, or rejects at once when `signal` aborts. */
function sleep(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal.aborted) return reject(abortError());
    const timer = setTimeout(() => {
      signal.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    const onAbort = () => {
      clearTimeout(timer);
      reject(abortError());
    };
    signal.addEventListener('abort', onAbort, { once: true });
  });
}

/**
 * Fetches suggestions the way §7 and §9 ask: the same normalised query and limit asked while a
 * request for it is in flight, or within 200 ms after it succeeded, shares that one request; a failure on a server or network error is retried after
 * 1 s, 2 s and 4 s (never on a 4xx); answers are kept in a small LRU cache keyed by the
 * normalised query, so going back to a prefix shows its suggestions at once.
 */
export function createAutocompleteClient({
  fetchSuggestions,
  now = () => Date.now(),
  retryDelays = AUTOCOMPLETE_TIMING.retryDelays,
  dedupeWithin = AUTOCOMPLETE_TIMING.dedupeWithin,
  cacheEntries = AUTOCOMPLETE_CACHE_ENTRIES,
}: AutocompleteClientOptions) {
  const cache = new LruCache<string, SuggestResult>(cacheEntries);
  const shared = new Map<string, Shared>();
  let reader: string | null = null;
  const keyOf = (q: string, limit: number) => `${limit}\u0000${normalizeSearchText(q)}`;

  async function fetchWithRetries(q: string, limit: number, signal: AbortSignal): Promise<SuggestResult> {
    for (let attempt = 0; ; attempt += 1) {
      try {
        return await fetchSuggestions(q, limit, signal);
      } catch (error) {
        const delay = retryDelays[attempt];
        if (signal.aborted || delay === undefined || !isRetryableError(error)) throw error;
        await sleep(delay, signal);
      }
    }
  }

  function start(key: string, q: string, limit: number): Shared {
    const controller = new AbortController();
    const entry: Shared = {
      controller,
      settledAt: null,
      waiting: 0,
      promise: fetchWithRetries(q, limit, controller.signal).then((result) => {
        cache.set(key, result);
        return result;
      }),
    };
    // A request is shared while it is in flight and for 200 ms after it succeeds; a failure is
    // forgotten at once so that "Try again" asks again.
    const forget = () => {
      if (shared.get(key) === entry) shared.delete(key);
    };
    entry.promise.then(() => {
      entry.settledAt = now();
      setTimeout(forget, dedupeWithin);
    }, forget);
    shared.set(key, entry);
    return entry;
  }

  return {
    /** The cached answer for this query, if one is kept. */
    cached(q: string, limit: number): SuggestResult | undefined {
      return cache.get(keyOf(q, limit));
    },

    /** Suggestions for `q`; `signal` stops waiting (and the request, when no one else waits). */
    suggest(q: string, limit: number, signal: AbortSignal): Promise<SuggestResult> {
      const key = keyOf(q, limit);
      const hit = cache.get(key);
      if (hit) return Promise.resolve(hit);
      let entry = shared.get(key);
      const isShareable =
        entry !== undefined &&
        !entry.controller.signal.aborted &&
        (entry.settledAt === null || now() - entry.settledAt < dedupeWithin);
      if (!entry || !isShareable) {
        entry = start(key, q, limit);
      }
      const current = entry;
      current.waiting += 1;
      return new Promise<SuggestResult>((resolve, reject) => {
        const onAbort = () => {
          current.waiting -= 1;
          if (current.waiting === 0) {
            current.controller.abort();
            if (shared.get(key) === current) shared.delete(key);
          }
          reject(abortError());
        };
        if (signal.aborted) return onAbort();
        signal.addEventListener('abort', onAbort, { once: true });
        current.promise.then(
          (result) => {
            signal.removeEventListener('abort', onAbort);
            current.waiting -= 1;
            resolve(result);
          },
          (error: unknown) => {
            signal.removeEventListener('abort', onAbort);
            current.waiting -= 1;
            reject(isAbortError(error) ? abortError() : error);
          },
        );
      });
    },

    /** Forgets every kept answer (a submitted search changes the reader's recent searches). */
    clear() {
      cache.clear();
      shared.clear();
    },

    /** Who is reading: answers carry their own recent searches, so a new reader starts afresh. */
    setReader(id: string | null) {
      if (id === reader) return;
      reader = id;
      cache.clear();
      shared.clear();
    },
  };
}
