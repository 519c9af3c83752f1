import type { CategoryGuidePage, CategoryGuideTree } from '@maktaba/shared/schemas/category-guide';
import { useQuery } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api-client';
import { categoryGuideKeys } from '../lib/query-keys';

/** `GET /api/categories/guide`: every category, each with its sub-categories, in guide order. */
export function useCategoryGuideTree() {
  return useQuery({
    queryKey: categoryGuideKeys.tree(),
    queryFn: ({ signal }) => apiFetch<CategoryGuideTree>('/categories/guide', { signal }),
    select: (data) => data.categories,
  });
}

/** `GET /api/categories/{key}/guide`: one category's page (404 for an unknown key). */
export function useCategoryGuidePage(key: string) {
  return useQuery({
    queryKey: categoryGuideKeys.page(key),
    queryFn: ({ signal }) => apiFetch<CategoryGuidePage>(`/categories/${encodeURIComponent(key)}/guide`, { signal }),
    enabled: key !== '',
  });
}
