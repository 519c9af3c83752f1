import type { ForgotPasswordInput } from '@maktaba/shared/schemas/auth';
import { useMutation } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api-client';

/**
 * `POST /api/auth/forgot-password` (the 'forgot-password' call of accounts-and-auth §7). The
 * server answers 202 whether or not the account exists; `locale` picks the e-mail's language.
 */
export function requestPasswordReset(input: ForgotPasswordInput): Promise<{ ok: true }> {
  return apiFetch<{ ok: true }>('/auth/forgot-password', { method: 'POST', body: input });
}

export function useRequestPasswordReset() {
  return useMutation({ mutationFn: requestPasswordReset });
}
