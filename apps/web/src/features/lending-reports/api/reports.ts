import type {
  LendingReport,
  LoansByCategory,
  LoansByMonth,
  MostRequested,
  OverdueReaders,
  WaitingLists,
} from '@maktaba/shared/schemas/lending-reports';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api-client';

/** Every report's query; the reports change with every loan, so they are read fresh each visit. */
const reportsKey = ['lending-reports'] as const;

export type ReportParams = Record<string, string | number | undefined>;

const search = (params: ReportParams) => {
  const query = new URLSearchParams();
  for (const [key, value] of Object.entries(params))
    if (value !== undefined && value !== '') query.set(key, String(value));
  return query;
};

/** The API address of a report as a CSV file, with the parameters the page shows. */
export function reportCsvUrl(report: LendingReport, params: ReportParams): string {
  const query = search(params);
  query.set('format', 'csv');
  return `/api/admin/lending-reports/${report}?${query}`;
}

function useReport<T>(report: LendingReport, params: ReportParams) {
  return useQuery({
    queryKey: [...reportsKey, report, params],
    queryFn: () => {
      const query = search(params).toString();
      return apiFetch<T>(`/admin/lending-reports/${report}${query ? `?${query}` : ''}`);
    },
    placeholderData: keepPreviousData,
    staleTime: 0,
  });
}

export const useLoansByMonth = (params: { months: number }) => useReport<LoansByMonth>('loans-by-month', params);
export const useLoansByCategory = (params: { from?: string; to?: string }) =>
  useReport<LoansByCategory>('loans-by-category', params);
export const useMostRequested = (params: { from?: string; to?: string; limit: number }) =>
  useReport<MostRequested>('most-requested', params);
export const useOverdueReaders = () => useReport<OverdueReaders>('overdue-readers', {});
export const useWaitingLists = (params: { limit: number }) => useReport<WaitingLists>('waiting-lists', params);
