import type { UserDetail } from '@maktaba/shared/schemas/admin-users';
import { useQuery } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api-client';
import { userKey } from '../lib/query-keys';

/** `GET /api/admin/users/{id}`: the whole profile, its sessions count and setup problems. */
export function getUser(id: string): Promise<UserDetail> {
  return apiFetch<UserDetail>(`/admin/users/${encodeURIComponent(id)}`);
}

export function useUser(id: string) {
  return useQuery({ queryKey: userKey(id), queryFn: () => getUser(id) });
}
