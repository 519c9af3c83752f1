import type { UserSession } from '@maktaba/shared/schemas/auth';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api-client';
import { sessionsQueryOptions } from './get-sessions';

/** `DELETE /api/auth/sessions/{id}`: ends one of the user's own sessions (404 for anyone else's). */
export function endSession(id: string): Promise<void> {
  return apiFetch<void>(`/auth/sessions/${encodeURIComponent(id)}`, { method: 'DELETE' });
}

/** Removes the session from the list at once; puts it back if the server refuses. */
export function useEndSession() {
  const queryClient = useQueryClient();
  const { queryKey } = sessionsQueryOptions();
  return useMutation({
    mutationFn: endSession,
    onMutate: async (id) => {
      await queryClient.cancelQueries({ queryKey });
      const previous = queryClient.getQueryData(queryKey);
      queryClient.setQueryData(queryKey, (data) =>
        data ? { sessions: data.sessions.filter((session: UserSession) => session.id !== id) } : data,
      );
      return { previous };
    },
    onError: (_error, _id, context) => {
      if (context?.previous) queryClient.setQueryData(queryKey, context.previous);
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey }),
  });
}
