import type { Book, BookSummary } from '@maktaba/shared/schemas/catalogue';
import { queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api-client';
import { rememberedBook } from '../lib/book-cache';
import { catalogueKeys } from '../lib/query-keys';
import { ensureRecordId } from '../lib/record-id';

/** A book as the page holds it: the full book, or for a moment only the summary a shelf gave. */
export type BookView = BookSummary & Partial<Book>;

/** `GET /api/books/{id}`: one approved book (404 NOT_FOUND for an unknown or hidden one). */
export function getBook(id: string, signal?: AbortSignal): Promise<Book> {
  ensureRecordId(id);
  return apiFetch<Book>(`/books/${encodeURIComponent(id)}`, { signal });
}

export const bookQueryOptions = (id: string) =>
  queryOptions<BookView>({
    queryKey: catalogueKeys.book(id),
    queryFn: ({ signal }) => getBook(id, signal),
  });

/** The full book, shown at once from the book cache when a shelf already brought its summary. */
export function useBook(id: string) {
  const queryClient = useQueryClient();
  return useQuery({ ...bookQueryOptions(id), placeholderData: () => rememberedBook(queryClient, id) });
}
