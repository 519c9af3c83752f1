import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api-client';
import { articleKeys } from '../lib/query-keys';
import type { ArticleStatus, StaffArticleList } from '../lib/types';

export type StaffArticleFilter = { q?: string; status?: ArticleStatus; page: number };

/** `GET /api/library/articles`: drafts and published articles, for librarians and admins. */
export function listStaffArticles({ page, ...filter }: StaffArticleFilter): Promise<StaffArticleList> {
  const params = new URLSearchParams({ page: String(page) });
  for (const [key, value] of Object.entries(filter)) if (value) params.set(key, value);
  return apiFetch<StaffArticleList>(`/library/articles?${params}`);
}

export function useStaffArticles(filter: StaffArticleFilter) {
  return useQuery(
    queryOptions({
      queryKey: [...articleKeys.staff, filter],
      queryFn: () => listStaffArticles(filter),
      placeholderData: keepPreviousData,
      staleTime: 0,
    }),
  );
}
