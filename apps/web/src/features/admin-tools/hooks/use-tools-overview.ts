import type { AdminOverview } from '@maktaba/shared/schemas/admin-overview';
import { useQuery } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api-client';

/** The figures and the health are read again every minute while the page is open. */
export const OVERVIEW_REFRESH_MS = 60_000;

/** `GET /api/admin/tools/overview`: a live figure per tool and the system's health. */
export function useToolsOverview() {
  return useQuery({
    queryKey: ['admin-tools-overview'],
    queryFn: () => apiFetch<AdminOverview>('/admin/tools/overview'),
    refetchInterval: OVERVIEW_REFRESH_MS,
    staleTime: OVERVIEW_REFRESH_MS / 2,
  });
}
