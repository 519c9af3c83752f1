import type { SignOutRequest } from '@maktaba/shared/schemas/auth';
import { apiFetch } from '../../../lib/api-client';

export type SignOutScope = SignOutRequest['scope'];

/**
 * `POST /api/auth/sign-out`: ends the session and clears the cookie. 'global' ends every session
 * of the user; 'local' only this one, and also clears the cookie of a session the server no longer
 * knows. Retries and the 10 s time-out come from the caller (AUTH_CALL_POLICIES.signOut).
 */
export function signOut(scope: SignOutScope, signal?: AbortSignal): Promise<void> {
  return apiFetch<void>('/auth/sign-out', { method: 'POST', body: { scope }, signal });
}
