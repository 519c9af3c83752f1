import type { ResetPasswordInput } from '@maktaba/shared/schemas/auth';
import { useMutation } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api-client';

/** `POST /api/auth/reset-password`: sets the new password, uses up the token and ends every session of the user. */
export function resetPassword(input: ResetPasswordInput): Promise<{ ok: true }> {
  return apiFetch<{ ok: true }>('/auth/reset-password', { method: 'POST', body: input });
}

export function useResetPassword() {
  return useMutation({ mutationFn: resetPassword });
}
