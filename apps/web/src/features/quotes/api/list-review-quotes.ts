import type { QuoteList, QuoteStatus } from '@maktaba/shared/schemas/quotes';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api-client';
import { quoteKeys } from '../lib/query-keys';
import { QUOTES_PAGE_SIZE } from './list-quotes';

export type ReviewFilter = { status: QuoteStatus; page: number };

/** `GET /api/quotes/review`: the librarians' queue of one status (pending first by default), oldest first. */
export function listReviewQuotes({ status, page }: ReviewFilter): Promise<QuoteList> {
  const params = new URLSearchParams({
    status,
    limit: String(QUOTES_PAGE_SIZE),
    offset: String((page - 1) * QUOTES_PAGE_SIZE),
  });
  return apiFetch<QuoteList>(`/quotes/review?${params}`);
}

export const reviewQuotesQueryOptions = (filter: ReviewFilter) =>
  queryOptions({
    queryKey: [...quoteKeys.review, filter],
    queryFn: () => listReviewQuotes(filter),
    placeholderData: keepPreviousData,
    staleTime: 0,
  });

export function useReviewQuotes(filter: ReviewFilter) {
  return useQuery(reviewQuotesQueryOptions(filter));
}
