import type { QuoteFacets } from '@maktaba/shared/schemas/quotes';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api-client';
import { quoteKeys } from '../lib/query-keys';

/** `GET /api/quotes/facets`: the speakers, sources and topics of the approved quotes, with counts. */
export function getQuoteFacets(): Promise<QuoteFacets> {
  return apiFetch<QuoteFacets>('/quotes/facets');
}

export const quoteFacetsQueryOptions = () =>
  queryOptions({ queryKey: quoteKeys.facets, queryFn: getQuoteFacets, staleTime: 60_000 });

export function useQuoteFacets() {
  return useQuery(quoteFacetsQueryOptions());
}
