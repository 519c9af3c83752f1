import type { Author, Category } from '@maktaba/shared/schemas/catalogue';
import type { SuggestResult } from '@maktaba/shared/schemas/search';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api-client';
import { articleKeys } from '../lib/query-keys';
import type { LinkedRecord } from '../lib/types';

/** Catalogue authors whose names match (`GET /api/authors?q=`). */
export async function searchAuthors(query: string): Promise<LinkedRecord[]> {
  const params = new URLSearchParams({ q: query, per_page: '8' });
  const result = await apiFetch<{ authors: Author[] }>(`/authors?${params}`);
  return result.authors.map((author) => ({ id: author.id, name: author.name, name_ar: author.name_ar }));
}

/** Catalogue books whose title matches (`GET /api/search/suggest`, the search box's suggestions). */
export async function searchBooks(query: string): Promise<LinkedRecord[]> {
  const params = new URLSearchParams({ q: query, limit: '8' });
  const result = await apiFetch<SuggestResult>(`/search/suggest?${params}`);
  return result.suggestions
    .filter((suggestion) => suggestion.type === 'book')
    .map((suggestion) => ({
      id: suggestion.id,
      // The suggestion's title is the English one when there is one, else the Arabic one again.
      name: suggestion.query === suggestion.query_ar ? null : suggestion.query,
      name_ar: suggestion.query_ar,
    }));
}

export function useRecordSearch(kind: 'author' | 'book', query: string) {
  const trimmed = query.trim();
  return useQuery(
    queryOptions({
      queryKey: [...articleKeys.records, kind, trimmed],
      queryFn: () => (kind === 'book' ? searchBooks(trimmed) : searchAuthors(trimmed)),
      enabled: trimmed.length >= 2,
      staleTime: 60_000,
    }),
  );
}

/** Every category (`GET /api/categories`): the topics an article may have. */
export function useTopicChoices() {
  return useQuery(
    queryOptions({
      queryKey: [...articleKeys.records, 'categories'],
      queryFn: async () => (await apiFetch<{ categories: Category[] }>('/categories')).categories,
      staleTime: 5 * 60_000,
    }),
  );
}
