import { ACTIVE_LOAN_STATUSES, OPEN_HOLD_STATUSES } from '@maktaba/shared/lending';
import { and, asc, count, eq, inArray, isNull, lt, max, sql } from 'drizzle-orm';
import type { Queryable } from '../../db/queryable.js';
import { books, checkouts, holds, profiles } from '../../db/schema/index.js';
import { authorsJson, firstCategoryKey } from '../catalogue/catalogue.repository.js';
import { hasReader } from './lending.repository.js';

/* Waiting lists (ADR 0016): holds in their book's queue, and the loans a freed copy makes. */

export type HoldRecord = typeof holds.$inferSelect;

/** A hold with what its views show: the book, the reader, and the loan an offer made. */
export type HoldRow = HoldRecord & {
  titleEn: string;
  titleAr: string | null;
  coverKey: string | null;
  categoryKey: string | null;
  authors: import('../catalogue/catalogue.repository.js').AuthorRef[];
  patronName: string | null;
  patronEmail: string;
  confirmBy: Date | null;
};

const holdSelection = {
  id: holds.id,
  userId: holds.userId,
  bookId: holds.bookId,
  status: holds.status,
  sortKey: holds.sortKey,
  locale: holds.locale,
  loanId: holds.loanId,
  offeredAt: holds.offeredAt,
  closedAt: holds.closedAt,
  reason: holds.reason,
  createdAt: holds.createdAt,
  updatedAt: holds.updatedAt,
  titleEn: books.titleEn,
  titleAr: books.titleAr,
  coverKey: books.coverKey,
  categoryKey: firstCategoryKey,
  authors: authorsJson,
  patronName: profiles.displayName,
  patronEmail: profiles.email,
  confirmBy: checkouts.confirmBy,
};

function holdsQuery(db: Queryable) {
  return db
    .select(holdSelection)
    .from(holds)
    .innerJoin(books, eq(books.id, holds.bookId))
    .innerJoin(profiles, eq(profiles.id, holds.userId))
    .leftJoin(checkouts, eq(checkouts.id, holds.loanId))
    .$dynamic();
}

const open = inArray(holds.status, [...OPEN_HOLD_STATUSES]);

export async function findHold(db: Queryable, id: string): Promise<HoldRow | undefined> {
  const [row] = await holdsQuery(db).where(eq(holds.id, id));
  return row as HoldRow | undefined;
}

/** A reader's open holds, oldest first. */
export async function findOwnHolds(db: Queryable, userId: string): Promise<HoldRow[]> {
  return (await holdsQuery(db)
    .where(and(eq(holds.userId, userId), open))
    .orderBy(asc(holds.createdAt), asc(holds.id))) as HoldRow[];
}

/** A book's open holds in queue order (offered ones first: they hold a copy already). */
export async function findQueue(db: Queryable, bookId: string): Promise<HoldRow[]> {
  return (await holdsQuery(db)
    .where(and(eq(holds.bookId, bookId), open))
    .orderBy(sql`${holds.status} = 'waiting'`, asc(holds.sortKey), asc(holds.id))) as HoldRow[];
}

export async function findOpenHold(db: Queryable, userId: string, bookId: string): Promise<HoldRecord | undefined> {
  const [row] = await db
    .select()
    .from(holds)
    .where(and(eq(holds.userId, userId), eq(holds.bookId, bookId), open));
  return row;
}

export async function lockHold(db: Queryable, id: string): Promise<HoldRecord | undefined> {
  const [row] = await db.select().from(holds).where(eq(holds.id, id)).for('update');
  return row;
}

export async function countOpenHolds(db: Queryable, userId: string): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(holds)
    .where(and(eq(holds.userId, userId), open));
  return row?.n ?? 0;
}

/** Readers waiting for each of these books (holds not yet offered a copy). */
export async function countWaiting(db: Queryable, bookIds: readonly string[]): Promise<Map<string, number>> {
  const counts = new Map<string, number>();
  if (bookIds.length === 0) return counts;
  const rows = await db
    .select({ bookId: holds.bookId, n: count() })
    .from(holds)
    .where(and(inArray(holds.bookId, [...new Set(bookIds)]), eq(holds.status, 'waiting')))
    .groupBy(holds.bookId);
  for (const row of rows) counts.set(row.bookId, row.n);
  return counts;
}

/** Locks the book row: holds of one book join its queue one at a time (each gets the next place). */
export async function lockBookQueue(db: Queryable, bookId: string): Promise<boolean> {
  const [row] = await db.select({ id: books.id }).from(books).where(eq(books.id, bookId)).for('update');
  return Boolean(row);
}

export async function nextSortKey(db: Queryable, bookId: string): Promise<number> {
  const [row] = await db
    .select({ last: max(holds.sortKey) })
    .from(holds)
    .where(eq(holds.bookId, bookId));
  return Number(row?.last ?? 0) + 1;
}

export async function insertHold(db: Queryable, values: typeof holds.$inferInsert): Promise<HoldRecord> {
  const [row] = await db.insert(holds).values(values).returning();
  if (!row) throw new Error('The hold was not inserted');
  return row;
}

export async function updateHold(db: Queryable, id: string, values: Partial<typeof holds.$inferInsert>) {
  await db
    .update(holds)
    .set({ ...values, updatedAt: new Date() })
    .where(eq(holds.id, id));
}

/** The first waiting hold of the book, locked; one another transaction holds is skipped. */
export async function takeFirstWaiting(db: Queryable, bookId: string): Promise<HoldRecord | undefined> {
  const [row] = await db
    .select()
    .from(holds)
    .where(and(eq(holds.bookId, bookId), eq(holds.status, 'waiting')))
    .orderBy(asc(holds.sortKey), asc(holds.id))
    .limit(1)
    .for('update', { skipLocked: true });
  return row;
}

/** The offered hold a loan came from, if any. */
export async function findHoldOfLoan(db: Queryable, loanId: string): Promise<HoldRecord | undefined> {
  const [row] = await db
    .select()
    .from(holds)
    .where(and(eq(holds.loanId, loanId), eq(holds.status, 'offered')));
  return row;
}

/** The due dates of a book's loans that hold a copy (null: not delivered yet), for the estimate. */
export async function findDueDates(db: Queryable, bookIds: readonly string[]): Promise<Map<string, (Date | null)[]>> {
  const byBook = new Map<string, (Date | null)[]>();
  if (bookIds.length === 0) return byBook;
  const rows = await db
    .select({ bookId: checkouts.bookId, dueDate: checkouts.dueDate })
    .from(checkouts)
    .where(and(inArray(checkouts.bookId, [...new Set(bookIds)]), inArray(checkouts.status, [...ACTIVE_LOAN_STATUSES])));
  for (const row of rows) byBook.set(row.bookId, [...(byBook.get(row.bookId) ?? []), row.dueDate]);
  return byBook;
}

/** Offers whose window to confirm has passed, locked for the job (SKIP LOCKED: one run takes each). */
export async function takeExpiredOffers(db: Queryable, now: Date, limit: number) {
  const rows = await db
    .select()
    .from(checkouts)
    .where(
      and(
        inArray(checkouts.status, ['requested', 'approved']),
        lt(checkouts.confirmBy, now),
        isNull(checkouts.confirmedAt),
      ),
    )
    .orderBy(asc(checkouts.confirmBy), asc(checkouts.id))
    .limit(limit)
    .for('update', { skipLocked: true });
  // An offer is closed when its reader's account is deleted, so each one taken has its reader.
  return rows.filter(hasReader);
}
