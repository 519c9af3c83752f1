import { z } from 'zod';

/**
 * The administrators' analytics under /api/admin/analytics: daily activity, searches (and those
 * that found nothing), the most viewed books, loans by month and category, web vitals and errors.
 * Every route takes a period of UTC days, `from` and `to` (both inclusive, at most 366 days; by
 * default the last 30 days ending today) and answers JSON, or a CSV file with `?format=csv`.
 * Validation messages are i18n keys.
 */

export const ANALYTICS_CHARTS = ['daily', 'top-queries', 'most-viewed', 'loans', 'web-vitals', 'errors'] as const;
export type AnalyticsChart = (typeof ANALYTICS_CHARTS)[number];

export const ANALYTICS_FORMATS = ['json', 'csv'] as const;
export type AnalyticsFormat = (typeof ANALYTICS_FORMATS)[number];

export const ANALYTICS_LIMITS = {
  /** The longest period a chart covers, in days. */
  periodDaysMax: 366,
  /** The default period: this many days ending today. */
  periodDaysDefault: 30,
  limitMin: 1,
  limitMax: 100,
  topQueriesDefault: 20,
  mostViewedDefault: 10,
  /** The web-vitals table lists at most this many page × device rows. */
  vitalsOverallMax: 20,
} as const;

/** The daily series, in the order the charts list them. */
export const DAILY_SERIES = [
  'activeReaders',
  'registrations',
  'signIns',
  'failedSignIns',
  'searches',
  'zeroResultSearches',
  'bookViews',
  'bookmarks',
  'loanRequests',
  'errors',
] as const;
export type DailySeries = (typeof DAILY_SERIES)[number];

export const WEB_VITAL_METRICS = ['LCP', 'INP', 'CLS', 'FCP', 'TTFB'] as const;
export type WebVitalMetric = (typeof WEB_VITAL_METRICS)[number];

/** web.dev's thresholds: at or under `good` is good, over `poor` is poor. */
export const WEB_VITAL_THRESHOLDS: Record<WebVitalMetric, { good: number; poor: number; unit: 'ms' | 'score' }> = {
  LCP: { good: 2500, poor: 4000, unit: 'ms' },
  INP: { good: 200, poor: 500, unit: 'ms' },
  CLS: { good: 0.1, poor: 0.25, unit: 'score' },
  FCP: { good: 1800, poor: 3000, unit: 'ms' },
  TTFB: { good: 800, poor: 1800, unit: 'ms' },
};

export const VITAL_DEVICES = ['mobile', 'tablet', 'desktop', 'unknown'] as const;
export type VitalDevice = (typeof VITAL_DEVICES)[number];

/** A calendar day, `YYYY-MM-DD` (UTC). */
const isoDay = z.iso.date('validation.invalidInput');

const DAY_MS = 86_400_000;
/** Days from `from` to `to`, both included (1 for a single day). */
export function periodDays(from: string, to: string): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / DAY_MS) + 1;
}

const periodFields = {
  /** First day (inclusive); by default 29 days before `to`. */
  from: isoDay.optional(),
  /** Last day (inclusive); by default today (UTC). */
  to: isoDay.optional(),
  format: z.enum(ANALYTICS_FORMATS, 'validation.invalidInput').default('json'),
};

type PeriodValue = { from?: string; to?: string };
const checkPeriod = (value: PeriodValue, ctx: z.core.$RefinementCtx<PeriodValue>) => {
  if (value.from === undefined || value.to === undefined) return;
  if (value.from > value.to) {
    ctx.addIssue({ code: 'custom', path: ['to'], message: 'validation.reports.periodOrder' });
  } else if (periodDays(value.from, value.to) > ANALYTICS_LIMITS.periodDaysMax) {
    ctx.addIssue({ code: 'custom', path: ['from'], message: 'validation.analytics.periodTooLong' });
  }
};

const limit = (fallback: number) =>
  z.coerce
    .number('validation.invalidInput')
    .int('validation.invalidInput')
    .min(ANALYTICS_LIMITS.limitMin, 'validation.invalidInput')
    .max(ANALYTICS_LIMITS.limitMax, 'validation.invalidInput')
    .default(fallback);

export const AnalyticsPeriodQuerySchema = z.object(periodFields).superRefine(checkPeriod);
export type AnalyticsPeriodQuery = z.infer<typeof AnalyticsPeriodQuerySchema>;

export const TopQueriesQuerySchema = z
  .object({
    ...periodFields,
    /** `zero`: only queries whose every search in the period found nothing. */
    kind: z.enum(['all', 'zero'], 'validation.invalidInput').default('all'),
    limit: limit(ANALYTICS_LIMITS.topQueriesDefault),
  })
  .superRefine(checkPeriod);
export type TopQueriesQuery = z.infer<typeof TopQueriesQuerySchema>;

export const MostViewedQuerySchema = z
  .object({ ...periodFields, limit: limit(ANALYTICS_LIMITS.mostViewedDefault) })
  .superRefine(checkPeriod);
export type MostViewedQuery = z.infer<typeof MostViewedQuerySchema>;

export const WebVitalsQuerySchema = z
  .object({ ...periodFields, metric: z.enum(WEB_VITAL_METRICS, 'validation.invalidInput').default('LCP') })
  .superRefine(checkPeriod);
export type WebVitalsQuery = z.infer<typeof WebVitalsQuerySchema>;

const count = z.number().int().min(0);

export const AnalyticsDailySchema = z.object({
  from: z.iso.date(),
  to: z.iso.date(),
  /** Every day of the period, oldest first. */
  days: z.array(z.iso.date()),
  /** One value per day of `days` (zeros included). */
  series: z.object(
    Object.fromEntries(DAILY_SERIES.map((name) => [name, z.array(count)])) as {
      [K in DailySeries]: z.ZodArray<typeof count>;
    },
  ),
  /** When the newest daily figure was computed (now when today is counted live). */
  computedAt: z.string(),
});
export type AnalyticsDaily = z.infer<typeof AnalyticsDailySchema>;

export const TopQueriesSchema = z.object({
  /** Most searched first, ties by query. */
  items: z.array(
    z.object({
      /** The query as first typed in the period. */
      query: z.string(),
      normalized: z.string(),
      searches: count,
      /** Results the last search of the period found. */
      lastResultCount: count,
    }),
  ),
});
export type TopQueries = z.infer<typeof TopQueriesSchema>;

export const MostViewedSchema = z.object({
  /** Most viewed first. */
  items: z.array(
    z.object({ bookId: z.uuid(), titleEn: z.string().nullable(), titleAr: z.string().nullable(), views: count }),
  ),
});
export type MostViewed = z.infer<typeof MostViewedSchema>;

export const AnalyticsLoansSchema = z.object({
  /** Every month the period touches, oldest first. */
  months: z.array(
    z.object({
      month: z.string().regex(/^\d{4}-\d{2}$/),
      /** Loans requested in the month. */
      requested: count,
      /** Loans that reached "on loan" in the month. */
      onLoan: count,
    }),
  ),
  /** Loans requested in the period per category (a book in two categories counts in both), most first. */
  categories: z.array(
    z.object({ categoryId: z.uuid(), nameEn: z.string().nullable(), nameAr: z.string().nullable(), loans: count }),
  ),
});
export type AnalyticsLoans = z.infer<typeof AnalyticsLoansSchema>;

export const AnalyticsWebVitalsSchema = z.object({
  metric: z.enum(WEB_VITAL_METRICS),
  thresholds: z.object({ good: z.number(), poor: z.number() }),
  unit: z.enum(['ms', 'score']),
  days: z.array(z.iso.date()),
  series: z.array(
    z.object({
      /** The route pattern, such as `/book/:id`. */
      page: z.string(),
      device: z.enum(VITAL_DEVICES),
      /** 75th percentile per day; null on a day without samples. */
      p75: z.array(z.number().nullable()),
      samples: z.array(count),
    }),
  ),
  /** Over the whole period, most samples first, at most 20 rows. */
  overall: z.array(z.object({ page: z.string(), device: z.string(), p75: z.number(), samples: count })),
});
export type AnalyticsWebVitals = z.infer<typeof AnalyticsWebVitalsSchema>;

export const AnalyticsErrorsSchema = z.object({
  days: z.array(z.iso.date()),
  /** Error kinds (client error types, and `server` for 5xx answers), most first; one count per day. */
  types: z.array(z.object({ type: z.string(), counts: z.array(count) })),
});
export type AnalyticsErrors = z.infer<typeof AnalyticsErrorsSchema>;
