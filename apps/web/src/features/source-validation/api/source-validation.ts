import type {
  FindingKind,
  FindingsPage,
  LatestRun,
  MergeResult,
  ValidationRun,
} from '@maktaba/shared/schemas/source-validation';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api-client';

const BASE = '/admin/source-validation';
const sourceValidationKey = ['source-validation'] as const;
const latestKey = [...sourceValidationKey, 'latest'] as const;

/** How often the page asks for the run's progress while it runs. */
export const POLL_INTERVAL_MS = 2000;

/** The latest run, polled every two seconds while it runs. */
export function useLatestRun() {
  return useQuery({
    queryKey: latestKey,
    queryFn: () => apiFetch<LatestRun>(`${BASE}/runs/latest`),
    staleTime: 0,
    refetchInterval: (query) => (query.state.data?.run?.status === 'running' ? POLL_INTERVAL_MS : false),
  });
}

/** A page of a finished run's findings, of one kind or all. */
export function useFindings(run: ValidationRun | null | undefined, kind: FindingKind | null, page: number) {
  const ready = Boolean(run && run.status !== 'running');
  return useQuery({
    queryKey: [...sourceValidationKey, 'findings', run?.id, run?.status, kind, page],
    queryFn: () => {
      const query = new URLSearchParams({ page: String(page) });
      if (kind) query.set('kind', kind);
      return apiFetch<FindingsPage>(`${BASE}/runs/${run?.id}/findings?${query}`);
    },
    enabled: ready,
    placeholderData: keepPreviousData,
    staleTime: 0,
  });
}

/** The API address of a run's findings as a CSV file (of one kind, or all). */
export function findingsCsvUrl(runId: string, kind: FindingKind | null): string {
  const query = new URLSearchParams({ format: 'csv' });
  if (kind) query.set('kind', kind);
  return `/api${BASE}/runs/${runId}/findings?${query}`;
}

export function useStartRun() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => apiFetch<ValidationRun>(`${BASE}/runs`, { method: 'POST' }),
    // The run as started (running): the page then polls its progress every two seconds.
    onSuccess: (run) => queryClient.setQueryData<LatestRun>(latestKey, { run }),
  });
}

export function useMergeBooks() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ keepId, duplicateId }: { keepId: string; duplicateId: string }) =>
      apiFetch<MergeResult>(`/admin/books/${keepId}/merge`, { method: 'POST', body: { duplicate_id: duplicateId } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: sourceValidationKey }),
  });
}
