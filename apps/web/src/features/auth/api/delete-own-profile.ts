import { apiFetch } from '../../../lib/api-client';

/**
 * `DELETE /api/profiles/me`: used when someone signs out from the complete-profile step, so an
 * abandoned registration leaves no half-filled profile. The server allows it only while the
 * profile is incomplete.
 */
export function deleteOwnProfile(): Promise<void> {
  return apiFetch<void>('/profiles/me', { method: 'DELETE' });
}
