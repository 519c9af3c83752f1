import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api-client';

/** `POST /api/auth/reset-password/check`: whether a reset link's token can still be used (it is not used up). */
export function checkResetToken(token: string, signal?: AbortSignal): Promise<{ valid: boolean }> {
  return apiFetch<{ valid: boolean }>('/auth/reset-password/check', { method: 'POST', body: { token }, signal });
}

export function resetTokenCheckQueryOptions(token: string) {
  return queryOptions({
    queryKey: ['password', 'reset-token-check', token],
    queryFn: ({ signal }) => checkResetToken(token, signal),
    // A token is checked once per visit; a refetch on focus would only repeat the answer.
    staleTime: Number.POSITIVE_INFINITY,
    gcTime: 0,
    retry: false,
  });
}

export function useResetTokenCheck(token: string | null) {
  return useQuery({ ...resetTokenCheckQueryOptions(token ?? ''), enabled: token !== null });
}
