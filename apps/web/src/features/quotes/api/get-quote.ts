import type { Quote } from '@maktaba/shared/schemas/quotes';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api-client';
import { quoteKeys } from '../lib/query-keys';

/** `GET /api/quotes/{id}`: an approved quote, or one's own / any for staff; else 404. */
export function getQuote(id: string): Promise<Quote> {
  return apiFetch<Quote>(`/quotes/${encodeURIComponent(id)}`);
}

export const quoteQueryOptions = (id: string) =>
  queryOptions({ queryKey: quoteKeys.detail(id), queryFn: () => getQuote(id), staleTime: 0 });

export function useQuote(id: string) {
  return useQuery(quoteQueryOptions(id));
}
