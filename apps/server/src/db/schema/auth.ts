import { bigint, boolean, index, integer, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { createdAt, id, timestamps } from './columns.js';

/**
 * better-auth's own tables (user, session, account, verification, rate limit), named `auth_*` in
 * the database. The adapter maps its models onto these objects (modules/auth/auth.ts); their
 * columns are the ones better-auth reads and writes, so change them only with the library.
 */

export const authUsers = pgTable('auth_users', {
  id: id(),
  name: text('name').notNull(),
  email: text('email').notNull().unique(),
  emailVerified: boolean('email_verified').notNull().default(false),
  image: text('image'),
  ...timestamps(),
});

export const authSessions = pgTable(
  'auth_sessions',
  {
    id: id(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    token: text('token').notNull().unique(),
    ipAddress: text('ip_address'),
    userAgent: text('user_agent'),
    userId: uuid('user_id')
      .notNull()
      .references(() => authUsers.id, { onDelete: 'cascade' }),
    ...timestamps(),
    /** Ours, not better-auth's: when the session was last used, for the list of sessions in Settings. */
    lastActiveAt: timestamp('last_active_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('auth_sessions_user_id_idx').on(table.userId)],
);

export const authAccounts = pgTable(
  'auth_accounts',
  {
    id: id(),
    accountId: text('account_id').notNull(),
    providerId: text('provider_id').notNull(),
    userId: uuid('user_id')
      .notNull()
      .references(() => authUsers.id, { onDelete: 'cascade' }),
    accessToken: text('access_token'),
    refreshToken: text('refresh_token'),
    idToken: text('id_token'),
    accessTokenExpiresAt: timestamp('access_token_expires_at', { withTimezone: true }),
    refreshTokenExpiresAt: timestamp('refresh_token_expires_at', { withTimezone: true }),
    scope: text('scope'),
    password: text('password'),
    ...timestamps(),
  },
  (table) => [index('auth_accounts_user_id_idx').on(table.userId)],
);

export const authVerifications = pgTable(
  'auth_verifications',
  {
    id: id(),
    identifier: text('identifier').notNull(),
    value: text('value').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    ...timestamps(),
  },
  (table) => [index('auth_verifications_identifier_idx').on(table.identifier)],
);

export const authRateLimits = pgTable('auth_rate_limits', {
  id: id(),
  key: text('key').notNull().unique(),
  count: integer('count').notNull(),
  /** Epoch milliseconds, as better-auth writes it. */
  lastRequest: bigint('last_request', { mode: 'number' }).notNull(),
});

/**
 * Password-reset tokens. Only the SHA-256 of the token is stored, so the table cannot be used to
 * reset anyone's password; a token is used by deleting its row, which makes it single-use even
 * under concurrent submissions.
 */
export const passwordResetTokens = pgTable(
  'password_reset_tokens',
  {
    tokenHash: text('token_hash').primaryKey(),
    userId: uuid('user_id')
      .notNull()
      .references(() => authUsers.id, { onDelete: 'cascade' }),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    requestedIp: text('requested_ip'),
    createdAt: createdAt(),
  },
  (table) => [index('password_reset_tokens_user_idx').on(table.userId)],
);

/**
 * Sessions ended by something other than their own sign-out (a password reset or change, a
 * sign-out everywhere, ending a session from another device, an admin). Kept until the session
 * would have expired, so a browser still holding the cookie can be told why it was signed out.
 */
export const revokedSessions = pgTable(
  'revoked_sessions',
  {
    tokenHash: text('token_hash').primaryKey(),
    userId: uuid('user_id').notNull(),
    reason: text('reason').notNull(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (table) => [index('revoked_sessions_expires_idx').on(table.expiresAt)],
);
