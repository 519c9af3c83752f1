import type { CollectionList, CollectionVisibility } from '@maktaba/shared/schemas/collections';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api-client';
import { collectionKeys } from '../lib/query-keys';

export type StaffListParams = { q: string; visibility: CollectionVisibility; featured: boolean; page: number };

export const STAFF_PAGE_SIZE = 20;

/** `GET /api/collections` (librarians): every reader's collections, most recently updated first. */
export function listCollections({ q, visibility, featured, page }: StaffListParams): Promise<CollectionList> {
  const params = new URLSearchParams({
    visibility,
    limit: String(STAFF_PAGE_SIZE),
    offset: String((page - 1) * STAFF_PAGE_SIZE),
  });
  if (q) params.set('q', q);
  if (featured) params.set('featured', 'true');
  return apiFetch<CollectionList>(`/collections?${params}`);
}

export function staffCollectionsQueryOptions(params: StaffListParams) {
  return queryOptions({
    queryKey: collectionKeys.staff({ ...params, featured: String(params.featured) }),
    queryFn: () => listCollections(params),
    placeholderData: keepPreviousData,
    retry: false,
  });
}

export function useStaffCollections(params: StaffListParams) {
  return useQuery(staffCollectionsQueryOptions(params));
}
