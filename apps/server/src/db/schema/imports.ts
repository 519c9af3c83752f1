import { sql } from 'drizzle-orm';
import { check, index, integer, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { createdAt, id } from './columns.js';
import { userRef } from './user-ref.js';

/** One rejected row of an import file: where it was, which record, and why (an i18n key with params). */
export type StoredRejectedRow = {
  line: number;
  id: string | null;
  reason: string;
  params?: Record<string, string | number>;
};

/**
 * A catalogue import started from the admin page: the page polls this row for progress. Only the
 * first rejected rows are kept (rejected_count says how many there were).
 */
export const importJobs = pgTable(
  'import_jobs',
  {
    id: id(),
    createdBy: userRef('created_by', { onDelete: 'set null' }),
    fileName: text('file_name').notNull(),
    /** What the file holds: books (the catalogue format) or quotes (the quotes JSON Lines format). */
    kind: text('kind').notNull().default('books'),
    /** The status given to the imported records (books or quotes). */
    bookStatus: text('book_status').notNull(),
    status: text('status').notNull().default('running'),
    total: integer('total').notNull().default(0),
    processed: integer('processed').notNull().default(0),
    inserted: integer('inserted').notNull().default(0),
    updated: integer('updated').notNull().default(0),
    unchanged: integer('unchanged').notNull().default(0),
    rejectedCount: integer('rejected_count').notNull().default(0),
    rejectedRows: jsonb('rejected_rows').$type<StoredRejectedRow[]>().notNull().default([]),
    error: text('error'),
    createdAt: createdAt(),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
    /** Moved on at every batch: a running job whose heartbeat stopped was interrupted (a crash or restart). */
    heartbeatAt: timestamp('heartbeat_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('import_jobs_created_idx').on(table.createdAt.desc()),
    index('import_jobs_kind_created_idx').on(table.kind, table.createdAt.desc()),
    check('import_jobs_kind', sql`${table.kind} in ('books', 'quotes')`),
    check('import_jobs_status', sql`${table.status} in ('running', 'done', 'failed')`),
    check('import_jobs_book_status', sql`${table.bookStatus} in ('draft', 'pending', 'approved')`),
  ],
);
