import { ACTIVE_LOAN_STATUSES, type LoanStatus, OPEN_LOAN_STATUSES } from '@maktaba/shared/lending';
import type { DeskQuery, DeskQueue, LendingSettings, ShippingAddress } from '@maktaba/shared/schemas/loans';
import { and, asc, count, desc, eq, getTableColumns, inArray, lt, type SQL, sql } from 'drizzle-orm';
import { escapeLike } from '../../db/like.js';
import type { Queryable } from '../../db/queryable.js';
import { rowsOf } from '../../db/raw.js';
import { authUsers, bookCopies, books, checkouts, loanEvents, profiles } from '../../db/schema/index.js';
import { type AuthorRef, authorsJson, firstCategoryKey } from '../catalogue/catalogue.repository.js';
import { findAppSetting, writeAppSetting } from '../settings/app-settings.repository.js';

export type CheckoutRecord = typeof checkouts.$inferSelect;

/** A loan that still has its reader: every loan the lending rules act on (a deleted reader's loans are closed and kept without identity). */
export type ReaderLoan = Omit<CheckoutRecord, 'userId'> & { userId: string };

export const hasReader = (row: CheckoutRecord): row is ReaderLoan => row.userId !== null;

/**
 * A loan with what every view of it shows: the book, the copy and the patron. Loans are read with
 * their reader (an inner join), so a loan whose reader deleted their account (kept without identity,
 * `user_id` null) is never a LoanRow: the desk's queues and the reader's shelves do not show it,
 * the reports still count it.
 */
export type LoanRow = Omit<CheckoutRecord, 'userId'> & {
  userId: string;
  titleEn: string;
  titleAr: string | null;
  coverKey: string | null;
  categoryKey: string | null;
  authors: AuthorRef[];
  barcode: string | null;
  patronName: string | null;
  patronEmail: string;
  patronPhone: string | null;
};

const selection = {
  id: checkouts.id,
  userId: checkouts.userId,
  bookId: checkouts.bookId,
  checkedOutAt: checkouts.checkedOutAt,
  dueDate: checkouts.dueDate,
  returnedAt: checkouts.returnedAt,
  status: checkouts.status,
  copyId: checkouts.copyId,
  shippingAddress: checkouts.shippingAddress,
  locale: checkouts.locale,
  approvedAt: checkouts.approvedAt,
  deniedAt: checkouts.deniedAt,
  denialReason: checkouts.denialReason,
  cancelledAt: checkouts.cancelledAt,
  shippedAt: checkouts.shippedAt,
  carrier: checkouts.carrier,
  trackingNumber: checkouts.trackingNumber,
  deliveredAt: checkouts.deliveredAt,
  returnShippedAt: checkouts.returnShippedAt,
  returnCarrier: checkouts.returnCarrier,
  returnTrackingNumber: checkouts.returnTrackingNumber,
  returnCondition: checkouts.returnCondition,
  lostAt: checkouts.lostAt,
  renewalCount: checkouts.renewalCount,
  reminderSentAt: checkouts.reminderSentAt,
  overdueNoticeCount: checkouts.overdueNoticeCount,
  lastOverdueNoticeAt: checkouts.lastOverdueNoticeAt,
  confirmBy: checkouts.confirmBy,
  confirmedAt: checkouts.confirmedAt,
  updatedAt: checkouts.updatedAt,
  titleEn: books.titleEn,
  titleAr: books.titleAr,
  coverKey: books.coverKey,
  categoryKey: firstCategoryKey,
  authors: authorsJson,
  barcode: bookCopies.barcode,
  patronName: profiles.displayName,
  patronEmail: profiles.email,
  patronPhone: profiles.phoneNumber,
};

function loansQuery(db: Queryable) {
  return db
    .select(selection)
    .from(checkouts)
    .innerJoin(books, eq(books.id, checkouts.bookId))
    .innerJoin(profiles, eq(profiles.id, checkouts.userId))
    .leftJoin(bookCopies, eq(bookCopies.id, checkouts.copyId));
}

export async function findLoan(db: Queryable, id: string): Promise<LoanRow | undefined> {
  const [row] = await loansQuery(db).where(eq(checkouts.id, id));
  return row as LoanRow | undefined;
}

/** Locks the loan row for a transition: concurrent actions on one loan run one after the other. */
export async function lockLoan(db: Queryable, id: string): Promise<ReaderLoan | undefined> {
  const [row] = await db.select().from(checkouts).where(eq(checkouts.id, id)).for('update');
  return row && hasReader(row) ? row : undefined;
}

export async function updateLoan(db: Queryable, id: string, values: Partial<typeof checkouts.$inferInsert>) {
  await db
    .update(checkouts)
    .set({ ...values, updatedAt: new Date() })
    .where(eq(checkouts.id, id));
}

export async function insertLoan(
  db: Queryable,
  values: typeof checkouts.$inferInsert & { userId: string },
): Promise<ReaderLoan> {
  const [row] = await db.insert(checkouts).values(values).returning();
  if (!row || !hasReader(row)) throw new Error('The loan was not inserted');
  return row;
}

export async function insertLoanEvent(
  db: Queryable,
  values: {
    loanId: string;
    actorId: string | null;
    action: string;
    from: LoanStatus | null;
    to: LoanStatus;
    note?: string | null;
  },
) {
  await db.insert(loanEvents).values({
    loanId: values.loanId,
    actorId: values.actorId,
    action: values.action,
    fromStatus: values.from,
    toStatus: values.to,
    note: values.note ?? null,
  });
}

export async function findLoanEvents(db: Queryable, loanId: string) {
  return db
    .select({
      id: loanEvents.id,
      action: loanEvents.action,
      fromStatus: loanEvents.fromStatus,
      toStatus: loanEvents.toStatus,
      note: loanEvents.note,
      createdAt: loanEvents.createdAt,
      actorId: loanEvents.actorId,
      actorName: profiles.displayName,
      actorEmail: profiles.email,
    })
    .from(loanEvents)
    .leftJoin(profiles, eq(profiles.id, loanEvents.actorId))
    .where(eq(loanEvents.loanId, loanId))
    .orderBy(asc(loanEvents.createdAt), asc(loanEvents.id));
}

/** The requesting reader's row, locked: two requests of one reader run one after the other. */
/** The reader's profile, with whether their e-mail is verified (unverified readers cannot borrow). */
const readerColumns = { ...getTableColumns(profiles), emailVerified: authUsers.emailVerified };

export async function lockReader(db: Queryable, userId: string) {
  const [row] = await db
    .select(readerColumns)
    .from(profiles)
    .innerJoin(authUsers, eq(authUsers.id, profiles.id))
    .where(eq(profiles.id, userId))
    .for('update', { of: profiles });
  return row;
}

export async function findReader(db: Queryable, userId: string) {
  const [row] = await db
    .select(readerColumns)
    .from(profiles)
    .innerJoin(authUsers, eq(authUsers.id, profiles.id))
    .where(eq(profiles.id, userId));
  return row;
}

export async function countOpenLoans(db: Queryable, userId: string): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(checkouts)
    .where(and(eq(checkouts.userId, userId), inArray(checkouts.status, [...OPEN_LOAN_STATUSES])));
  return row?.n ?? 0;
}

export async function findActiveLoanId(db: Queryable, userId: string, bookId: string): Promise<string | undefined> {
  const [row] = await db
    .select({ id: checkouts.id })
    .from(checkouts)
    .where(
      and(
        eq(checkouts.userId, userId),
        eq(checkouts.bookId, bookId),
        inArray(checkouts.status, [...ACTIVE_LOAN_STATUSES]),
      ),
    );
  return row?.id;
}

export async function findBook(db: Queryable, bookId: string) {
  const [row] = await db
    .select({
      id: books.id,
      status: books.status,
      copiesTotal: books.copiesTotal,
      copiesAvailable: books.copiesAvailable,
    })
    .from(books)
    .where(eq(books.id, bookId));
  return row;
}

export async function findBookTitles(db: Queryable, bookId: string) {
  const [row] = await db
    .select({ titleEn: books.titleEn, titleAr: books.titleAr })
    .from(books)
    .where(eq(books.id, bookId));
  return row;
}

/**
 * Takes one available copy of the book and marks it, in the caller's transaction. On PostgreSQL,
 * `SKIP LOCKED` lets concurrent requests take different copies instead of queueing on the first;
 * a request that finds none locked or free gets undefined (PGlite runs one transaction at a time).
 */
export async function claimAvailableCopy(db: Queryable, bookId: string, status: string): Promise<string | undefined> {
  const rows = await rowsOf<{ id: string }>(
    db,
    sql`
    update ${bookCopies} set status = ${status}, updated_at = now()
    where id = (
      select id from ${bookCopies}
      where book_id = ${bookId} and status = 'available'
      order by barcode
      limit 1
      for update skip locked
    )
    returning id`,
  );
  return rows[0]?.id;
}

/** Claims a named copy of the book if it is available (the desk chose another copy). */
export async function claimCopy(db: Queryable, copyId: string, bookId: string, status: string): Promise<boolean> {
  const rows = await db
    .update(bookCopies)
    .set({ status, updatedAt: new Date() })
    .where(and(eq(bookCopies.id, copyId), eq(bookCopies.bookId, bookId), eq(bookCopies.status, 'available')))
    .returning({ id: bookCopies.id });
  return rows.length > 0;
}

export async function setCopyStatus(db: Queryable, copyId: string, status: string, conditionNote?: string | null) {
  await db
    .update(bookCopies)
    .set({ status, updatedAt: new Date(), ...(conditionNote !== undefined ? { conditionNote } : {}) })
    .where(eq(bookCopies.id, copyId));
}

export async function findAvailableCopies(db: Queryable, bookId: string) {
  return db
    .select({ id: bookCopies.id, barcode: bookCopies.barcode })
    .from(bookCopies)
    .where(and(eq(bookCopies.bookId, bookId), eq(bookCopies.status, 'available')))
    .orderBy(asc(bookCopies.barcode))
    .limit(50);
}

// --- Lists ---------------------------------------------------------------------------------------

export const CURRENT_STATUSES = ACTIVE_LOAN_STATUSES;

export async function findOwnLoans(
  db: Queryable,
  userId: string,
  statuses: readonly string[],
  page: { limit: number; offset: number },
): Promise<{ rows: LoanRow[]; total: number }> {
  const where = and(eq(checkouts.userId, userId), inArray(checkouts.status, [...statuses]));
  const [rows, [total]] = await Promise.all([
    loansQuery(db)
      .where(where)
      .orderBy(desc(checkouts.checkedOutAt), desc(checkouts.id))
      .limit(page.limit)
      .offset(page.offset),
    db.select({ n: count() }).from(checkouts).where(where),
  ]);
  return { rows: rows as LoanRow[], total: total?.n ?? 0 };
}

/** What each desk queue holds. Overdue loans stay in "on loan" too: a queue is a view, not a state. */
export function queueCondition(queue: DeskQueue, now: Date): SQL {
  switch (queue) {
    case 'requests':
      return eq(checkouts.status, 'requested');
    case 'to_ship':
      return eq(checkouts.status, 'approved');
    case 'in_transit':
      return eq(checkouts.status, 'shipped');
    case 'on_loan':
      return eq(checkouts.status, 'on_loan');
    case 'returning':
      return eq(checkouts.status, 'return_shipped');
    case 'overdue':
      return and(eq(checkouts.status, 'on_loan'), lt(checkouts.dueDate, now)) as SQL;
    case 'closed':
      return inArray(checkouts.status, ['returned', 'denied', 'cancelled', 'lost']);
  }
}

/**
 * Each order the desk offers, as the keys of an index that gives it: a page is read in order, not
 * sorted out of the whole queue. By patron and by book, the loans of one reader or book follow
 * each other (the reader's or book's id breaks ties between equal names), then by loan.
 */
const SORTS = {
  requested_at: [checkouts.checkedOutAt],
  updated_at: [checkouts.updatedAt],
  due_date: [checkouts.dueDate],
  patron: [sql`lower(coalesce(${profiles.displayName}, ${profiles.email}))`, profiles.id],
  book: [sql`lower(${books.titleEn})`, books.id],
} as const;

/**
 * The loans of the readers, books and copies whose name, e-mail, title or barcode contains the
 * text: each table searched through its own trigram index and the loans found through their
 * reader, book and copy indexes. (An OR of three `in (…)` tests on the loan cannot use those
 * indexes: PostgreSQL read the whole queue and tested every loan against all three.)
 */
function searchedLoans(q: string): SQL {
  const pattern = `%${escapeLike(q)}%`;
  return sql`(
    select l.id from ${checkouts} l where l.user_id in (
      select p.id from ${profiles} p where p.display_name ilike ${pattern} or p.email ilike ${pattern})
    union
    select l.id from ${checkouts} l where l.book_id in (
      select b.id from ${books} b where b.title_en ilike ${pattern} or b.title_ar ilike ${pattern})
    union
    select l.id from ${checkouts} l where l.copy_id in (
      select c.id from ${bookCopies} c where c.barcode ilike ${pattern}))`;
}

/** Up to this many loans found by a search are named by id in the desk's query. */
const SEARCH_BY_ID_LIMIT = 500;

/**
 * The ids of the loans a search finds, looked up first, when there are few (a name, a title, a
 * barcode: the usual desk search); null for a broader search. Given the ids, PostgreSQL fetches
 * those loans by key; given the search as a subquery, it guesses how many loans it finds from the
 * trigrams' statistics, and a guess of a thousand for a real seventy made it read the whole queue.
 */
async function findSearchedLoanIds(db: Queryable, q: string, limit: number): Promise<string[] | null> {
  const rows = await rowsOf<{ id: string }>(db, sql`select id from ${searchedLoans(q)} found limit ${limit + 1}`);
  return rows.length > limit ? null : rows.map((row) => row.id);
}

export async function findDeskLoans(
  db: Queryable,
  query: DeskQuery,
  now: Date,
  { searchByIdLimit = SEARCH_BY_ID_LIMIT } = {},
): Promise<{ rows: LoanRow[]; total: number }> {
  const conditions: SQL[] = [queueCondition(query.queue, now)];
  if (query.user_id) conditions.push(eq(checkouts.userId, query.user_id));
  if (query.q) {
    const ids = await findSearchedLoanIds(db, query.q, searchByIdLimit);
    // A search that matches no loan at all finds none in any queue.
    if (ids?.length === 0) return { rows: [], total: 0 };
    conditions.push(ids ? inArray(checkouts.id, ids) : sql`${checkouts.id} in ${searchedLoans(query.q)}`);
  }
  const where = and(...conditions);
  const direction = query.order === 'desc' ? desc : asc;
  // The conditions name only the loan's own columns: the count needs no join.
  const countQuery = db.select({ n: count() }).from(checkouts).where(where);
  const [rows, [total]] = await Promise.all([
    loansQuery(db)
      .where(where)
      .orderBy(...SORTS[query.sort].map((key) => direction(key)), direction(checkouts.id))
      .limit(query.limit)
      .offset(query.offset),
    countQuery,
  ]);
  return { rows: rows as LoanRow[], total: total?.n ?? 0 };
}

export async function countQueues(db: Queryable, now: Date): Promise<Record<DeskQueue, number>> {
  const rows = await rowsOf<Record<string, string | number>>(
    db,
    sql`
    select
      count(*) filter (where status = 'requested') as requests,
      count(*) filter (where status = 'approved') as to_ship,
      count(*) filter (where status = 'shipped') as in_transit,
      count(*) filter (where status = 'on_loan') as on_loan,
      count(*) filter (where status = 'return_shipped') as returning,
      count(*) filter (where status = 'on_loan' and due_date < ${now.toISOString()}::timestamptz) as overdue
    from ${checkouts}
    where status in ('requested', 'approved', 'shipped', 'on_loan', 'return_shipped')`,
  );
  const closed = await db
    .select({ n: count() })
    .from(checkouts)
    .where(inArray(checkouts.status, ['returned', 'denied', 'cancelled', 'lost']));
  const row = rows[0] ?? {};
  const n = (key: string) => Number(row[key] ?? 0);
  return {
    requests: n('requests'),
    to_ship: n('to_ship'),
    in_transit: n('in_transit'),
    on_loan: n('on_loan'),
    returning: n('returning'),
    overdue: n('overdue'),
    closed: closed[0]?.n ?? 0,
  };
}

// --- Settings ------------------------------------------------------------------------------------

const SETTINGS_KEY = 'lending';

export async function findLendingSettings(db: Queryable): Promise<Partial<LendingSettings> | undefined> {
  return findAppSetting<LendingSettings>(db, SETTINGS_KEY);
}

export async function saveLendingSettings(db: Queryable, value: LendingSettings) {
  await writeAppSetting(db, SETTINGS_KEY, value);
}

export type { ShippingAddress };

// --- Renewals and notices ------------------------------------------------------------------------

/** The ids of the overdue loans of each of these readers (on loan, past the due date). */
export async function findOverdueLoanIds(
  db: Queryable,
  userIds: readonly string[],
  now: Date,
): Promise<Map<string, string[]>> {
  const byReader = new Map<string, string[]>();
  if (userIds.length === 0) return byReader;
  const rows = await db
    .select({ id: checkouts.id, userId: checkouts.userId })
    .from(checkouts)
    .where(
      and(
        inArray(checkouts.userId, [...new Set(userIds)]),
        eq(checkouts.status, 'on_loan'),
        lt(checkouts.dueDate, now),
      ),
    );
  for (const { userId, id } of rows) if (userId) byReader.set(userId, [...(byReader.get(userId) ?? []), id]);
  return byReader;
}

/** A loan the notices job took: what its notification and e-mail need. */
export type NoticeLoan = {
  id: string;
  userId: string;
  bookId: string;
  locale: string;
  dueDate: Date;
  overdueNoticeCount: number;
};

const noticeColumns = {
  id: checkouts.id,
  userId: checkouts.userId,
  bookId: checkouts.bookId,
  locale: checkouts.locale,
  dueDate: checkouts.dueDate,
  overdueNoticeCount: checkouts.overdueNoticeCount,
};

/**
 * Takes up to `limit` loans due within the reminder window whose reminder has not gone out, and
 * marks it sent, in the caller's transaction. Rows another run holds are skipped (SKIP LOCKED), so
 * two servers running the job at once never take the same loan; the mark commits with the
 * notification, so a crash before the commit sends nothing and the next run takes the loan again.
 */
export async function claimReminders(db: Queryable, now: Date, until: Date, limit: number): Promise<NoticeLoan[]> {
  const due = dueLoans(
    db,
    and(
      sql`${checkouts.reminderSentAt} is null`,
      sql`${checkouts.dueDate} > ${now}`,
      sql`${checkouts.dueDate} <= ${until}`,
    ),
  );
  return take(db, due, limit, { reminderSentAt: now });
}

/**
 * Takes up to `limit` overdue loans whose next notice is due: the first once the day after the due
 * date has begun (`dayStart`), each next one `intervalDays` after the last, `max` at most. The
 * count and time of the notice are written as the loan is taken (see claimReminders).
 */
export async function claimOverdueNotices(
  db: Queryable,
  now: Date,
  dayStart: Date,
  intervalDays: number,
  max: number,
  limit: number,
): Promise<NoticeLoan[]> {
  const nextDue = new Date(now.getTime() - intervalDays * 86_400_000);
  const due = dueLoans(
    db,
    and(
      sql`${checkouts.dueDate} < ${dayStart}`,
      sql`${checkouts.overdueNoticeCount} < ${max}`,
      sql`(${checkouts.lastOverdueNoticeAt} is null or ${checkouts.lastOverdueNoticeAt} <= ${nextDue})`,
    ),
  );
  return take(db, due, limit, {
    overdueNoticeCount: sql`${checkouts.overdueNoticeCount} + 1`,
    lastOverdueNoticeAt: now,
  });
}

/** Marks up to `limit` of the loans `due` selects, earliest due first, skipping rows another run holds. */
async function take(
  db: Queryable,
  due: ReturnType<typeof dueLoans>,
  limit: number,
  mark: Partial<Record<keyof typeof checkouts.$inferInsert, unknown>>,
): Promise<NoticeLoan[]> {
  const taken = due.orderBy(asc(checkouts.dueDate), asc(checkouts.id)).limit(limit).for('update', { skipLocked: true });
  const rows = await db
    .update(checkouts)
    .set(mark as Partial<typeof checkouts.$inferInsert>)
    .where(inArray(checkouts.id, taken))
    .returning(noticeColumns);
  return rows as NoticeLoan[];
}

/** Loans on loan that also meet `condition`. */
function dueLoans(db: Queryable, condition: SQL | undefined) {
  return db
    .select({ id: checkouts.id })
    .from(checkouts)
    .where(and(eq(checkouts.status, 'on_loan'), condition))
    .$dynamic();
}
