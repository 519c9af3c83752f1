import { REGISTRATION_LIMITS, REGISTRATION_TEST_DOMAIN } from '@maktaba/shared/schemas/registration-admin';
import { sql } from 'drizzle-orm';
import type { Queryable } from '../../db/queryable.js';
import { rowsOf } from '../../db/raw.js';

type Executes = Pick<Queryable, 'execute'>;

/** Setup-log entries that record a normal step, not a problem. */
export const NORMAL_SETUP_EVENTS = ['profile_created', 'default_profile_created'] as const;

/** The synthetic accounts of the registration test never count as sign-ups. */
const notSynthetic = sql`p.email not like ${`%@${REGISTRATION_TEST_DOMAIN}`}`;

/** The UTC day of a timestamp column. */
const utcDay = (column: ReturnType<typeof sql>) => sql`(${column} at time zone 'UTC')::date`;

export type DayRow = { day: string; signups: number; completed: number; disposable_refused: number };

/**
 * Per UTC day from `from` to `to`: self-made sign-ups (accounts no staff member created), how many
 * of them completed the address step, and the distinct addresses the security check refused for a
 * disposable domain (the client's own check and the sign-up's count once).
 */
export async function findDays(db: Executes, from: string, to: string): Promise<DayRow[]> {
  const rows = await rowsOf<DayRow>(
    db,
    sql`with days as (
          select d::date as day from generate_series(${from}::date, ${to}::date, interval '1 day') as d
        ),
        signups as (
          select ${utcDay(sql`p.created_at`)} as day, count(*)::int as signups,
                 count(*) filter (where p.registration_completed)::int as completed
          from profiles p
          where p.created_by is null and ${notSynthetic}
            and p.created_at >= ${from}::date and p.created_at < ${to}::date + 1
          group by 1
        ),
        refused as (
          select ${utcDay(sql`e.created_at`)} as day, count(distinct e.identifier)::int as refused
          from security_events e
          where e.event_type = 'security_check' and e.action = 'registration' and e.allowed = false
            and 'disposable_email' = any(e.reasons)
            and e.created_at >= ${from}::date and e.created_at < ${to}::date + 1
          group by 1
        )
        select to_char(days.day, 'YYYY-MM-DD') as day, coalesce(s.signups, 0)::int as signups,
               coalesce(s.completed, 0)::int as completed, coalesce(r.refused, 0)::int as disposable_refused
        from days left join signups s on s.day = days.day left join refused r on r.day = days.day
        order by days.day`,
  );
  return rows.map((row) => ({
    day: row.day,
    signups: Number(row.signups),
    completed: Number(row.completed),
    disposable_refused: Number(row.disposable_refused),
  }));
}

/**
 * Median and 90th percentile of the time from account to completed address, in ms, for the
 * sign-ups of the period that completed it (the completion time recorded at registration, else
 * when the address was last saved).
 */
export async function findCompletionTimes(
  db: Executes,
  from: string,
  to: string,
): Promise<{ median_ms: number | null; p90_ms: number | null }> {
  const [row] = await rowsOf<{ median_ms: number | null; p90_ms: number | null }>(
    db,
    sql`with t as (
          select greatest(0, extract(epoch from (
                   coalesce(ua.registration_completed_at, p.address_updated_at, p.updated_at) - p.created_at
                 )) * 1000) as ms
          from profiles p left join user_analytics ua on ua.user_id = p.id
          where p.created_by is null and ${notSynthetic} and p.registration_completed
            and p.created_at >= ${from}::date and p.created_at < ${to}::date + 1
        )
        select percentile_cont(0.5) within group (order by ms)::float8 as median_ms,
               percentile_cont(0.9) within group (order by ms)::float8 as p90_ms
        from t`,
  );
  const num = (value: unknown) => (value === null || value === undefined ? null : Math.round(Number(value)));
  return { median_ms: num(row?.median_ms), p90_ms: num(row?.p90_ms) };
}

export type ProblemRow = {
  kind: string;
  count: number;
  user_id: string | null;
  email: string | null;
  message: string | null;
  created_at: Date | string;
};

/** Setup-log problems of the period by kind, each with its latest few entries. */
export async function findProblems(db: Executes, from: string, to: string): Promise<ProblemRow[]> {
  const normal = sql.join(
    NORMAL_SETUP_EVENTS.map((event) => sql`${event}`),
    sql`, `,
  );
  return rowsOf<ProblemRow>(
    db,
    sql`with l as (
          select l.*, count(*) over (partition by l.event_type)::int as kind_count,
                 row_number() over (partition by l.event_type order by l.created_at desc, l.id desc) as n
          from user_setup_logs l
          where l.event_type not in (${normal})
            and l.created_at >= ${from}::date and l.created_at < ${to}::date + 1
        )
        select l.event_type as kind, l.kind_count as count, l.user_id, u.email, l.error_message as message,
               l.created_at
        from l left join auth_users u on u.id = l.user_id
        where l.n <= ${REGISTRATION_LIMITS.latestProblems}
        order by l.kind_count desc, l.event_type, l.created_at desc`,
  );
}

export type StuckRow = {
  id: string;
  email: string;
  display_name: string | null;
  created_at: Date | string;
  last_reminder_at: Date | string | null;
};

const stuckWhere = (olderThanHours: number) =>
  sql`p.registration_completed = false and p.status = 'active' and ${notSynthetic}
      and p.created_at <= now() - ${`${olderThanHours} hours`}::interval`;

/** Active accounts without a completed address step for longer than `olderThanHours`, newest first. */
export async function findStuck(
  db: Executes,
  { olderThanHours, page, perPage }: { olderThanHours: number; page: number; perPage: number },
): Promise<{ rows: StuckRow[]; total: number }> {
  const rows = await rowsOf<StuckRow>(
    db,
    sql`select p.id, u.email, p.display_name, p.created_at,
               (select max(a.created_at) from admin_audit_log a
                 where a.action_type = 'send_setup_reminder' and a.target_user = p.id) as last_reminder_at
        from profiles p join auth_users u on u.id = p.id
        where ${stuckWhere(olderThanHours)}
        order by p.created_at desc, p.id
        limit ${perPage} offset ${(page - 1) * perPage}`,
  );
  const [count] = await rowsOf<{ total: number }>(
    db,
    sql`select count(*)::int as total from profiles p where ${stuckWhere(olderThanHours)}`,
  );
  return { rows, total: Number(count?.total ?? 0) };
}

/** The account a reminder goes to, locked for the reminder's transaction, with its last reminder. */
export async function lockReminderTarget(
  db: Executes,
  userId: string,
): Promise<
  | {
      email: string;
      registration_completed: boolean;
      preferred_language: string | null;
      last_reminder_at: Date | string | null;
    }
  | undefined
> {
  const [row] = await rowsOf<{
    email: string;
    registration_completed: boolean;
    preferred_language: string | null;
    last_reminder_at: Date | string | null;
  }>(
    db,
    sql`select u.email, p.registration_completed, p.preferred_language,
               (select max(a.created_at) from admin_audit_log a
                 where a.action_type = 'send_setup_reminder' and a.target_user = p.id) as last_reminder_at
        from profiles p join auth_users u on u.id = p.id
        where p.id = ${userId}
        for update of p`,
  );
  return row;
}

/**
 * Removes a synthetic account and every trace of it: the user (its profile, sessions, analytics,
 * setup logs, tokens and activity go with it), its e-mail, its security events and the rate-limit
 * counters keyed by it.
 */
export async function deleteSyntheticAccount(db: Executes, email: string): Promise<void> {
  if (!email.endsWith(`@${REGISTRATION_TEST_DOMAIN}`)) throw new Error('Not a synthetic account.');
  await db.execute(sql`delete from auth_users where email = ${email}`);
  await db.execute(sql`delete from email_outbox where to_address = ${email}`);
  await db.execute(sql`delete from security_events where identifier = ${email}`);
  await db.execute(sql`delete from rate_limit_counters where key like ${`%:${email}`}`);
}

/**
 * Takes a synthetic account's pending e-mail out of the mail worker's reach (it is deleted after
 * the run) and answers the templates of every message the outbox holds for it.
 */
export async function holdSyntheticMail(db: Executes, email: string): Promise<string[]> {
  await db.execute(
    sql`update email_outbox set status = 'sending', locked_until = now() + interval '1 hour'
        where to_address = ${email} and status = 'pending'`,
  );
  const rows = await rowsOf<{ template: string }>(
    db,
    sql`select template from email_outbox where to_address = ${email} order by id`,
  );
  return rows.map((row) => row.template);
}
