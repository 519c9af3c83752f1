import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api-client';
import { auditKey, userKey, userListKey } from '../lib/query-keys';

/** `DELETE /api/admin/users/{id}` ('delete-user'): answers `{ message }`. */
export function deleteUser(id: string): Promise<{ message: string }> {
  return apiFetch<{ message: string }>(`/admin/users/${encodeURIComponent(id)}`, { method: 'DELETE' });
}

export function useDeleteUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteUser,
    onSuccess: (_result, id) => {
      queryClient.removeQueries({ queryKey: userKey(id) });
      void queryClient.invalidateQueries({ queryKey: auditKey });
      return queryClient.invalidateQueries({ queryKey: userListKey });
    },
  });
}
