import type { FeedbackReport } from '@maktaba/shared/schemas/feedback';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api-client';
import { feedbackInboxKey } from './list-feedback';

/** `GET /api/admin/feedback/{id}`: one report with every field. */
export function getFeedback(id: string): Promise<FeedbackReport> {
  return apiFetch<FeedbackReport>(`/admin/feedback/${encodeURIComponent(id)}`);
}

export const feedbackReportQueryOptions = (id: string) =>
  queryOptions({ queryKey: [...feedbackInboxKey, 'report', id], queryFn: () => getFeedback(id), staleTime: 0 });

export function useFeedbackReport(id: string | null) {
  return useQuery({ ...feedbackReportQueryOptions(id ?? ''), enabled: id !== null });
}
