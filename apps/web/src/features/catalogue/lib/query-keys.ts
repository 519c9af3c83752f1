import { shelfKeys } from '../../../lib/shelf-keys';

/** Every query key of the catalogue, written once. */
export const catalogueKeys = {
  all: ['catalogue'] as const,
  shelf: shelfKeys.page,
  book: (id: string) => ['catalogue', 'book', id] as const,
  /** The local item cache of reader-area §4.5: the summary of every book a shelf returned. */
  bookSummaries: ['catalogue', 'book-summary'] as const,
  bookSummary: (id: string) => ['catalogue', 'book-summary', id] as const,
  author: (id: string) => ['catalogue', 'author', id] as const,
  scholars: ['catalogue', 'scholars'] as const,
  scholar: (id: string) => ['catalogue', 'scholar', id] as const,
  categorySuggestions: (count: number) => ['catalogue', 'category-suggestions', count] as const,
};
