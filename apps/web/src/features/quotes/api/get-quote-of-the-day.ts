import type { QuoteToday } from '@maktaba/shared/schemas/quotes';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api-client';
import { quoteKeys } from '../lib/query-keys';

/** The reader's time zone: the day of the quote of the day is theirs, not the server's. */
export function readerTimeZone(): string {
  try {
    return Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';
  } catch {
    return 'UTC';
  }
}

/** `GET /api/quotes/today?tz=`: the same approved quote for everyone on the reader's calendar day. */
export function getQuoteOfTheDay(timeZone: string): Promise<QuoteToday> {
  return apiFetch<QuoteToday>(`/quotes/today?${new URLSearchParams({ tz: timeZone })}`);
}

export const quoteOfTheDayQueryOptions = (timeZone: string) =>
  queryOptions({ queryKey: quoteKeys.today(timeZone), queryFn: () => getQuoteOfTheDay(timeZone), staleTime: 60_000 });

export function useQuoteOfTheDay() {
  return useQuery(quoteOfTheDayQueryOptions(readerTimeZone()));
}
