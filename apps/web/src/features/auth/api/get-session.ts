import { apiFetch } from '../../../lib/api-client';
import type { ServerAuthState } from '../lib/auth-types';

/** `GET /api/auth/session`: the user, session and profile; all null when signed out. */
export function getSession(signal?: AbortSignal): Promise<ServerAuthState> {
  return apiFetch<ServerAuthState>('/auth/session', { signal });
}
