import type {
  AnalyticsChart,
  AnalyticsDaily,
  AnalyticsErrors,
  AnalyticsLoans,
  AnalyticsWebVitals,
  MostViewed,
  TopQueries,
  WebVitalMetric,
} from '@maktaba/shared/schemas/analytics';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api-client';

export type AnalyticsParams = { from: string; to: string } & Record<string, string | number | undefined>;

const analyticsKey = ['admin-analytics'] as const;

function search(params: AnalyticsParams): URLSearchParams {
  const query = new URLSearchParams();
  for (const [key, value] of Object.entries(params))
    if (value !== undefined && value !== '') query.set(key, String(value));
  return query;
}

/** The address of a chart's figures as a CSV file, for the same period (a download link). */
export function analyticsCsvUrl(chart: AnalyticsChart, params: AnalyticsParams): string {
  const query = search(params);
  query.set('format', 'csv');
  return `/api/admin/analytics/${chart}?${query}`;
}

function useAnalytics<T>(chart: AnalyticsChart, params: AnalyticsParams) {
  return useQuery({
    queryKey: [...analyticsKey, chart, params],
    queryFn: () => apiFetch<T>(`/admin/analytics/${chart}?${search(params)}`),
    placeholderData: keepPreviousData,
    staleTime: 60_000,
  });
}

export const useDaily = (period: AnalyticsParams) => useAnalytics<AnalyticsDaily>('daily', period);
export const useTopQueries = (params: AnalyticsParams & { kind: 'all' | 'zero'; limit: number }) =>
  useAnalytics<TopQueries>('top-queries', params);
export const useMostViewed = (params: AnalyticsParams & { limit: number }) =>
  useAnalytics<MostViewed>('most-viewed', params);
export const useLoans = (period: AnalyticsParams) => useAnalytics<AnalyticsLoans>('loans', period);
export const useWebVitals = (params: AnalyticsParams & { metric: WebVitalMetric }) =>
  useAnalytics<AnalyticsWebVitals>('web-vitals', params);
export const useErrors = (period: AnalyticsParams) => useAnalytics<AnalyticsErrors>('errors', period);
