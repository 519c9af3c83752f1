import type { BookList } from '@maktaba/shared/schemas/catalogue';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api-client';
import { type BookListParams, editorKeys } from '../lib/query-keys';

/** `GET /api/admin/books` (books.edit): every book in any status, newest change first. */
export function listEditorBooks(params: BookListParams, signal?: AbortSignal): Promise<BookList> {
  const search = new URLSearchParams({ page: String(params.page), per_page: String(params.perPage) });
  if (params.status) search.set('status', params.status);
  if (params.q) search.set('q', params.q);
  return apiFetch<BookList>(`/admin/books?${search}`, { signal });
}

export const editorBooksQueryOptions = (params: BookListParams) =>
  queryOptions({ queryKey: editorKeys.bookList(params), queryFn: ({ signal }) => listEditorBooks(params, signal) });

export function useEditorBooks(params: BookListParams) {
  return useQuery({ ...editorBooksQueryOptions(params), placeholderData: keepPreviousData });
}
