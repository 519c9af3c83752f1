import type { CompleteProfileInput } from '@maktaba/shared/schemas/auth';
import type { Profile } from '@maktaba/shared/schemas/profile';
import { apiFetch } from '../../../lib/api-client';

/**
 * `PUT /api/profiles/me/address`: the shipping address of a signed-in user whose profile is not
 * complete yet; it also marks the registration complete.
 */
export function saveAddress(body: CompleteProfileInput, signal?: AbortSignal): Promise<Profile> {
  return apiFetch<Profile>('/profiles/me/address', { method: 'PUT', body, signal });
}
