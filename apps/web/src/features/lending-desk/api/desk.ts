import type {
  BulkActionInput,
  BulkResult,
  DeskCounts,
  DeskLoan,
  DeskLoanDetail,
  DeskLoanList,
  DeskQueue,
  LendingSettings,
  NoticesRun,
} from '@maktaba/shared/schemas/loans';
import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api-client';

/** Every query of the desk; an action invalidates them all (lists, counts, the loan, the user's history). */
export const deskKey = ['lending-desk'] as const;
const loanKey = (id: string) => [...deskKey, 'loan', id] as const;
const settingsKey = ['lending-settings'] as const;

export type DeskFilter = {
  queue: DeskQueue;
  q?: string;
  user_id?: string;
  sort: 'requested_at' | 'updated_at' | 'due_date' | 'patron' | 'book';
  order: 'asc' | 'desc';
  limit: number;
  offset: number;
};

/** `GET /api/admin/loans`: one page of a queue. */
export function listDeskLoans(filter: DeskFilter): Promise<DeskLoanList> {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(filter))
    if (value !== undefined && value !== '') params.set(key, String(value));
  return apiFetch<DeskLoanList>(`/admin/loans?${params}`);
}

export function useDeskLoans(filter: DeskFilter) {
  return useQuery({
    queryKey: [...deskKey, 'list', filter],
    queryFn: () => listDeskLoans(filter),
    placeholderData: keepPreviousData,
    staleTime: 0,
  });
}

/** `GET /api/admin/loans/counts`: how many loans wait in each queue. */
export function useDeskCounts() {
  return useQuery({
    queryKey: [...deskKey, 'counts'],
    queryFn: () => apiFetch<DeskCounts>('/admin/loans/counts'),
    staleTime: 0,
  });
}

export const deskLoanQueryOptions = (id: string) =>
  queryOptions({
    queryKey: loanKey(id),
    queryFn: () => apiFetch<DeskLoanDetail>(`/admin/loans/${encodeURIComponent(id)}`),
    staleTime: 0,
  });

/** `GET /api/admin/loans/{id}`: the loan with its history and the copies it could take. */
export function useDeskLoan(id: string) {
  return useQuery(deskLoanQueryOptions(id));
}

/** The desk's actions on one loan, with the path segment and the body each takes. */
export type DeskAction =
  | { action: 'approve'; body: { copy_id?: string } }
  | { action: 'deny'; body: { reason: string } }
  | { action: 'ship'; body: { carrier?: string; tracking_number?: string } }
  | { action: 'deliver'; body?: undefined }
  | { action: 'send_back'; body?: undefined }
  | { action: 'receive'; body: { condition: 'good' | 'damaged'; note?: string } }
  | { action: 'mark_lost'; body: { note?: string } }
  | { action: 'renew'; body: { note?: string; override?: boolean } }
  | { action: 'change_due_date'; body: { due_date: string; note: string } };

const ACTION_PATHS: Record<DeskAction['action'], string> = {
  approve: 'approve',
  deny: 'deny',
  ship: 'ship',
  deliver: 'deliver',
  send_back: 'send-back',
  receive: 'receive',
  mark_lost: 'mark-lost',
  renew: 'renew',
  change_due_date: 'due-date',
};

export function takeDeskAction(id: string, { action, body }: DeskAction): Promise<DeskLoan> {
  return apiFetch<DeskLoan>(`/admin/loans/${encodeURIComponent(id)}/${ACTION_PATHS[action]}`, {
    method: 'POST',
    body: body ?? {},
  });
}

/** Anything that shows loans is stale after an action: the desk, and a reader's borrowing history. */
function invalidateLoans(queryClient: ReturnType<typeof useQueryClient>) {
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: deskKey }),
    queryClient.invalidateQueries({ queryKey: ['admin-users'] }),
  ]);
}

export function useDeskAction(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: DeskAction) => takeDeskAction(id, input),
    onSettled: () => invalidateLoans(queryClient),
  });
}

/** `POST /api/admin/loans/bulk`: each loan on its own; the answer says which ones were refused and why. */
export function useBulkAction() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: BulkActionInput) => apiFetch<BulkResult>('/admin/loans/bulk', { method: 'POST', body: input }),
    onSettled: () => invalidateLoans(queryClient),
  });
}

/** `GET /api/admin/lending-settings`: the loan period, limits, renewals, notices and the return address. */
export function useLendingSettings() {
  return useQuery({ queryKey: settingsKey, queryFn: () => apiFetch<LendingSettings>('/admin/lending-settings') });
}

export function useSaveLendingSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: LendingSettings) =>
      apiFetch<LendingSettings>('/admin/lending-settings', { method: 'PUT', body: input }),
    onSuccess: (saved) => queryClient.setQueryData(settingsKey, saved),
  });
}

/** `POST /api/admin/lending-jobs/notices/run`: sends the due reminders and overdue notices now (admins). */
export function useRunNotices() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => apiFetch<NoticesRun>('/admin/lending-jobs/notices/run', { method: 'POST', body: {} }),
    onSettled: () => invalidateLoans(queryClient),
  });
}
