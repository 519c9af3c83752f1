import { RECENT_SIGN_IN_MINUTES } from '@maktaba/shared/schemas/account-data';
import { and, desc, eq, gt, sql } from 'drizzle-orm';
import type { Queryable } from '../../db/queryable.js';
import { authSessions, revokedSessions } from '../../db/schema/index.js';

/** Why a session was ended by something other than its own sign-out (stored in revoked_sessions). */
export type RevocationReason =
  | 'password_reset'
  | 'password_changed'
  | 'signed_out_everywhere'
  | 'ended_from_another_session'
  | 'admin';

/** last_active_at is written at most this often per session, so most requests write nothing. */
export const LAST_ACTIVE_RESOLUTION_MINUTES = 5;

/**
 * Ends sessions of one user and records why, in one statement: the token hashes go into
 * revoked_sessions (kept until the session would have expired) as the rows are deleted, so no
 * session disappears without its reason. Every way of ending someone else's session uses this.
 * Returns how many sessions ended.
 */
export async function revokeSessions(
  db: Queryable,
  options: { userId: string; exceptSessionId?: string; sessionIds?: string[]; reason: RevocationReason },
): Promise<number> {
  const { userId, exceptSessionId, sessionIds, reason } = options;
  if (sessionIds?.length === 0) return 0;
  const except = exceptSessionId ? sql` and id <> ${exceptSessionId}` : sql``;
  const only = sessionIds ? sql` and id in (${sql.join(sessionIds, sql`, `)})` : sql``;
  // Both drivers (node-postgres, PGlite) answer raw statements with `rows`.
  const result = (await db.execute(sql`
    with ended as (
      delete from ${authSessions} where user_id = ${userId}${except}${only}
      returning token, expires_at
    )
    insert into ${revokedSessions} (token_hash, user_id, reason, expires_at)
    select encode(sha256(convert_to(token, 'UTF8')), 'hex'), ${userId}, ${reason}, expires_at from ended
    on conflict (token_hash) do nothing
    returning token_hash`)) as { rows: unknown[] };
  // Records of sessions that would have expired by now tell nobody anything any more.
  await db.delete(revokedSessions).where(sql`${revokedSessions.expiresAt} < now()`);
  return result.rows.length;
}

/** Whether the session with this token was revoked (and would not have expired yet). */
export async function isSessionRevoked(db: Queryable, tokenHash: string): Promise<boolean> {
  const rows = await db
    .select({ reason: revokedSessions.reason })
    .from(revokedSessions)
    .where(and(eq(revokedSessions.tokenHash, tokenHash), gt(revokedSessions.expiresAt, sql`now()`)));
  return rows.length > 0;
}

/** Marks a session as used now, unless that was already recorded in the last few minutes. */
export async function touchSession(db: Queryable, sessionId: string): Promise<void> {
  await db
    .update(authSessions)
    .set({ lastActiveAt: sql`now()` })
    .where(
      and(
        eq(authSessions.id, sessionId),
        sql`${authSessions.lastActiveAt} < now() - ${sql.raw(`interval '${LAST_ACTIVE_RESOLUTION_MINUTES} minutes'`)}`,
      ),
    );
}

/** The user's sessions that have not expired, most recently active first. */
export async function findActiveSessions(db: Queryable, userId: string) {
  return db
    .select({
      id: authSessions.id,
      userAgent: authSessions.userAgent,
      ipAddress: authSessions.ipAddress,
      createdAt: authSessions.createdAt,
      lastActiveAt: authSessions.lastActiveAt,
      expiresAt: authSessions.expiresAt,
    })
    .from(authSessions)
    .where(and(eq(authSessions.userId, userId), gt(authSessions.expiresAt, sql`now()`)))
    .orderBy(desc(authSessions.lastActiveAt), desc(authSessions.createdAt));
}

/**
 * Whether the session began within the last RECENT_SIGN_IN_MINUTES: what an account without a
 * password shows instead of one before changing its e-mail address or deleting itself.
 */
export async function isRecentSignIn(db: Queryable, sessionId: string, now: Date = new Date()): Promise<boolean> {
  const [row] = await db
    .select({ createdAt: authSessions.createdAt })
    .from(authSessions)
    .where(eq(authSessions.id, sessionId));
  return !!row && now.getTime() - row.createdAt.getTime() <= RECENT_SIGN_IN_MINUTES * 60_000;
}
