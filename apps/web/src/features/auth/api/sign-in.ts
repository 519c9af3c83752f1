import { apiFetch } from '../../../lib/api-client';
import type { ServerAuthState } from '../../../lib/auth/auth-types';

/** `POST /api/auth/sign-in`: sets the session cookie and answers with the auth state. */
export function signInWithPassword(body: { email: string; password: string }, signal?: AbortSignal) {
  return apiFetch<ServerAuthState>('/auth/sign-in', { method: 'POST', body, signal });
}
