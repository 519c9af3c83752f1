import { queryOptions, useQuery } from '@tanstack/react-query';
import { catalogueCategoriesQuery, searchCatalogueAuthors, searchCatalogueBooks } from '../../../lib/catalogue-lookup';
import { articleKeys } from '../lib/query-keys';
import type { LinkedRecord } from '../lib/types';

/** Catalogue books or authors whose title or names match. */
async function searchRecords(kind: 'author' | 'book', query: string): Promise<LinkedRecord[]> {
  if (kind === 'author') return searchCatalogueAuthors(query);
  return (await searchCatalogueBooks(query)).map((book) => ({ id: book.id, name: book.title, name_ar: book.title_ar }));
}

export function useRecordSearch(kind: 'author' | 'book', query: string) {
  const trimmed = query.trim();
  return useQuery(
    queryOptions({
      queryKey: [...articleKeys.records, kind, trimmed],
      queryFn: () => searchRecords(kind, trimmed),
      enabled: trimmed.length >= 2,
      staleTime: 60_000,
    }),
  );
}

/** Every category: the topics an article may have. */
export function useTopicChoices() {
  return useQuery(catalogueCategoriesQuery);
}
