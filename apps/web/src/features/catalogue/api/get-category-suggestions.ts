import { LIMITS } from '@maktaba/shared/constants';
import type { CategorySuggestion } from '@maktaba/shared/schemas/catalogue';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api-client';
import { catalogueKeys } from '../lib/query-keys';

const FIVE_MINUTES = 5 * 60_000;

/** `GET /api/categories/suggestions?count=N`: the spec's get_bilingual_category_suggestions. */
export function getCategorySuggestions(count: number, signal?: AbortSignal) {
  return apiFetch<{ suggestions: CategorySuggestion[] }>(`/categories/suggestions?count=${count}`, { signal });
}

/**
 * Cached 5 minutes (reader-area §9 "Suggested topics"); home asks for 15. The server looks at
 * max(50, count × 6) categories, most-used first, and may answer more than asked: keep `count`.
 */
export const categorySuggestionsQueryOptions = (count: number = LIMITS.homeTopicSuggestions) =>
  queryOptions({
    queryKey: catalogueKeys.categorySuggestions(count),
    queryFn: ({ signal }) => getCategorySuggestions(count, signal),
    select: (data) => data.suggestions.slice(0, count),
    staleTime: FIVE_MINUTES,
  });

export function useCategorySuggestions(count?: number) {
  return useQuery({ ...categorySuggestionsQueryOptions(count), retry: LIMITS.homeQueryRetries });
}
