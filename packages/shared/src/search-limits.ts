/**
 * The limits of search (reader-area §5, §9) and the autocomplete's timings, apart from the search
 * schemas (schemas/search.ts, which re-exports them): the search boxes every page shows import
 * these without bringing the validation library to the first page.
 */
export const SEARCH_LIMITS = {
  queryMax: 200,
  /** Words of a query that are searched; the rest are ignored. */
  wordsMax: 12,
  perPageDefault: 20,
  perPageMax: 50,
  pageMax: 500,
  filterValuesMax: 20,
  /** §9: 8 suggestions by default; the search box asks for 8 + 2. */
  suggestDefault: 8,
  suggestBox: 10,
  suggestMax: 20,
  /** §9: about 50 % books, 30 % authors, 20 % categories. */
  suggestShare: { book: 0.5, author: 0.3, category: 0.2 },
  /** Recent searches kept per reader and offered among suggestions. */
  recentKept: 20,
  recentOffered: 3,
  /** §5: search hints (recent and popular searches) from 2 characters of trimmed text. */
  hintsFrom: 2,
  /** §5: query enhancement ("Did you mean …") from 3 characters. */
  correctionFrom: 3,
  /** Popular searches offered, and the distinct readers who must have made one before it is offered to others. */
  popularOffered: 3,
  popularReaders: 3,
  /** Facet values returned per facet. */
  facetValues: 20,
} as const;

/** §9 autocomplete timings, shared by the search boxes and their tests. */
export const AUTOCOMPLETE_TIMING = {
  /** Debounce by the average interval between keystrokes: < 100 ms → 50, < 300 ms → 150, else 300. */
  debounceFast: 50,
  debounceMedium: 150,
  debounceSlow: 300,
  fastTypingBelow: 100,
  mediumTypingBelow: 300,
  spinnerAfter: 300,
  dedupeWithin: 200,
  /** §7: a failed search is retried after 1 s, 2 s and 4 s (5xx and network errors only). */
  retryDelays: [1000, 2000, 4000],
  /** §2.4: the dropdown opens above the box when less than this is free below it. */
  flipBelow: 300,
} as const;

/** Adaptive debounce (§9) from the average interval between the last keystrokes, in ms. */
export function autocompleteDebounce(averageIntervalMs: number | null): number {
  const t = AUTOCOMPLETE_TIMING;
  if (averageIntervalMs === null) return t.debounceMedium;
  if (averageIntervalMs < t.fastTypingBelow) return t.debounceFast;
  if (averageIntervalMs < t.mediumTypingBelow) return t.debounceMedium;
  return t.debounceSlow;
}
