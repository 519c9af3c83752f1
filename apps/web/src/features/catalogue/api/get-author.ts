import type { AuthorDetail } from '@maktaba/shared/schemas/catalogue';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api-client';
import { rememberBooks } from '../lib/book-cache';
import { catalogueKeys } from '../lib/query-keys';
import { ensureRecordId } from '../lib/record-id';

/** `GET /api/authors/{id}`: the author with their approved books. */
export function getAuthor(id: string, signal?: AbortSignal): Promise<AuthorDetail> {
  ensureRecordId(id);
  return apiFetch<AuthorDetail>(`/authors/${encodeURIComponent(id)}`, { signal });
}

export const authorQueryOptions = (id: string) =>
  queryOptions({
    queryKey: catalogueKeys.author(id),
    queryFn: async ({ signal, client }) => {
      const author = await getAuthor(id, signal);
      rememberBooks(client, author.books);
      return author;
    },
  });

export function useAuthor(id: string) {
  return useQuery(authorQueryOptions(id));
}
