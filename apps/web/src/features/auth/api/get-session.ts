import { apiFetch } from '../../../lib/api-client';
import type { ServerAuthState } from '../../../lib/auth/auth-types';

/**
 * `GET /api/auth/session`: the user, session and profile; all null when signed out, with
 * `signedOutReason` when the browser still sent a session cookie the server no longer accepts.
 */
export function getSession(signal?: AbortSignal): Promise<ServerAuthState> {
  return apiFetch<ServerAuthState>('/auth/session', { signal });
}
