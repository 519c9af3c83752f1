import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api-client';
import { editorKeys } from '../lib/query-keys';

/** `DELETE /api/authors/{id}` (admins; 409 CONFLICT while the author still has books). */
export function deleteAuthor(id: string): Promise<void> {
  return apiFetch<void>(`/authors/${encodeURIComponent(id)}`, { method: 'DELETE' });
}

export function useDeleteAuthor() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteAuthor,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: editorKeys.authors }),
  });
}
