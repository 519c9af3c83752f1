import { useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api-client';
import { useUserMutation } from '../hooks/use-user-mutation';
import { userKey } from '../lib/query-keys';

/** `POST /api/admin/users/{id}/verify-email`: an admin vouches for the user's address (audited). */
export function verifyUserEmail(id: string): Promise<{ verified: true }> {
  return apiFetch<{ verified: true }>(`/admin/users/${encodeURIComponent(id)}/verify-email`, { method: 'POST' });
}

export function useVerifyUserEmail(id: string) {
  const queryClient = useQueryClient();
  return useUserMutation(id, async () => {
    const result = await verifyUserEmail(id);
    await queryClient.invalidateQueries({ queryKey: userKey(id) });
    return result;
  });
}
