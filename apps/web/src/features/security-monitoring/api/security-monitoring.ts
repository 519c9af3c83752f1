import type { SecurityLockouts, SecurityOverview, SecuritySessions } from '@maktaba/shared/schemas/security-monitoring';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api-client';

/** The page re-reads its figures this often while it is visible (paused in a hidden tab). */
export const REFRESH_MS = 30_000;

const key = ['security-monitoring'] as const;

const live = {
  refetchInterval: REFRESH_MS,
  refetchIntervalInBackground: false,
  staleTime: 0,
} as const;

export function useSecurityOverview(period: { from: string; to: string }) {
  return useQuery({
    queryKey: [...key, 'overview', period],
    queryFn: () => apiFetch<SecurityOverview>(`/admin/security/overview?${new URLSearchParams(period).toString()}`),
    placeholderData: keepPreviousData,
    ...live,
  });
}

export function useSecurityLockouts() {
  return useQuery({
    queryKey: [...key, 'lockouts'],
    queryFn: () => apiFetch<SecurityLockouts>('/admin/security/lockouts'),
    ...live,
  });
}

export function useSecuritySessions() {
  return useQuery({
    queryKey: [...key, 'sessions'],
    queryFn: () => apiFetch<SecuritySessions>('/admin/security/sessions'),
    ...live,
  });
}

/** Unlocks an account, then reads the lockouts and the figures again. */
export function useUnlockAccount() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (userId: string) =>
      apiFetch<void>(`/admin/security/lockouts/${encodeURIComponent(userId)}/unlock`, { method: 'POST' }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: key }),
  });
}

export const refreshSecurityMonitoring = (queryClient: ReturnType<typeof useQueryClient>) =>
  queryClient.invalidateQueries({ queryKey: key });
