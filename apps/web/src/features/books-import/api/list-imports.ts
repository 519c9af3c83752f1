import type { ImportJobList } from '@maktaba/shared/schemas/catalogue-import';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api-client';

/** `GET /api/admin/imports`: the recent imports, newest first. */
export function listImports(signal?: AbortSignal): Promise<ImportJobList> {
  return apiFetch<ImportJobList>('/admin/imports', { signal });
}

export const importsQueryOptions = () =>
  queryOptions({
    queryKey: ['admin', 'imports'],
    queryFn: ({ signal }) => listImports(signal),
    select: (data) => data.jobs,
  });

export function useImports() {
  return useQuery(importsQueryOptions());
}
