import type { Category } from '@maktaba/shared/schemas/catalogue';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api-client';
import { editorKeys } from '../lib/query-keys';

/** `GET /api/categories`: every category with its parent. */
export function listCategories(signal?: AbortSignal): Promise<{ categories: Category[] }> {
  return apiFetch<{ categories: Category[] }>('/categories', { signal, cache: 'no-store' });
}

export const categoriesQueryOptions = () =>
  queryOptions({
    queryKey: editorKeys.categories,
    queryFn: ({ signal }) => listCategories(signal),
    select: (data) => data.categories,
  });

export function useCategories() {
  return useQuery(categoriesQueryOptions());
}
