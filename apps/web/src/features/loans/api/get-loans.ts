import { LOANS_PAGE_SIZE, type LoanList } from '@maktaba/shared/schemas/loans';
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api-client';
import { type LoanScope, loanKeys } from '../lib/query-keys';

/** `GET /api/loans`: the reader's current requests and loans, or those that are over; newest first. */
export function getLoans(scope: LoanScope, offset: number, signal?: AbortSignal): Promise<LoanList> {
  const params = new URLSearchParams({ scope, limit: String(LOANS_PAGE_SIZE), offset: String(offset) });
  return apiFetch<LoanList>(`/loans?${params}`, { signal });
}

/**
 * One page of the reader's loans. Kept fresh by the reader's own actions and by the live
 * notifications of the library's (see lib/refresh-loans.ts), so a short stale time is enough.
 */
export function loansQueryOptions(userId: string | null, scope: LoanScope, offset = 0) {
  return queryOptions({
    queryKey: loanKeys.list(userId, scope, offset),
    queryFn: ({ signal }) => getLoans(scope, offset, signal),
    placeholderData: keepPreviousData,
    staleTime: 30_000,
  });
}
