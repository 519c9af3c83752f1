import { apiFetch } from '../../../lib/api-client';

/** `POST /api/profiles/me/setup`: creates the default profile when the user has none yet. */
export function ensureProfile(signal?: AbortSignal): Promise<{ ok: boolean }> {
  return apiFetch<{ ok: boolean }>('/profiles/me/setup', { method: 'POST', signal });
}
