import { z } from 'zod';
import { LIMITS } from '../constants.js';
import { ROLES } from '../permissions.js';
import { PROFILE_STATUSES, ProfileSchema } from './profile.js';

/**
 * Admin user management (accounts-and-auth §2, §3 "Admin user list state", §4 "Admin list", §6,
 * §7, §8; reader-area §2.1 /users and /library/users). What the server checks and the client
 * shows; every write is checked again on the server with these schemas.
 */

/** Columns the list may be sorted by (any column shown; accounts-and-auth §4). */
export const USER_SORT_COLUMNS = [
  'created_at',
  'email',
  'display_name',
  'role',
  'status',
  'last_activity_at',
  'borrowing_limit',
] as const;
export type UserSortColumn = (typeof USER_SORT_COLUMNS)[number];
export const SORT_DIRECTIONS = ['asc', 'desc'] as const;

/** GET /api/admin/users: page size 15, default created_at descending; role accepts only the three roles. */
export const UserListQuerySchema = z.object({
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  per_page: z.coerce.number().int().min(1).max(100).default(LIMITS.adminPageSize),
  sort: z.enum(USER_SORT_COLUMNS).default('created_at'),
  direction: z.enum(SORT_DIRECTIONS).default('desc'),
  /** Case-insensitive, on e-mail or display name. */
  search: z.string().trim().max(200).optional(),
  role: z.enum(ROLES).optional(),
  status: z.enum(PROFILE_STATUSES).optional(),
});
export type UserListQuery = z.infer<typeof UserListQuerySchema>;

/** One row of the list: the profile without the shipping address. */
export const UserListItemSchema = ProfileSchema.pick({
  id: true,
  email: true,
  display_name: true,
  role: true,
  status: true,
  avatar_url: true,
  borrowing_limit: true,
  creation_source: true,
  created_at: true,
  last_activity_at: true,
  registration_completed: true,
});
export type UserListItem = z.infer<typeof UserListItemSchema>;

/** accounts-and-auth §3 "pagination (currentPage, totalPages, totalItems, perPage)". */
export const UserListSchema = z.object({
  users: z.array(UserListItemSchema),
  pagination: z.object({
    currentPage: z.number().int(),
    totalPages: z.number().int(),
    totalItems: z.number().int(),
    perPage: z.number().int(),
  }),
});
export type UserList = z.infer<typeof UserListSchema>;

/** user_activity_log rows (the last 10 by default). */
export const UserActivitySchema = z.object({
  id: z.uuid(),
  activity_type: z.string(),
  activity_data: z.record(z.string(), z.unknown()),
  created_at: z.string(),
});
export type UserActivity = z.infer<typeof UserActivitySchema>;

/** A checkout with its book (borrowing history), newest first. */
export const UserBorrowingSchema = z.object({
  id: z.uuid(),
  book: z.object({ id: z.uuid(), title: z.string().nullable(), title_ar: z.string().nullable() }),
  checked_out_at: z.string(),
  due_date: z.string().nullable(),
  returned_at: z.string().nullable(),
  status: z.string(),
});
export type UserBorrowing = z.infer<typeof UserBorrowingSchema>;

/** GET /api/admin/users/{id}: the whole profile, the sessions count, and whether setup is whole. */
export const UserDetailSchema = z.object({
  profile: ProfileSchema,
  active_sessions: z.number().int(),
  /** Whether the account's e-mail address is verified (unverified readers cannot borrow). */
  email_verified: z.boolean().optional(),
  /** validate-profile-setup: what is missing or inconsistent (empty when the setup is whole). */
  setup_problems: z.array(z.string()),
});
export type UserDetail = z.infer<typeof UserDetailSchema>;

/**
 * PATCH /api/admin/users/{id}: any subset. Role needs users.manage_roles (admins); a librarian may
 * change nothing that makes anyone an admin. Unknown keys are dropped (mass assignment ignored).
 * Suspending or deactivating ends the user's sessions at once.
 */
export const UserAdminUpdateSchema = z
  .object({
    role: z.enum(ROLES),
    status: z.enum(PROFILE_STATUSES),
    display_name: z.string().trim().min(2, 'validation.nameMin').max(LIMITS.displayNameMax, 'validation.nameMax'),
    biography: z.string().max(LIMITS.biographyMax, 'validation.biographyMax').nullable(),
    borrowing_limit: z
      .number()
      .int()
      .positive('validation.borrowingLimit')
      .max(100, 'validation.borrowingLimit')
      .nullable(),
  })
  .partial()
  .refine((value) => Object.keys(value).length > 0, { message: 'validation.nothingToUpdate' });
export type UserAdminUpdate = z.infer<typeof UserAdminUpdateSchema>;

/** POST /api/admin/users/{id}/email ("admin update of a user's email by id"). */
export const UserEmailChangeSchema = z.object({
  email: z.email('validation.emailInvalid').max(LIMITS.emailMax),
});

/** POST /api/admin/users (users.create): the new user receives an e-mail to set a password. */
export const UserCreateSchema = z.object({
  email: z.email('validation.emailInvalid').max(LIMITS.emailMax),
  display_name: z.string().trim().min(2, 'validation.nameMin').max(LIMITS.displayNameMax, 'validation.nameMax'),
  role: z.enum(ROLES).default('patron'),
  locale: z.enum(['en', 'ar']).optional(),
});
export type UserCreate = z.infer<typeof UserCreateSchema>;

/** DELETE /api/admin/users/{id} ('delete-user'): answers `{ message }`. */
export const UserDeletedSchema = z.object({ message: z.string() });

/** admin_audit_log as the audit view lists it. */
export const AUDIT_ACTIONS = [
  'update_user_role',
  'update_user_status',
  'update_user_profile',
  'update_user_email',
  'create_user',
  'delete_user',
  'delete_own_account',
  'revoke_user_sessions',
  'repair_user_profile',
  'create_book',
  'update_book',
  'delete_book',
  'create_author',
  'update_author',
  'delete_author',
  'create_scholar',
  'update_scholar',
  'delete_scholar',
  'import_catalogue',
  'update_lending_settings',
  'enable_two_factor',
  'disable_two_factor',
  'regenerate_backup_codes',
  'add_passkey',
  'remove_passkey',
  'update_security_settings',
  'request_email_change',
  'complete_email_change',
  'verify_user_email',
  'approve_quote',
  'return_quote',
  'archive_quote',
  'restore_quote',
  'feature_quote',
  'unfeature_quote',
  'delete_quote',
  'import_quotes',
  'feature_collection',
  'unfeature_collection',
  'update_category_guide',
  'publish_article',
  'unpublish_article',
  'delete_article',
  'publish_study_guide',
  'unpublish_study_guide',
  'delete_study_guide',
  'hide_circle_post',
  'unhide_circle_post',
  'delete_circle_post',
  'remove_circle_member',
  'publish_faq_entry',
  'update_faq_entry',
  'delete_faq_entry',
  'update_ask_settings',
  'unlock_account',
  'send_setup_reminder',
  'run_registration_test',
  'update_borrowing_limit',
  'merge_books',
  'start_source_validation',
  'update_system_settings',
] as const;
export type AuditAction = (typeof AUDIT_ACTIONS)[number];

/** What an entry is about: a user account, a catalogue record, or an import job. */
export const AUDIT_TARGET_TYPES = [
  'user',
  'book',
  'author',
  'scholar',
  'category',
  'import',
  'settings',
  'quote',
  'collection',
  'article',
  'study_guide',
  'study_circle',
  'question',
] as const;
export type AuditTargetType = (typeof AUDIT_TARGET_TYPES)[number];

export const AuditEntrySchema = z.object({
  id: z.uuid(),
  action_type: z.string(),
  actor: z.object({ id: z.uuid().nullable(), email: z.string().nullable(), display_name: z.string().nullable() }),
  target_type: z.enum(AUDIT_TARGET_TYPES),
  target_id: z.uuid().nullable(),
  /** A catalogue record's title or name in both languages, as it was when the entry was written. */
  target_label: z.object({ en: z.string().nullable(), ar: z.string().nullable() }).nullable(),
  target_user: z.uuid().nullable(),
  target_email: z.string().nullable(),
  changes: z.record(z.string(), z.unknown()),
  metadata: z.record(z.string(), z.unknown()),
  ip_address: z.string().nullable(),
  created_at: z.string(),
});
export type AuditEntry = z.infer<typeof AuditEntrySchema>;

export const AuditQuerySchema = z.object({
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  per_page: z.coerce.number().int().min(1).max(100).default(LIMITS.adminPageSize),
  action_type: z.enum(AUDIT_ACTIONS).optional(),
  target_user: z.uuid().optional(),
  actor: z.uuid().optional(),
  from: z.iso.datetime({ offset: true }).optional(),
  to: z.iso.datetime({ offset: true }).optional(),
});
export const AuditListSchema = z.object({
  entries: z.array(AuditEntrySchema),
  total: z.number().int(),
  page: z.number().int(),
  per_page: z.number().int(),
});
