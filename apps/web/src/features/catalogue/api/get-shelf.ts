import { LIMITS, TIMINGS } from '@maktaba/shared/constants';
import type { Shelf, ShelfType } from '@maktaba/shared/schemas/catalogue';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api-client';
import { rememberBooks } from '../lib/book-cache';
import { catalogueKeys } from '../lib/query-keys';
import { toShelfError } from '../lib/shelf-errors';

export type ShelfPage = { limit: number; offset?: number };

/**
 * `GET /api/shelves/{type}`: the spec's shelf RPCs (get_recently_added_books and the rest) with
 * p_limit and p_offset. Failures come out named as the spec names them (reader-area §8).
 */
export async function getShelf(
  type: ShelfType,
  { limit, offset = 0 }: ShelfPage,
  signal?: AbortSignal,
): Promise<Shelf> {
  const params = new URLSearchParams({ p_limit: String(limit), p_offset: String(offset) });
  try {
    return await apiFetch<Shelf>(`/shelves/${encodeURIComponent(type)}?${params}`, { signal });
  } catch (error) {
    if ((error as Error).name === 'AbortError') throw error;
    throw toShelfError(type, error);
  }
}

/** A shelf page; every book it holds also goes into the book cache by id (reader-area §4.5). */
export const shelfQueryOptions = (type: ShelfType, page: ShelfPage) =>
  queryOptions({
    queryKey: catalogueKeys.shelf(type, page.limit, page.offset ?? 0),
    queryFn: async ({ signal, client }) => {
      const shelf = await getShelf(type, page, signal);
      rememberBooks(client, shelf.books);
      return shelf;
    },
  });

/**
 * A shelf as the pages show it: polled every 30 s while the tab is visible (reader-area §9); the
 * previous page stays on screen while the next one loads. Home asks for one retry only.
 */
export function useShelf(type: ShelfType, page: ShelfPage, { isHome = false } = {}) {
  return useQuery({
    ...shelfQueryOptions(type, page),
    refetchInterval: TIMINGS.bookListPolling,
    refetchIntervalInBackground: false,
    placeholderData: keepPreviousData,
    ...(isHome ? { retry: LIMITS.homeQueryRetries } : {}),
  });
}
