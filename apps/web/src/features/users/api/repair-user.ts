import type { UserDetail } from '@maktaba/shared/schemas/admin-users';
import { apiFetch } from '../../../lib/api-client';
import { useUserMutation } from '../hooks/use-user-mutation';

/** `POST /api/admin/users/{id}/repair`: validates the profile setup and repairs what it can. */
export function repairUser(id: string): Promise<UserDetail> {
  return apiFetch<UserDetail>(`/admin/users/${encodeURIComponent(id)}/repair`, { method: 'POST' });
}

export function useRepairUser(id: string) {
  return useUserMutation(id, () => repairUser(id));
}
