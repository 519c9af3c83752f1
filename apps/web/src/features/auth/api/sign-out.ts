import { apiFetch } from '../../../lib/api-client';

/** Sign-out gives up after 10 s without retrying (accounts-and-auth §7); the local state is cleared anyway. */
const SIGN_OUT_TIMEOUT = 10_000;

/** `POST /api/auth/sign-out`: ends the session and clears the cookie. */
export function signOut(): Promise<void> {
  return apiFetch<void>('/auth/sign-out', { method: 'POST', signal: AbortSignal.timeout(SIGN_OUT_TIMEOUT) });
}
