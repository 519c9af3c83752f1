import type { CopyStatus } from '@maktaba/shared/lending';
import {
  type Copy,
  type CopyCreateSchema,
  type CopyUpdateSchema,
  MANUAL_COPY_STATUSES,
} from '@maktaba/shared/schemas/loans';
import type { z } from 'zod';
import type { Actor } from '../../actor.js';
import type { Database } from '../../db/client.js';
import { isUniqueViolation } from '../../db/pg-errors.js';
import type { Queryable } from '../../db/queryable.js';
import { AppError } from '../../errors.js';
import type { RequestMetadata } from '../../request-metadata.js';
import { findBook } from '../catalogue/catalogue.repository.js';
import { bookNotFound } from '../catalogue/catalogue.service.js';
import { auditedBook } from '../catalogue/catalogue-editor.audit.js';
import { serveWaitingList } from '../lending/holds-allocation.js';
import type { Transaction } from '../mail/outbox.js';
import { insertAudit } from '../users/users.repository.js';
import * as repo from './copies.repository.js';

/**
 * A book's physical copies as the catalogue editors keep them (ADR 0014): listed, added, renamed,
 * noted, and moved by hand between available, damaged, lost and withdrawn. The states a loan gives
 * a copy (reserved, on its way, on loan, on its way back) belong to the loan: a copy in one of
 * them, or held by an active loan, keeps its status here. Every change is audited on the book in
 * its transaction; the book's counters follow through the trigger on book_copies.
 */

export type Editor = {
  actor: Actor;
  request: RequestMetadata;
  /** A copy added or made available goes to the book's waiting list first (ADR 0016). */
  waitingList?: { publicUrl: string; wakeMailer: () => void };
};

/** Offers a book's available copies to its waiting list in this transaction; whether mail was queued. */
async function serveQueue(tx: Transaction, editor: Editor, bookId: string): Promise<boolean> {
  if (!editor.waitingList) return false;
  return serveWaitingList(tx, bookId, { publicUrl: editor.waitingList.publicUrl, now: new Date() });
}

type CreateInput = z.output<typeof CopyCreateSchema>;
type UpdateInput = z.output<typeof CopyUpdateSchema>;

const copyNotFound = () => new AppError('NOT_FOUND', 'Copy not found');
const barcodeTaken = (barcode: string) => new AppError('BARCODE_TAKEN', undefined, { details: { barcode } });

function toCopy(row: repo.CopyRow): Copy {
  return {
    id: row.id,
    book_id: row.bookId,
    barcode: row.barcode,
    status: row.status as CopyStatus,
    condition_note: row.conditionNote,
    created_at: row.createdAt.toISOString(),
    loan_id: row.loanId,
  };
}

const isManual = (status: string) => (MANUAL_COPY_STATUSES as readonly string[]).includes(status);

export async function listCopies(db: Database, bookId: string): Promise<Copy[]> {
  if (!(await findBook(db, bookId))) throw bookNotFound();
  return (await repo.findCopies(db, bookId)).map(toCopy);
}

/** One copy with the given barcode, or `count` copies with barcodes from the library's sequence. */
export async function addCopies(db: Database, editor: Editor, bookId: string, input: CreateInput): Promise<Copy[]> {
  let mailed = false;
  try {
    const copies = await db.transaction(async (tx) => {
      if (!(await repo.lockBook(tx, bookId))) throw bookNotFound();
      if (input.barcode) {
        const [taken] = await repo.takenBarcodes(tx, [input.barcode]);
        if (taken) throw barcodeTaken(input.barcode);
      }
      const before = await repo.bookCounters(tx, bookId);
      const count = input.barcode ? 1 : input.count;
      const ids = await repo.insertCopies(
        tx,
        Array.from({ length: count }, () => ({
          bookId,
          status: 'available' as const,
          conditionNote: input.condition_note,
          barcode: input.barcode,
        })),
      );
      const added = await repo.findCopiesByIds(tx, ids);
      const after = await repo.bookCounters(tx, bookId);
      await audit(tx, editor, bookId, {
        changes: {
          copies_added: added.map((copy) => copy.barcode),
          copies_total: after.total,
          copies_available: after.available,
        },
        previous: { copies_total: before.total, copies_available: before.available },
      });
      mailed = await serveQueue(tx, editor, bookId);
      return (await repo.findCopiesByIds(tx, ids)).map(toCopy);
    });
    if (mailed) editor.waitingList?.wakeMailer();
    return copies;
  } catch (error) {
    // Another editor gave the same barcode at the same moment: the unique index answers.
    if (input.barcode && !(error instanceof AppError) && isUniqueViolation(error)) throw barcodeTaken(input.barcode);
    throw error;
  }
}

/**
 * Changes a copy's barcode, condition note or status. A copy a loan holds (or in a loan's state)
 * cannot have its status changed by hand: the loan moves it (WRONG_STATE).
 */
export async function updateCopy(db: Database, editor: Editor, copyId: string, input: UpdateInput): Promise<Copy> {
  let mailed = false;
  try {
    const result = await db.transaction(async (tx) => {
      const copy = await repo.lockCopy(tx, copyId);
      if (!copy) throw copyNotFound();
      const values: Parameters<typeof repo.updateCopy>[2] = {};
      if (input.status !== undefined && input.status !== copy.status) {
        if (copy.loanId || !isManual(copy.status)) {
          throw new AppError('WRONG_STATE', 'A loan holds this copy; its status follows the loan.', {
            details: { status: copy.status },
          });
        }
        values.status = input.status;
      }
      if (input.barcode !== undefined && input.barcode !== copy.barcode) {
        const taken = await repo.takenBarcodes(tx, [input.barcode], copy.id);
        if (taken.length > 0) throw barcodeTaken(input.barcode);
        values.barcode = input.barcode;
      }
      // The note is replaced only when the request names it (an empty one clears it).
      if (input.condition_note !== undefined && input.condition_note !== copy.conditionNote) {
        values.conditionNote = input.condition_note;
      }
      if (Object.keys(values).length === 0) return toCopy(copy);

      const before = await repo.bookCounters(tx, copy.bookId);
      await repo.updateCopy(tx, copy.id, values);
      const after = await repo.bookCounters(tx, copy.bookId);
      const changes: Record<string, unknown> = { copy: values.barcode ?? copy.barcode };
      const previous: Record<string, unknown> = {};
      if (values.barcode !== undefined) {
        changes.copy_barcode = values.barcode;
        previous.copy_barcode = copy.barcode;
      }
      if (values.status !== undefined) {
        changes.copy_status = values.status;
        previous.copy_status = copy.status;
      }
      if (values.conditionNote !== undefined) {
        changes.copy_condition_note = values.conditionNote;
        previous.copy_condition_note = copy.conditionNote;
      }
      if (after.total !== before.total) {
        changes.copies_total = after.total;
        previous.copies_total = before.total;
      }
      if (after.available !== before.available) {
        changes.copies_available = after.available;
        previous.copies_available = before.available;
      }
      await audit(tx, editor, copy.bookId, { changes, previous, copyId: copy.id });
      if (values.status === 'available') mailed = await serveQueue(tx, editor, copy.bookId);
      const [updated] = await repo.findCopiesByIds(tx, [copy.id]);
      return toCopy(updated ?? copy);
    });
    if (mailed) editor.waitingList?.wakeMailer();
    return result;
  } catch (error) {
    if (input.barcode && !(error instanceof AppError) && isUniqueViolation(error)) throw barcodeTaken(input.barcode);
    throw error;
  }
}

/** A copy change in the audit log: an edit of its book, naming the copy and what changed. */
async function audit(
  tx: Queryable,
  editor: Editor,
  bookId: string,
  entry: { changes: Record<string, unknown>; previous: Record<string, unknown>; copyId?: string },
) {
  const book = await findBook(tx, bookId);
  if (!book) throw bookNotFound();
  await insertAudit(tx, {
    actorId: editor.actor.id,
    actionType: 'update_book',
    targetType: 'book',
    targetId: bookId,
    ipAddress: editor.request.clientIp ?? null,
    changes: entry.changes,
    metadata: {
      label: auditedBook(book).label,
      previous: entry.previous,
      ...(entry.copyId ? { copy_id: entry.copyId } : {}),
    },
  });
}
