import type { QuoteList } from '@maktaba/shared/schemas/quotes';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api-client';
import { quoteKeys } from '../lib/query-keys';

export type QuoteFilter = { q?: string; speaker?: string; source?: string; topic?: string; page: number };

export const QUOTES_PAGE_SIZE = 20;

const offsetOf = (page: number) => String((page - 1) * QUOTES_PAGE_SIZE);

/** `GET /api/quotes`: one page of approved quotes, searched (Arabic-aware) and filtered. */
export function listQuotes({ page, ...filter }: QuoteFilter): Promise<QuoteList> {
  const params = new URLSearchParams({ limit: String(QUOTES_PAGE_SIZE), offset: offsetOf(page) });
  for (const [key, value] of Object.entries(filter)) if (value) params.set(key, value);
  return apiFetch<QuoteList>(`/quotes?${params}`);
}

export const quotesQueryOptions = (filter: QuoteFilter) =>
  queryOptions({
    queryKey: [...quoteKeys.lists, filter],
    queryFn: () => listQuotes(filter),
    placeholderData: keepPreviousData,
    staleTime: 30_000,
  });

export function useQuotes(filter: QuoteFilter, enabled = true) {
  return useQuery({ ...quotesQueryOptions(filter), enabled });
}

/** `GET /api/quotes/mine` and `/saved`: the reader's own contributions (every status) or saved quotes. */
export function listOwnQuotes(which: 'mine' | 'saved', page: number): Promise<QuoteList> {
  const params = new URLSearchParams({ limit: String(QUOTES_PAGE_SIZE), offset: offsetOf(page) });
  return apiFetch<QuoteList>(`/quotes/${which}?${params}`);
}

export const ownQuotesQueryOptions = (which: 'mine' | 'saved', page: number) =>
  queryOptions({
    queryKey: [...quoteKeys[which], page],
    queryFn: () => listOwnQuotes(which, page),
    placeholderData: keepPreviousData,
    staleTime: 0,
  });

export function useOwnQuotes(which: 'mine' | 'saved', page: number, enabled = true) {
  return useQuery({ ...ownQuotesQueryOptions(which, page), enabled });
}
