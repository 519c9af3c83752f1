import type { Category } from '@maktaba/shared/schemas/catalogue';
import type { SuggestResult } from '@maktaba/shared/schemas/search';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api-client';
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

/** Every catalogue category (`GET /api/categories`): the topics a question may be about. */
export function useTopics() {
  return useQuery(
    queryOptions({
      queryKey: askKeys.categories,
      queryFn: async () => (await apiFetch<{ categories: Category[] }>('/categories')).categories,
      staleTime: 5 * 60_000,
    }),
  );
}

/** Catalogue books whose title matches (`GET /api/search/suggest`, the search box's suggestions). */
export function useBookSearch(query: string) {
  const trimmed = query.trim();
  return useQuery(
    queryOptions({
      queryKey: askKeys.books(trimmed),
      queryFn: async (): Promise<QuestionBook[]> => {
        const params = new URLSearchParams({ q: trimmed, limit: '8' });
        const result = await apiFetch<SuggestResult>(`/search/suggest?${params}`);
        return result.suggestions
          .filter((suggestion) => suggestion.type === 'book')
          .map((suggestion) => ({
            id: suggestion.id,
            // The suggestion's title is the English one when there is one, else the Arabic one again.
            title: suggestion.query === suggestion.query_ar ? null : suggestion.query,
            title_ar: suggestion.query_ar,
          }));
      },
      enabled: trimmed.length >= 2,
      staleTime: 60_000,
    }),
  );
}
