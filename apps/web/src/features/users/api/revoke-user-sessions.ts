import { apiFetch } from '../../../lib/api-client';
import { useUserMutation } from '../hooks/use-user-mutation';

/** `POST /api/admin/users/{id}/sessions/revoke`: ends every session of the user. */
export function revokeUserSessions(id: string): Promise<unknown> {
  return apiFetch(`/admin/users/${encodeURIComponent(id)}/sessions/revoke`, { method: 'POST' });
}

export function useRevokeUserSessions(id: string) {
  return useUserMutation(id, () => revokeUserSessions(id));
}
