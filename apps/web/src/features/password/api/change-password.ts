import type { ChangePasswordInput } from '@maktaba/shared/schemas/auth';
import { useMutation } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api-client';

/** `POST /api/auth/change-password` (signed in): checks the current password, keeps this session, ends the others. */
export function changePassword(input: ChangePasswordInput): Promise<{ ok: true }> {
  return apiFetch<{ ok: true }>('/auth/change-password', { method: 'POST', body: input });
}

export function useChangePassword() {
  return useMutation({ mutationFn: changePassword });
}
