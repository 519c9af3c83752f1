import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api-client';
import { askKeys } from '../lib/query-keys';
import type { AskSettings, FaqEntry, FaqInput, QuestionDetail, QuestionStatus, StaffQueue } from '../lib/types';

export type QueueFilter = { status: QuestionStatus; assigned?: 'me' | 'anyone' | 'none'; page: number };

const path = (id: string, rest: string) => `/library/questions/${encodeURIComponent(id)}${rest}`;

/** `GET /api/library/questions`: one page of the queue, with the count of each status. */
export function useQueue(filter: QueueFilter) {
  return useQuery(
    queryOptions({
      queryKey: askKeys.queue(filter),
      queryFn: () => {
        const params = new URLSearchParams({ status: filter.status, page: String(filter.page) });
        if (filter.assigned) params.set('assigned', filter.assigned);
        return apiFetch<StaffQueue>(`/library/questions?${params}`);
      },
      placeholderData: keepPreviousData,
    }),
  );
}

function useStaffMutation<I, O>(mutationFn: (input: I) => Promise<O>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    retry: false,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: askKeys.all }),
  });
}

/** `POST /api/library/questions/{id}/assign` `{ to: 'me' }`, or `…/unassign`. */
export const useAssign = () =>
  useStaffMutation(({ id, assign }: { id: string; assign: boolean }) =>
    apiFetch<QuestionDetail>(path(id, assign ? '/assign' : '/unassign'), {
      method: 'POST',
      body: assign ? { to: 'me' } : undefined,
    }),
  );

/** `POST /api/library/questions/{id}/answer`: the reader is told live and by e-mail. */
export const useAnswer = () =>
  useStaffMutation(({ id, body, bookIds }: { id: string; body: string; bookIds: string[] }) =>
    apiFetch<QuestionDetail>(path(id, '/answer'), { method: 'POST', body: { body, book_ids: bookIds } }),
  );

/** `POST /api/library/questions/{id}/publish`: the anonymised texts become an FAQ entry. */
export const usePublish = () =>
  useStaffMutation(({ id, input }: { id: string; input: FaqInput }) =>
    apiFetch<FaqEntry>(path(id, '/publish'), { method: 'POST', body: input }),
  );

/** `DELETE /api/library/faq/{id}`: takes an entry down. */
export const useUnpublish = () =>
  useStaffMutation((id: string) => apiFetch<void>(`/library/faq/${encodeURIComponent(id)}`, { method: 'DELETE' }));

/** `GET /api/library/ask-settings`. */
export function useAskSettings() {
  return useQuery(
    queryOptions({ queryKey: askKeys.settings, queryFn: () => apiFetch<AskSettings>('/library/ask-settings') }),
  );
}

/** `PUT /api/library/ask-settings` `{ response_time_hours }`. */
export const useSaveAskSettings = () =>
  useStaffMutation((input: AskSettings) =>
    apiFetch<AskSettings>('/library/ask-settings', { method: 'PUT', body: input }),
  );
