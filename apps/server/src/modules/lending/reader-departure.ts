import { copyStatusAfter, type LoanStatus, OPEN_HOLD_STATUSES } from '@maktaba/shared/lending';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { checkouts, holds } from '../../db/schema/index.js';
import type { Transaction } from '../mail/outbox.js';
import { type Allocation, closeOfferedHold, serveWaitingList } from './holds-allocation.js';
import * as repo from './lending.repository.js';

/** Requests the library has not sent yet: the reader's account can go while these are open. */
const UNSENT = ['requested', 'approved'] as const;

/**
 * A reader's account is being deleted (by an admin, or by the reader), in `tx`, after the caller
 * refused the deletion while a book is still with the reader. Their requests not yet sent are
 * cancelled (a copy held for one goes to the next reader waiting, as on any cancellation), their
 * places on waiting lists close, and every loan of theirs stays for the library's records without
 * identity: the address snapshot keeps only the country, and `user_id` becomes null when the account
 * row goes (ON DELETE SET NULL). Returns whether e-mail was queued (a freed copy offered to another).
 */
export async function closeLoansOfDepartingReader(tx: Transaction, userId: string, at: Allocation): Promise<boolean> {
  const open = await tx
    .select({ id: checkouts.id, status: checkouts.status, copyId: checkouts.copyId, bookId: checkouts.bookId })
    .from(checkouts)
    .where(and(eq(checkouts.userId, userId), inArray(checkouts.status, [...UNSENT])))
    .for('update');
  const released = copyStatusAfter('cancel');
  for (const loan of open) {
    await repo.updateLoan(tx, loan.id, { status: 'cancelled', cancelledAt: at.now });
    if (loan.copyId && released) await repo.setCopyStatus(tx, loan.copyId, released);
    await closeOfferedHold(tx, loan.id, 'cancelled', at.now);
    await repo.insertLoanEvent(tx, {
      loanId: loan.id,
      actorId: null,
      action: 'cancel',
      from: loan.status as LoanStatus,
      to: 'cancelled',
      note: 'account_deleted',
    });
  }
  // Closed before the copies are offered on, so none comes back to this reader.
  await tx
    .update(holds)
    .set({ status: 'cancelled', closedAt: at.now, updatedAt: at.now })
    .where(and(eq(holds.userId, userId), inArray(holds.status, [...OPEN_HOLD_STATUSES])));
  let mailed = false;
  for (const bookId of new Set(open.map((loan) => loan.bookId))) {
    if (await serveWaitingList(tx, bookId, at)) mailed = true;
  }
  await tx
    .update(checkouts)
    .set({
      shippingAddress: sql`jsonb_build_object(
        'name', null, 'address_line_1', '', 'address_line_2', null, 'city', '', 'state_province', '',
        'postal_code', '', 'country', coalesce(${checkouts.shippingAddress} ->> 'country', ''), 'phone_number', null)`,
    })
    .where(eq(checkouts.userId, userId));
  return mailed;
}
