import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api-client';
import { quoteKeys } from '../lib/query-keys';

/** `DELETE /api/quotes/{id}`: admins only; 204. */
export function deleteQuote(id: string): Promise<void> {
  return apiFetch<void>(`/quotes/${encodeURIComponent(id)}`, { method: 'DELETE' });
}

export function useDeleteQuote() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteQuote,
    retry: false,
    onSuccess: (_result, id) => {
      queryClient.removeQueries({ queryKey: quoteKeys.detail(id) });
      return queryClient.invalidateQueries({ queryKey: quoteKeys.all });
    },
  });
}
