import { createRoute, OpenAPIHono, z } from '@hono/zod-openapi';
import {
  type LendingReport,
  LoansByCategorySchema,
  LoansByMonthQuerySchema,
  LoansByMonthSchema,
  MostRequestedQuerySchema,
  MostRequestedSchema,
  OverdueReadersQuerySchema,
  OverdueReadersSchema,
  type ReportFormat,
  ReportPeriodQuerySchema,
  WaitingListsQuerySchema,
  WaitingListsSchema,
} from '@maktaba/shared/schemas/lending-reports';
import type { Context } from 'hono';
import { PRIVATE_NO_STORE } from '../../http/cache.js';
import type { AppEnv } from '../../http/context.js';
import { requirePermission } from '../../http/guards.js';
import { errorJson } from '../../http/openapi.js';
import { CSV_CONTENT_TYPE, csvDisposition } from './csv.js';
import {
  loansByCategory,
  loansByCategoryCsv,
  loansByMonth,
  loansByMonthCsv,
  mostRequested,
  mostRequestedCsv,
  overdueReaders,
  overdueReadersCsv,
  waitingLists,
  waitingListsCsv,
} from './lending-reports.service.js';

const refusals = {
  401: errorJson('User not authenticated'),
  403: errorJson('Not allowed (or an account that is not active)'),
  422: errorJson('Invalid query (field errors in details.fieldErrors)'),
};

const CsvSchema = z.string().openapi({
  description:
    'UTF-8 with a byte-order mark, a header row, CRLF lines (RFC 4180); text that would start a formula is prefixed with an apostrophe',
  example: '\uFEFFmonth,requests,shipped,returned\r\n2026-01,3,2,1\r\n',
});

/** JSON by default; the same report as a CSV file with `?format=csv`. */
const report = <S extends z.ZodType>(schema: S, description: string, csvHeader: string) => ({
  description,
  content: {
    'application/json': { schema },
    [CSV_CONTENT_TYPE]: { schema: CsvSchema.openapi({ example: `\uFEFF${csvHeader}\r\n` }) },
  },
});

const route = <P extends string, Q extends z.ZodType>(path: P, summary: string, query: Q) => ({
  method: 'get' as const,
  path,
  tags: ['Lending reports'],
  summary,
  middleware: requirePermission('checkouts.view_all'),
  request: { query },
});

const byMonthRoute = createRoute({
  ...route(
    '/admin/lending-reports/loans-by-month',
    'Requests, loans shipped and loans returned per UTC month, the last `months` months (zeros included), oldest first',
    LoansByMonthQuerySchema,
  ),
  responses: {
    200: report(LoansByMonthSchema, 'One row per month', 'month,requests,shipped,returned'),
    ...refusals,
  },
});
const byCategoryRoute = createRoute({
  ...route(
    '/admin/lending-reports/loans-by-category',
    'Loans shipped in the period per category (a book in two categories counts in both), most first',
    ReportPeriodQuerySchema,
  ),
  responses: {
    200: report(
      LoansByCategorySchema,
      'One row per category with loans',
      'category_key,name_en,name_ar,shipped,from,to',
    ),
    ...refusals,
  },
});
const mostRequestedRoute = createRoute({
  ...route(
    '/admin/lending-reports/most-requested',
    'Books by requests made in the period, with loans shipped and copies, most requested first',
    MostRequestedQuerySchema,
  ),
  responses: {
    200: report(
      MostRequestedSchema,
      'Up to `limit` books',
      'book_id,title_en,title_ar,authors_en,authors_ar,requests,shipped,copies_total,copies_available',
    ),
    ...refusals,
  },
});
const overdueRoute = createRoute({
  ...route(
    '/admin/lending-reports/overdue-readers',
    'Readers with loans on loan past their due date now, most days overdue first',
    OverdueReadersQuerySchema,
  ),
  responses: {
    200: report(
      OverdueReadersSchema,
      'One row per reader',
      'user_id,name,email,phone,overdue_loans,oldest_due_date,days_overdue,titles',
    ),
    ...refusals,
  },
});

const waitingRoute = createRoute({
  ...route(
    '/admin/lending-reports/waiting-lists',
    'Books readers are waiting for, most waiting per copy first (where more copies would help most)',
    WaitingListsQuerySchema,
  ),
  responses: {
    200: report(
      WaitingListsSchema,
      'Up to `limit` books',
      'book_id,title_en,title_ar,authors_en,authors_ar,waiting,copies_total,waiting_per_copy,oldest_hold_at',
    ),
    ...refusals,
  },
});

/** Answers a report as JSON, or as a CSV download named after it and the day. */
function answer<T>(
  c: Context<AppEnv>,
  name: LendingReport,
  format: ReportFormat,
  data: T,
  csv: (data: T) => string,
  now: Date,
) {
  c.header('Cache-Control', PRIVATE_NO_STORE);
  if (format === 'csv') {
    return c.body(csv(data), 200, {
      'Content-Type': CSV_CONTENT_TYPE,
      'Content-Disposition': csvDisposition(name, now),
      'X-Content-Type-Options': 'nosniff',
    });
  }
  return c.json(data, 200);
}

const db = (c: Context<AppEnv>) => c.get('deps').database.db;

export const lendingReportsRoutes = new OpenAPIHono<AppEnv>()
  .openapi(byMonthRoute, async (c) => {
    const query = c.req.valid('query');
    const now = new Date();
    return answer(c, 'loans-by-month', query.format, await loansByMonth(db(c), query, now), loansByMonthCsv, now);
  })
  .openapi(byCategoryRoute, async (c) => {
    const query = c.req.valid('query');
    const now = new Date();
    return answer(
      c,
      'loans-by-category',
      query.format,
      await loansByCategory(db(c), query, now),
      loansByCategoryCsv,
      now,
    );
  })
  .openapi(mostRequestedRoute, async (c) => {
    const query = c.req.valid('query');
    const now = new Date();
    return answer(c, 'most-requested', query.format, await mostRequested(db(c), query, now), mostRequestedCsv, now);
  })
  .openapi(overdueRoute, async (c) => {
    const query = c.req.valid('query');
    const now = new Date();
    return answer(c, 'overdue-readers', query.format, await overdueReaders(db(c), now), overdueReadersCsv, now);
  })
  .openapi(waitingRoute, async (c) => {
    const query = c.req.valid('query');
    const now = new Date();
    return answer(c, 'waiting-lists', query.format, await waitingLists(db(c), query), waitingListsCsv, now);
  });
