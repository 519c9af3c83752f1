import { ACTIVE_LOAN_STATUSES, type CopyStatus } from '@maktaba/shared/lending';
import { asc, eq, inArray, sql } from 'drizzle-orm';
import type { Queryable } from '../../db/queryable.js';
import { bookCopies, books, checkouts } from '../../db/schema/index.js';

/**
 * A book's physical copies (ADR 0014). `books.copies_total` and `copies_available` follow these
 * rows through the `book_copies_count` trigger (migration 0010), in the transaction that changes
 * a copy: nothing here, nor anywhere else, writes those counters.
 */

export type CopyRow = {
  id: string;
  bookId: string;
  barcode: string;
  status: string;
  conditionNote: string | null;
  createdAt: Date;
  /** The active loan holding this copy, if any. */
  loanId: string | null;
};

export type NewCopy = { bookId: string; status: CopyStatus; conditionNote: string | null; barcode?: string };

/** The condition note of a copy a book arrived with but that could not be lent then. */
export const UNAVAILABLE_NOTE = 'Recorded as unavailable when the book was added';

/** The outer table is named in full: Drizzle renders a column interpolated here without its table. */
const activeLoan = sql<string | null>`(
  select c.id from ${checkouts} c
   where c.copy_id = "book_copies"."id"
     and c.status in (${sql.join(
       ACTIVE_LOAN_STATUSES.map((status) => sql`${status}`),
       sql`, `,
     )})
   limit 1)`;

const copyColumns = {
  id: bookCopies.id,
  bookId: bookCopies.bookId,
  barcode: bookCopies.barcode,
  status: bookCopies.status,
  conditionNote: bookCopies.conditionNote,
  createdAt: bookCopies.createdAt,
  loanId: activeLoan,
};

/** A book's copies in barcode order. */
export function findCopies(db: Queryable, bookId: string): Promise<CopyRow[]> {
  return db
    .select(copyColumns)
    .from(bookCopies)
    .where(eq(bookCopies.bookId, bookId))
    .orderBy(asc(bookCopies.barcode), asc(bookCopies.id));
}

export function findCopiesByIds(db: Queryable, ids: string[]): Promise<CopyRow[]> {
  if (ids.length === 0) return Promise.resolve([]);
  return db
    .select(copyColumns)
    .from(bookCopies)
    .where(inArray(bookCopies.id, ids))
    .orderBy(asc(bookCopies.barcode), asc(bookCopies.id));
}

/** One copy, locked for the rest of the transaction so that a loan cannot take it meanwhile. */
export async function lockCopy(db: Queryable, id: string): Promise<CopyRow | undefined> {
  const [row] = await db.select(copyColumns).from(bookCopies).where(eq(bookCopies.id, id)).for('update');
  return row;
}

/** The book's row, locked: copies of one book are added or changed one transaction at a time. */
export async function lockBook(db: Queryable, id: string): Promise<boolean> {
  const [row] = await db.select({ id: books.id }).from(books).where(eq(books.id, id)).for('update');
  return row !== undefined;
}

/** Which of these barcodes another copy already has (compared without regard to case). */
export async function takenBarcodes(db: Queryable, barcodes: string[], exceptId?: string): Promise<string[]> {
  if (barcodes.length === 0) return [];
  const lowered = [...new Set(barcodes.map((barcode) => barcode.toLowerCase()))];
  const rows = await db
    .select({ id: bookCopies.id, barcode: bookCopies.barcode })
    .from(bookCopies)
    .where(inArray(sql`lower(${bookCopies.barcode})`, lowered));
  return rows.filter((row) => row.id !== exceptId).map((row) => row.barcode);
}

/**
 * `count` barcodes from the library's sequence (MK0000001, …), skipping any that a copy was
 * given by hand meanwhile.
 */
export async function assignBarcodes(db: Queryable, count: number): Promise<string[]> {
  const assigned: string[] = [];
  while (assigned.length < count) {
    const wanted = count - assigned.length;
    const result = (await db.execute(
      sql`select 'MK' || lpad(nextval('book_copy_barcode_seq')::text, 7, '0') as barcode from generate_series(1, ${wanted})`,
    )) as { rows: { barcode: string }[] };
    const drawn = result.rows.map((row) => row.barcode);
    const taken = new Set((await takenBarcodes(db, drawn)).map((barcode) => barcode.toLowerCase()));
    assigned.push(...drawn.filter((barcode) => !taken.has(barcode.toLowerCase())));
  }
  return assigned;
}

const INSERT_CHUNK = 1_000;

/** Inserts copies (those without a barcode get one from the sequence); returns their ids in order. */
export async function insertCopies(db: Queryable, copies: NewCopy[]): Promise<string[]> {
  if (copies.length === 0) return [];
  const barcodes = await assignBarcodes(db, copies.filter((copy) => !copy.barcode).length);
  const values = copies.map((copy) => ({
    bookId: copy.bookId,
    status: copy.status,
    conditionNote: copy.conditionNote,
    barcode: copy.barcode ?? (barcodes.shift() as string),
  }));
  const ids: string[] = [];
  for (let start = 0; start < values.length; start += INSERT_CHUNK) {
    const rows = await db
      .insert(bookCopies)
      .values(values.slice(start, start + INSERT_CHUNK))
      .returning({ id: bookCopies.id });
    ids.push(...rows.map((row) => row.id));
  }
  return ids;
}

/**
 * The copies a book should get when it arrives with `total` copies of which `available` can be
 * lent (all of them when not said): the first ones available, the rest damaged with a note saying
 * why, so the counters read as the record said.
 */
export function copiesFor(bookId: string, total: number, available: number | null = null): NewCopy[] {
  const lendable = Math.min(available ?? total, total);
  return Array.from({ length: Math.max(total, 0) }, (_, index) =>
    index < lendable
      ? { bookId, status: 'available' as const, conditionNote: null }
      : { bookId, status: 'damaged' as const, conditionNote: UNAVAILABLE_NOTE },
  );
}

export async function updateCopy(
  db: Queryable,
  id: string,
  values: Partial<{ barcode: string; conditionNote: string | null; status: CopyStatus }>,
): Promise<void> {
  await db
    .update(bookCopies)
    .set({ ...values, updatedAt: sql`now()` })
    .where(eq(bookCopies.id, id));
}

/** The counters the trigger keeps, as they are now in this transaction. */
export async function bookCounters(db: Queryable, bookId: string) {
  const [row] = await db
    .select({ total: books.copiesTotal, available: books.copiesAvailable })
    .from(books)
    .where(eq(books.id, bookId));
  return row ?? { total: 0, available: 0 };
}
