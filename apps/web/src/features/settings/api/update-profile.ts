import type { Profile, ProfileSafeUpdate } from '@maktaba/shared/schemas/profile';
import { apiFetch } from '../../../lib/api-client';

/** What Settings → Profile changes: the name, the biography, interests and favourite genres. */
export type ProfileDetailsUpdate = Pick<
  ProfileSafeUpdate,
  'display_name' | 'biography' | 'interests' | 'favorite_genres'
>;

/**
 * `PATCH /api/profiles/me` (update_user_profile_safe): the reader's own profile. Role, status,
 * borrowing limit and e-mail are never changed through it.
 */
export function updateProfile(body: ProfileDetailsUpdate): Promise<Profile> {
  return apiFetch<Profile>('/profiles/me', { method: 'PATCH', body });
}

/** `GET /api/profiles/me`: the reader's profile as the server now holds it. */
export function getOwnProfile(signal?: AbortSignal): Promise<Profile> {
  return apiFetch<Profile>('/profiles/me', { signal });
}
