import { SERVER_JOBS, type ServerJob } from '@maktaba/shared/schemas/admin-overview';
import { and, count, desc, eq, gte, inArray, isNotNull, lt, sql } from 'drizzle-orm';
import type { Queryable } from '../../db/queryable.js';
import {
  adminAuditLog,
  checkouts,
  emailOutbox,
  feedbackReports,
  profiles,
  readerDays,
  searchEvents,
  securityEvents,
  sourceValidationRuns,
  systemEvents,
} from '../../db/schema/index.js';
import { SECURITY_RULES } from '../auth/security.service.js';

const DAY_MS = 86_400_000;

const first = async (rows: Promise<{ value: number }[]>) => Number((await rows)[0]?.value ?? 0);

/** 00:00 UTC of the day `now` falls on. */
export const startOfUtcDay = (now: Date) =>
  new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate()));

/** Each figure is one indexed count (by created/occurred time, status or type). */
export async function findFigures(db: Queryable, now: Date) {
  const today = startOfUtcDay(now);
  const lockWindow = new Date(now.getTime() - SECURITY_RULES.failureWindowMs);
  const [
    signUpsBlockedToday,
    failedSignInsToday,
    currentLockouts,
    stuckWithoutAddress,
    latestRun,
    openFeedback,
    pendingLoanRequests,
    zeroResultSearchesToday,
    auditEntriesToday,
    activeReadersToday,
    accounts,
  ] = await Promise.all([
    first(
      db
        .select({ value: count() })
        .from(securityEvents)
        .where(
          and(
            gte(securityEvents.createdAt, today),
            eq(securityEvents.action, 'registration'),
            sql`((${securityEvents.eventType} = 'security_check' and ${securityEvents.allowed} = false) or ${securityEvents.eventType} = 'honeypot')`,
          ),
        ),
    ),
    first(
      db
        .select({ value: count() })
        .from(securityEvents)
        .where(and(eq(securityEvents.eventType, 'login_failed'), gte(securityEvents.createdAt, today))),
    ),
    // Accounts with as many failures in the window as the security check refuses, counted after
    // the account's last unlock (security.repository's rule).
    db.execute<{ value: number | string }>(sql`
      select count(*) as value from (
        select f.identifier from ${securityEvents} f
        where f.event_type = 'login_failed' and f.created_at > ${lockWindow.toISOString()} and f.identifier is not null
          and f.created_at > coalesce((select max(u.created_at) from ${securityEvents} u
            where u.event_type = 'account_unlocked' and u.identifier = f.identifier), '-infinity'::timestamptz)
        group by f.identifier
        having count(*) >= ${SECURITY_RULES.maxAccountFailures}
      ) locked`),
    first(
      db
        .select({ value: count() })
        .from(profiles)
        .where(
          and(eq(profiles.registrationCompleted, false), lt(profiles.createdAt, new Date(now.getTime() - DAY_MS))),
        ),
    ),
    db
      .select({ counts: sourceValidationRuns.counts })
      .from(sourceValidationRuns)
      .where(eq(sourceValidationRuns.status, 'done'))
      .orderBy(desc(sourceValidationRuns.startedAt))
      .limit(1),
    first(db.select({ value: count() }).from(feedbackReports).where(eq(feedbackReports.status, 'new'))),
    first(db.select({ value: count() }).from(checkouts).where(eq(checkouts.status, 'requested'))),
    first(
      db
        .select({ value: count() })
        .from(searchEvents)
        .where(and(gte(searchEvents.occurredAt, today), eq(searchEvents.resultCount, 0))),
    ),
    first(db.select({ value: count() }).from(adminAuditLog).where(gte(adminAuditLog.createdAt, today))),
    first(
      db
        .select({ value: count() })
        .from(readerDays)
        .where(eq(readerDays.day, today.toISOString().slice(0, 10))),
    ),
    first(db.select({ value: count() }).from(profiles)),
  ]);
  const run = latestRun[0];
  return {
    signUpsBlockedToday,
    failedSignInsToday,
    currentLockouts: Number((currentLockouts as { rows: { value: number | string }[] }).rows[0]?.value ?? 0),
    stuckWithoutAddress,
    sourceValidationProblems: run
      ? Object.values(run.counts).reduce((sum, value) => sum + (Number.isFinite(value) ? Number(value) : 0), 0)
      : null,
    openFeedback,
    pendingLoanRequests,
    zeroResultSearchesToday,
    auditEntriesToday,
    activeReadersToday,
    accounts,
  };
}

export async function findMailState(db: Queryable) {
  const [queue, [lastFailed]] = await Promise.all([
    db
      .select({ status: emailOutbox.status, value: count() })
      .from(emailOutbox)
      .where(inArray(emailOutbox.status, ['pending', 'sending', 'failed']))
      .groupBy(emailOutbox.status),
    db
      .select({ error: emailOutbox.lastError, at: emailOutbox.nextAttemptAt, createdAt: emailOutbox.createdAt })
      .from(emailOutbox)
      .where(isNotNull(emailOutbox.lastError))
      .orderBy(desc(emailOutbox.id))
      .limit(1),
  ]);
  const of = (status: string) => Number(queue.find((row) => row.status === status)?.value ?? 0);
  return { pending: of('pending') + of('sending'), failed: of('failed'), lastFailed };
}

/** The last recorded run of each job (system_events `job.<name>`, newest first by its index). */
export async function findJobRuns(db: Queryable) {
  return Promise.all(
    SERVER_JOBS.map(async (job: ServerJob) => {
      const [row] = await db
        .select({ createdAt: systemEvents.createdAt, details: systemEvents.details })
        .from(systemEvents)
        .where(eq(systemEvents.type, `job.${job}`))
        .orderBy(desc(systemEvents.createdAt))
        .limit(1);
      return { job, row };
    }),
  );
}
