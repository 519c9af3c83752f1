import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api-client';
import { collectionKeys } from '../lib/query-keys';

/** `DELETE /api/collections/{id}`: the owner's own, or anyone's for `collections.delete`. */
export function deleteCollection(id: string): Promise<void> {
  return apiFetch<void>(`/collections/${encodeURIComponent(id)}`, { method: 'DELETE' });
}

export function useDeleteCollection() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteCollection,
    onSuccess: (_result, id) => {
      queryClient.removeQueries({ queryKey: collectionKeys.detail(id) });
      void queryClient.invalidateQueries({ queryKey: collectionKeys.all });
    },
  });
}
