import { apiFetch } from '../../../lib/api-client';
import { useUserMutation } from '../hooks/use-user-mutation';

/** `POST /api/admin/users/{id}/email`. */
export function changeUserEmail(id: string, email: string): Promise<unknown> {
  return apiFetch(`/admin/users/${encodeURIComponent(id)}/email`, { method: 'POST', body: { email } });
}

export function useChangeUserEmail(id: string) {
  return useUserMutation(id, (email: string) => changeUserEmail(id, email));
}
