import type { BorrowContext } from '@maktaba/shared/schemas/loans';
import { queryOptions } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api-client';
import { loanKeys } from '../lib/query-keys';

/**
 * `GET /api/loans/for-book/{bookId}`: what the book page needs to offer "Borrow": the reader's
 * active loan of the book, the copies, the address a request would go to, the loan period.
 */
export function getBorrowContext(bookId: string, signal?: AbortSignal): Promise<BorrowContext> {
  return apiFetch<BorrowContext>(`/loans/for-book/${encodeURIComponent(bookId)}`, { signal });
}

export function borrowContextQueryOptions(userId: string | null, bookId: string) {
  return queryOptions({
    queryKey: loanKeys.forBook(userId, bookId),
    queryFn: ({ signal }) => getBorrowContext(bookId, signal),
    staleTime: 30_000,
  });
}
