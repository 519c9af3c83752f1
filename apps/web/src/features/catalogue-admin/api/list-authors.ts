import type { Author } from '@maktaba/shared/schemas/catalogue';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api-client';
import { editorKeys } from '../lib/query-keys';

export type AuthorList = { authors: Author[]; total: number; page: number; per_page: number };

export const AUTHORS_PER_PAGE = 25;

/** `GET /api/authors?q=&page=&per_page=`: authors by name, for the list and the book's author picker. */
export function listAuthors(q: string, page: number, signal?: AbortSignal): Promise<AuthorList> {
  const search = new URLSearchParams({ page: String(page), per_page: String(AUTHORS_PER_PAGE) });
  if (q) search.set('q', q);
  return apiFetch<AuthorList>(`/authors?${search}`, { signal, cache: 'no-store' });
}

export const authorsQueryOptions = (q: string, page = 1) =>
  queryOptions({ queryKey: editorKeys.authorList(q, page), queryFn: ({ signal }) => listAuthors(q, page, signal) });

export function useAuthors(q: string, page = 1) {
  return useQuery({ ...authorsQueryOptions(q, page), placeholderData: keepPreviousData });
}
