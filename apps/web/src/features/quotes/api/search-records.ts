import type { Author, Category, Scholar } from '@maktaba/shared/schemas/catalogue';
import type { SuggestResult } from '@maktaba/shared/schemas/search';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api-client';
import { quoteKeys } from '../lib/query-keys';

/** A catalogue record the form can link to: its id, kind and names. */
export type RecordOption = {
  id: string;
  kind: 'author' | 'scholar' | 'book';
  name_en: string | null;
  name_ar: string | null;
};

const matches = (query: string, ...names: (string | null)[]) => {
  const needle = query.trim().toLocaleLowerCase();
  return names.some((name) => name?.toLocaleLowerCase().includes(needle));
};

/** Authors (`GET /api/authors?q=`) and scholars (`GET /api/scholars`, a short list) whose names match. */
export async function searchSpeakers(query: string): Promise<RecordOption[]> {
  const params = new URLSearchParams({ q: query, per_page: '6' });
  const [authors, scholars] = await Promise.all([
    apiFetch<{ authors: Author[] }>(`/authors?${params}`),
    apiFetch<{ scholars: Scholar[] }>('/scholars'),
  ]);
  return [
    ...scholars.scholars
      .filter((scholar) => matches(query, scholar.name, scholar.name_ar))
      .slice(0, 4)
      .map(
        (scholar): RecordOption => ({
          id: scholar.id,
          kind: 'scholar',
          name_en: scholar.name,
          name_ar: scholar.name_ar,
        }),
      ),
    ...authors.authors.map(
      (author): RecordOption => ({ id: author.id, kind: 'author', name_en: author.name, name_ar: author.name_ar }),
    ),
  ];
}

/** Catalogue books whose title matches (`GET /api/search/suggest`, the search box's suggestions). */
export async function searchBooks(query: string): Promise<RecordOption[]> {
  const params = new URLSearchParams({ q: query, limit: '8' });
  const result = await apiFetch<SuggestResult>(`/search/suggest?${params}`);
  return result.suggestions
    .filter((suggestion) => suggestion.type === 'book')
    .map((suggestion) => ({
      id: suggestion.id,
      kind: 'book',
      // The suggestion's title is the English one when there is one, else the Arabic one again.
      name_en: suggestion.query === suggestion.query_ar ? null : suggestion.query,
      name_ar: suggestion.query_ar,
    }));
}

export function useRecordSearch(kind: 'speaker' | 'book', query: string) {
  const trimmed = query.trim();
  return useQuery(
    queryOptions({
      queryKey: [...quoteKeys.all, 'records', kind, trimmed],
      queryFn: () => (kind === 'book' ? searchBooks(trimmed) : searchSpeakers(trimmed)),
      enabled: trimmed.length >= 2,
      staleTime: 60_000,
    }),
  );
}

/** Every category (`GET /api/categories`): the topics a quote may have. */
export function useTopicChoices(enabled: boolean) {
  return useQuery(
    queryOptions({
      queryKey: [...quoteKeys.all, 'categories'],
      queryFn: async () => (await apiFetch<{ categories: Category[] }>('/categories')).categories,
      enabled,
      staleTime: 5 * 60_000,
    }),
  );
}
