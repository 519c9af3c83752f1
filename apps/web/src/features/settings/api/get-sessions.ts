import type { UserSession } from '@maktaba/shared/schemas/auth';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api-client';

/** `GET /api/auth/sessions`: the signed-in user's own sessions, the current one first. */
export function getSessions(signal?: AbortSignal): Promise<{ sessions: UserSession[] }> {
  return apiFetch<{ sessions: UserSession[] }>('/auth/sessions', { signal });
}

export const sessionsQueryOptions = () =>
  queryOptions({
    queryKey: ['auth', 'sessions'],
    queryFn: ({ signal }) => getSessions(signal),
    select: (data) => data.sessions,
  });

export function useSessions() {
  return useQuery(sessionsQueryOptions());
}
