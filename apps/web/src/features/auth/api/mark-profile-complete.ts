import { apiFetch } from '../../../lib/api-client';

/** `POST /api/profiles/me/complete`: marks the registration complete; answers whether the profile now is. */
export function markProfileComplete(signal?: AbortSignal): Promise<{ complete: boolean }> {
  return apiFetch<{ complete: boolean }>('/profiles/me/complete', { method: 'POST', signal });
}
