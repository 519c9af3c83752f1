import { and, count, eq, gt, lt, or, sql } from 'drizzle-orm';
import type { Queryable } from '../../db/queryable.js';
import { authAccounts, authUsers, passwordResetTokens, securityEvents } from '../../db/schema/index.js';

/** What security_events records about passwords (beside the sign-in events of security.repository). */
export type PasswordEventType =
  | 'password_reset_requested'
  | 'password_reset_sent'
  | 'password_reset_completed'
  | 'password_change_failed'
  | 'password_changed';

export type PasswordEvent = {
  eventType: PasswordEventType;
  identifier: string;
  ipAddress: string;
  userAgent?: string | undefined;
  allowed?: boolean;
};

export async function insertPasswordEvent(db: Queryable, event: PasswordEvent): Promise<void> {
  await db.insert(securityEvents).values({
    eventType: event.eventType,
    action: 'password',
    identifier: event.identifier,
    ipAddress: event.ipAddress,
    userAgent: event.userAgent?.slice(0, 500) ?? null,
    allowed: event.allowed,
  });
}

/** How many events of one type since `since`, for one client address or for one account. */
export async function countPasswordEvents(
  db: Queryable,
  eventType: PasswordEventType,
  by: { ipAddress: string } | { identifier: string },
  since: Date,
): Promise<number> {
  const who =
    'ipAddress' in by ? eq(securityEvents.ipAddress, by.ipAddress) : eq(securityEvents.identifier, by.identifier);
  const [row] = await db
    .select({ value: count() })
    .from(securityEvents)
    .where(and(eq(securityEvents.eventType, eventType), who, gt(securityEvents.createdAt, since)));
  return row?.value ?? 0;
}

export async function findUserByEmail(db: Queryable, email: string) {
  const [user] = await db
    .select({ id: authUsers.id, email: authUsers.email })
    .from(authUsers)
    .where(eq(authUsers.email, email));
  return user;
}

export async function findUserEmail(db: Queryable, userId: string): Promise<string | undefined> {
  const [user] = await db.select({ email: authUsers.email }).from(authUsers).where(eq(authUsers.id, userId));
  return user?.email;
}

/** Stores a new token for the user; the user's earlier tokens, and everyone's expired ones, go. */
export async function replaceResetToken(
  db: Queryable,
  token: { userId: string; tokenHash: string; expiresAt: Date; requestedIp: string },
): Promise<void> {
  await db
    .delete(passwordResetTokens)
    .where(or(eq(passwordResetTokens.userId, token.userId), lt(passwordResetTokens.expiresAt, sql`now()`)));
  await db.insert(passwordResetTokens).values(token);
}

export async function isResetTokenUsable(db: Queryable, tokenHash: string): Promise<boolean> {
  const rows = await db
    .select({ userId: passwordResetTokens.userId })
    .from(passwordResetTokens)
    .where(and(eq(passwordResetTokens.tokenHash, tokenHash), gt(passwordResetTokens.expiresAt, sql`now()`)));
  return rows.length > 0;
}

/**
 * Uses a token up: the row is deleted and returned. Of two concurrent submissions of one token
 * only one gets the row back (the other's DELETE waits for the first and then finds nothing).
 */
export async function consumeResetToken(db: Queryable, tokenHash: string) {
  const [row] = await db
    .delete(passwordResetTokens)
    .where(eq(passwordResetTokens.tokenHash, tokenHash))
    .returning({ userId: passwordResetTokens.userId, expiresAt: passwordResetTokens.expiresAt });
  return row;
}

export async function findPasswordHash(db: Queryable, userId: string): Promise<string | null> {
  const [row] = await db
    .select({ password: authAccounts.password })
    .from(authAccounts)
    .where(and(eq(authAccounts.userId, userId), eq(authAccounts.providerId, 'credential')));
  return row?.password ?? null;
}

/** Sets the password of the user's credential account, creating one for a Google-only user. */
export async function setPasswordHash(db: Queryable, userId: string, passwordHash: string): Promise<void> {
  const updated = await db
    .update(authAccounts)
    .set({ password: passwordHash, updatedAt: new Date() })
    .where(and(eq(authAccounts.userId, userId), eq(authAccounts.providerId, 'credential')))
    .returning({ id: authAccounts.id });
  if (updated.length > 0) return;
  await db.insert(authAccounts).values({ userId, accountId: userId, providerId: 'credential', password: passwordHash });
}
