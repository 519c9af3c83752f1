import type { Profile } from '@maktaba/shared/schemas/profile';
import { apiFetch } from '../../../lib/api-client';

/** `GET /api/profiles/me` (404 PROFILE_NOT_FOUND when there is none). */
export function getOwnProfile(signal?: AbortSignal): Promise<Profile> {
  return apiFetch<Profile>('/profiles/me', { signal });
}
