import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api-client';
import { articleKeys } from '../lib/query-keys';
import type { ArticleList } from '../lib/types';

export type ArticleFilter = { q?: string; topic?: string; page: number };

export const ARTICLES_PAGE_SIZE = 12;

/** `GET /api/articles`: one page of published articles, newest first, searched (Arabic-aware) and filtered by topic. */
export function listArticles({ page, ...filter }: ArticleFilter): Promise<ArticleList> {
  const params = new URLSearchParams({ page: String(page), page_size: String(ARTICLES_PAGE_SIZE) });
  for (const [key, value] of Object.entries(filter)) if (value) params.set(key, value);
  return apiFetch<ArticleList>(`/articles?${params}`);
}

export const articlesQueryOptions = (filter: ArticleFilter) =>
  queryOptions({
    queryKey: [...articleKeys.lists, filter],
    queryFn: () => listArticles(filter),
    placeholderData: keepPreviousData,
    staleTime: 30_000,
  });

export function useArticles(filter: ArticleFilter) {
  return useQuery(articlesQueryOptions(filter));
}
