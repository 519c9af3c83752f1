import { normalizeRole } from '@maktaba/shared/permissions';
import type { Profile } from '@maktaba/shared/schemas/profile';
import type { profiles } from '../../db/schema/index.js';

export type ProfileRow = typeof profiles.$inferSelect;

const iso = (value: Date | null) => (value ? value.toISOString() : null);

/** The API shape of a profile: snake_case as in the spec, both spellings of the completion flag. */
export function toProfile(row: ProfileRow): Profile {
  return {
    id: row.id,
    email: row.email,
    display_name: row.displayName,
    role: normalizeRole(row.role),
    status: row.status as Profile['status'],
    avatar_key: row.avatarKey,
    avatar_url: row.avatarUrl,
    biography: row.biography,
    phone_number: row.phoneNumber,
    borrowing_limit: row.borrowingLimit,
    creation_source: row.creationSource,
    created_by: row.createdBy,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
    last_activity_at: iso(row.lastActivityAt),
    address_line_1: row.addressLine1,
    address_line_2: row.addressLine2,
    city: row.city,
    state_province: row.stateProvince,
    postal_code: row.postalCode,
    country: row.country,
    address_verified: row.addressVerified,
    address_updated_at: iso(row.addressUpdatedAt),
    registration_completed: row.registrationCompleted,
    registration_complete: row.registrationCompleted,
    interests: row.interests,
    favorite_genres: row.favoriteGenres,
    preferred_language: (row.preferredLanguage as Profile['preferred_language']) ?? null,
    theme: (row.theme as Profile['theme']) ?? null,
    style: (row.style as Profile['style']) ?? null,
    notification_preferences: row.notificationPreferences ?? {},
  };
}
