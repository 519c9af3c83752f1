import type { FeedbackInboxPage, FeedbackInboxQuery } from '@maktaba/shared/schemas/feedback';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api-client';

export type InboxFilter = Omit<FeedbackInboxQuery, 'page'> & { page: number };

/** `GET /api/admin/feedback`: one page of the staff inbox, newest first. */
export function listFeedback(filter: InboxFilter): Promise<FeedbackInboxPage> {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(filter)) if (value !== undefined) params.set(key, String(value));
  return apiFetch<FeedbackInboxPage>(`/admin/feedback?${params}`);
}

export const feedbackInboxKey = ['feedback', 'inbox'] as const;

export const feedbackInboxQueryOptions = (filter: InboxFilter) =>
  queryOptions({
    queryKey: [...feedbackInboxKey, filter],
    queryFn: () => listFeedback(filter),
    placeholderData: keepPreviousData,
    staleTime: 0,
  });

export function useFeedbackInbox(filter: InboxFilter) {
  return useQuery(feedbackInboxQueryOptions(filter));
}
