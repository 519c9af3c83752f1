import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api-client';
import { editorKeys } from '../lib/query-keys';

/** `DELETE /api/scholars/{id}` (admins). */
export function deleteScholar(id: string): Promise<void> {
  return apiFetch<void>(`/scholars/${encodeURIComponent(id)}`, { method: 'DELETE' });
}

export function useDeleteScholar() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteScholar,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: editorKeys.scholars }),
  });
}
