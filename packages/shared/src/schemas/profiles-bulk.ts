import { z } from 'zod';
import { COUNTRIES } from '../constants.js';
import { ROLES } from '../permissions.js';
import { PROFILE_STATUSES } from './profile.js';

/**
 * The profiles editor (/admin/profiles-editor): admins find accounts by role, status, country,
 * address completeness, creation date and inactivity, and change the borrowing limit or the
 * status of many at once. Every change is audited per user, in one transaction.
 */

export const PROFILES_BULK_LIMITS = {
  pageSizeDefault: 25,
  pageSizeMax: 100,
  /** Ids sent at once. */
  idsMax: 500,
  /** Accounts a filter may select for one change; above it the change is refused (422). */
  filterMax: 5_000,
  borrowingLimitMin: 1,
  borrowingLimitMax: 50,
  inactiveDaysMax: 3_650,
} as const;

export const COUNTRY_CODES = COUNTRIES.map((country) => country.code) as [
  (typeof COUNTRIES)[number]['code'],
  ...(typeof COUNTRIES)[number]['code'][],
];

const isoDate = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'validation.date');
const boolText = z
  .enum(['true', 'false'])
  .transform((value) => value === 'true')
  .or(z.boolean());

/** The filters, as the list's query string has them and as the bulk change resolves them. */
export const ProfilesFilterSchema = z
  .object({
    role: z.enum(ROLES).optional(),
    status: z.enum(PROFILE_STATUSES).optional(),
    /** The shipping country by its ISO code (the profile keeps its English name). */
    country: z.enum(COUNTRY_CODES).optional(),
    /** true: the address misses a line, city, state, postal code or country; false: it is whole. */
    incompleteAddress: boolText.optional(),
    /** Created on or after this UTC day. */
    createdFrom: isoDate.optional(),
    /** Created on or before this UTC day (the whole day). */
    createdTo: isoDate.optional(),
    /** No sign-in for this many days (never signed in: since the account was created). */
    inactiveDays: z.coerce.number().int().min(1).max(PROFILES_BULK_LIMITS.inactiveDaysMax).optional(),
  })
  .strict();
export type ProfilesFilter = z.infer<typeof ProfilesFilterSchema>;

export const ProfilesListQuerySchema = ProfilesFilterSchema.extend({
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  pageSize: z.coerce
    .number()
    .int()
    .min(1)
    .max(PROFILES_BULK_LIMITS.pageSizeMax)
    .default(PROFILES_BULK_LIMITS.pageSizeDefault),
  format: z.enum(['json', 'csv']).default('json'),
}).strict();
export type ProfilesListQuery = z.infer<typeof ProfilesListQuerySchema>;

export const ProfileRowSchema = z.object({
  id: z.uuid(),
  display_name: z.string().nullable(),
  email: z.string(),
  role: z.enum(ROLES),
  status: z.enum(PROFILE_STATUSES),
  /** The English name as stored, or null. */
  country: z.string().nullable(),
  address_complete: z.boolean(),
  borrowing_limit: z.number().int().nullable(),
  created_at: z.string(),
  last_sign_in_at: z.string().nullable(),
});
export type ProfileRow = z.infer<typeof ProfileRowSchema>;

export const ProfilesListSchema = z.object({
  rows: z.array(ProfileRowSchema),
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
});
export type ProfilesList = z.infer<typeof ProfilesListSchema>;

export const ProfilesChangeSchema = z
  .object({
    borrowingLimit: z
      .number()
      .int()
      .min(PROFILES_BULK_LIMITS.borrowingLimitMin, 'validation.borrowingLimit')
      .max(PROFILES_BULK_LIMITS.borrowingLimitMax, 'validation.borrowingLimit')
      .optional(),
    status: z.enum(PROFILE_STATUSES).optional(),
  })
  .strict()
  .refine((value) => value.borrowingLimit !== undefined || value.status !== undefined, {
    message: 'validation.nothingToUpdate',
  });
export type ProfilesChange = z.infer<typeof ProfilesChangeSchema>;

/** POST /api/admin/profiles/bulk: either the ids (1–500) or the filter the list shows, and the change. */
export const ProfilesBulkSchema = z
  .object({
    ids: z.array(z.uuid()).min(1).max(PROFILES_BULK_LIMITS.idsMax).optional(),
    filter: ProfilesFilterSchema.optional(),
    change: ProfilesChangeSchema,
  })
  .strict()
  .refine((value) => (value.ids === undefined) !== (value.filter === undefined), {
    message: 'validation.idsOrFilter',
    path: ['ids'],
  });
export type ProfilesBulk = z.infer<typeof ProfilesBulkSchema>;

export const BULK_SKIP_REASONS = ['self', 'last_admin', 'unchanged', 'not_found'] as const;
export type BulkSkipReason = (typeof BULK_SKIP_REASONS)[number];

export const ProfilesBulkResultSchema = z.object({
  updated: z.number().int(),
  skipped: z.array(z.object({ id: z.uuid(), reason: z.enum(BULK_SKIP_REASONS) })),
});
export type ProfilesBulkResult = z.infer<typeof ProfilesBulkResultSchema>;
