import { LIMITS } from '@maktaba/shared/constants';
import type { BookSummary } from '@maktaba/shared/schemas/catalogue';
import type { QueryClient } from '@tanstack/react-query';
import { catalogueKeys } from './query-keys';

/** Ids in the order they were last stored, per query client: the oldest go first past the limit. */
const recency = new WeakMap<QueryClient, Map<string, true>>();

/**
 * Stores each book a shelf returned under its id (reader-area §4.5), so a book page opens at once
 * with what is known while the full book loads. At most 1000 entries, each kept 2 hours (§9).
 */
export function rememberBooks(
  queryClient: QueryClient,
  books: BookSummary[],
  maxEntries: number = LIMITS.bookCacheEntries,
) {
  queryClient.setQueryDefaults(catalogueKeys.bookSummaries, {
    gcTime: LIMITS.bookCacheTtl,
    staleTime: LIMITS.bookCacheTtl,
  });
  let order = recency.get(queryClient);
  if (!order) {
    order = new Map();
    recency.set(queryClient, order);
  }
  for (const book of books) {
    queryClient.setQueryData(catalogueKeys.bookSummary(book.id), book);
    order.delete(book.id);
    order.set(book.id, true);
  }
  for (const id of order.keys()) {
    if (order.size <= maxEntries) break;
    order.delete(id);
    queryClient.removeQueries({ queryKey: catalogueKeys.bookSummary(id), exact: true });
  }
}

export function rememberedBook(queryClient: QueryClient, id: string): BookSummary | undefined {
  return queryClient.getQueryData<BookSummary>(catalogueKeys.bookSummary(id));
}
