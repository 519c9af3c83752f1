import { LIMITS } from '@maktaba/shared/constants';
import type { Scholar } from '@maktaba/shared/schemas/catalogue';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api-client';
import { catalogueKeys } from '../lib/query-keys';

/** `GET /api/scholars`: the Our Scholars cards in display order. */
export function getScholars(signal?: AbortSignal): Promise<{ scholars: Scholar[] }> {
  return apiFetch<{ scholars: Scholar[] }>('/scholars', { signal });
}

export const scholarsQueryOptions = () =>
  queryOptions({
    queryKey: catalogueKeys.scholars,
    queryFn: ({ signal }) => getScholars(signal),
    select: (data) => data.scholars,
  });

/** On home, like the other home queries, one retry (reader-area §9). */
export function useScholars() {
  return useQuery({ ...scholarsQueryOptions(), retry: LIMITS.homeQueryRetries });
}
