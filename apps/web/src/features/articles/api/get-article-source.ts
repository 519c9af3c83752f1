import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api-client';
import { articleKeys } from '../lib/query-keys';
import type { ArticleSource } from '../lib/types';

/** `GET /api/library/articles/{id}`: the editable Markdown source of an article. */
export function getArticleSource(id: string): Promise<ArticleSource> {
  return apiFetch<ArticleSource>(`/library/articles/${encodeURIComponent(id)}`);
}

export function useArticleSource(id: string | undefined) {
  return useQuery(
    queryOptions({
      queryKey: articleKeys.source(id ?? ''),
      queryFn: () => getArticleSource(id ?? ''),
      enabled: Boolean(id),
      staleTime: 0,
      // The form is filled once: a refetch on focus must not replace what is being typed.
      refetchOnWindowFocus: false,
    }),
  );
}
