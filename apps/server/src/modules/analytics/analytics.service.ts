import {
  ANALYTICS_LIMITS,
  type AnalyticsDaily,
  type AnalyticsErrors,
  type AnalyticsLoans,
  type AnalyticsPeriodQuery,
  type AnalyticsWebVitals,
  DAILY_SERIES,
  type DailySeries,
  type MostViewed,
  type MostViewedQuery,
  type TopQueries,
  type TopQueriesQuery,
  VITAL_DEVICES,
  type VitalDevice,
  WEB_VITAL_THRESHOLDS,
  type WebVitalsQuery,
} from '@maktaba/shared/schemas/analytics';
import type { Database } from '../../db/client.js';
import type { Queryable } from '../../db/queryable.js';
import { toCsv } from '../lending-reports/csv.js';
import type { MetricName } from './analytics.metrics.js';
import * as repo from './analytics.repository.js';
import { addDays, daysBetween, monthsBetween, resolvePeriod, utcDay } from './analytics-days.js';

/**
 * The analytics charts (api: /api/admin/analytics/*). Closed days come from the daily rollups the
 * job keeps (analytics-rollup.ts); today (UTC) is computed live from the raw tables, so what a
 * reader did a minute ago is already there. Every answer covers a period of UTC days.
 */

/** The metric behind each daily series (errors: the client errors of every type). */
const SERIES_METRIC: Record<DailySeries, MetricName> = {
  activeReaders: 'active_readers',
  registrations: 'registrations',
  signIns: 'sign_ins',
  failedSignIns: 'failed_sign_ins',
  searches: 'searches',
  zeroResultSearches: 'zero_result_searches',
  bookViews: 'book_views',
  bookmarks: 'bookmarks',
  loanRequests: 'loan_requests',
  errors: 'client_errors',
};

type Period = { from: string; to: string; today: string };

function periodOf(query: { from?: string; to?: string }, now: Date): Period {
  return { ...resolvePeriod(query, now), today: utcDay(now) };
}

export async function daily(db: Queryable, query: AnalyticsPeriodQuery, now: Date): Promise<AnalyticsDaily> {
  const period = periodOf(query, now);
  const days = daysBetween(period.from, period.to);
  const index = new Map(days.map((day, position) => [day, position]));
  const metrics = DAILY_SERIES.map((name) => SERIES_METRIC[name]);
  const [rows, computed] = await Promise.all([
    repo.sumsPerDay(db, metrics, period.from, period.to, period.today),
    repo.newestComputedAt(db, period.from, period.to),
  ]);
  const series = Object.fromEntries(DAILY_SERIES.map((name) => [name, days.map(() => 0)])) as Record<
    DailySeries,
    number[]
  >;
  const byMetric = new Map(DAILY_SERIES.map((name) => [SERIES_METRIC[name], series[name]]));
  for (const row of rows) {
    const position = index.get(row.day);
    const values = byMetric.get(row.metric as MetricName);
    if (position !== undefined && values) values[position] = Math.round(row.value);
  }
  const live = period.from <= period.today && period.today <= period.to;
  return {
    from: period.from,
    to: period.to,
    days,
    series,
    computedAt: (live || !computed ? now : computed).toISOString(),
  };
}

export async function topQueries(db: Queryable, query: TopQueriesQuery, now: Date): Promise<TopQueries> {
  const items = await repo.topQueries(db, periodOf(query, now), {
    zeroOnly: query.kind === 'zero',
    limit: query.limit,
  });
  return { items };
}

export async function mostViewed(db: Queryable, query: MostViewedQuery, now: Date): Promise<MostViewed> {
  return { items: await repo.mostViewed(db, periodOf(query, now), query.limit) };
}

export async function loans(db: Queryable, query: AnalyticsPeriodQuery, now: Date): Promise<AnalyticsLoans> {
  const period = periodOf(query, now);
  const [perMonth, categories] = await Promise.all([repo.loansPerMonth(db, period), repo.loansPerCategory(db, period)]);
  const months = monthsBetween(period.from, period.to).map((month) => ({ month, requested: 0, onLoan: 0 }));
  const byMonth = new Map(months.map((row) => [row.month, row]));
  for (const row of perMonth) {
    const target = byMonth.get(row.month);
    if (!target) continue;
    if (row.metric === 'loan_requests') target.requested = Math.round(row.value);
    else target.onLoan = Math.round(row.value);
  }
  return { months, categories };
}

const asDevice = (value: string | undefined): VitalDevice =>
  (VITAL_DEVICES as readonly string[]).includes(value ?? '') ? (value as VitalDevice) : 'unknown';

/** `page|device` → its parts (the page may hold a `|` itself: the device is after the last one). */
function splitVitalDimension(dimension: string): { page: string; device: VitalDevice } {
  const cut = dimension.lastIndexOf('|');
  return cut < 0
    ? { page: dimension, device: 'unknown' }
    : { page: dimension.slice(0, cut), device: asDevice(dimension.slice(cut + 1)) };
}

/**
 * The metric's 75th percentile per page and device: per day (exact, percentile_cont over the day's
 * samples) and over the period — the samples-weighted mean of the daily values (exact for a period
 * of one day with samples; the raw samples of older days are pruned, the daily figures stay).
 * The chart's series are the 20 page × device pairs with the most samples.
 */
export async function webVitals(db: Queryable, query: WebVitalsQuery, now: Date): Promise<AnalyticsWebVitals> {
  const period = periodOf(query, now);
  const days = daysBetween(period.from, period.to);
  const index = new Map(days.map((day, position) => [day, position]));
  const rows = await repo.dimensionRows(db, `vital:${query.metric}`, period);
  const groups = new Map<string, { p75: (number | null)[]; samples: number[]; total: number; weighted: number }>();
  for (const row of rows) {
    const position = index.get(row.day);
    if (position === undefined) continue;
    let group = groups.get(row.dimension);
    if (!group) {
      group = { p75: days.map(() => null), samples: days.map(() => 0), total: 0, weighted: 0 };
      groups.set(row.dimension, group);
    }
    group.p75[position] = row.value;
    group.samples[position] = row.samples;
    group.total += row.samples;
    group.weighted += row.value * row.samples;
  }
  const ranked = [...groups.entries()]
    .filter(([, group]) => group.total > 0)
    .sort(([a, x], [b, y]) => y.total - x.total || (a < b ? -1 : a > b ? 1 : 0))
    .slice(0, ANALYTICS_LIMITS.vitalsOverallMax);
  const { good, poor, unit } = WEB_VITAL_THRESHOLDS[query.metric];
  return {
    metric: query.metric,
    thresholds: { good, poor },
    unit,
    days,
    series: ranked.map(([dimension, group]) => ({
      ...splitVitalDimension(dimension),
      p75: group.p75,
      samples: group.samples,
    })),
    overall: ranked.map(([dimension, group]) => ({
      ...splitVitalDimension(dimension),
      p75: group.weighted / group.total,
      samples: group.total,
    })),
  };
}

export async function errors(db: Queryable, query: AnalyticsPeriodQuery, now: Date): Promise<AnalyticsErrors> {
  const period = periodOf(query, now);
  const days = daysBetween(period.from, period.to);
  const index = new Map(days.map((day, position) => [day, position]));
  const rows = await repo.dimensionRows(db, 'client_errors', period);
  const types = new Map<string, number[]>();
  for (const row of rows) {
    const position = index.get(row.day);
    if (position === undefined) continue;
    let counts = types.get(row.dimension);
    if (!counts) {
      counts = days.map(() => 0);
      types.set(row.dimension, counts);
    }
    counts[position] = (counts[position] ?? 0) + Math.round(row.value);
  }
  const total = (counts: number[]) => counts.reduce((sum, n) => sum + n, 0);
  return {
    days,
    types: [...types.entries()]
      .map(([type, counts]) => ({ type, counts }))
      .sort((a, b) => total(b.counts) - total(a.counts) || (a.type < b.type ? -1 : 1)),
  };
}

/* CSV files: one table each, UTF-8 with a byte-order mark (lending-reports/csv.ts). */

export function dailyCsv(data: AnalyticsDaily): string {
  return toCsv(
    ['day', ...DAILY_SERIES],
    data.days.map((day, position) => [day, ...DAILY_SERIES.map((name) => data.series[name][position] ?? 0)]),
  );
}

export function topQueriesCsv(data: TopQueries): string {
  return toCsv(
    ['query', 'normalized', 'searches', 'last_result_count'],
    data.items.map((item) => [item.query, item.normalized, item.searches, item.lastResultCount]),
  );
}

export function mostViewedCsv(data: MostViewed): string {
  return toCsv(
    ['book_id', 'title_en', 'title_ar', 'views'],
    data.items.map((item) => [item.bookId, item.titleEn, item.titleAr, item.views]),
  );
}

/** Months, then categories, in one table: `section` says which columns a row fills. */
export function loansCsv(data: AnalyticsLoans): string {
  return toCsv(
    ['section', 'month', 'requested', 'on_loan', 'category_id', 'name_en', 'name_ar', 'loans'],
    [
      ...data.months.map((row) => ['month', row.month, row.requested, row.onLoan, null, null, null, null]),
      ...data.categories.map((row) => [
        'category',
        null,
        null,
        null,
        row.categoryId,
        row.nameEn,
        row.nameAr,
        row.loans,
      ]),
    ],
  );
}

export function webVitalsCsv(data: AnalyticsWebVitals): string {
  return toCsv(
    ['metric', 'day', 'page', 'device', 'p75', 'samples'],
    data.series.flatMap((series) =>
      data.days.flatMap((day, position) =>
        (series.samples[position] ?? 0) > 0
          ? [
              [
                data.metric,
                day,
                series.page,
                series.device,
                series.p75[position] ?? null,
                series.samples[position] ?? 0,
              ],
            ]
          : [],
      ),
    ),
  );
}

export function errorsCsv(data: AnalyticsErrors): string {
  return toCsv(
    ['day', 'type', 'count'],
    data.days.flatMap((day, position) => data.types.map((type) => [day, type.type, type.counts[position] ?? 0])),
  );
}

/** `analytics-<chart>-<from>-<to>.csv`, for the period the answer covered. */
export function csvFileName(chart: string, query: { from?: string; to?: string }, now: Date): string {
  const { from, to } = resolvePeriod(query, now);
  return `analytics-${chart}-${from}-${to}.csv`;
}

/* The rollup. */

/** How far back a first start back-fills. */
export const BACKFILL_DAYS_MAX = 400;

export type RollupResult = { backfilled: number; recomputed: string[] };

/**
 * Rolls up now: the days the raw tables hold that have none yet (at most 400 days back, never
 * redoing a day already rolled up — its raw rows may have been pruned since), then yesterday and
 * today, which can still change. After a back-fill, the table's statistics and visibility map are
 * brought up to date at once (refreshRollupStatistics), so the charts read right after a first
 * start are planned for the rows it wrote.
 */
export async function rollUpAnalytics(db: Database, now: Date = new Date()): Promise<RollupResult> {
  const today = utcDay(now);
  const yesterday = addDays(today, -1);
  const oldest = await repo.oldestRawDay(db);
  const floor = addDays(today, -BACKFILL_DAYS_MAX);
  const start = oldest && oldest > floor ? oldest : floor;
  const missing = oldest ? await repo.daysNotRolledUp(db, start, addDays(yesterday, -1)) : [];
  // Contiguous runs of missing days: one statement per metric and run.
  let runStart: string | undefined;
  let previous: string | undefined;
  for (const day of [...missing, undefined]) {
    if (runStart && previous && (day === undefined || day !== addDays(previous, 1))) {
      await repo.rollUpDays(db, runStart, addDays(previous, 1));
      runStart = undefined;
    }
    if (day && !runStart) runStart = day;
    previous = day;
  }
  await repo.rollUpDays(db, yesterday, addDays(today, 1));
  if (missing.length > 0) await repo.refreshRollupStatistics(db);
  return { backfilled: missing.length, recomputed: [yesterday, today] };
}
