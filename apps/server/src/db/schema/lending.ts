import {
  ACTIVE_LOAN_STATUSES,
  CLOSED_LOAN_STATUSES,
  COPY_STATUSES,
  HOLD_STATUSES,
  LOAN_STATUSES,
  OPEN_HOLD_STATUSES,
} from '@maktaba/shared/lending';
import type { ShippingAddress } from '@maktaba/shared/schemas/loans';
import { sql } from 'drizzle-orm';
import {
  bigint,
  check,
  index,
  integer,
  jsonb,
  pgSequence,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { books } from './catalogue.js';
import { createdAt, id, updatedAt } from './columns.js';
import { userRef } from './user-ref.js';

/*
 * Lending by shipment (ADR 0014). A book's physical copies are records; `books.copies_total` and
 * `copies_available` follow them through a trigger on `book_copies` (migration 0010), in the
 * transaction that changes a copy. A loan is a `checkouts` row with the spec's columns kept.
 */

const inList = (values: readonly string[]) => sql.raw(values.map((value) => `'${value}'`).join(', '));

/** Barcodes the library assigns: MK0000001, MK0000002, … (a copy may also be given its own). */
export const bookCopyBarcodeSeq = pgSequence('book_copy_barcode_seq', { startWith: 1 });

export const bookCopies = pgTable(
  'book_copies',
  {
    id: id(),
    bookId: uuid('book_id')
      .notNull()
      .references(() => books.id, { onDelete: 'cascade' }),
    barcode: text('barcode').notNull().default(sql`'MK' || lpad(nextval('book_copy_barcode_seq')::text, 7, '0')`),
    status: text('status').notNull().default('available'),
    conditionNote: text('condition_note'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [
    uniqueIndex('book_copies_barcode_idx').on(sql`lower(${table.barcode})`),
    index('book_copies_book_status_idx').on(table.bookId, table.status),
    /** The desk's search by part of a barcode (ILIKE '%…%'). */
    index('book_copies_barcode_trgm_idx').using('gin', sql`${table.barcode} gin_trgm_ops`),
    check('book_copies_status_check', sql`${table.status} in (${inList(COPY_STATUSES)})`),
  ],
);

/** Lending records: one per request, following it to its end (spec columns kept). */
export const checkouts = pgTable(
  'checkouts',
  {
    id: id(),
    /**
     * The reader; null once their account is deleted: the loan stays for the library's records and
     * reports, without identity (its address snapshot is cleared in the same transaction).
     */
    userId: userRef('user_id', { onDelete: 'set null' }),
    bookId: uuid('book_id')
      .notNull()
      .references(() => books.id, { onDelete: 'restrict' }),
    /** When the reader asked. */
    checkedOutAt: timestamp('checked_out_at', { withTimezone: true }).notNull().defaultNow(),
    /** Set on delivery: the loan period later. */
    dueDate: timestamp('due_date', { withTimezone: true }),
    /** Set when the desk receives the copy back. */
    returnedAt: timestamp('returned_at', { withTimezone: true }),
    status: text('status').notNull().default('requested'),
    copyId: uuid('copy_id').references(() => bookCopies.id, { onDelete: 'restrict' }),
    shippingAddress: jsonb('shipping_address').$type<ShippingAddress>().notNull(),
    locale: text('locale').notNull().default('en'),
    approvedAt: timestamp('approved_at', { withTimezone: true }),
    deniedAt: timestamp('denied_at', { withTimezone: true }),
    denialReason: text('denial_reason'),
    cancelledAt: timestamp('cancelled_at', { withTimezone: true }),
    shippedAt: timestamp('shipped_at', { withTimezone: true }),
    carrier: text('carrier'),
    trackingNumber: text('tracking_number'),
    deliveredAt: timestamp('delivered_at', { withTimezone: true }),
    returnShippedAt: timestamp('return_shipped_at', { withTimezone: true }),
    returnCarrier: text('return_carrier'),
    returnTrackingNumber: text('return_tracking_number'),
    returnCondition: text('return_condition'),
    lostAt: timestamp('lost_at', { withTimezone: true }),
    /** Renewals granted so far (each added a loan period to the due date). */
    renewalCount: integer('renewal_count').notNull().default(0),
    /** When the due-date reminder went out for the current due date (null: not yet). */
    reminderSentAt: timestamp('reminder_sent_at', { withTimezone: true }),
    /** Overdue notices sent for the current due date, and when the last went. */
    overdueNoticeCount: integer('overdue_notice_count').notNull().default(0),
    lastOverdueNoticeAt: timestamp('last_overdue_notice_at', { withTimezone: true }),
    /** A copy offered from the waiting list: the reader confirms by then (ADR 0016); null otherwise. */
    confirmBy: timestamp('confirm_by', { withTimezone: true }),
    confirmedAt: timestamp('confirmed_at', { withTimezone: true }),
    updatedAt: updatedAt(),
  },
  (table) => [
    index('checkouts_user_checked_out_idx').on(table.userId, table.checkedOutAt),
    index('checkouts_returned_idx').on(table.returnedAt.desc()),
    /** The desk's queues in request or due-date order, ties by id: read in order, no sort. */
    index('checkouts_status_checked_out_idx').on(table.status, table.checkedOutAt, table.id),
    index('checkouts_status_due_idx').on(table.status, table.dueDate, table.id),
    index('checkouts_status_updated_idx').on(table.status, table.updatedAt, table.id),
    /**
     * The desk's closed queue (four states) in each order, read in order from one index: an index
     * on the status cannot give four states' loans in one order without sorting them all.
     */
    index('checkouts_closed_checked_out_idx')
      .on(table.checkedOutAt, table.id)
      .where(sql`${table.status} in (${inList(CLOSED_LOAN_STATUSES)})`),
    index('checkouts_closed_due_idx')
      .on(table.dueDate, table.id)
      .where(sql`${table.status} in (${inList(CLOSED_LOAN_STATUSES)})`),
    index('checkouts_closed_updated_idx')
      .on(table.updatedAt, table.id)
      .where(sql`${table.status} in (${inList(CLOSED_LOAN_STATUSES)})`),
    index('checkouts_copy_idx').on(table.copyId),
    /** The lending reports count requests and loans sent by date range. */
    index('checkouts_checked_out_idx').on(table.checkedOutAt),
    index('checkouts_shipped_idx').on(table.shippedAt).where(sql`${table.shippedAt} is not null`),
    index('checkouts_book_idx').on(table.bookId),
    /** One active loan per reader and book (ALREADY_REQUESTED). */
    uniqueIndex('checkouts_active_per_book_idx')
      .on(table.userId, table.bookId)
      .where(sql`${table.status} in (${inList(ACTIVE_LOAN_STATUSES)})`),
    /** One active loan per copy: the last line of defence against lending a copy twice. */
    uniqueIndex('checkouts_active_per_copy_idx')
      .on(table.copyId)
      .where(sql`${table.status} in (${inList(ACTIVE_LOAN_STATUSES)})`),
    check('checkouts_renewal_count_check', sql`${table.renewalCount} >= 0`),
    check('checkouts_overdue_notice_count_check', sql`${table.overdueNoticeCount} >= 0`),
    check('checkouts_status_check', sql`${table.status} in (${inList(LOAN_STATUSES)})`),
    check('checkouts_locale_check', sql`${table.locale} in ('en', 'ar')`),
    check(
      'checkouts_return_condition_check',
      sql`${table.returnCondition} is null or ${table.returnCondition} in ('good', 'damaged')`,
    ),
  ],
);

/** Every transition of a loan: who, when, from → to, and the note given. */
export const loanEvents = pgTable(
  'loan_events',
  {
    id: id(),
    loanId: uuid('loan_id')
      .notNull()
      .references(() => checkouts.id, { onDelete: 'cascade' }),
    actorId: userRef('actor_id', { onDelete: 'set null' }),
    action: text('action').notNull(),
    fromStatus: text('from_status'),
    toStatus: text('to_status').notNull(),
    note: text('note'),
    createdAt: createdAt(),
  },
  (table) => [index('loan_events_loan_idx').on(table.loanId, table.createdAt)],
);

/**
 * Waiting lists (ADR 0016): a reader's place in a book's queue, in `sort_key` order. A copy that
 * comes free becomes a loan for the first waiting hold, which is then `offered` (with that loan)
 * until the reader confirms (`fulfilled`), lets the window pass (`expired`) or leaves (`cancelled`).
 */
export const holds = pgTable(
  'holds',
  {
    id: id(),
    userId: userRef('user_id', { onDelete: 'cascade' }).notNull(),
    bookId: uuid('book_id')
      .notNull()
      .references(() => books.id, { onDelete: 'cascade' }),
    status: text('status').notNull().default('waiting'),
    /** The place in the book's queue: smaller first; the desk may reorder. */
    sortKey: bigint('sort_key', { mode: 'number' }).notNull(),
    /** The language the reader joined in: the "available for you" notice uses it. */
    locale: text('locale').notNull().default('en'),
    loanId: uuid('loan_id').references(() => checkouts.id, { onDelete: 'set null' }),
    offeredAt: timestamp('offered_at', { withTimezone: true }),
    closedAt: timestamp('closed_at', { withTimezone: true }),
    /** Why the desk removed the hold (the reader is told). */
    reason: text('reason'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [
    index('holds_book_queue_idx').on(table.bookId, table.status, table.sortKey),
    index('holds_user_idx').on(table.userId, table.createdAt),
    index('holds_loan_idx').on(table.loanId),
    /** One open hold per reader and book (ALREADY_ON_WAITING_LIST). */
    uniqueIndex('holds_open_per_book_idx')
      .on(table.userId, table.bookId)
      .where(sql`${table.status} in (${inList(OPEN_HOLD_STATUSES)})`),
    check('holds_status_check', sql`${table.status} in (${inList(HOLD_STATUSES)})`),
    check('holds_locale_check', sql`${table.locale} in ('en', 'ar')`),
  ],
);
