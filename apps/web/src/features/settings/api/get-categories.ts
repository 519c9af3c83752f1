import type { Category } from '@maktaba/shared/schemas/catalogue';
import { queryOptions } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api-client';

/** `GET /api/categories`: the catalogue's categories, which interests and favourite genres are chosen from. */
export const profileCategoriesQueryOptions = () =>
  queryOptions({
    queryKey: ['settings', 'categories'] as const,
    queryFn: ({ signal }) => apiFetch<{ categories: Category[] }>('/categories', { signal }),
    select: (data) => data.categories,
    staleTime: 5 * 60_000,
  });
