import type { Book } from '@maktaba/shared/schemas/catalogue';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api-client';
import { editorKeys } from '../lib/query-keys';

/** `GET /api/books/{id}`: for librarians and admins, drafts and pending books too. */
export function getEditorBook(id: string, signal?: AbortSignal): Promise<Book> {
  return apiFetch<Book>(`/books/${encodeURIComponent(id)}`, { signal, cache: 'no-store' });
}

export const editorBookQueryOptions = (id: string) =>
  queryOptions({ queryKey: editorKeys.book(id), queryFn: ({ signal }) => getEditorBook(id, signal) });

export function useEditorBook(id: string | null) {
  return useQuery({ ...editorBookQueryOptions(id ?? ''), enabled: Boolean(id) });
}
