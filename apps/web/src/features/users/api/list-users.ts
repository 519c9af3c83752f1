import { LIMITS } from '@maktaba/shared/constants';
import type { UserList } from '@maktaba/shared/schemas/admin-users';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { apiFetch } from '../../../lib/api-client';
import { evictOldest } from '../lib/evict-oldest';
import { listQuery, type UserListState } from '../lib/list-state';
import { userListKey } from '../lib/query-keys';

/** `GET /api/admin/users`: one page of the list (15 a page), with the exact count. */
export function listUsers(state: UserListState): Promise<UserList> {
  return apiFetch<UserList>(`/admin/users?${listQuery(state, LIMITS.adminPageSize)}`);
}

/** Results are kept 120 s, at most 25 of them (the oldest go first). */
export function useUsers(state: UserListState) {
  const queryClient = useQueryClient();
  const query = useQuery({
    queryKey: [...userListKey, state],
    queryFn: () => listUsers(state),
    staleTime: LIMITS.adminCacheTtl,
    gcTime: LIMITS.adminCacheTtl,
    placeholderData: keepPreviousData,
  });
  useEffect(() => {
    if (query.dataUpdatedAt) evictOldest(queryClient, userListKey, LIMITS.adminCacheEntries);
  }, [queryClient, query.dataUpdatedAt]);
  return query;
}
