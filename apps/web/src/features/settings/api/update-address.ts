import type { CompleteProfileInput } from '@maktaba/shared/schemas/auth';
import type { Profile } from '@maktaba/shared/schemas/profile';
import { apiFetch } from '../../../lib/api-client';

/**
 * `PUT /api/profiles/me/address`: the reader's phone number and shipping address. Loans already
 * requested keep the address they were asked with; the next request uses this one.
 */
export function updateAddress(body: CompleteProfileInput): Promise<Profile> {
  return apiFetch<Profile>('/profiles/me/address', { method: 'PUT', body });
}
