import type { UserList } from '@maktaba/shared/schemas/admin-users';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api-client';
import { userListKey } from '../lib/query-keys';

/** How many people a picker offers at once: enough to choose from, few enough to read. */
export const USER_MATCHES_MAX = 8;

/** `GET /api/admin/users?search=`: the users whose name or e-mail contains the text, by name. */
export function findUsers(search: string): Promise<UserList> {
  const params = new URLSearchParams({
    search,
    per_page: String(USER_MATCHES_MAX),
    sort: 'display_name',
    direction: 'asc',
  });
  return apiFetch<UserList>(`/admin/users?${params}`);
}

/** Matches for a picker; nothing is asked while the text is empty. */
export function useUserMatches(search: string) {
  const text = search.trim();
  return useQuery({
    queryKey: [...userListKey, 'matches', text],
    queryFn: () => findUsers(text),
    enabled: text.length > 0,
    placeholderData: keepPreviousData,
  });
}
