import type { Author, Scholar } from '@maktaba/shared/schemas/catalogue';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api-client';
import { catalogueCategoriesQuery, searchCatalogueBooks } from '../../../lib/catalogue-lookup';
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

/** Catalogue books whose title matches. */
export async function searchBooks(query: string): Promise<RecordOption[]> {
  return (await searchCatalogueBooks(query)).map((book) => ({
    id: book.id,
    kind: 'book',
    name_en: book.title,
    name_ar: book.title_ar,
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

/** Every category: the topics a quote may have. */
export function useTopicChoices(enabled: boolean) {
  return useQuery({ ...catalogueCategoriesQuery, enabled });
}
