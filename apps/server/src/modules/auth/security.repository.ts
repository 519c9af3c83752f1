import { and, count, eq, gt, lt, or, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { securityEvents } from '../../db/schema/index.js';

export type SecurityEventType =
  | 'security_check'
  | 'login_failed'
  | 'login_succeeded'
  | 'registration_succeeded'
  | 'registration_failed'
  | 'honeypot'
  /** An administrator unlocked the account (identifier): its failures before this no longer count. */
  | 'account_unlocked';

export type SecurityEventInput = {
  eventType: SecurityEventType;
  action?: string;
  identifier?: string | null;
  ipAddress: string;
  userAgent?: string | null;
  allowed?: boolean;
  riskScore?: number;
  reasons?: string[];
};

export async function insertSecurityEvent(db: Pick<Database, 'insert'>, event: SecurityEventInput): Promise<void> {
  await db.insert(securityEvents).values({
    eventType: event.eventType,
    action: event.action,
    identifier: event.identifier ?? null,
    ipAddress: event.ipAddress,
    userAgent: event.userAgent?.slice(0, 500) ?? null,
    allowed: event.allowed,
    riskScore: event.riskScore,
    reasons: event.reasons ?? [],
  });
}

export async function countEventsForIp(
  db: Database,
  eventType: SecurityEventType,
  ip: string,
  since: Date,
): Promise<number> {
  const [row] = await db
    .select({ value: count() })
    .from(securityEvents)
    .where(
      and(
        eq(securityEvents.eventType, eventType),
        eq(securityEvents.ipAddress, ip),
        gt(securityEvents.createdAt, since),
      ),
    );
  return row?.value ?? 0;
}

/**
 * The moment an administrator last unlocked the account (SQL, compared in the database to keep
 * its precision), or -infinity when never.
 */
export const lastUnlockSql = (identifier: unknown) =>
  sql`coalesce((select max(u.created_at) from ${securityEvents} u where u.event_type = 'account_unlocked' and u.identifier = ${identifier}), '-infinity'::timestamptz)`;

/**
 * Failed sign-ins since `since` for one account and for one address, in one query. The account's
 * count starts after its last unlock when that is later (an administrator's unlock clears it).
 */
export async function countLoginFailures(
  db: Database,
  identifier: string,
  ip: string,
  since: Date,
): Promise<{ account: number; ip: number }> {
  const [row] = await db
    .select({
      account:
        sql<number>`count(*) filter (where ${securityEvents.identifier} = ${identifier} and ${securityEvents.createdAt} > ${lastUnlockSql(identifier)})`.mapWith(
          Number,
        ),
      ip: sql<number>`count(*) filter (where ${securityEvents.ipAddress} = ${ip})`.mapWith(Number),
    })
    .from(securityEvents)
    .where(
      and(
        eq(securityEvents.eventType, 'login_failed'),
        gt(securityEvents.createdAt, since),
        or(eq(securityEvents.identifier, identifier), eq(securityEvents.ipAddress, ip)),
      ),
    );
  return { account: row?.account ?? 0, ip: row?.ip ?? 0 };
}

/** Drops events older than `before` (the privacy policy's retention; called from the periodic sweep). */
export async function deleteSecurityEventsBefore(db: Pick<Database, 'delete'>, before: Date): Promise<void> {
  await db.delete(securityEvents).where(lt(securityEvents.createdAt, before));
}
