import { sql } from 'drizzle-orm';
import { bigint, boolean, check, index, integer, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
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
  /** better-auth's two-factor plugin: set once the reader has confirmed an authenticator app. */
  twoFactorEnabled: boolean('two_factor_enabled').notNull().default(false),
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

/** better-auth's two-factor plugin: the TOTP secret and the backup codes, both encrypted by it. */
export const authTwoFactors = pgTable(
  'auth_two_factors',
  {
    id: id(),
    secret: text('secret').notNull(),
    backupCodes: text('backup_codes').notNull(),
    userId: uuid('user_id')
      .notNull()
      .references(() => authUsers.id, { onDelete: 'cascade' }),
    verified: boolean('verified').notNull().default(true),
    failedVerificationCount: integer('failed_verification_count').notNull().default(0),
    lockedUntil: timestamp('locked_until', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (table) => [
    index('auth_two_factors_user_id_idx').on(table.userId),
    index('auth_two_factors_secret_idx').on(table.secret),
  ],
);

/** better-auth's passkey plugin (WebAuthn credentials): one row per registered authenticator. */
export const authPasskeys = pgTable(
  'auth_passkeys',
  {
    id: id(),
    name: text('name'),
    publicKey: text('public_key').notNull(),
    userId: uuid('user_id')
      .notNull()
      .references(() => authUsers.id, { onDelete: 'cascade' }),
    credentialID: text('credential_id').notNull().unique(),
    counter: integer('counter').notNull(),
    deviceType: text('device_type').notNull(),
    backedUp: boolean('backed_up').notNull(),
    transports: text('transports'),
    aaguid: text('aaguid'),
    createdAt: timestamp('created_at', { withTimezone: true }).defaultNow(),
  },
  (table) => [index('auth_passkeys_user_id_idx').on(table.userId)],
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
 * E-mail links: verifying a new account's address, and confirming a change to a new address.
 * Like the reset tokens, only the SHA-256 of the token is stored and a link is used by deleting
 * its row (single use); `email` is the address the link proves (for a change: the new one, which
 * becomes the account's only when the link is opened).
 */
export const emailTokens = pgTable(
  'email_tokens',
  {
    tokenHash: text('token_hash').primaryKey(),
    userId: uuid('user_id')
      .notNull()
      .references(() => authUsers.id, { onDelete: 'cascade' }),
    purpose: text('purpose').notNull(),
    email: text('email').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    createdAt: createdAt(),
  },
  (table) => [
    check('email_tokens_purpose_check', sql`${table.purpose} in ('verify', 'change')`),
    index('email_tokens_user_idx').on(table.userId, table.purpose),
  ],
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
