import type { FeedbackReport } from '@maktaba/shared/schemas/feedback';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api-client';
import { feedbackReportQueryOptions } from './get-feedback';
import { feedbackInboxKey } from './list-feedback';

/** `POST /api/admin/feedback/{id}/handled` or `…/reopen`. */
export function setFeedbackStatus({ id, handled }: { id: string; handled: boolean }): Promise<FeedbackReport> {
  return apiFetch<FeedbackReport>(`/admin/feedback/${encodeURIComponent(id)}/${handled ? 'handled' : 'reopen'}`, {
    method: 'POST',
  });
}

export function useSetFeedbackStatus() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: setFeedbackStatus,
    onSuccess: (report) => {
      queryClient.setQueryData(feedbackReportQueryOptions(report.id).queryKey, report);
      return queryClient.invalidateQueries({ queryKey: feedbackInboxKey });
    },
  });
}
