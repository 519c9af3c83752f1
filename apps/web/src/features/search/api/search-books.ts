import { AUTOCOMPLETE_TIMING, type SearchResult } from '@maktaba/shared/schemas/search';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { ApiError, apiFetch } from '../../../lib/api-client';
import { searchKeys } from '../lib/query-keys';
import { type SearchState, searchApiString } from '../lib/search-state';

/** `GET /api/search?{the /search parameters}`: one page of hits with facets and the query as understood. */
export function searchBooks(queryString: string, signal?: AbortSignal): Promise<SearchResult> {
  return apiFetch<SearchResult>(`/search${queryString ? `?${queryString}` : ''}`, { signal });
}

const DELAYS = AUTOCOMPLETE_TIMING.retryDelays;

/** reader-area §7: a failed search is retried after 1 s, 2 s and 4 s, unless the server refused the request. */
const shouldRetry = (failureCount: number, error: Error) =>
  !(error instanceof ApiError && error.status >= 400 && error.status < 500) && failureCount < DELAYS.length;

export const searchQueryOptions = (state: SearchState) => {
  const queryString = searchApiString(state);
  return queryOptions({
    queryKey: searchKeys.results(queryString),
    queryFn: ({ signal }) => searchBooks(queryString, signal),
    retry: shouldRetry,
    retryDelay: (attempt) => DELAYS[Math.min(attempt, DELAYS.length - 1)] ?? 0,
  });
};

/** The results of a state; the previous page stays on screen while the next one loads. */
export function useSearchResults(state: SearchState) {
  return useQuery({ ...searchQueryOptions(state), placeholderData: keepPreviousData });
}
