/**
 * The quotes' query keys. Every list, page and the quote of the day live under `all`, so a change
 * to one quote (saved, approved, edited) can refresh whatever shows it.
 */
export const quoteKeys = {
  all: ['quotes'] as const,
  lists: ['quotes', 'list'] as const,
  facets: ['quotes', 'facets'] as const,
  today: (timeZone: string) => ['quotes', 'today', timeZone] as const,
  mine: ['quotes', 'mine'] as const,
  saved: ['quotes', 'saved'] as const,
  detail: (id: string) => ['quotes', 'detail', id] as const,
  review: ['quotes', 'review'] as const,
};
