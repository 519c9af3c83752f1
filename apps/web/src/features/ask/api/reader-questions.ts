import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api-client';
import { askKeys } from '../lib/query-keys';
import type { AskInfo, QuestionDetail, QuestionInput, QuestionList } from '../lib/types';

const path = (id: string, rest = '') => `/questions/${encodeURIComponent(id)}${rest}`;

/** `GET /api/ask/info`: the response time (a library setting), the daily limit and what is left today. */
export function useAskInfo() {
  return useQuery(queryOptions({ queryKey: askKeys.info, queryFn: () => apiFetch<AskInfo>('/ask/info') }));
}

/** `GET /api/questions/mine`: the reader's questions, latest activity first. */
export function useMyQuestions(page = 1) {
  return useQuery(
    queryOptions({
      queryKey: askKeys.mine(page),
      queryFn: () => apiFetch<QuestionList>(`/questions/mine?${new URLSearchParams({ page: String(page) })}`),
      placeholderData: keepPreviousData,
    }),
  );
}

/** `GET /api/questions/{id}`: the thread (the asker's own, or any for staff). */
export function useQuestion(id: string | null) {
  return useQuery(
    queryOptions({
      queryKey: askKeys.question(id ?? ''),
      queryFn: () => apiFetch<QuestionDetail>(path(id ?? '')),
      enabled: Boolean(id),
      staleTime: 0,
    }),
  );
}

/** Every mutation here changes what several lists show: all of the feature's queries read again. */
function useAskMutation<I, O>(mutationFn: (input: I) => Promise<O>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    retry: false,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: askKeys.all }),
  });
}

/** `POST /api/questions`: 201 with the question; 429 QUESTION_DAILY_LIMIT over the day's limit. */
export const useAskQuestion = () =>
  useAskMutation((input: QuestionInput) => apiFetch<QuestionDetail>('/questions', { method: 'POST', body: input }));

/** `POST /api/questions/{id}/messages`: the reader's reply (not once resolved). */
export const useReply = () =>
  useAskMutation(({ id, body }: { id: string; body: string }) =>
    apiFetch<QuestionDetail>(path(id, '/messages'), { method: 'POST', body: { body } }),
  );

/** `POST /api/questions/{id}/resolve` or `…/reopen`. */
export const useSetResolved = () =>
  useAskMutation(({ id, resolved }: { id: string; resolved: boolean }) =>
    apiFetch<QuestionDetail>(path(id, resolved ? '/resolve' : '/reopen'), { method: 'POST' }),
  );

/** `PATCH /api/questions/{id}` `{ publish_consent }`: withdrawing it takes the FAQ entry down. */
export const useSetConsent = () =>
  useAskMutation(({ id, consent }: { id: string; consent: boolean }) =>
    apiFetch<QuestionDetail>(path(id), { method: 'PATCH', body: { publish_consent: consent } }),
  );
