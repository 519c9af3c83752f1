import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api-client';
import { circleKeys } from '../lib/query-keys';
import type {
  CircleDetail,
  CircleInput,
  CircleList,
  CircleUpdate,
  JoinResult,
  Meeting,
  MeetingInput,
} from '../lib/types';

export const CIRCLES_PAGE_SIZE = 12;

export type CircleFilter = { q?: string; language?: string; mine?: boolean; page: number };

const path = (id: string, rest = '') => `/circles/${encodeURIComponent(id)}${rest}`;

/** `GET /api/circles`: one page of circles, searched (Arabic-aware) and filtered. */
export function listCircles({ q, language, mine, page }: CircleFilter): Promise<CircleList> {
  const params = new URLSearchParams({ page: String(page), page_size: String(CIRCLES_PAGE_SIZE) });
  if (q) params.set('q', q);
  if (language) params.set('language', language);
  if (mine) params.set('mine', '1');
  return apiFetch<CircleList>(`/circles?${params}`);
}

export function useCircles(filter: CircleFilter) {
  return useQuery(
    queryOptions({
      queryKey: circleKeys.list(filter),
      queryFn: () => listCircles(filter),
      placeholderData: keepPreviousData,
    }),
  );
}

/** `GET /api/circles/{id}`: the circle, its meetings, members and (moderators) waiting list. */
export function useCircle(id: string) {
  return useQuery(
    queryOptions({ queryKey: circleKeys.detail(id), queryFn: () => apiFetch<CircleDetail>(path(id)), staleTime: 0 }),
  );
}

function useCircleMutation<TVariables, TResult>(fn: (variables: TVariables) => Promise<TResult>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: fn,
    retry: false,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: circleKeys.all }),
  });
}

export const useCreateCircle = () =>
  useCircleMutation((input: CircleInput) => apiFetch<CircleDetail>('/circles', { method: 'POST', body: input }));

export const useUpdateCircle = (id: string) =>
  useCircleMutation((input: CircleUpdate) => apiFetch<CircleDetail>(path(id), { method: 'PATCH', body: input }));

export const useJoinCircle = (id: string) =>
  useCircleMutation(() => apiFetch<JoinResult>(path(id, '/join'), { method: 'POST' }));

export const useLeaveCircle = (id: string) =>
  useCircleMutation(() => apiFetch<JoinResult>(path(id, '/leave'), { method: 'POST' }));

export const useRemoveMember = (id: string) =>
  useCircleMutation(({ userId, reason }: { userId: string; reason?: string }) =>
    apiFetch<unknown>(path(id, `/members/${encodeURIComponent(userId)}`), {
      method: 'DELETE',
      body: reason ? { reason } : {},
    }),
  );

export const useSaveMeeting = (id: string) =>
  useCircleMutation(({ meetingId, input }: { meetingId?: string; input: MeetingInput }) =>
    meetingId
      ? apiFetch<Meeting>(path(id, `/meetings/${encodeURIComponent(meetingId)}`), { method: 'PATCH', body: input })
      : apiFetch<Meeting>(path(id, '/meetings'), { method: 'POST', body: input }),
  );

export const useCancelMeeting = (id: string) =>
  useCircleMutation((meetingId: string) =>
    apiFetch<Meeting>(path(id, `/meetings/${encodeURIComponent(meetingId)}/cancel`), { method: 'POST' }),
  );

/** The calendar's address, for a plain download link. */
export const calendarHref = (id: string) => `/api${path(id, '/calendar.ics')}`;
