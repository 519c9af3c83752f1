import { daysLeft, isOverdue } from '@maktaba/shared/lending';
import {
  type LoansByCategory,
  type LoansByMonth,
  type LoansByMonthQuery,
  type MostRequested,
  type MostRequestedQuery,
  type OverdueReaders,
  REPORT_LIMITS,
  type ReportPeriodQuery,
  type WaitingLists,
  type WaitingListsQuery,
} from '@maktaba/shared/schemas/lending-reports';
import type { Queryable } from '../../db/queryable.js';
import { type CsvValue, toCsv } from './csv.js';
import {
  countLoansPerMonth,
  countShippedPerCategory,
  findMostRequested,
  findOnLoanPastDue,
  findWaitingLists,
} from './lending-reports.repository.js';

const DAY_MS = 86_400_000;

const dayOf = (date: Date) => date.toISOString().slice(0, 10);
const monthOf = (date: Date) => date.toISOString().slice(0, 7);

/** The first instant of the UTC month `back` months before the one `now` falls in. */
function monthStart(now: Date, back: number): Date {
  return new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - back, 1));
}

/**
 * The period of a report, as days (both inclusive) and as instants [from, until): by default the
 * last twelve months, from the same day a year ago (plus one) to today.
 */
export function resolvePeriod(query: { from?: string; to?: string }, now: Date) {
  const to = query.to ?? dayOf(now);
  const toDate = new Date(`${to}T00:00:00Z`);
  const from =
    query.from ??
    dayOf(
      new Date(
        Date.UTC(
          toDate.getUTCFullYear(),
          toDate.getUTCMonth() - REPORT_LIMITS.periodMonthsDefault,
          toDate.getUTCDate() + 1,
        ),
      ),
    );
  return { from, to, start: new Date(`${from}T00:00:00Z`), until: new Date(toDate.getTime() + DAY_MS) };
}

export async function loansByMonth(db: Queryable, query: LoansByMonthQuery, now: Date): Promise<LoansByMonth> {
  const since = monthStart(now, query.months - 1);
  const counts = await countLoansPerMonth(db, since);
  const lookup = (rows: { month: string; n: number }[]) => new Map(rows.map((row) => [row.month, row.n]));
  const [requests, shipped, returned] = [lookup(counts.requests), lookup(counts.shipped), lookup(counts.returned)];
  // The series itself: every month of the window, oldest first, whether or not anything happened.
  const items = Array.from({ length: query.months }, (_, index) => {
    const month = monthOf(monthStart(now, query.months - 1 - index));
    return {
      month,
      requests: requests.get(month) ?? 0,
      shipped: shipped.get(month) ?? 0,
      returned: returned.get(month) ?? 0,
    };
  });
  return { months: query.months, items };
}

export async function loansByCategory(db: Queryable, query: ReportPeriodQuery, now: Date): Promise<LoansByCategory> {
  const period = resolvePeriod(query, now);
  const rows = await countShippedPerCategory(db, period.start, period.until);
  return {
    from: period.from,
    to: period.to,
    items: rows.map((row) => ({
      category_id: row.categoryId,
      key: row.key,
      name: row.nameEn,
      name_ar: row.nameAr,
      shipped: row.shipped,
    })),
  };
}

export async function mostRequested(db: Queryable, query: MostRequestedQuery, now: Date): Promise<MostRequested> {
  const period = resolvePeriod(query, now);
  const rows = await findMostRequested(db, period.start, period.until, query.limit);
  return {
    from: period.from,
    to: period.to,
    limit: query.limit,
    items: rows.map((row) => ({
      book_id: row.bookId,
      title: row.titleEn,
      title_ar: row.titleAr,
      authors: row.authors,
      requests: row.requests,
      shipped: row.shipped,
      copies_total: row.copiesTotal,
      copies_available: row.copiesAvailable,
    })),
  };
}

/**
 * Readers with at least one overdue loan (the shared rule, `isOverdue`), most days overdue first:
 * the days are whole UTC calendar days since the oldest due date (`daysLeft`, negated).
 */
export async function overdueReaders(db: Queryable, now: Date): Promise<OverdueReaders> {
  const loans = (await findOnLoanPastDue(db, now)).filter((loan) =>
    isOverdue({ status: loan.status, due_date: loan.dueDate }, now),
  );
  const readers = new Map<string, OverdueReaders['items'][number]>();
  // Loans come oldest due date first: a reader's first loan is their oldest.
  for (const loan of loans) {
    let reader = readers.get(loan.userId);
    if (!reader) {
      reader = {
        user_id: loan.userId,
        name: loan.name,
        email: loan.email,
        phone_number: loan.phone,
        overdue_loans: 0,
        oldest_due_date: loan.dueDate.toISOString(),
        days_overdue: Math.max(0, -daysLeft(loan.dueDate, now)),
        books: [],
      };
      readers.set(loan.userId, reader);
    }
    reader.overdue_loans += 1;
    reader.books.push({
      loan_id: loan.loanId,
      book_id: loan.bookId,
      title: loan.titleEn,
      title_ar: loan.titleAr,
      due_date: loan.dueDate.toISOString(),
    });
  }
  const items = [...readers.values()].sort(
    (a, b) =>
      b.days_overdue - a.days_overdue ||
      a.oldest_due_date.localeCompare(b.oldest_due_date) ||
      a.email.localeCompare(b.email),
  );
  return { as_of: now.toISOString(), items };
}

// --- CSV -----------------------------------------------------------------------------------------

const authorLine = (authors: { name: string | null; name_ar: string | null }[], arabic: boolean) =>
  authors
    .map((author) => (arabic ? (author.name_ar ?? author.name) : (author.name ?? author.name_ar)))
    .filter(Boolean)
    .join('; ');

export function loansByMonthCsv(report: LoansByMonth): string {
  return toCsv(
    ['month', 'requests', 'shipped', 'returned'],
    report.items.map((row) => [row.month, row.requests, row.shipped, row.returned]),
  );
}

export function loansByCategoryCsv(report: LoansByCategory): string {
  return toCsv(
    ['category_key', 'name_en', 'name_ar', 'shipped', 'from', 'to'],
    report.items.map((row) => [row.key, row.name, row.name_ar, row.shipped, report.from, report.to]),
  );
}

export function mostRequestedCsv(report: MostRequested): string {
  return toCsv(
    [
      'book_id',
      'title_en',
      'title_ar',
      'authors_en',
      'authors_ar',
      'requests',
      'shipped',
      'copies_total',
      'copies_available',
    ],
    report.items.map((row): CsvValue[] => [
      row.book_id,
      row.title,
      row.title_ar,
      authorLine(row.authors, false),
      authorLine(row.authors, true),
      row.requests,
      row.shipped,
      row.copies_total,
      row.copies_available,
    ]),
  );
}

export function overdueReadersCsv(report: OverdueReaders): string {
  return toCsv(
    ['user_id', 'name', 'email', 'phone', 'overdue_loans', 'oldest_due_date', 'days_overdue', 'titles'],
    report.items.map((row): CsvValue[] => [
      row.user_id,
      row.name,
      row.email,
      row.phone_number,
      row.overdue_loans,
      row.oldest_due_date.slice(0, 10),
      row.days_overdue,
      row.books.map((book) => book.title ?? book.title_ar).join('; '),
    ]),
  );
}

/** Books readers wait for, most waiting per copy first: where more copies would help most. */
export async function waitingLists(db: Queryable, query: WaitingListsQuery): Promise<WaitingLists> {
  const rows = await findWaitingLists(db, query.limit);
  return {
    limit: query.limit,
    items: rows.map((row) => ({
      book_id: row.bookId,
      title: row.titleEn,
      title_ar: row.titleAr,
      authors: row.authors,
      waiting: row.waiting,
      copies_total: row.copiesTotal,
      waiting_per_copy: Math.round((row.waiting / Math.max(row.copiesTotal, 1)) * 100) / 100,
      oldest_hold_at: row.oldestHoldAt.toISOString(),
    })),
  };
}

export function waitingListsCsv(report: WaitingLists): string {
  return toCsv(
    [
      'book_id',
      'title_en',
      'title_ar',
      'authors_en',
      'authors_ar',
      'waiting',
      'copies_total',
      'waiting_per_copy',
      'oldest_hold_at',
    ],
    report.items.map((row): CsvValue[] => [
      row.book_id,
      row.title,
      row.title_ar,
      authorLine(row.authors, false),
      authorLine(row.authors, true),
      row.waiting,
      row.copies_total,
      row.waiting_per_copy,
      row.oldest_hold_at.slice(0, 10),
    ]),
  );
}
