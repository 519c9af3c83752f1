import { z } from 'zod';

/**
 * The librarians' lending reports under /api/admin/lending-reports: loans per month, loans per
 * category, the most requested books and the readers with overdue loans. Each answers JSON, or a
 * CSV file with `?format=csv`. Months and days are counted in UTC. Validation messages are i18n keys.
 */

export const LENDING_REPORTS = [
  'loans-by-month',
  'loans-by-category',
  'most-requested',
  'overdue-readers',
  'waiting-lists',
] as const;
export type LendingReport = (typeof LENDING_REPORTS)[number];

export const REPORT_FORMATS = ['json', 'csv'] as const;
export type ReportFormat = (typeof REPORT_FORMATS)[number];

export const REPORT_LIMITS = {
  monthsMin: 1,
  monthsMax: 36,
  monthsDefault: 12,
  limitMin: 1,
  limitMax: 100,
  limitDefault: 20,
  /** The default period: this many months back from today. */
  periodMonthsDefault: 12,
} as const;

const format = z.enum(REPORT_FORMATS, 'validation.invalidInput').default('json');

/** A calendar day, `YYYY-MM-DD` (UTC). */
const isoDay = z.iso.date('validation.invalidInput');

export const LoansByMonthQuerySchema = z.object({
  months: z.coerce
    .number('validation.invalidInput')
    .int('validation.invalidInput')
    .min(REPORT_LIMITS.monthsMin, 'validation.invalidInput')
    .max(REPORT_LIMITS.monthsMax, 'validation.invalidInput')
    .default(REPORT_LIMITS.monthsDefault),
  format,
});
export type LoansByMonthQuery = z.infer<typeof LoansByMonthQuerySchema>;

const periodFields = {
  /** First day of the period (inclusive); by default a year before `to`. */
  from: isoDay.optional(),
  /** Last day of the period (inclusive); by default today. */
  to: isoDay.optional(),
  format,
};
const fromBeforeTo = (value: { from?: string; to?: string }) =>
  value.from === undefined || value.to === undefined || value.from <= value.to;
const periodOrder = { path: ['to'], message: 'validation.reports.periodOrder' };

export const ReportPeriodQuerySchema = z.object(periodFields).refine(fromBeforeTo, periodOrder);
export type ReportPeriodQuery = z.infer<typeof ReportPeriodQuerySchema>;

export const MostRequestedQuerySchema = z
  .object({
    ...periodFields,
    limit: z.coerce
      .number('validation.invalidInput')
      .int('validation.invalidInput')
      .min(REPORT_LIMITS.limitMin, 'validation.invalidInput')
      .max(REPORT_LIMITS.limitMax, 'validation.invalidInput')
      .default(REPORT_LIMITS.limitDefault),
  })
  .refine(fromBeforeTo, periodOrder);
export type MostRequestedQuery = z.infer<typeof MostRequestedQuerySchema>;

export const OverdueReadersQuerySchema = z.object({ format });
export type OverdueReadersQuery = z.infer<typeof OverdueReadersQuerySchema>;

/** The period a report covered, as days (both inclusive). */
const period = { from: z.iso.date(), to: z.iso.date() };

export const LoansByMonthSchema = z.object({
  months: z.number().int(),
  /** Oldest first, one row per month (`YYYY-MM`), months without activity included. */
  items: z.array(
    z.object({
      month: z.string().regex(/^\d{4}-\d{2}$/),
      /** Requests made in the month. */
      requests: z.number().int().min(0),
      /** Loans that went out (shipped) in the month. */
      shipped: z.number().int().min(0),
      /** Loans received back in the month. */
      returned: z.number().int().min(0),
    }),
  ),
});
export type LoansByMonth = z.infer<typeof LoansByMonthSchema>;

export const LoansByCategorySchema = z.object({
  ...period,
  /** Categories with at least one loan shipped in the period, most first. */
  items: z.array(
    z.object({
      category_id: z.uuid(),
      key: z.string(),
      name: z.string(),
      name_ar: z.string(),
      shipped: z.number().int().min(0),
    }),
  ),
});
export type LoansByCategory = z.infer<typeof LoansByCategorySchema>;

export const ReportAuthorSchema = z.object({
  id: z.uuid(),
  name: z.string().nullable(),
  name_ar: z.string().nullable(),
});

export const MostRequestedSchema = z.object({
  ...period,
  limit: z.number().int(),
  /** Most requested first, ties by title. */
  items: z.array(
    z.object({
      book_id: z.uuid(),
      title: z.string().nullable(),
      title_ar: z.string().nullable(),
      authors: z.array(ReportAuthorSchema),
      requests: z.number().int().min(0),
      shipped: z.number().int().min(0),
      copies_total: z.number().int().min(0),
      copies_available: z.number().int().min(0),
    }),
  ),
});
export type MostRequested = z.infer<typeof MostRequestedSchema>;

export const OverdueReadersSchema = z.object({
  /** The moment the report was made: overdue means on loan with a due date before it. */
  as_of: z.string(),
  /** Most days overdue first. */
  items: z.array(
    z.object({
      user_id: z.uuid(),
      name: z.string().nullable(),
      email: z.string(),
      phone_number: z.string().nullable(),
      overdue_loans: z.number().int().min(1),
      oldest_due_date: z.string(),
      /** Whole calendar days (UTC) since the oldest due date. */
      days_overdue: z.number().int().min(0),
      books: z.array(
        z.object({
          loan_id: z.uuid(),
          book_id: z.uuid(),
          title: z.string().nullable(),
          title_ar: z.string().nullable(),
          due_date: z.string(),
        }),
      ),
    }),
  ),
});
export type OverdueReaders = z.infer<typeof OverdueReadersSchema>;

export const WaitingListsQuerySchema = z.object({
  limit: z.coerce
    .number('validation.invalidInput')
    .int('validation.invalidInput')
    .min(REPORT_LIMITS.limitMin, 'validation.invalidInput')
    .max(REPORT_LIMITS.limitMax, 'validation.invalidInput')
    .default(REPORT_LIMITS.limitDefault),
  format,
});
export type WaitingListsQuery = z.infer<typeof WaitingListsQuerySchema>;

/** Books readers are waiting for, longest waiting list for its copies first: what to buy more of. */
export const WaitingListsSchema = z.object({
  limit: z.number().int(),
  items: z.array(
    z.object({
      book_id: z.uuid(),
      title: z.string().nullable(),
      title_ar: z.string().nullable(),
      authors: z.array(ReportAuthorSchema),
      /** Readers waiting (holds not yet offered a copy). */
      waiting: z.number().int().min(1),
      copies_total: z.number().int().min(0),
      /** Readers waiting per copy the library lends (waiting when it has none). */
      waiting_per_copy: z.number().min(0),
      /** When the longest-waiting reader joined. */
      oldest_hold_at: z.string(),
    }),
  ),
});
export type WaitingLists = z.infer<typeof WaitingListsSchema>;
