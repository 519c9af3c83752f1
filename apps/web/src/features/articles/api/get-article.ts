import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api-client';
import { articleKeys } from '../lib/query-keys';
import type { Article } from '../lib/types';

/** `GET /api/articles/{id}`: a published article (staff also see drafts); otherwise NOT_FOUND. */
export function getArticle(id: string): Promise<Article> {
  return apiFetch<Article>(`/articles/${encodeURIComponent(id)}`);
}

export const articleQueryOptions = (id: string) =>
  queryOptions({ queryKey: articleKeys.detail(id), queryFn: () => getArticle(id), staleTime: 30_000 });

export function useArticle(id: string) {
  return useQuery(articleQueryOptions(id));
}
