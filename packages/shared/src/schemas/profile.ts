import { z } from 'zod';
import { LANGUAGES, LIMITS, STYLES, THEMES } from '../constants.js';
import { ROLES } from '../permissions.js';
import { AddressCountrySchema, PhoneNumberSchema, refinePhoneInCountry } from './auth.js';

export const PROFILE_STATUSES = ['active', 'suspended', 'deactivated'] as const;
export type ProfileStatus = (typeof PROFILE_STATUSES)[number];

export const CREATION_SOURCES = ['self_registration', 'oauth', 'admin', 'cli'] as const;

/** A theme a reader can keep on their profile: one of the themes, or the system's (light or dark as the device is). */
export const THEME_CHOICES = [...THEMES, 'system'] as const;
export type ThemeChoice = (typeof THEME_CHOICES)[number];

/** Per notification event: delivered in the app, by e-mail. Events not listed keep their defaults. */
export const NotificationChannelsSchema = z.object({ in_app: z.boolean(), email: z.boolean() });
export type NotificationChannels = z.infer<typeof NotificationChannelsSchema>;

/** A profile as the API returns it (accounts-and-auth §3). */
export const ProfileSchema = z.object({
  id: z.uuid(),
  email: z.email(),
  display_name: z.string().nullable(),
  role: z.enum(ROLES),
  status: z.enum(PROFILE_STATUSES),
  avatar_key: z.string().nullable(),
  avatar_url: z.string().nullable(),
  biography: z.string().nullable(),
  phone_number: z.string().nullable(),
  borrowing_limit: z.number().int().positive().nullable(),
  creation_source: z.string().nullable(),
  created_by: z.uuid().nullable(),
  created_at: z.string(),
  updated_at: z.string(),
  last_activity_at: z.string().nullable(),
  address_line_1: z.string().nullable(),
  address_line_2: z.string().nullable(),
  city: z.string().nullable(),
  state_province: z.string().nullable(),
  postal_code: z.string().nullable(),
  country: z.string().nullable(),
  address_verified: z.boolean(),
  address_updated_at: z.string().nullable(),
  registration_completed: z.boolean(),
  /** The other spelling of the same flag (accounts-and-auth §3); always equal to the first. */
  registration_complete: z.boolean(),
  interests: z.array(z.string()),
  favorite_genres: z.array(z.string()),
  /** Preferences that follow the reader across devices; null until chosen (the device's choice applies). */
  preferred_language: z.enum(LANGUAGES).nullable(),
  theme: z.enum(THEME_CHOICES).nullable(),
  style: z.enum(STYLES).nullable(),
  notification_preferences: z.record(z.string(), NotificationChannelsSchema.partial()),
});
export type Profile = z.infer<typeof ProfileSchema>;

/**
 * Arrays may arrive as JSON strings (accounts-and-auth §3: "possibly stored as JSON strings and
 * parsed"); both shapes are accepted and stored as arrays. A string that is not a JSON array is a
 * comma-separated list, also when it happens to be other JSON ("1984" is one interest, not a number).
 */
const StringListSchema = z.preprocess(
  (value) => {
    if (typeof value !== 'string') return value;
    try {
      const parsed: unknown = JSON.parse(value);
      if (Array.isArray(parsed)) return parsed;
    } catch {
      // Not JSON: a comma-separated list.
    }
    return value.trim() === '' ? [] : value.split(',');
  },
  z.array(z.string().trim().min(1).max(100)).max(50),
);

/**
 * `update_user_profile_safe`: what users may change about themselves. Role, status, borrowing
 * limit and e-mail are not in it; zod drops unknown keys, so sending them changes nothing. Nor is
 * the avatar: only the upload route sets `avatar_key`, to a key it made under the user's own id.
 */
export const ProfileSafeUpdateSchema = z
  .object({
    display_name: z.string().trim().min(2, 'validation.nameMin').max(LIMITS.displayNameMax, 'validation.nameMax'),
    biography: z.string().max(LIMITS.biographyMax, 'validation.biographyMax'),
    phone_number: PhoneNumberSchema,
    address_line_1: z.string().trim().min(1, 'validation.streetRequired').max(LIMITS.sanitizeAddressMax),
    address_line_2: z.string().trim().max(LIMITS.sanitizeAddressMax),
    city: z.string().trim().min(1, 'validation.cityRequired').max(LIMITS.sanitizeAddressMax),
    state_province: z.string().trim().min(1, 'validation.stateRequired').max(LIMITS.sanitizeAddressMax),
    postal_code: z.string().trim().min(1, 'validation.postalRequired').max(LIMITS.sanitizePostalCodeMax),
    country: AddressCountrySchema,
    interests: StringListSchema,
    favorite_genres: StringListSchema,
  })
  .partial()
  .superRefine(refinePhoneInCountry);
export type ProfileSafeUpdate = z.infer<typeof ProfileSafeUpdateSchema>;

export const ActivitySchema = z.object({
  activity_type: z
    .string()
    .trim()
    .regex(/^[a-z][a-z0-9_.:-]{0,63}$/, 'validation.activityType'),
  activity_data: z
    .record(z.string(), z.unknown())
    .refine((value) => JSON.stringify(value).length <= 4_000, 'validation.activityData')
    .optional(),
});
export type ActivityInput = z.infer<typeof ActivitySchema>;

export { isProfileComplete } from '../profile-completeness.js';
