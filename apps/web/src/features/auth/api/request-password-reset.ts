import { useMutation } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api-client';

/** `POST /api/auth/forgot-password` (the 'forgot-password' call of accounts-and-auth §7). */
export function requestPasswordReset(email: string): Promise<unknown> {
  return apiFetch<unknown>('/auth/forgot-password', { method: 'POST', body: { email } });
}

export function useRequestPasswordReset() {
  return useMutation({ mutationFn: requestPasswordReset });
}
