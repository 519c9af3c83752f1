import type { UserActivity } from '@maktaba/shared/schemas/admin-users';
import { useQuery } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api-client';
import { userKey } from '../lib/query-keys';

/** `GET /api/admin/users/{id}/activity?limit=10`: the last ten activities, newest first. */
export function getUserActivity(id: string): Promise<UserActivity[]> {
  return apiFetch<UserActivity[]>(`/admin/users/${encodeURIComponent(id)}/activity?limit=10`);
}

export function useUserActivity(id: string) {
  return useQuery({ queryKey: [...userKey(id), 'activity'], queryFn: () => getUserActivity(id) });
}
