import { type SQL, sql } from 'drizzle-orm';

/**
 * The daily metrics of `analytics_daily`. Each is one aggregate statement over a raw table for the
 * UTC days [from, until) — `from` and `until` are `YYYY-MM-DD`, `until` excluded — answering
 * `(day, dimension, value, samples)` rows, bounded by an indexed range on the table's time column.
 * The rollup job stores them; the endpoints run the same statements live for today.
 *
 * | metric                | dimension                   | value                                      |
 * |-----------------------|-----------------------------|--------------------------------------------|
 * | active_readers        | ''                          | readers with a reader_days row             |
 * | registrations         | ''                          | accounts created (auth_users)              |
 * | sign_ins              | ''                          | security_events login_succeeded            |
 * | failed_sign_ins       | ''                          | security_events login_failed               |
 * | searches              | ''                          | full searches (search_events)              |
 * | zero_result_searches  | ''                          | … of them that found nothing               |
 * | query_searches        | normalised query            | searches of that query                     |
 * | query_zero_searches   | normalised query            | … of them that found nothing               |
 * | query_last_results    | normalised query            | results of the day's last search of it     |
 * | query_first_typed     | normalised + U+001F + typed | 1: the query as first typed that day       |
 * | book_views            | ''                          | book_views rows (one per viewer and day)   |
 * | book_views_by_book    | book id                     | views of that book                         |
 * | bookmarks             | ''                          | bookmarks created                          |
 * | loan_requests         | ''                          | loans requested (checked_out_at)           |
 * | loans_on_loan         | ''                          | loans delivered (reached on_loan)          |
 * | loan_requests_by_category | category id             | loans requested of a book in the category  |
 * | client_errors         | error type                  | client_errors received                     |
 * | vital:<NAME>          | page pattern + '|' + device | p75 of web_vitals values; samples = count  |
 * | rolled_up             | ''                          | 1: the day has been rolled up (computed_at)|
 * | week:<metric>         | as the metric's             | the metric's sum over the ISO week (below) |
 *
 * `samples` is the count of raw rows a value summarises (equal to the value for counts).
 *
 * Week rows: for the counts a chart sums over a long period per dimension (WEEKLY_METRICS), the
 * rollup also keeps `week:<metric>` rows, dated the Monday of their ISO week (UTC), whose value and
 * samples are the sums of the week's daily rows; each rollup recomputes the weeks its days touch.
 * A period then reads a week row for each whole week it covers and daily rows for the days at
 * its edges (periodSumRows in analytics.repository.ts).
 */

export const TYPED_SEPARATOR = '\u001f';

export type MetricStatement = (from: string, until: string) => SQL;

/** An instant range on a timestamptz column: [from 00:00 UTC, until 00:00 UTC). */
const inDays = (column: SQL, from: string, until: string) =>
  sql`${column} >= (${from}::date)::timestamp at time zone 'UTC' and ${column} < (${until}::date)::timestamp at time zone 'UTC'`;
const dayOf = (column: SQL) => sql`((${column} at time zone 'UTC')::date)::text`;

/** A count per day of the rows of `table` whose `column` falls in the days, with an optional filter. */
const countPerDay =
  (table: string, column: string, where: SQL = sql`true`): MetricStatement =>
  (from, until) => {
    const col = sql.raw(column);
    return sql`select ${dayOf(col)} as day, '' as dimension, count(*)::float8 as value, count(*) as samples
                 from ${sql.raw(table)} where ${inDays(col, from, until)} and ${where} group by 1`;
  };

/** Route pattern of a browser's path, as pagePattern() does: ids become `:id`. */
export const PAGE_PATTERN_SQL = (path: SQL) =>
  sql`coalesce(nullif(regexp_replace(regexp_replace(regexp_replace(${path}, '/[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}(?=/|$)', '/:id', 'g'), '/[0-9]+(?=/|$)', '/:id', 'g'), '/+$', ''), ''), '/')`;

export const WEB_VITAL_NAMES = ['LCP', 'INP', 'CLS', 'FCP', 'TTFB'] as const;

const vital =
  (name: string): MetricStatement =>
  (from, until) =>
    sql`select ${dayOf(sql.raw('received_at'))} as day,
               ${PAGE_PATTERN_SQL(sql.raw('path'))} || '|' ||
                 (case when device->>'type' in ('mobile', 'tablet', 'desktop') then device->>'type' else 'unknown' end) as dimension,
               percentile_cont(0.75) within group (order by value) as value,
               count(*) as samples
          from web_vitals
         where name = ${name} and ${inDays(sql.raw('received_at'), from, until)}
         group by 1, 2`;

export const METRICS = {
  active_readers: (from, until) =>
    sql`select day::text as day, '' as dimension, count(*)::float8 as value, count(*) as samples
          from reader_days where day >= ${from}::date and day < ${until}::date group by 1`,
  registrations: countPerDay('auth_users', 'created_at'),
  sign_ins: countPerDay('security_events', 'created_at', sql`event_type = 'login_succeeded'`),
  failed_sign_ins: countPerDay('security_events', 'created_at', sql`event_type = 'login_failed'`),
  searches: countPerDay('search_events', 'occurred_at'),
  zero_result_searches: countPerDay('search_events', 'occurred_at', sql`result_count = 0`),
  query_searches: (from, until) =>
    sql`select ${dayOf(sql.raw('occurred_at'))} as day, normalized as dimension, count(*)::float8 as value, count(*) as samples
          from search_events where ${inDays(sql.raw('occurred_at'), from, until)} group by 1, 2`,
  query_zero_searches: (from, until) =>
    sql`select ${dayOf(sql.raw('occurred_at'))} as day, normalized as dimension, count(*)::float8 as value, count(*) as samples
          from search_events where ${inDays(sql.raw('occurred_at'), from, until)} and result_count = 0 group by 1, 2`,
  query_last_results: (from, until) =>
    sql`select distinct on (1, 2) ${dayOf(sql.raw('occurred_at'))} as day, normalized as dimension,
               result_count::float8 as value, 1::bigint as samples
          from search_events where ${inDays(sql.raw('occurred_at'), from, until)}
         order by 1, 2, occurred_at desc, id desc`,
  query_first_typed: (from, until) =>
    sql`select day, normalized || ${TYPED_SEPARATOR} || query as dimension, 1::float8 as value, 1::bigint as samples
          from (select distinct on (1, 2) ${dayOf(sql.raw('occurred_at'))} as day, normalized, query
                  from search_events where ${inDays(sql.raw('occurred_at'), from, until)}
                 order by 1, 2, occurred_at, id) firsts`,
  book_views: (from, until) =>
    sql`select day::text as day, '' as dimension, count(*)::float8 as value, count(*) as samples
          from book_views where day >= ${from}::date and day < ${until}::date group by 1`,
  book_views_by_book: (from, until) =>
    sql`select day::text as day, book_id::text as dimension, count(*)::float8 as value, count(*) as samples
          from book_views where day >= ${from}::date and day < ${until}::date group by 1, 2`,
  bookmarks: countPerDay('bookmarks', 'created_at'),
  loan_requests: countPerDay('checkouts', 'checked_out_at'),
  loans_on_loan: countPerDay('checkouts', 'delivered_at'),
  loan_requests_by_category: (from, until) =>
    sql`select ${dayOf(sql.raw('l.checked_out_at'))} as day, bc.category_id::text as dimension,
               count(*)::float8 as value, count(*) as samples
          from checkouts l join book_categories bc on bc.book_id = l.book_id
         where ${inDays(sql.raw('l.checked_out_at'), from, until)} group by 1, 2`,
  client_errors: (from, until) =>
    sql`select ${dayOf(sql.raw('received_at'))} as day, type as dimension, count(*)::float8 as value, count(*) as samples
          from client_errors where ${inDays(sql.raw('received_at'), from, until)} group by 1, 2`,
  ...(Object.fromEntries(WEB_VITAL_NAMES.map((name) => [`vital:${name}`, vital(name)])) as Record<
    `vital:${(typeof WEB_VITAL_NAMES)[number]}`,
    MetricStatement
  >),
} satisfies Record<string, MetricStatement>;

export type MetricName = keyof typeof METRICS;
export const METRIC_NAMES = Object.keys(METRICS) as MetricName[];

/** The metrics summed per dimension over long periods, which also get week rows. */
export const WEEKLY_METRICS = [
  'query_searches',
  'query_zero_searches',
  'book_views_by_book',
] as const satisfies readonly MetricName[];
export type WeeklyMetric = (typeof WEEKLY_METRICS)[number];
/** The prefix of a week row's metric: `week:query_searches`. */
export const WEEK_PREFIX = 'week:';
/** The marker row of a day that has been rolled up (its computed_at is the day's). */
export const ROLLED_UP = 'rolled_up';

/**
 * The raw tables' oldest day (what a back-fill may find): one indexed min() per table, or a
 * small table's scan (bookmarks, accounts, loans).
 */
export const OLDEST_RAW_DAY = sql`select least(
  (select min(day) from reader_days),
  (select (min(created_at) at time zone 'UTC')::date from auth_users),
  (select (min(created_at) at time zone 'UTC')::date from security_events),
  (select (min(occurred_at) at time zone 'UTC')::date from search_events),
  (select min(day) from book_views),
  (select (min(created_at) at time zone 'UTC')::date from bookmarks),
  (select (min(checked_out_at) at time zone 'UTC')::date from checkouts),
  (select (min(received_at) at time zone 'UTC')::date from client_errors),
  (select (min(received_at) at time zone 'UTC')::date from web_vitals)
)::text as day`;
