import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api-client';
import { catalogueCategoriesQuery, LOOKUP_MIN_LENGTH, searchCatalogueBooks } from '../../../lib/catalogue-lookup';
import { askKeys } from '../lib/query-keys';
import type { FaqList, QuestionBook } from '../lib/types';

/** `GET /api/faq?q=&topic=&page=`: the published answers, searched Arabic-aware by the server. */
export function useFaq(q: string, topic: string, page: number) {
  return useQuery(
    queryOptions({
      queryKey: askKeys.faq(q, topic, page),
      queryFn: () => {
        const params = new URLSearchParams({ page: String(page) });
        if (q) params.set('q', q);
        if (topic) params.set('topic', topic);
        return apiFetch<FaqList>(`/faq?${params}`);
      },
      placeholderData: keepPreviousData,
    }),
  );
}

/** Every catalogue category: the topics a question may be about. */
export function useTopics() {
  return useQuery(catalogueCategoriesQuery);
}

/** Catalogue books whose title matches. */
export function useBookSearch(query: string) {
  const trimmed = query.trim();
  return useQuery(
    queryOptions({
      queryKey: askKeys.books(trimmed),
      queryFn: (): Promise<QuestionBook[]> => searchCatalogueBooks(trimmed),
      enabled: trimmed.length >= LOOKUP_MIN_LENGTH,
      staleTime: 60_000,
    }),
  );
}
