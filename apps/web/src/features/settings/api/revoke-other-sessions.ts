import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api-client';
import { sessionsQueryOptions } from './get-sessions';

/** `POST /api/auth/sessions/revoke-others`: ends every session of the user but this one. */
export function revokeOtherSessions(): Promise<void> {
  return apiFetch<void>('/auth/sessions/revoke-others', { method: 'POST' });
}

export function useRevokeOtherSessions() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: revokeOtherSessions,
    onSettled: () => queryClient.invalidateQueries({ queryKey: sessionsQueryOptions().queryKey }),
  });
}
