import { and, count, desc, eq, gt, gte, inArray, isNotNull, lt, max, sql } from 'drizzle-orm';
import type { Queryable } from '../../db/queryable.js';
import { authSessions, authUsers, securityEvents } from '../../db/schema/index.js';

/** An instant as ISO text, whatever the driver answered (a Date, or text from an aggregate). */
export const toIso = (value: Date | string) => (value instanceof Date ? value : new Date(value)).toISOString();

const inPeriod = (start: Date, end: Date) =>
  and(gte(securityEvents.createdAt, start), lt(securityEvents.createdAt, end));

const utcDay = sql<string>`to_char(${securityEvents.createdAt} at time zone 'UTC', 'YYYY-MM-DD')`;

/**
 * Per UTC day: failed sign-ins (wrong e-mail or password), sign-ins the security check refused
 * and sign-ins that started a session.
 */
export async function countSignInsPerDay(db: Queryable, start: Date, end: Date) {
  return db
    .select({
      day: utcDay,
      failed: sql<number>`count(*) filter (where ${securityEvents.eventType} = 'login_failed')`.mapWith(Number),
      blocked:
        sql<number>`count(*) filter (where ${securityEvents.eventType} = 'security_check' and ${securityEvents.action} = 'login' and ${securityEvents.allowed} = false)`.mapWith(
          Number,
        ),
      succeeded: sql<number>`count(*) filter (where ${securityEvents.eventType} = 'login_succeeded')`.mapWith(Number),
    })
    .from(securityEvents)
    .where(
      and(
        inPeriod(start, end),
        inArray(securityEvents.eventType, ['login_failed', 'security_check', 'login_succeeded']),
      ),
    )
    .groupBy(utcDay);
}

/**
 * Refused registrations per reason: an e-mail already taken, the security check (a disposable
 * domain, too many from one address) and the honeypot. A refusal with two reasons counts in both.
 */
export async function countRegistrationRefusals(
  db: Queryable,
  start: Date,
  end: Date,
): Promise<{ reason: string; count: number }[]> {
  const result = await db.execute<{ reason: string; count: number | string }>(sql`
    select reason, count(*) as count
    from (
      select unnest(case when ${securityEvents.eventType} = 'honeypot' then array['honeypot']::text[] else ${securityEvents.reasons} end) as reason
      from ${securityEvents}
      where ${securityEvents.createdAt} >= ${start.toISOString()}::timestamptz
        and ${securityEvents.createdAt} < ${end.toISOString()}::timestamptz
        and (
          ${securityEvents.eventType} = 'registration_failed'
          or (${securityEvents.eventType} = 'honeypot' and ${securityEvents.action} = 'registration')
          or (${securityEvents.eventType} = 'security_check' and ${securityEvents.action} = 'registration' and ${securityEvents.allowed} = false)
        )
    ) refusals
    group by reason
    order by count(*) desc, reason
  `);
  const rows = (Array.isArray(result) ? result : (result as { rows: unknown[] }).rows) as {
    reason: string;
    count: number | string;
  }[];
  return rows.map((row) => ({ reason: row.reason, count: Number(row.count) }));
}

/** Which registrations were refused in the period, for the total (each refusal once, whatever its reasons). */
export async function countRefusedRegistrations(db: Queryable, start: Date, end: Date): Promise<number> {
  const [row] = await db
    .select({ value: count() })
    .from(securityEvents)
    .where(
      and(
        inPeriod(start, end),
        sql`(${securityEvents.eventType} = 'registration_failed'
          or (${securityEvents.eventType} = 'honeypot' and ${securityEvents.action} = 'registration')
          or (${securityEvents.eventType} = 'security_check' and ${securityEvents.action} = 'registration' and ${securityEvents.allowed} = false))`,
      ),
    );
  return row?.value ?? 0;
}

/** The addresses with the most failed sign-ins in the period, with when they last failed. */
export async function topFailingAddresses(db: Queryable, start: Date, end: Date, limit: number) {
  const failures = count();
  const lastSeen = max(securityEvents.createdAt);
  return db
    .select({ ipAddress: securityEvents.ipAddress, failures, lastSeen })
    .from(securityEvents)
    .where(and(eq(securityEvents.eventType, 'login_failed'), inPeriod(start, end)))
    .groupBy(securityEvents.ipAddress)
    .orderBy(desc(failures), desc(lastSeen), securityEvents.ipAddress)
    .limit(limit);
}

/** The highest risk score the security check gave each of these addresses in the period. */
export async function maxRiskScores(db: Queryable, addresses: string[], start: Date, end: Date) {
  if (addresses.length === 0) return new Map<string, number>();
  const rows = await db
    .select({ ipAddress: securityEvents.ipAddress, score: max(securityEvents.riskScore) })
    .from(securityEvents)
    .where(
      and(
        eq(securityEvents.eventType, 'security_check'),
        inArray(securityEvents.ipAddress, addresses),
        inPeriod(start, end),
      ),
    )
    .groupBy(securityEvents.ipAddress);
  return new Map(rows.filter((row) => row.score !== null).map((row) => [row.ipAddress, Number(row.score)]));
}

/** The accounts (e-mail addresses tried) with the most failed sign-ins in the period. */
export async function topFailingAccounts(db: Queryable, start: Date, end: Date, limit: number) {
  const failures = count();
  const lastSeen = max(securityEvents.createdAt);
  return db
    .select({ email: sql<string>`${securityEvents.identifier}`, failures, lastSeen })
    .from(securityEvents)
    .where(
      and(eq(securityEvents.eventType, 'login_failed'), isNotNull(securityEvents.identifier), inPeriod(start, end)),
    )
    .groupBy(securityEvents.identifier)
    .orderBy(desc(failures), desc(lastSeen), securityEvents.identifier)
    .limit(limit);
}

/** The ids of the accounts with these e-mail addresses. */
export async function userIdsByEmail(db: Queryable, emails: string[]): Promise<Map<string, string>> {
  if (emails.length === 0) return new Map();
  const rows = await db
    .select({ id: authUsers.id, email: authUsers.email })
    .from(authUsers)
    .where(inArray(authUsers.email, emails));
  return new Map(rows.map((row) => [row.email, row.id]));
}

/** Security checks in the period per band of 20 points (0 for 0–19 … 4 for 80–100). */
export async function countRiskBands(db: Queryable, start: Date, end: Date) {
  const band = sql<number>`least(${securityEvents.riskScore} / 20, 4)`.mapWith(Number);
  return db
    .select({ band, count: count() })
    .from(securityEvents)
    .where(
      and(eq(securityEvents.eventType, 'security_check'), isNotNull(securityEvents.riskScore), inPeriod(start, end)),
    )
    .groupBy(sql`1`);
}

/** Failed sign-ins and unlocks since `since`, oldest first: what the lockouts are made of. */
export async function findRecentFailuresAndUnlocks(db: Queryable, since: Date) {
  return db
    .select({
      eventType: securityEvents.eventType,
      identifier: securityEvents.identifier,
      ipAddress: securityEvents.ipAddress,
      createdAt: securityEvents.createdAt,
    })
    .from(securityEvents)
    .where(
      and(inArray(securityEvents.eventType, ['login_failed', 'account_unlocked']), gt(securityEvents.createdAt, since)),
    )
    .orderBy(securityEvents.createdAt, securityEvents.id);
}

export async function findUserEmail(db: Queryable, userId: string): Promise<string | undefined> {
  const [row] = await db.select({ email: authUsers.email }).from(authUsers).where(eq(authUsers.id, userId));
  return row?.email;
}

/** Sessions that have not expired, counted per user agent. */
export async function countActiveSessionsByAgent(db: Queryable) {
  return db
    .select({ userAgent: authSessions.userAgent, count: count() })
    .from(authSessions)
    .where(gt(authSessions.expiresAt, sql`now()`))
    .groupBy(authSessions.userAgent);
}
