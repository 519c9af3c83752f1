import { type SQL, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import type { Queryable } from '../../db/queryable.js';
import { rowsOf } from '../../db/raw.js';
import {
  METRIC_NAMES,
  METRICS,
  type MetricName,
  OLDEST_RAW_DAY,
  ROLLED_UP,
  WEEK_PREFIX,
  WEEKLY_METRICS,
  type WeeklyMetric,
} from './analytics.metrics.js';
import { addDays, isoWeekStart } from './analytics-days.js';

/**
 * The rollups' storage and the charts' statements. Closed days (before today, UTC) are read from
 * `analytics_daily`; today is computed live from the raw tables with the same statements the
 * rollup stores (bounded to one day, on indexed ranges), so a chart shows what happened a minute ago.
 */

/** Serialises the rollups of several server instances (their week rows sum each other's days). */
const ROLLUP_LOCK_KEY = 7_240_512;

const sqlList = (names: readonly string[]) =>
  sql.join(
    names.map((name) => sql`${name}`),
    sql`, `,
  );

/**
 * Recomputes every metric for the days [from, until) in one transaction, then the week rows of the
 * weeks those days touch (from the daily rows), and marks the days rolled up.
 */
export async function rollUpDays(db: Database, from: string, until: string): Promise<void> {
  if (from >= until) return;
  const firstWeek = isoWeekStart(from);
  const lastWeek = isoWeekStart(addDays(until, -1));
  const weekly = sqlList(WEEKLY_METRICS);
  const weekRows = sqlList(WEEKLY_METRICS.map((name) => `${WEEK_PREFIX}${name}`));
  await db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${ROLLUP_LOCK_KEY})`);
    await tx.execute(sql`delete from analytics_daily where day >= ${from}::date and day < ${until}::date`);
    for (const name of METRIC_NAMES) {
      await tx.execute(
        sql`insert into analytics_daily (metric, day, dimension, value, samples, computed_at)
            select ${name}, m.day::date, m.dimension, m.value, m.samples, now() from (${METRICS[name](from, until)}) m
            on conflict (metric, day, dimension) do update
               set value = excluded.value, samples = excluded.samples, computed_at = excluded.computed_at`,
      );
    }
    await tx.execute(
      sql`delete from analytics_daily
           where metric in (${weekRows}) and day >= ${firstWeek}::date and day <= ${lastWeek}::date`,
    );
    await tx.execute(
      sql`insert into analytics_daily (metric, day, dimension, value, samples, computed_at)
          select ${WEEK_PREFIX} || metric, day - (extract(isodow from day)::int - 1), dimension, sum(value), sum(samples), now()
            from analytics_daily
           where metric in (${weekly}) and day >= ${firstWeek}::date and day < ${addDays(lastWeek, 7)}::date
           group by 1, 2, 3`,
    );
    await tx.execute(
      sql`insert into analytics_daily (metric, day, dimension, value, samples, computed_at)
          select ${ROLLED_UP}, d::date, '', 1, 0, now()
            from generate_series(${from}::date, ${until}::date - 1, interval '1 day') d
          on conflict (metric, day, dimension) do update set computed_at = excluded.computed_at`,
    );
  });
}

/**
 * VACUUM (ANALYZE) of the rollups, after a back-fill has written many rows at once: without fresh
 * statistics the planner takes the table for as small as before (it once picked the (metric, day)
 * index to find a query's first typed form, reading every query's), and without the visibility
 * map the rankings' index-only scans visit the table's pages. Autovacuum would do the same, but
 * only on its next round. Not in a transaction (VACUUM cannot be).
 */
export async function refreshRollupStatistics(db: Database): Promise<void> {
  await db.execute(sql`vacuum (analyze) analytics_daily`);
}

/** The oldest day any raw table holds (null when all are empty). */
export async function oldestRawDay(db: Queryable): Promise<string | null> {
  const [row] = await rowsOf<{ day: string | null }>(db, OLDEST_RAW_DAY);
  return row?.day ?? null;
}

/** The days from `from` to `to` (inclusive) that have not been rolled up, oldest first. */
export async function daysNotRolledUp(db: Queryable, from: string, to: string): Promise<string[]> {
  if (from > to) return [];
  const rows = await rowsOf<{ day: string }>(
    db,
    sql`select d::date::text as day
          from generate_series(${from}::date, ${to}::date, interval '1 day') d
         where not exists (select 1 from analytics_daily a where a.metric = ${ROLLED_UP} and a.day = d::date and a.dimension = '')
         order by 1`,
  );
  return rows.map((row) => row.day);
}

/**
 * `(metric, day, dimension, value, samples)` of `metrics` for the days from `from` to `to`: stored
 * rows for the days before `today`, live rows for `today` when the period holds it. Days after
 * today have none.
 */
export function metricRows(metrics: readonly MetricName[], from: string, to: string, today: string): SQL {
  const closedTo = to < today ? to : addDays(today, -1);
  const parts: SQL[] = [];
  if (from <= closedTo) {
    const names = sql.join(
      metrics.map((name) => sql`${name}`),
      sql`, `,
    );
    parts.push(
      sql`select metric, day::text as day, dimension, value, samples from analytics_daily
           where metric in (${names}) and day >= ${from}::date and day <= ${closedTo}::date`,
    );
  }
  if (from <= today && today <= to) {
    const tomorrow = addDays(today, 1);
    for (const name of metrics) {
      parts.push(
        sql`select ${name}::text as metric, live.day::text as day, live.dimension::text as dimension,
                   live.value::float8 as value, live.samples::bigint as samples
              from (${METRICS[name](today, tomorrow)}) live`,
      );
    }
  }
  if (parts.length === 0) {
    parts.push(
      sql`select null::text as metric, null::text as day, null::text as dimension, null::float8 as value, null::bigint as samples where false`,
    );
  }
  return sql.join(parts, sql` union all `);
}

/**
 * The days of a period split as metricRows() splits them: the closed ones stored in
 * `analytics_daily` (from `from` to `closedTo`, none when `from > closedTo`) and today, live.
 */
function periodParts(period: { from: string; to: string; today: string }) {
  const closedTo = period.to < period.today ? period.to : addDays(period.today, -1);
  return {
    closedTo,
    hasClosed: period.from <= closedTo,
    hasToday: period.from <= period.today && period.today <= period.to,
    tomorrow: addDays(period.today, 1),
  };
}

/**
 * `(metric, dimension, value)` rows of summable `metrics` whose sum per metric and dimension is the
 * metric's total over the days from `from` to `to`: for the closed days, a week row for each whole
 * ISO week of the period and the daily rows of the days at its edges (a 90-day period reads about
 * 13 rows per dimension instead of 90); today live, as metricRows() gives it.
 */
export function periodSumRows(metrics: readonly WeeklyMetric[], from: string, to: string, today: string): SQL {
  const { closedTo, hasClosed, hasToday, tomorrow } = periodParts({ from, to, today });
  const parts: SQL[] = [];
  const days = (first: string, last: string) =>
    sql`select metric, dimension, value from analytics_daily
         where metric in (${sqlList(metrics)}) and day >= ${first}::date and day <= ${last}::date`;
  if (hasClosed) {
    // The whole weeks: from the first Monday on or after `from` to the last Sunday on or before closedTo.
    const weeksFrom = isoWeekStart(from) === from ? from : addDays(isoWeekStart(from), 7);
    const weeksUntil = isoWeekStart(addDays(closedTo, 1));
    if (weeksFrom < weeksUntil) {
      parts.push(
        sql`select substr(metric, ${WEEK_PREFIX.length + 1}) as metric, dimension, value from analytics_daily
             where metric in (${sqlList(metrics.map((name) => `${WEEK_PREFIX}${name}`))})
               and day >= ${weeksFrom}::date and day < ${weeksUntil}::date`,
      );
      if (from < weeksFrom) parts.push(days(from, addDays(weeksFrom, -1)));
      if (weeksUntil <= closedTo) parts.push(days(weeksUntil, closedTo));
    } else {
      parts.push(days(from, closedTo));
    }
  }
  if (hasToday) {
    for (const name of metrics) {
      parts.push(
        sql`select ${name}::text as metric, live.dimension::text as dimension, live.value::float8 as value
              from (${METRICS[name](today, tomorrow)}) live`,
      );
    }
  }
  if (parts.length === 0) {
    parts.push(sql`select null::text as metric, null::text as dimension, null::float8 as value where false`);
  }
  return sql.join(parts, sql` union all `);
}

export type DayValue = { metric: string; day: string; value: number };

/** Per metric and day, the sum over dimensions (error types add up to the day's errors). */
export async function sumsPerDay(
  db: Queryable,
  metrics: readonly MetricName[],
  from: string,
  to: string,
  today: string,
) {
  const rows = await rowsOf<{ metric: string; day: string; value: number | string }>(
    db,
    sql`select metric, day, sum(value) as value from (${metricRows(metrics, from, to, today)}) r group by metric, day`,
  );
  return rows.map((row): DayValue => ({ metric: row.metric, day: row.day, value: Number(row.value) }));
}

/** When the newest stored figure of the period was computed (null: none stored). */
export async function newestComputedAt(db: Queryable, from: string, to: string): Promise<Date | null> {
  const [row] = await rowsOf<{ at: string | Date | null }>(
    db,
    sql`select max(computed_at) as at from analytics_daily
         where metric = ${ROLLED_UP} and day >= ${from}::date and day <= ${to}::date`,
  );
  return row?.at ? new Date(row.at) : null;
}

export type QueryRow = { normalized: string; query: string; searches: number; lastResultCount: number };

/**
 * The most searched normalised queries (`zero`: only those whose every search found nothing), with
 * the query as first typed in the period and the result count of its last search.
 *
 * Ranked, then labelled. The first statement sums the searches per query over the period (week
 * rows and edge days, periodSumRows) and keeps only the queries that can be in the answer: those
 * with at least as many searches as the `limit`-th, ties included, since the first typed form
 * breaks them. The second labels those few, each by index lookups (first typed form, last result
 * count), and orders them: the same answer, order and ties as labelling every query.
 */
export async function topQueries(
  db: Queryable,
  period: { from: string; to: string; today: string },
  options: { zeroOnly: boolean; limit: number },
): Promise<QueryRow[]> {
  const ranked = await rowsOf<{ normalized: string; searches: number | string }>(
    db,
    sql`with totals as (
          select dimension as normalized,
                 sum(value) filter (where metric = 'query_searches') as searches,
                 coalesce(sum(value) filter (where metric = 'query_zero_searches'), 0) as zero
            from (${periodSumRows(['query_searches', 'query_zero_searches'], period.from, period.to, period.today)}) r
           group by dimension),
        kept as materialized (
          select normalized, searches from totals
           where searches > 0 ${options.zeroOnly ? sql`and zero = searches` : sql``})
        select normalized, searches from kept
         where searches >= coalesce(
                 (select searches from kept order by searches desc offset ${Math.max(options.limit - 1, 0)} limit 1), 0)`,
  );
  if (ranked.length === 0) return [];

  // The ranked queries as one parameter, however many tie at the limit (one parameter each could
  // pass PostgreSQL's 65,535).
  const rankedJson = JSON.stringify(
    ranked.map((row) => ({ normalized: row.normalized, searches: Number(row.searches) })),
  );
  const { closedTo, hasClosed, hasToday, tomorrow } = periodParts(period);
  const normalizedOf = (dimension: SQL) => sql`left(${dimension}, strpos(${dimension}, chr(31)) - 1)`;
  const typedOf = (dimension: SQL) => sql`substr(${dimension}, strpos(${dimension}, chr(31)) + 1)`;
  const firstParts: SQL[] = [];
  const lastParts: SQL[] = [];
  if (hasClosed) {
    // A first typed form's dimension is `normalized U+001F typed`: a range of the index (in the
    // "C" collation, where every such string sorts between `normalized U+001F` and `normalized U+0020`).
    firstParts.push(
      sql`select t.normalized, f.day, f.query from ranked t cross join lateral (
            select a.day::text as day, ${typedOf(sql`a.dimension`)} as query
              from analytics_daily a
             where a.metric = 'query_first_typed'
               and a.dimension collate "C" >= t.normalized || chr(31) and a.dimension collate "C" < t.normalized || chr(32)
               and ${normalizedOf(sql`a.dimension`)} = t.normalized
               and a.day >= ${period.from}::date and a.day <= ${closedTo}::date
             order by a.day, 2
             limit 1) f`,
    );
    lastParts.push(
      sql`select t.normalized, l.day, l.value from ranked t cross join lateral (
            select a.day::text as day, a.value
              from analytics_daily a
             where a.metric = 'query_last_results' and a.dimension collate "C" = t.normalized
               and a.day >= ${period.from}::date and a.day <= ${closedTo}::date
             order by a.day desc
             limit 1) l`,
    );
  }
  if (hasToday) {
    firstParts.push(
      sql`select ${normalizedOf(sql`live.dimension`)} as normalized, live.day::text as day, ${typedOf(sql`live.dimension`)} as query
            from (${METRICS.query_first_typed(period.today, tomorrow)}) live
           where ${normalizedOf(sql`live.dimension`)} in (select normalized from ranked)`,
    );
    lastParts.push(
      sql`select live.dimension as normalized, live.day::text as day, live.value::float8 as value
            from (${METRICS.query_last_results(period.today, tomorrow)}) live
           where live.dimension in (select normalized from ranked)`,
    );
  }
  const result = await rowsOf<{
    normalized: string;
    query: string | null;
    searches: number | string;
    last: number | string | null;
  }>(
    db,
    sql`with ranked as (
          select r.normalized, r.searches
            from json_to_recordset(${rankedJson}::json) as r(normalized text, searches float8)),
        firsts as (
          select distinct on (normalized) normalized, query
            from (${sql.join(firstParts, sql` union all `)}) x
           order by normalized, day, query),
        lasts as (
          select distinct on (normalized) normalized, value as last
            from (${sql.join(lastParts, sql` union all `)}) x
           order by normalized, day desc)
        select t.normalized, coalesce(f.query, t.normalized) as query, t.searches, l.last
          from ranked t
          left join firsts f on f.normalized = t.normalized
          left join lasts l on l.normalized = t.normalized
         order by t.searches desc, coalesce(f.query, t.normalized), t.normalized
         limit ${options.limit}`,
  );
  return result.map((row) => ({
    normalized: row.normalized,
    query: row.query ?? row.normalized,
    searches: Number(row.searches),
    lastResultCount: Number(row.last ?? 0),
  }));
}

export type ViewedRow = { bookId: string; titleEn: string | null; titleAr: string | null; views: number };

/**
 * The books viewed most in the period (book_views, one per viewer and day), most first.
 *
 * Ranked before labelled: the views per book are summed over the period (week rows and edge days,
 * periodSumRows, read by an index-only scan), and books are read only for those with at least as
 * many views as the `limit`-th, ties included (the title breaks them). A book deleted since its
 * views no longer counts: when deleted books leave fewer than `limit` of those, every book of the
 * period is read instead, as the ranking needs.
 */
export async function mostViewed(
  db: Queryable,
  period: { from: string; to: string; today: string },
  limit: number,
): Promise<ViewedRow[]> {
  const rows = await rowsOf<{
    book_id: string;
    title_en: string | null;
    title_ar: string | null;
    views: number | string;
  }>(
    db,
    sql`with v as materialized (
          select dimension as book_id, sum(value) as views
            from (${periodSumRows(['book_views_by_book'], period.from, period.to, period.today)}) r
           group by dimension),
        top as materialized (
          select v.book_id, b.title_en, b.title_ar, v.views
            from v join books b on b.id = v.book_id::uuid
           where v.views >= coalesce((select views from v order by views desc offset ${Math.max(limit - 1, 0)} limit 1), 0)),
        candidates as (
          select * from top where (select count(*) from top) >= ${limit}
          union all
          select v.book_id, b.title_en, b.title_ar, v.views
            from v join books b on b.id::text = v.book_id
           where (select count(*) from top) < ${limit})
        select book_id, title_en, title_ar, views
          from candidates
         order by views desc, title_en nulls last, book_id
         limit ${limit}`,
  );
  return rows.map((row) => ({
    bookId: row.book_id,
    titleEn: row.title_en,
    titleAr: row.title_ar,
    views: Number(row.views),
  }));
}

/** Per UTC month, loans requested and loans that reached on_loan. */
export async function loansPerMonth(db: Queryable, period: { from: string; to: string; today: string }) {
  const rows = await rowsOf<{ metric: string; month: string; value: number | string }>(
    db,
    sql`select metric, left(day, 7) as month, sum(value) as value
          from (${metricRows(['loan_requests', 'loans_on_loan'], period.from, period.to, period.today)}) r
         group by 1, 2`,
  );
  return rows.map((row) => ({ metric: row.metric, month: row.month, value: Number(row.value) }));
}

export type CategoryLoansRow = { categoryId: string; nameEn: string | null; nameAr: string | null; loans: number };

/** Loans requested in the period per category of their book, most first. */
export async function loansPerCategory(
  db: Queryable,
  period: { from: string; to: string; today: string },
): Promise<CategoryLoansRow[]> {
  const rows = await rowsOf<{ id: string; name_en: string | null; name_ar: string | null; loans: number | string }>(
    db,
    sql`with t as (
          select dimension as id, sum(value) as loans
            from (${metricRows(['loan_requests_by_category'], period.from, period.to, period.today)}) r
           group by dimension)
        select t.id, c.name_en, c.name_ar, t.loans
          from t left join categories c on c.id::text = t.id
         where t.loans > 0
         order by t.loans desc, c.name_en nulls last, t.id`,
  );
  return rows.map((row) => ({
    categoryId: row.id,
    nameEn: row.name_en,
    nameAr: row.name_ar,
    loans: Number(row.loans),
  }));
}

export type DimensionDayRow = { dimension: string; day: string; value: number; samples: number };

/** One metric's rows per dimension and day. */
export async function dimensionRows(
  db: Queryable,
  metric: MetricName,
  period: { from: string; to: string; today: string },
): Promise<DimensionDayRow[]> {
  const rows = await rowsOf<{ dimension: string; day: string; value: number | string; samples: number | string }>(
    db,
    sql`select dimension, day, value, samples from (${metricRows([metric], period.from, period.to, period.today)}) r`,
  );
  return rows.map((row) => ({
    dimension: row.dimension,
    day: row.day,
    value: Number(row.value),
    samples: Number(row.samples),
  }));
}

/** Prunes the search log (the telemetry sweep's rule); the rollups of those days stay. */
export async function deleteSearchEventsBefore(db: Queryable, before: Date): Promise<void> {
  await db.execute(sql`delete from search_events where occurred_at < ${before.toISOString()}::timestamptz`);
}
