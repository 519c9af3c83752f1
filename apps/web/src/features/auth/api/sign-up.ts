import type { SignUpRequest } from '@maktaba/shared/schemas/auth';
import { apiFetch } from '../../../lib/api-client';
import type { ServerAuthState } from '../../../lib/auth/auth-types';

/**
 * `POST /api/auth/sign-up`: account and complete profile in one transaction on the server, so a
 * retry after a lost answer cannot leave half an account behind. Answers signed in.
 */
export function signUp(body: SignUpRequest, signal?: AbortSignal) {
  return apiFetch<ServerAuthState>('/auth/sign-up', { method: 'POST', body, signal });
}
