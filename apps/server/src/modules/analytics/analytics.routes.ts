import { createRoute, OpenAPIHono, z } from '@hono/zod-openapi';
import {
  type AnalyticsChart,
  AnalyticsDailySchema,
  AnalyticsErrorsSchema,
  type AnalyticsFormat,
  AnalyticsLoansSchema,
  AnalyticsPeriodQuerySchema,
  AnalyticsWebVitalsSchema,
  MostViewedQuerySchema,
  MostViewedSchema,
  TopQueriesQuerySchema,
  TopQueriesSchema,
  WebVitalsQuerySchema,
} from '@maktaba/shared/schemas/analytics';
import type { Context } from 'hono';
import { NO_STORE } from '../../http/cache.js';
import type { AppEnv } from '../../http/context.js';
import { requirePermission } from '../../http/guards.js';
import { errorJson } from '../../http/openapi.js';
import { CSV_CONTENT_TYPE } from '../lending-reports/csv.js';
import * as service from './analytics.service.js';

const refusals = {
  401: errorJson('User not authenticated'),
  403: errorJson('Not allowed (or an account that is not active)'),
  422: errorJson('Invalid query (field errors in details.fieldErrors)'),
};

const CsvSchema = z.string().openapi({
  description:
    'UTF-8 with a byte-order mark, a header row, CRLF lines (RFC 4180); text that would start a formula is prefixed with an apostrophe',
});

const answerOf = <S extends z.ZodType>(schema: S, description: string, csvHeader: string) => ({
  description,
  content: {
    'application/json': { schema },
    [CSV_CONTENT_TYPE]: { schema: CsvSchema.openapi({ example: `\uFEFF${csvHeader}\r\n` }) },
  },
});

const PERIOD_NOTE =
  'Period: `from` and `to` as YYYY-MM-DD (UTC days, inclusive, at most 366 days; by default the last 30 days ending today). Closed days come from the daily rollups, today is counted live. `format=csv` answers a CSV file.';

const route = <P extends string, Q extends z.ZodType>(path: P, summary: string, query: Q) => ({
  method: 'get' as const,
  path,
  tags: ['Admin analytics'],
  summary,
  description: PERIOD_NOTE,
  middleware: requirePermission('admin.analytics'),
  request: { query },
});

const dailyRoute = createRoute({
  ...route(
    '/admin/analytics/daily',
    'Daily activity: active readers, registrations, sign-ins (and failed ones), searches (and those that found nothing), book views, bookmarks, loan requests and errors, one value per day',
    AnalyticsPeriodQuerySchema,
  ),
  responses: {
    200: answerOf(AnalyticsDailySchema, 'One value per day per series', 'day,activeReaders,…'),
    ...refusals,
  },
});
const topQueriesRoute = createRoute({
  ...route(
    '/admin/analytics/top-queries',
    'The most searched queries of the period (kind=zero: those whose every search found nothing — what to acquire), most first',
    TopQueriesQuerySchema,
  ),
  responses: {
    200: answerOf(TopQueriesSchema, 'Up to `limit` queries', 'query,normalized,searches,last_result_count'),
    ...refusals,
  },
});
const mostViewedRoute = createRoute({
  ...route('/admin/analytics/most-viewed', 'The most viewed books of the period, most first', MostViewedQuerySchema),
  responses: { 200: answerOf(MostViewedSchema, 'Up to `limit` books', 'book_id,title_en,title_ar,views'), ...refusals },
});
const loansRoute = createRoute({
  ...route(
    '/admin/analytics/loans',
    'Loans requested per month (and loans that reached on loan), and loans requested per category (a book in two categories counts in both)',
    AnalyticsPeriodQuerySchema,
  ),
  responses: {
    200: answerOf(
      AnalyticsLoansSchema,
      'Every month of the period; categories with loans',
      'section,month,requested,on_loan,category_id,name_en,name_ar,loans',
    ),
    ...refusals,
  },
});
const webVitalsRoute = createRoute({
  ...route(
    '/admin/analytics/web-vitals',
    "A web vital's 75th percentile per page and device, per day and over the period, with web.dev's thresholds",
    WebVitalsQuerySchema,
  ),
  responses: {
    200: answerOf(AnalyticsWebVitalsSchema, 'Series per page and device', 'metric,day,page,device,p75,samples'),
    ...refusals,
  },
});
const errorsRoute = createRoute({
  ...route('/admin/analytics/errors', 'Browser errors per type and day', AnalyticsPeriodQuerySchema),
  responses: { 200: answerOf(AnalyticsErrorsSchema, 'One count per type and day', 'day,type,count'), ...refusals },
});

/** Answers a chart as JSON, or as a CSV download named after it and its period. */
function answer<T>(
  c: Context<AppEnv>,
  chart: AnalyticsChart,
  query: { from?: string; to?: string; format: AnalyticsFormat },
  data: T,
  csv: (data: T) => string,
  now: Date,
) {
  c.header('Cache-Control', NO_STORE);
  if (query.format === 'csv') {
    return c.body(csv(data), 200, {
      'Content-Type': CSV_CONTENT_TYPE,
      'Content-Disposition': `attachment; filename="${service.csvFileName(chart, query, now)}"`,
      'X-Content-Type-Options': 'nosniff',
    });
  }
  return c.json(data, 200);
}

const db = (c: Context<AppEnv>) => c.get('deps').database.db;

export const analyticsRoutes = new OpenAPIHono<AppEnv>()
  .openapi(dailyRoute, async (c) => {
    const query = c.req.valid('query');
    const now = new Date();
    return answer(c, 'daily', query, await service.daily(db(c), query, now), service.dailyCsv, now);
  })
  .openapi(topQueriesRoute, async (c) => {
    const query = c.req.valid('query');
    const now = new Date();
    return answer(c, 'top-queries', query, await service.topQueries(db(c), query, now), service.topQueriesCsv, now);
  })
  .openapi(mostViewedRoute, async (c) => {
    const query = c.req.valid('query');
    const now = new Date();
    return answer(c, 'most-viewed', query, await service.mostViewed(db(c), query, now), service.mostViewedCsv, now);
  })
  .openapi(loansRoute, async (c) => {
    const query = c.req.valid('query');
    const now = new Date();
    return answer(c, 'loans', query, await service.loans(db(c), query, now), service.loansCsv, now);
  })
  .openapi(webVitalsRoute, async (c) => {
    const query = c.req.valid('query');
    const now = new Date();
    return answer(c, 'web-vitals', query, await service.webVitals(db(c), query, now), service.webVitalsCsv, now);
  })
  .openapi(errorsRoute, async (c) => {
    const query = c.req.valid('query');
    const now = new Date();
    return answer(c, 'errors', query, await service.errors(db(c), query, now), service.errorsCsv, now);
  });
