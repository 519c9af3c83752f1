import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api-client';
import { articleKeys } from '../lib/query-keys';

/** `DELETE /api/library/articles/{id}`: the author's own draft, or any article for admins. */
export function deleteArticle(id: string): Promise<unknown> {
  return apiFetch(`/library/articles/${encodeURIComponent(id)}`, { method: 'DELETE' });
}

export function useDeleteArticle() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteArticle,
    retry: false,
    onSuccess: (_result, id) => {
      queryClient.removeQueries({ queryKey: articleKeys.source(id) });
      queryClient.removeQueries({ queryKey: articleKeys.detail(id) });
      return queryClient.invalidateQueries({ queryKey: articleKeys.all });
    },
  });
}
