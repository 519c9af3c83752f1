import { isProfileComplete } from '@maktaba/shared/profile-completeness';
import type { UserList } from '@maktaba/shared/schemas/admin-users';
import type { Profile } from '@maktaba/shared/schemas/profile';
import type { ProfileRow } from '../profiles/profiles.mapper.js';
import { toProfile } from '../profiles/profiles.mapper.js';

/** A row of the user list: the profile's fields that the list shows. */
export function toUserListItem(row: ProfileRow): UserList['users'][number] {
  const profile = toProfile(row);
  return {
    id: profile.id,
    email: profile.email,
    display_name: profile.display_name,
    role: profile.role,
    status: profile.status,
    avatar_url: profile.avatar_url,
    borrowing_limit: profile.borrowing_limit,
    creation_source: profile.creation_source,
    created_at: profile.created_at,
    last_activity_at: profile.last_activity_at,
    registration_completed: profile.registration_completed,
  };
}

/** The default profile a user without a profile row would get, so the detail can still be shown. */
export function virtualProfile(user: { id: string; email: string; name: string | null; createdAt: Date }): Profile {
  const created = user.createdAt.toISOString();
  return {
    id: user.id,
    email: user.email,
    display_name: user.name,
    role: 'patron',
    status: 'active',
    avatar_key: null,
    avatar_url: null,
    biography: null,
    phone_number: null,
    borrowing_limit: 3,
    creation_source: null,
    created_by: null,
    created_at: created,
    updated_at: created,
    last_activity_at: null,
    address_line_1: null,
    address_line_2: null,
    city: null,
    state_province: null,
    postal_code: null,
    country: null,
    address_verified: false,
    address_updated_at: null,
    registration_completed: false,
    registration_complete: false,
    interests: [],
    favorite_genres: [],
    preferred_language: null,
    theme: null,
    style: null,
    notification_preferences: {},
  };
}

/**
 * validate-profile-setup: what is missing or inconsistent. `profile_missing`: no profile row;
 * `registration_flag_unset`: the address is complete but the account is not marked registered;
 * `address_incomplete`: marked registered, but a password account has no complete address;
 * `email_mismatch`: the profile's e-mail is not the account's.
 */
export function setupProblems(profile: Profile | null, authEmail: string, provider: string): string[] {
  if (!profile) return ['profile_missing'];
  const problems: string[] = [];
  const addressComplete = isProfileComplete({ ...profile, registration_completed: true }, 'credential');
  if (!profile.registration_completed && addressComplete) problems.push('registration_flag_unset');
  if (profile.registration_completed && provider !== 'google' && !addressComplete) {
    problems.push('address_incomplete');
  }
  if (profile.email !== authEmail) problems.push('email_mismatch');
  return problems;
}
