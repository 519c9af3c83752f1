import type { Loan, SendBackInput } from '@maktaba/shared/schemas/loans';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api-client';
import { refreshLoans } from '../lib/refresh-loans';

/** `POST /api/loans`: asks the library to post a copy of the book (201 with the new request). */
export function requestLoan(bookId: string): Promise<Loan> {
  return apiFetch<Loan>('/loans', { method: 'POST', body: { book_id: bookId } });
}

/**
 * The reader's own transitions of a loan (the shared state machine's `cancel`, `deliver`,
 * `send_back`, and `renew`: another loan period, when the library's rules allow it).
 */
export type ReaderAction = 'cancel' | 'deliver' | 'send_back' | 'renew';

const PATHS: Record<ReaderAction, string> = {
  cancel: 'cancel',
  deliver: 'deliver',
  send_back: 'send-back',
  renew: 'renew',
};

/** `POST /api/loans/{id}/cancel | deliver | send-back | renew`: the loan as it is afterwards. */
export function takeLoanAction(id: string, action: ReaderAction, body?: SendBackInput): Promise<Loan> {
  return apiFetch<Loan>(`/loans/${encodeURIComponent(id)}/${PATHS[action]}`, { method: 'POST', body: body ?? {} });
}

/** Requests a book; every loans query is read again afterwards, whatever the answer. */
export function useRequestLoan() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: requestLoan,
    retry: false,
    onSettled: () => refreshLoans(queryClient),
  });
}

/**
 * One of the reader's actions on a loan. A refusal (WRONG_STATE: the loan moved meanwhile) also
 * reads the loans again, so the page shows where the loan is now.
 */
export function useLoanAction() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, action, body }: { id: string; action: ReaderAction; body?: SendBackInput }) =>
      takeLoanAction(id, action, body),
    retry: false,
    onSettled: () => refreshLoans(queryClient),
  });
}
