import { type SQL, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import type { Queryable } from '../../db/queryable.js';
import { rowsOf } from '../../db/raw.js';
import { METRIC_NAMES, METRICS, type MetricName, OLDEST_RAW_DAY, ROLLED_UP } from './analytics.metrics.js';
import { addDays } from './analytics-days.js';

/**
 * The rollups' storage and the charts' statements. Closed days (before today, UTC) are read from
 * `analytics_daily`; today is computed live from the raw tables with the same statements the
 * rollup stores (bounded to one day, on indexed ranges), so a chart shows what happened a minute ago.
 */

/** Recomputes every metric for the days [from, until) in one transaction, and marks them rolled up. */
export async function rollUpDays(db: Database, from: string, until: string): Promise<void> {
  if (from >= until) return;
  await db.transaction(async (tx) => {
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
      sql`insert into analytics_daily (metric, day, dimension, value, samples, computed_at)
          select ${ROLLED_UP}, d::date, '', 1, 0, now()
            from generate_series(${from}::date, ${until}::date - 1, interval '1 day') d
          on conflict (metric, day, dimension) do update set computed_at = excluded.computed_at`,
    );
  });
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
 */
export async function topQueries(
  db: Queryable,
  period: { from: string; to: string; today: string },
  options: { zeroOnly: boolean; limit: number },
): Promise<QueryRow[]> {
  const rows = metricRows(
    ['query_searches', 'query_zero_searches', 'query_first_typed', 'query_last_results'],
    period.from,
    period.to,
    period.today,
  );
  const result = await rowsOf<{
    normalized: string;
    query: string | null;
    searches: number | string;
    last: number | string | null;
  }>(
    db,
    sql`with r as (${rows}),
        totals as (
          select dimension as normalized,
                 sum(value) filter (where metric = 'query_searches') as searches,
                 coalesce(sum(value) filter (where metric = 'query_zero_searches'), 0) as zero
            from r where metric in ('query_searches', 'query_zero_searches')
           group by dimension),
        firsts as (
          select distinct on (1) left(dimension, strpos(dimension, chr(31)) - 1) as normalized,
                 substr(dimension, strpos(dimension, chr(31)) + 1) as query
            from r where metric = 'query_first_typed'
           order by 1, day, 2),
        lasts as (
          select distinct on (dimension) dimension as normalized, value as last
            from r where metric = 'query_last_results'
           order by dimension, day desc)
        select t.normalized, coalesce(f.query, t.normalized) as query, t.searches, l.last
          from totals t
          left join firsts f on f.normalized = t.normalized
          left join lasts l on l.normalized = t.normalized
         where t.searches > 0 ${options.zeroOnly ? sql`and t.zero = t.searches` : sql``}
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

/** The books viewed most in the period (book_views, one per viewer and day), most first. */
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
    sql`with v as (
          select dimension as book_id, sum(value) as views
            from (${metricRows(['book_views_by_book'], period.from, period.to, period.today)}) r
           group by dimension)
        select v.book_id, b.title_en, b.title_ar, v.views
          from v join books b on b.id::text = v.book_id
         order by v.views desc, b.title_en nulls last, v.book_id
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
