import type { UserDetail } from '@maktaba/shared/schemas/admin-users';
import type {
  RegistrationOverview,
  RegistrationTestResult,
  ReminderResult,
  StuckList,
} from '@maktaba/shared/schemas/registration-admin';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api-client';

const key = ['registration-admin'] as const;

export function useRegistrationOverview(period: { from: string; to: string }) {
  return useQuery({
    queryKey: [...key, 'overview', period],
    queryFn: () => apiFetch<RegistrationOverview>(`/admin/registrations/overview?${new URLSearchParams(period)}`),
    placeholderData: keepPreviousData,
    staleTime: 0,
  });
}

export function useStuckAccounts(params: { page: number; olderThanHours: number }) {
  return useQuery({
    queryKey: [...key, 'stuck', params],
    queryFn: () =>
      apiFetch<StuckList>(
        `/admin/registrations/stuck?${new URLSearchParams({ page: String(params.page), olderThanHours: String(params.olderThanHours) })}`,
      ),
    placeholderData: keepPreviousData,
    staleTime: 0,
  });
}

/** `POST /api/admin/registrations/stuck/{userId}/remind`: the "finish your registration" e-mail. */
export function useSendReminder() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (userId: string) =>
      apiFetch<ReminderResult>(`/admin/registrations/stuck/${encodeURIComponent(userId)}/remind`, { method: 'POST' }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: [...key, 'stuck'] }),
  });
}

/** `POST /api/admin/registration-tests`: the whole pipeline as a synthetic reader. */
export function useRunRegistrationTest() {
  return useMutation({
    mutationFn: () => apiFetch<RegistrationTestResult>('/admin/registration-tests', { method: 'POST' }),
  });
}

/** The setup check of a real account, by e-mail (the users module's validate). */
export function useCheckAccount() {
  return useMutation({
    mutationFn: (email: string) => apiFetch<UserDetail>(`/admin/registrations/check?${new URLSearchParams({ email })}`),
  });
}

/** The users module's repair of a profile setup (`POST /api/admin/users/{id}/repair`). */
export function useRepairAccount() {
  return useMutation({
    mutationFn: (userId: string) =>
      apiFetch<UserDetail>(`/admin/users/${encodeURIComponent(userId)}/repair`, { method: 'POST' }),
  });
}
