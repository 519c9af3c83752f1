import { IMPORT_LIMITS, type ImportJob } from '@maktaba/shared/schemas/catalogue-import';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api-client';

/** `GET /api/admin/imports/{id}`: the progress and result of one import. */
export function getImport(id: string, signal?: AbortSignal): Promise<ImportJob> {
  return apiFetch<ImportJob>(`/admin/imports/${encodeURIComponent(id)}`, { signal });
}

export const importQueryOptions = (id: string) =>
  queryOptions({
    queryKey: ['admin', 'imports', id],
    queryFn: ({ signal }) => getImport(id, signal),
    // Polled while it runs; a finished import does not change any more.
    refetchInterval: (query) => (query.state.data?.status === 'running' ? IMPORT_LIMITS.pollIntervalMs : false),
  });

export function useImport(id: string | null) {
  return useQuery({ ...importQueryOptions(id ?? ''), enabled: id !== null });
}
