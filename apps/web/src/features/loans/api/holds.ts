import type { Hold, HoldList, Loan } from '@maktaba/shared/schemas/loans';
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api-client';
import { loanKeys } from '../lib/query-keys';
import { refreshLoans } from '../lib/refresh-loans';

/** `GET /api/holds`: the reader's open places on waiting lists (waiting or offered), oldest first. */
export function getHolds(signal?: AbortSignal): Promise<HoldList> {
  return apiFetch<HoldList>('/holds', { signal });
}

export function holdsQueryOptions(userId: string | null) {
  return queryOptions({
    queryKey: loanKeys.holds(userId),
    queryFn: ({ signal }) => getHolds(signal),
    staleTime: 30_000,
  });
}

/** `POST /api/holds`: joins a book's waiting list; `locale` is the language its notices will use. */
export function joinHold(bookId: string, locale: 'en' | 'ar'): Promise<Hold> {
  return apiFetch<Hold>('/holds', { method: 'POST', body: { book_id: bookId, locale } });
}

/** `DELETE /api/holds/{id}`: leaves a waiting list; a copy offered to the reader goes to the next one. */
export function leaveHold(id: string): Promise<void> {
  return apiFetch<void>(`/holds/${encodeURIComponent(id)}`, { method: 'DELETE' });
}

/** `POST /api/loans/{id}/confirm`: the reader wants the copy offered to them from the waiting list. */
export function confirmOffer(loanId: string): Promise<Loan> {
  return apiFetch<Loan>(`/loans/${encodeURIComponent(loanId)}/confirm`, { method: 'POST', body: {} });
}

/** Each of these reads the loans and the waiting lists again afterwards, whatever the answer. */
export function useJoinHold() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ bookId, locale }: { bookId: string; locale: 'en' | 'ar' }) => joinHold(bookId, locale),
    retry: false,
    onSettled: () => refreshLoans(queryClient),
  });
}

export function useLeaveHold() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: leaveHold, retry: false, onSettled: () => refreshLoans(queryClient) });
}

export function useConfirmOffer() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: confirmOffer, retry: false, onSettled: () => refreshLoans(queryClient) });
}
