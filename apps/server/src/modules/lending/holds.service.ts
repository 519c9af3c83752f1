import type { Language } from '@maktaba/shared/constants';
import { estimatedWaitDays } from '@maktaba/shared/lending';
import type { BorrowContext, DeskHold, Hold, HoldList } from '@maktaba/shared/schemas/loans';
import type { Actor } from '../../actor.js';
import { isUniqueViolation } from '../../db/pg-errors.js';
import type { Queryable } from '../../db/queryable.js';
import { AppError } from '../../errors.js';
import { translator } from '../mail/templates.js';
import { notifyUser } from '../notifications/notifications.service.js';
import { recordUserActivity } from '../users/user-activity.repository.js';
import * as holdsRepo from './holds.repository.js';
import { closeOfferedHold, serveWaitingList } from './holds-allocation.js';
import * as repo from './lending.repository.js';
import {
  bookTitleIn,
  bookVisible,
  getLendingSettings,
  type LendingContext,
  loanBookOf,
  READER_LOANS_PATH,
  shippingAddressOf,
} from './lending-common.js';

/*
 * Waiting lists (ADR 0016): a reader joins a book's queue when no copy is free, sees their place
 * and an estimate, leaves it, and confirms the copy the queue gives them; the desk reorders a
 * queue and removes a hold with a reason.
 */

const holdNotFound = () => new AppError('NOT_FOUND', 'Hold not found');
const clock = (ctx: LendingContext) => (ctx.now ? ctx.now() : new Date());

/** Why joining the waiting list would be refused now, in the order `placeHold` checks, or null. */
export function holdBlockedReason(state: {
  active: boolean;
  /** A book offered from the list becomes a loan request, which needs a confirmed address (as borrowing does). */
  verified: boolean;
  address: boolean;
  copies: number;
  requested: boolean;
  onList: boolean;
  underLimit: boolean;
  overdue: boolean;
}): BorrowContext['hold_blocked_by'] {
  if (!state.active) return 'ACCOUNT_DISABLED';
  if (!state.verified) return 'EMAIL_NOT_VERIFIED';
  if (!state.address) return 'ADDRESS_REQUIRED';
  if (state.requested) return 'ALREADY_REQUESTED';
  if (state.onList) return 'ALREADY_ON_WAITING_LIST';
  if (state.copies > 0) return 'COPY_AVAILABLE';
  if (state.overdue) return 'OVERDUE_LOANS';
  if (!state.underLimit) return 'HOLD_LIMIT_REACHED';
  return null;
}

/** Holds as readers and the desk see them: each waiting one's place and an estimate of the wait. */
async function holdViews(db: Queryable, rows: holdsRepo.HoldRow[], now: Date): Promise<DeskHold[]> {
  const bookIds = [...new Set(rows.map((row) => row.bookId))];
  const [settings, queues, dueDates] = await Promise.all([
    getLendingSettings(db),
    Promise.all(bookIds.map(async (bookId) => [bookId, await holdsRepo.findQueue(db, bookId)] as const)),
    holdsRepo.findDueDates(db, bookIds),
  ]);
  const queueOf = new Map(queues);
  return rows.map((row) => {
    const waiting = (queueOf.get(row.bookId) ?? []).filter((hold) => hold.status === 'waiting');
    const index = waiting.findIndex((hold) => hold.id === row.id);
    const position = row.status === 'waiting' && index >= 0 ? index + 1 : null;
    return {
      id: row.id,
      status: row.status as Hold['status'],
      book: loanBookOf(row),
      position,
      queue_length: waiting.length,
      estimated_days:
        position === null
          ? null
          : estimatedWaitDays(position, dueDates.get(row.bookId) ?? [], now, settings.loan_period_days),
      created_at: row.createdAt.toISOString(),
      loan_id: row.status === 'offered' ? row.loanId : null,
      confirm_by: row.status === 'offered' && row.confirmBy ? row.confirmBy.toISOString() : null,
      reason: row.reason,
      patron: { id: row.userId, name: row.patronName, email: row.patronEmail },
    };
  });
}

const forReader = ({ patron: _patron, ...hold }: DeskHold): Hold => hold;

export async function holdView(db: Queryable, id: string, now: Date): Promise<Hold | null> {
  const row = await holdsRepo.findHold(db, id);
  if (!row) return null;
  const [view] = await holdViews(db, [row], now);
  return view ? forReader(view) : null;
}

export async function listOwnHolds(ctx: LendingContext, actor: Actor): Promise<HoldList> {
  const rows = await holdsRepo.findOwnHolds(ctx.db, actor.id);
  return { items: (await holdViews(ctx.db, rows, clock(ctx))).map(forReader) };
}

/**
 * A reader joins a book's waiting list. Under the reader's lock (the per-reader limit) and then the
 * book's (each new hold takes the next place), the rules are checked in order.
 */
export async function placeHold(
  ctx: LendingContext,
  actor: Actor,
  input: { book_id: string; locale: Language },
): Promise<Hold> {
  const now = clock(ctx);
  let id: string;
  try {
    id = await ctx.db.transaction(async (tx) => {
      const reader = await repo.lockReader(tx, actor.id);
      if (!reader) throw new AppError('PROFILE_NOT_FOUND');
      if (reader.status !== 'active') throw new AppError('ACCOUNT_DISABLED');
      if (reader.emailVerified === false) throw new AppError('EMAIL_NOT_VERIFIED');
      const book = await repo.findBook(tx, input.book_id);
      if (!book || !bookVisible(book.status, actor)) throw new AppError('NOT_FOUND', 'Book not found');
      if (!shippingAddressOf(reader)) throw new AppError('ADDRESS_REQUIRED');
      if (await repo.findActiveLoanId(tx, actor.id, input.book_id)) throw new AppError('ALREADY_REQUESTED');
      if (await holdsRepo.findOpenHold(tx, actor.id, input.book_id)) throw new AppError('ALREADY_ON_WAITING_LIST');
      await holdsRepo.lockBookQueue(tx, input.book_id);
      if ((await repo.findBook(tx, input.book_id))?.copiesAvailable) throw new AppError('COPY_AVAILABLE');
      const settings = await getLendingSettings(tx);
      if (settings.overdue_blocks_borrowing) {
        const overdue = await repo.findOverdueLoanIds(tx, [actor.id], now);
        if ((overdue.get(actor.id) ?? []).length > 0) throw new AppError('OVERDUE_LOANS');
      }
      if ((await holdsRepo.countOpenHolds(tx, actor.id)) >= settings.holds_per_reader) {
        throw new AppError('HOLD_LIMIT_REACHED', undefined, { details: { limit: settings.holds_per_reader } });
      }
      const hold = await holdsRepo.insertHold(tx, {
        userId: actor.id,
        bookId: input.book_id,
        sortKey: await holdsRepo.nextSortKey(tx, input.book_id),
        locale: input.locale,
      });
      await recordUserActivity(tx, actor.id, 'hold_placed', { book_id: input.book_id, hold_id: hold.id });
      return hold.id;
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw new AppError('ALREADY_ON_WAITING_LIST');
    throw error;
  }
  const view = await holdView(ctx.db, id, now);
  if (!view) throw holdNotFound();
  return view;
}

/**
 * A reader leaves a waiting list. Leaving a hold that was offered a copy declines it: its loan is
 * cancelled and the copy goes to the next reader in line, in the same transaction.
 */
export async function leaveHold(ctx: LendingContext, actor: Actor, holdId: string): Promise<void> {
  await endHold(ctx, holdId, { by: actor, ownerOnly: true, reason: null });
}

async function endHold(
  ctx: LendingContext,
  holdId: string,
  how: { by: Actor; ownerOnly: boolean; reason: string | null },
) {
  const now = clock(ctx);
  let mailed = false;
  await ctx.db.transaction(async (tx) => {
    const hold = await holdsRepo.lockHold(tx, holdId);
    if (!hold || (how.ownerOnly && hold.userId !== how.by.id)) throw holdNotFound();
    if (hold.status !== 'waiting' && hold.status !== 'offered') {
      throw new AppError('WRONG_STATE', undefined, { details: { status: hold.status } });
    }
    await holdsRepo.updateHold(tx, hold.id, { status: 'cancelled', closedAt: now, reason: how.reason });
    if (hold.status === 'offered' && hold.loanId) {
      const loan = await repo.lockLoan(tx, hold.loanId);
      if (loan && (loan.status === 'requested' || loan.status === 'approved') && !loan.confirmedAt) {
        await repo.updateLoan(tx, loan.id, { status: 'cancelled', cancelledAt: now });
        if (loan.copyId) await repo.setCopyStatus(tx, loan.copyId, 'available');
        await repo.insertLoanEvent(tx, {
          loanId: loan.id,
          actorId: how.by.id,
          action: 'cancel',
          from: loan.status as 'requested' | 'approved',
          to: 'cancelled',
          note: how.reason,
        });
        mailed = await serveWaitingList(tx, hold.bookId, { publicUrl: ctx.publicUrl, now });
      }
    }
    if (how.reason !== null) {
      const locale: Language = hold.locale === 'ar' ? 'ar' : 'en';
      const t = translator(locale);
      const title = await bookTitleIn(tx, hold.bookId, locale);
      await notifyUser(tx, {
        userId: hold.userId,
        link: READER_LOANS_PATH,
        title: t('lending.notify.holdRemovedTitle'),
        message: t('lending.notify.holdRemovedMessage', { title, reason: how.reason }),
        type: 'info',
      });
    }
  });
  if (mailed) ctx.wakeMailer();
}

/**
 * The reader confirms a copy offered from the waiting list, within its window: the request goes
 * to the desk as any other (or, approved already, to packing), and the hold is fulfilled.
 */
export async function confirmOffer(ctx: LendingContext, actor: Actor, loanId: string): Promise<void> {
  const now = clock(ctx);
  await ctx.db.transaction(async (tx) => {
    const loan = await repo.lockLoan(tx, loanId);
    if (!loan || loan.userId !== actor.id) throw new AppError('NOT_FOUND', 'Loan not found');
    const open = loan.status === 'requested' || loan.status === 'approved';
    if (!loan.confirmBy || loan.confirmedAt || !open || loan.confirmBy.getTime() < now.getTime()) {
      throw new AppError('WRONG_STATE', undefined, { details: { status: loan.status } });
    }
    await repo.updateLoan(tx, loan.id, { confirmedAt: now });
    const hold = await holdsRepo.findHoldOfLoan(tx, loan.id);
    if (hold) await holdsRepo.updateHold(tx, hold.id, { status: 'fulfilled', closedAt: now });
    await repo.insertLoanEvent(tx, {
      loanId: loan.id,
      actorId: actor.id,
      action: 'confirm',
      from: loan.status as 'requested' | 'approved',
      to: loan.status as 'requested' | 'approved',
    });
  });
}

/**
 * Offers whose window passed (the notices job): each loan is cancelled by the library, its hold
 * expires, the reader is told, and the copy goes to the next reader. Returns how many expired.
 */
export async function expireOffers(ctx: LendingContext, now: Date): Promise<{ expired: number; mailed: boolean }> {
  let expired = 0;
  let mailed = false;
  for (;;) {
    const taken = await ctx.db.transaction(async (tx) => {
      const loans = await holdsRepo.takeExpiredOffers(tx, now, 100);
      for (const loan of loans) {
        await repo.updateLoan(tx, loan.id, { status: 'cancelled', cancelledAt: now });
        if (loan.copyId) await repo.setCopyStatus(tx, loan.copyId, 'available');
        await repo.insertLoanEvent(tx, {
          loanId: loan.id,
          actorId: null,
          action: 'expire',
          from: loan.status as 'requested' | 'approved',
          to: 'cancelled',
        });
        await closeOfferedHold(tx, loan.id, 'expired', now);
        const locale: Language = loan.locale === 'ar' ? 'ar' : 'en';
        const t = translator(locale);
        const title = await bookTitleIn(tx, loan.bookId, locale);
        await notifyUser(tx, {
          userId: loan.userId,
          link: READER_LOANS_PATH,
          title: t('lending.notify.offerExpiredTitle'),
          message: t('lending.notify.offerExpiredMessage', { title }),
          type: 'info',
        });
        if (await serveWaitingList(tx, loan.bookId, { publicUrl: ctx.publicUrl, now })) mailed = true;
      }
      return loans.length;
    });
    expired += taken;
    if (taken < 100) return { expired, mailed };
  }
}

// --- The desk ------------------------------------------------------------------------------------

export async function deskQueue(ctx: LendingContext, bookId: string): Promise<DeskHold[]> {
  if (!(await repo.findBook(ctx.db, bookId))) throw new AppError('NOT_FOUND', 'Book not found');
  return holdViews(ctx.db, await holdsRepo.findQueue(ctx.db, bookId), clock(ctx));
}

/** The desk puts the waiting holds of a book in a new order (every waiting hold's id, once). */
export async function reorderQueue(ctx: LendingContext, bookId: string, ids: string[]): Promise<DeskHold[]> {
  await ctx.db.transaction(async (tx) => {
    if (!(await holdsRepo.lockBookQueue(tx, bookId))) throw new AppError('NOT_FOUND', 'Book not found');
    const waiting = (await holdsRepo.findQueue(tx, bookId)).filter((hold) => hold.status === 'waiting');
    const known = new Set(waiting.map((hold) => hold.id));
    if (ids.length !== known.size || new Set(ids).size !== ids.length || ids.some((id) => !known.has(id))) {
      throw new AppError('VALIDATION_FAILED', undefined, {
        details: { fieldErrors: { ids: ['validation.holds.queueChanged'] } },
      });
    }
    const base = await holdsRepo.nextSortKey(tx, bookId);
    for (const [index, id] of ids.entries()) await holdsRepo.updateHold(tx, id, { sortKey: base + index });
  });
  return deskQueue(ctx, bookId);
}

export async function removeHold(ctx: LendingContext, actor: Actor, holdId: string, reason: string): Promise<void> {
  await endHold(ctx, holdId, { by: actor, ownerOnly: false, reason });
}
