import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api-client';
import { articleKeys } from '../lib/query-keys';
import type { ArticleInput, ArticleSource } from '../lib/types';

/** `POST /api/library/articles` (new) or `PATCH /api/library/articles/{id}`: the saved source. */
export function saveArticle({ id, input }: { id?: string; input: ArticleInput }): Promise<ArticleSource> {
  return id
    ? apiFetch<ArticleSource>(`/library/articles/${encodeURIComponent(id)}`, { method: 'PATCH', body: input })
    : apiFetch<ArticleSource>('/library/articles', { method: 'POST', body: input });
}

export function useSaveArticle() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveArticle,
    retry: false,
    onSuccess: (article) => {
      queryClient.setQueryData(articleKeys.source(article.id), article);
      return queryClient.invalidateQueries({ queryKey: articleKeys.all, refetchType: 'inactive' });
    },
  });
}
