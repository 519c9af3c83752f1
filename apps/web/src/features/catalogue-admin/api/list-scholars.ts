import type { Scholar } from '@maktaba/shared/schemas/catalogue';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api-client';
import { editorKeys } from '../lib/query-keys';

/** `GET /api/scholars`: the Our Scholars cards, in display order. */
export function listScholars(signal?: AbortSignal): Promise<{ scholars: Scholar[] }> {
  return apiFetch<{ scholars: Scholar[] }>('/scholars', { signal, cache: 'no-store' });
}

export const scholarsQueryOptions = () =>
  queryOptions({
    queryKey: editorKeys.scholars,
    queryFn: ({ signal }) => listScholars(signal),
    select: (data) => [...data.scholars].sort((a, b) => a.order - b.order),
  });

export function useScholars() {
  return useQuery(scholarsQueryOptions());
}
