import { sql } from 'drizzle-orm';
import type { Queryable } from '../../db/queryable.js';
import { rowsOf } from '../../db/raw.js';
import { bookCategories, books, categories, checkouts, holds, profiles } from '../../db/schema/index.js';
import { type AuthorRef, authorsJson } from '../catalogue/catalogue.repository.js';

/**
 * The lending reports' queries: each is one aggregate statement over `checkouts` (no query per
 * loan), bounded by a range on the date it counts, and written in SQL both PGlite and PostgreSQL
 * run. Months are UTC months; a period is [from, until) in instants.
 */

export type MonthCount = { month: string; n: number };

/**
 * Loans per UTC month (`YYYY-MM`) of `column`, from `since` on; months without any are absent.
 * The month is grouped as a number (year × 12 + month): cheaper per row than formatting a text.
 */
async function perMonth(db: Queryable, column: 'checked_out_at' | 'shipped_at' | 'returned_at', since: Date) {
  const col = sql.raw(`"${column}"`);
  const rows = await rowsOf<{ month: string | number; n: string | number }>(
    db,
    sql`select (extract(year from ${col} at time zone 'UTC') * 12 + extract(month from ${col} at time zone 'UTC') - 1)::int as month,
               count(*) as n
          from ${checkouts}
         where ${col} >= ${since.toISOString()}::timestamptz
         group by 1`,
  );
  return rows.map((row) => {
    const index = Number(row.month);
    const month = `${String(Math.floor(index / 12)).padStart(4, '0')}-${String((index % 12) + 1).padStart(2, '0')}`;
    return { month, n: Number(row.n) };
  });
}

export async function countLoansPerMonth(db: Queryable, since: Date) {
  const [requests, shipped, returned] = await Promise.all([
    perMonth(db, 'checked_out_at', since),
    perMonth(db, 'shipped_at', since),
    perMonth(db, 'returned_at', since),
  ]);
  return { requests, shipped, returned };
}

export type CategoryCountRow = { categoryId: string; key: string; nameEn: string; nameAr: string; shipped: number };

/** Loans shipped in [from, until) per category of their book (a book in two categories counts in both). */
export async function countShippedPerCategory(db: Queryable, from: Date, until: Date): Promise<CategoryCountRow[]> {
  const rows = await rowsOf<{ id: string; key: string; name_en: string; name_ar: string; shipped: string | number }>(
    db,
    sql`select c.id, c.key, c.name_en, c.name_ar, count(*) as shipped
          from ${checkouts} l
          join ${bookCategories} bc on bc.book_id = l.book_id
          join ${categories} c on c.id = bc.category_id
         where l.shipped_at >= ${from.toISOString()}::timestamptz and l.shipped_at < ${until.toISOString()}::timestamptz
         group by c.id, c.key, c.name_en, c.name_ar
         order by count(*) desc, lower(c.name_en), c.id`,
  );
  return rows.map((row) => ({
    categoryId: row.id,
    key: row.key,
    nameEn: row.name_en,
    nameAr: row.name_ar,
    shipped: Number(row.shipped),
  }));
}

export type RequestedBookRow = {
  bookId: string;
  titleEn: string | null;
  titleAr: string | null;
  authors: AuthorRef[];
  requests: number;
  shipped: number;
  copiesTotal: number;
  copiesAvailable: number;
};

/**
 * Books by requests made in [from, until), most first, ties by title; with the loans shipped in
 * the period and the copies the book has. The loans are counted first (one pass over the period's
 * loans), then only the `limit` books kept are joined.
 */
export async function findMostRequested(
  db: Queryable,
  from: Date,
  until: Date,
  limit: number,
): Promise<RequestedBookRow[]> {
  const start = sql`${from.toISOString()}::timestamptz`;
  const end = sql`${until.toISOString()}::timestamptz`;
  const rows = await rowsOf<{
    id: string;
    title_en: string | null;
    title_ar: string | null;
    authors: AuthorRef[] | string;
    requests: string | number;
    shipped: string | number;
    copies_total: number;
    copies_available: number;
  }>(
    db,
    sql`with counted as (
          select l.book_id,
                 count(*) filter (where l.checked_out_at >= ${start} and l.checked_out_at < ${end}) as requests,
                 count(*) filter (where l.shipped_at >= ${start} and l.shipped_at < ${end}) as shipped
            from ${checkouts} l
           where (l.checked_out_at >= ${start} and l.checked_out_at < ${end})
              or (l.shipped_at >= ${start} and l.shipped_at < ${end})
           group by l.book_id
        )
        select ${books}.id, ${books}.title_en, ${books}.title_ar, ${authorsJson} as authors,
               counted.requests, counted.shipped, ${books}.copies_total, ${books}.copies_available
          from counted join ${books} on ${books}.id = counted.book_id
         order by counted.requests desc, lower(coalesce(${books}.title_en, ${books}.title_ar)), ${books}.id
         limit ${limit}`,
  );
  return rows.map((row) => ({
    bookId: row.id,
    titleEn: row.title_en,
    titleAr: row.title_ar,
    authors: typeof row.authors === 'string' ? (JSON.parse(row.authors) as AuthorRef[]) : row.authors,
    requests: Number(row.requests),
    shipped: Number(row.shipped),
    copiesTotal: Number(row.copies_total),
    copiesAvailable: Number(row.copies_available),
  }));
}

export type OnLoanPastDueRow = {
  loanId: string;
  status: 'on_loan';
  dueDate: Date;
  userId: string;
  name: string | null;
  email: string;
  phone: string | null;
  bookId: string;
  titleEn: string | null;
  titleAr: string | null;
};

/** Loans on loan with a due date before `now` (the desk's overdue queue), read from the status/due-date index. */
export async function findOnLoanPastDue(db: Queryable, now: Date): Promise<OnLoanPastDueRow[]> {
  const rows = await rowsOf<{
    id: string;
    due_date: string | Date;
    user_id: string;
    display_name: string | null;
    email: string;
    phone_number: string | null;
    book_id: string;
    title_en: string | null;
    title_ar: string | null;
  }>(
    db,
    sql`select l.id, l.due_date, l.user_id, p.display_name, p.email, p.phone_number, b.id as book_id, b.title_en, b.title_ar
          from ${checkouts} l
          join ${profiles} p on p.id = l.user_id
          join ${books} b on b.id = l.book_id
         where l.status = 'on_loan' and l.due_date < ${now.toISOString()}::timestamptz
         order by l.due_date, l.id`,
  );
  return rows.map((row) => ({
    loanId: row.id,
    status: 'on_loan',
    dueDate: new Date(row.due_date),
    userId: row.user_id,
    name: row.display_name,
    email: row.email,
    phone: row.phone_number,
    bookId: row.book_id,
    titleEn: row.title_en,
    titleAr: row.title_ar,
  }));
}

export type WaitingBookRow = RequestedBookRow & { waiting: number; oldestHoldAt: Date };

/**
 * Books with readers waiting, most waiting per copy first (then most waiting, then title): one
 * aggregate over the open holds (the queue index), then only the `limit` books kept are joined.
 */
export async function findWaitingLists(db: Queryable, limit: number): Promise<WaitingBookRow[]> {
  const rows = await rowsOf<{
    id: string;
    title_en: string | null;
    title_ar: string | null;
    authors: AuthorRef[] | string;
    waiting: string | number;
    oldest: string | Date;
    copies_total: number;
    copies_available: number;
  }>(
    db,
    sql`with waiting as (
          select h.book_id, count(*) as waiting, min(h.created_at) as oldest
            from ${holds} h
           where h.status = 'waiting'
           group by h.book_id
        )
        select ${books}.id, ${books}.title_en, ${books}.title_ar, ${authorsJson} as authors,
               waiting.waiting, waiting.oldest, ${books}.copies_total, ${books}.copies_available
          from waiting join ${books} on ${books}.id = waiting.book_id
         order by waiting.waiting::float / greatest(${books}.copies_total, 1) desc, waiting.waiting desc,
                  lower(coalesce(${books}.title_en, ${books}.title_ar)), ${books}.id
         limit ${limit}`,
  );
  return rows.map((row) => ({
    bookId: row.id,
    titleEn: row.title_en,
    titleAr: row.title_ar,
    authors: typeof row.authors === 'string' ? (JSON.parse(row.authors) as AuthorRef[]) : row.authors,
    requests: 0,
    shipped: 0,
    waiting: Number(row.waiting),
    oldestHoldAt: new Date(row.oldest),
    copiesTotal: Number(row.copies_total),
    copiesAvailable: Number(row.copies_available),
  }));
}
