import {
  PROFILES_BULK_LIMITS,
  type ProfilesBulk,
  type ProfilesBulkResult,
  type ProfilesFilter,
  type ProfilesList,
} from '@maktaba/shared/schemas/profiles-bulk';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api-client';
import { filterParams } from '../lib/filter-state';

export const profilesKey = ['admin-profiles'] as const;
/** The single-user pages read these; a bulk change makes them stale too. */
const usersKey = ['admin-users'] as const;

export const PAGE_SIZE = PROFILES_BULK_LIMITS.pageSizeDefault;

/** `GET /api/admin/profiles`: one page of the matching accounts with the exact total. */
export function useProfiles(filter: ProfilesFilter, page: number) {
  return useQuery({
    queryKey: [...profilesKey, filter, page],
    queryFn: () => {
      const params = filterParams(filter);
      params.set('page', String(page));
      params.set('pageSize', String(PAGE_SIZE));
      return apiFetch<ProfilesList>(`/admin/profiles?${params}`);
    },
    placeholderData: keepPreviousData,
  });
}

/** Every matching account as a CSV file (the server sends it as a download). */
export function profilesCsvUrl(filter: ProfilesFilter): string {
  const params = filterParams(filter);
  params.set('format', 'csv');
  return `/api/admin/profiles?${params}`;
}

/** `POST /api/admin/profiles/bulk`; the list and the user pages are read again afterwards. */
export function useBulkUpdate() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: ProfilesBulk) => apiFetch<ProfilesBulkResult>('/admin/profiles/bulk', { method: 'POST', body }),
    onSettled: async () => {
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: profilesKey }),
        queryClient.invalidateQueries({ queryKey: usersKey }),
      ]);
    },
  });
}
