import type { CategoryNetwork, CategoryNetworkPanel } from '@maktaba/shared/schemas/category-network';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api-client';

const networkKey = ['category-network'] as const;

/** The whole network with shared edges of at least `minShared` books (the server keeps it a minute). */
export function useCategoryNetwork(minShared: number) {
  return useQuery({
    queryKey: [...networkKey, minShared],
    queryFn: () => apiFetch<CategoryNetwork>(`/admin/category-network?minShared=${minShared}`),
    placeholderData: keepPreviousData,
    staleTime: 60_000,
  });
}

/** One category's side panel. */
export function useCategoryPanel(id: string | null) {
  return useQuery({
    queryKey: [...networkKey, 'panel', id],
    queryFn: () => apiFetch<CategoryNetworkPanel>(`/admin/category-network/${id}`),
    enabled: id !== null,
    staleTime: 60_000,
  });
}
