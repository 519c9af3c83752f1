import type { UserAdminUpdate, UserDetail } from '@maktaba/shared/schemas/admin-users';
import { apiFetch } from '../../../lib/api-client';
import { useUserMutation } from '../hooks/use-user-mutation';

/** `PATCH /api/admin/users/{id}`: role, status, name, biography, borrowing limit (any of them). */
export function updateUser(id: string, changes: UserAdminUpdate): Promise<UserDetail> {
  return apiFetch<UserDetail>(`/admin/users/${encodeURIComponent(id)}`, { method: 'PATCH', body: changes });
}

export function useUpdateUser(id: string) {
  return useUserMutation(id, (changes: UserAdminUpdate) => updateUser(id, changes));
}
