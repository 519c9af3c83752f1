import { sql } from 'drizzle-orm';
import { bigint, boolean, check, index, integer, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { createdAt, id, updatedAt } from './columns.js';
import { userRef } from './user-ref.js';

/** The profile of accounts-and-auth §3, one per auth user, keyed by the auth user id. */
export const profiles = pgTable(
  'profiles',
  {
    id: userRef('id', { onDelete: 'cascade' }).primaryKey(),
    email: text('email').notNull(),
    displayName: text('display_name'),
    role: text('role').notNull().default('patron'),
    status: text('status').notNull().default('active'),
    avatarKey: text('avatar_key'),
    avatarUrl: text('avatar_url'),
    biography: text('biography'),
    phoneNumber: text('phone_number'),
    borrowingLimit: integer('borrowing_limit').default(3),
    creationSource: text('creation_source'),
    createdBy: userRef('created_by', { onDelete: 'set null' }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    lastActivityAt: timestamp('last_activity_at', { withTimezone: true }),
    addressLine1: text('address_line_1'),
    addressLine2: text('address_line_2'),
    city: text('city'),
    stateProvince: text('state_province'),
    postalCode: text('postal_code'),
    country: text('country'),
    addressVerified: boolean('address_verified').notNull().default(false),
    addressUpdatedAt: timestamp('address_updated_at', { withTimezone: true }),
    registrationCompleted: boolean('registration_completed').notNull().default(false),
    /**
     * The spec names the completion flag both ways; the second spelling is a generated column,
     * so the two can never disagree and readers of either get the same answer.
     */
    registrationComplete: boolean('registration_complete').generatedAlwaysAs(sql`registration_completed`),
    interests: text('interests').array().notNull().default(sql`'{}'::text[]`),
    favoriteGenres: text('favorite_genres').array().notNull().default(sql`'{}'::text[]`),
    /**
     * Preferences that follow the reader across devices (null: not chosen, the device's own
     * choice or the system's applies). Applied when the reader signs in.
     */
    preferredLanguage: text('preferred_language'),
    theme: text('theme'),
    style: text('style'),
    /** Per notification event, whether it is delivered in the app and by e-mail (shared schema `NotificationPreferences`). */
    notificationPreferences: jsonb('notification_preferences')
      .$type<Record<string, { in_app?: boolean; email?: boolean }>>()
      .notNull()
      .default(sql`'{}'::jsonb`),
  },
  (table) => [
    check('profiles_role_check', sql`${table.role} in ('admin', 'librarian', 'patron')`),
    check('profiles_status_check', sql`${table.status} in ('active', 'suspended', 'deactivated')`),
    check(
      'profiles_language_check',
      sql`${table.preferredLanguage} is null or ${table.preferredLanguage} in ('en', 'ar')`,
    ),
    check(
      'profiles_theme_check',
      sql`${table.theme} is null or ${table.theme} in ('light', 'dark', 'solarized-light', 'system')`,
    ),
    check(
      'profiles_style_check',
      sql`${table.style} is null or ${table.style} in ('minimal', 'vibrant', 'focused', 'warm')`,
    ),
    check('profiles_borrowing_limit_check', sql`${table.borrowingLimit} is null or ${table.borrowingLimit} > 0`),
    index('profiles_email_idx').on(sql`lower(${table.email})`),
    /** Staff find a reader by any part of the name or e-mail (`ilike '%…%'`): the desk, the users list. */
    index('profiles_display_name_trgm_idx').using('gin', sql`${table.displayName} gin_trgm_ops`),
    index('profiles_email_trgm_idx').using('gin', sql`${table.email} gin_trgm_ops`),
    /** The desk's order by patron: readers in name order, each one's loans found by reader. */
    index('profiles_sort_name_idx').on(sql`lower(coalesce(${table.displayName}, ${table.email}))`, table.id),
    index('profiles_role_idx').on(table.role),
    index('profiles_created_at_idx').on(table.createdAt),
  ],
);

/** Per-user counters (accounts-and-auth §3: "fields not shown"). */
export const userAnalytics = pgTable('user_analytics', {
  userId: userRef('user_id', { onDelete: 'cascade' }).primaryKey(),
  signInCount: integer('sign_in_count').notNull().default(0),
  lastSignInAt: timestamp('last_sign_in_at', { withTimezone: true }),
  registrationCompletedAt: timestamp('registration_completed_at', { withTimezone: true }),
  data: jsonb('data').$type<Record<string, unknown>>().notNull().default(sql`'{}'::jsonb`),
  updatedAt: updatedAt(),
});

export const userSetupLogs = pgTable(
  'user_setup_logs',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    userId: userRef('user_id', { onDelete: 'cascade' }),
    eventType: text('event_type').notNull(),
    errorMessage: text('error_message'),
    createdAt: createdAt(),
  },
  (table) => [index('user_setup_logs_user_event_idx').on(table.userId, table.eventType, table.createdAt)],
);

export const userActivityLog = pgTable(
  'user_activity_log',
  {
    id: id(),
    userId: userRef('user_id', { onDelete: 'cascade' }).notNull(),
    activityType: text('activity_type').notNull(),
    activityData: jsonb('activity_data').$type<Record<string, unknown>>().notNull().default(sql`'{}'::jsonb`),
    createdAt: createdAt(),
  },
  (table) => [index('user_activity_log_user_created_idx').on(table.userId, table.createdAt)],
);

/**
 * Written in the same transaction as the change it records: to a user account (`target_user`), or
 * to the catalogue (a book, author or scholar, or an import job) named by `target_type` and
 * `target_id`. No foreign keys: an entry outlives what it names.
 */
export const adminAuditLog = pgTable(
  'admin_audit_log',
  {
    id: id(),
    actorId: userRef('actor_id', { onDelete: 'set null' }),
    actionType: text('action_type').notNull(),
    targetUser: uuid('target_user'),
    targetType: text('target_type').notNull().default('user'),
    targetId: uuid('target_id'),
    changes: jsonb('changes').$type<Record<string, unknown>>().notNull().default(sql`'{}'::jsonb`),
    metadata: jsonb('metadata').$type<Record<string, unknown>>().notNull().default(sql`'{}'::jsonb`),
    ipAddress: text('ip_address'),
    createdAt: createdAt(),
  },
  (table) => [
    index('admin_audit_log_target_idx').on(table.targetUser, table.createdAt),
    index('admin_audit_log_target_type_idx').on(table.targetType, table.targetId, table.createdAt),
    check(
      'admin_audit_log_target_type_check',
      sql`${table.targetType} in ('user', 'book', 'author', 'scholar', 'category', 'import', 'settings', 'quote', 'collection', 'article', 'study_guide', 'study_circle', 'question')`,
    ),
    index('admin_audit_log_created_idx').on(table.createdAt),
  ],
);

/** Every security decision and sign-in outcome (auth-security), for throttling and the monitor. */
export const securityEvents = pgTable(
  'security_events',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    eventType: text('event_type').notNull(),
    action: text('action'),
    identifier: text('identifier'),
    ipAddress: text('ip_address').notNull(),
    userAgent: text('user_agent'),
    allowed: boolean('allowed'),
    riskScore: integer('risk_score'),
    reasons: text('reasons').array().notNull().default(sql`'{}'::text[]`),
    createdAt: createdAt(),
  },
  (table) => [
    index('security_events_identifier_idx').on(table.eventType, table.identifier, table.createdAt),
    index('security_events_ip_idx').on(table.eventType, table.ipAddress, table.createdAt),
    index('security_events_created_idx').on(table.createdAt),
  ],
);
