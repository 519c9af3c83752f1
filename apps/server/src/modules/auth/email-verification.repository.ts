import { and, eq, gt, lt, or, sql } from 'drizzle-orm';
import type { Queryable } from '../../db/queryable.js';
import { authUsers, emailTokens, profiles } from '../../db/schema/index.js';

export type EmailTokenPurpose = 'verify' | 'change';

/**
 * Stores a new link for the user and purpose; the user's earlier links of that purpose, and
 * everyone's links expired more than a day ago, go (an expired link is kept a while so that
 * opening it says "expired" rather than "unknown").
 */
export async function replaceEmailToken(
  db: Queryable,
  token: { userId: string; purpose: EmailTokenPurpose; tokenHash: string; email: string; expiresAt: Date },
): Promise<void> {
  await db
    .delete(emailTokens)
    .where(
      or(
        and(eq(emailTokens.userId, token.userId), eq(emailTokens.purpose, token.purpose)),
        lt(emailTokens.expiresAt, sql`now() - interval '1 day'`),
      ),
    );
  await db.insert(emailTokens).values(token);
}

/**
 * Uses a link up: the row is deleted and returned. Of concurrent submissions of one link only one
 * gets the row back (the others' DELETE waits for the first and then finds nothing).
 */
export async function consumeEmailToken(db: Queryable, tokenHash: string) {
  const [row] = await db.delete(emailTokens).where(eq(emailTokens.tokenHash, tokenHash)).returning();
  return row;
}

export async function findPendingChange(db: Queryable, userId: string) {
  const [row] = await db
    .select({ email: emailTokens.email, expiresAt: emailTokens.expiresAt })
    .from(emailTokens)
    .where(
      and(eq(emailTokens.userId, userId), eq(emailTokens.purpose, 'change'), gt(emailTokens.expiresAt, sql`now()`)),
    );
  return row;
}

export async function deleteEmailTokens(db: Queryable, userId: string, purpose: EmailTokenPurpose): Promise<number> {
  const rows = await db
    .delete(emailTokens)
    .where(and(eq(emailTokens.userId, userId), eq(emailTokens.purpose, purpose)))
    .returning({ tokenHash: emailTokens.tokenHash });
  return rows.length;
}

export async function findAccountEmail(db: Queryable, userId: string) {
  const [row] = await db
    .select({ email: authUsers.email, emailVerified: authUsers.emailVerified })
    .from(authUsers)
    .where(eq(authUsers.id, userId));
  return row;
}

/** Marks the address verified; answers whether it was not before. */
export async function markEmailVerified(db: Queryable, userId: string): Promise<boolean> {
  const rows = await db
    .update(authUsers)
    .set({ emailVerified: true, updatedAt: new Date() })
    .where(and(eq(authUsers.id, userId), eq(authUsers.emailVerified, false)))
    .returning({ id: authUsers.id });
  return rows.length > 0;
}

/** The account's new address, in auth_users and profiles alike, verified (the link proved it). */
export async function switchEmail(db: Queryable, userId: string, email: string): Promise<void> {
  const now = new Date();
  await db.update(authUsers).set({ email, emailVerified: true, updatedAt: now }).where(eq(authUsers.id, userId));
  await db.update(profiles).set({ email, updatedAt: now }).where(eq(profiles.id, userId));
}

export async function isEmailInUse(db: Queryable, email: string): Promise<boolean> {
  const [row] = await db.select({ id: authUsers.id }).from(authUsers).where(eq(authUsers.email, email));
  return Boolean(row);
}
