import type { Language } from '@maktaba/shared/constants';
import {
  availableActions,
  borrowingLimit,
  CLOSED_LOAN_STATUSES,
  checkAction,
  copyStatusAfter,
  dueDateFor,
  isOverdue,
  type LoanAction,
  type LoanStatus,
  REQUEST_COPY_STATUS,
  type ReturnCondition,
  renewalRefusal,
  renewedDueDate,
} from '@maktaba/shared/lending';
import type {
  BorrowContext,
  BulkResult,
  DeskCounts,
  DeskLoan,
  DeskLoanDetail,
  DeskLoanList,
  DeskQuery,
  LendingSettings,
  Loan,
  LoanEvent,
  LoanList,
  LoanListQuery,
  ShippingAddress,
} from '@maktaba/shared/schemas/loans';
import type { Actor } from '../../actor.js';
import type { Database } from '../../db/client.js';
import type { Queryable } from '../../db/queryable.js';
import { AppError } from '../../errors.js';
import type { Transaction } from '../mail/outbox.js';
import { enqueueEmail } from '../mail/outbox.js';
import { translator } from '../mail/templates.js';
import { notifyUser } from '../notifications/notifications.service.js';
import { readerChannels } from '../profiles/notification-channels.js';
import { recordUserActivity } from '../users/user-activity.repository.js';
import { insertAudit } from '../users/users.repository.js';
import * as holdsRepo from './holds.repository.js';
import { holdBlockedReason, holdView } from './holds.service.js';
import { closeOfferedHold, serveWaitingList } from './holds-allocation.js';
import * as repo from './lending.repository.js';
import {
  bookVisible,
  formatDay,
  getLendingSettings,
  type LendingContext,
  loanBookOf,
  READER_LOANS_PATH,
  shippingAddressOf,
} from './lending-common.js';

export { getLendingSettings, type LendingContext } from './lending-common.js';

/*
 * Lending by shipment (ADR 0014). Every change to a loan runs in one transaction: the loan row is
 * locked, the action is checked against the shared state machine (packages/shared/src/lending.ts),
 * the loan, its copy, the event log, the reader's notification and e-mail are written together,
 * or nothing is.
 */

const loanNotFound = () => new AppError('NOT_FOUND', 'Loan not found');
const iso = (date: Date | null) => (date ? date.toISOString() : null);

// --- Settings ------------------------------------------------------------------------------------

/**
 * An admin changes the lending rules: stored, and audited with what changed (before and after), in
 * one transaction. They apply from the next request: every rule is read when it is used.
 */
export async function saveLendingSettings(
  db: Database,
  actor: Actor,
  settings: LendingSettings,
  ipAddress: string | null,
): Promise<LendingSettings> {
  await db.transaction(async (tx) => {
    const before = await getLendingSettings(tx);
    await repo.saveLendingSettings(tx, settings);
    const changes: Record<string, unknown> = {};
    const previous: Record<string, unknown> = {};
    for (const key of Object.keys(settings) as (keyof LendingSettings)[]) {
      if (JSON.stringify(before[key]) === JSON.stringify(settings[key])) continue;
      changes[key] = settings[key];
      previous[key] = before[key];
    }
    if (Object.keys(changes).length === 0) return;
    await insertAudit(tx, {
      actorId: actor.id,
      actionType: 'update_lending_settings',
      targetType: 'settings',
      targetId: null,
      changes,
      metadata: { previous },
      ipAddress,
    });
  });
  return getLendingSettings(db);
}

// --- Mapping -------------------------------------------------------------------------------------

/** What a loan's renewal depends on beyond the loan: the library's rules and the reader's overdue loans. */
type RenewalRules = {
  settings: LendingSettings;
  /** The reader's overdue loans. */
  overdueIds: readonly string[];
  /** Readers waiting, per book (a loan of a book others wait for is not renewed). */
  waiting: ReadonlyMap<string, number>;
};
type LoanRef = { userId: string; bookId: string };

function renewBlockedBy(row: repo.ReaderLoan, rules: RenewalRules, now: Date) {
  if (row.status !== 'on_loan') return null;
  return renewalRefusal({
    renewals: row.renewalCount,
    renewalsMax: rules.settings.renewals_max,
    due: row.dueDate,
    now,
    graceDays: rules.settings.renewal_grace_days,
    otherOverdue: rules.overdueIds.some((id) => id !== row.id),
    overdueBlocks: rules.settings.overdue_blocks_borrowing,
    othersWaiting: (rules.waiting.get(row.bookId) ?? 0) > 0,
  });
}

/** The renewal rules for these loans: one query for their readers' overdue loans, one for their books' waiting lists. */
async function renewalRulesFor(
  db: Queryable,
  loans: readonly LoanRef[],
  now: Date,
): Promise<(userId: string) => RenewalRules> {
  const [settings, overdue, waiting] = await Promise.all([
    getLendingSettings(db),
    repo.findOverdueLoanIds(
      db,
      loans.map((loan) => loan.userId),
      now,
    ),
    holdsRepo.countWaiting(
      db,
      loans.map((loan) => loan.bookId),
    ),
  ]);
  return (userId) => ({ settings, overdueIds: overdue.get(userId) ?? [], waiting });
}

/** The rules for one loan. */
const rulesOf = async (db: Queryable, loan: LoanRef, now: Date) =>
  (await renewalRulesFor(db, [loan], now))(loan.userId);

function toLoan(
  row: repo.LoanRow,
  who: { role: Actor['role']; isOwner: boolean },
  now: Date,
  rules: RenewalRules,
): Loan {
  const status = row.status as LoanStatus;
  return {
    id: row.id,
    status,
    book: loanBookOf(row),
    copy: row.copyId && row.barcode ? { id: row.copyId, barcode: row.barcode } : null,
    shipping_address: normaliseAddress(row.shippingAddress),
    locale: row.locale === 'ar' ? 'ar' : 'en',
    requested_at: row.checkedOutAt.toISOString(),
    approved_at: iso(row.approvedAt),
    denied_at: iso(row.deniedAt),
    denial_reason: row.denialReason,
    cancelled_at: iso(row.cancelledAt),
    shipped_at: iso(row.shippedAt),
    carrier: row.carrier,
    tracking_number: row.trackingNumber,
    delivered_at: iso(row.deliveredAt),
    due_date: iso(row.dueDate),
    return_shipped_at: iso(row.returnShippedAt),
    return_carrier: row.returnCarrier,
    return_tracking_number: row.returnTrackingNumber,
    returned_at: iso(row.returnedAt),
    return_condition: (row.returnCondition as ReturnCondition | null) ?? null,
    lost_at: iso(row.lostAt),
    overdue: isOverdue({ status, due_date: row.dueDate }, now),
    renewal_count: row.renewalCount,
    renewals_max: rules.settings.renewals_max,
    renew_blocked_by: renewBlockedBy(row, rules, now),
    confirm_by: iso(row.confirmBy),
    confirmed_at: iso(row.confirmedAt),
    actions: availableActions(status, who),
  };
}

/** Loans recorded before addresses were kept have an empty snapshot: answer it as empty strings. */
function normaliseAddress(value: Partial<ShippingAddress> | null | undefined): ShippingAddress {
  return {
    name: value?.name ?? null,
    address_line_1: value?.address_line_1 ?? '',
    address_line_2: value?.address_line_2 ?? null,
    city: value?.city ?? '',
    state_province: value?.state_province ?? '',
    postal_code: value?.postal_code ?? '',
    country: value?.country ?? '',
    phone_number: value?.phone_number ?? null,
  };
}

function toDeskLoan(row: repo.LoanRow, actor: Actor, now: Date, rules: RenewalRules): DeskLoan {
  return {
    ...toLoan(row, { role: actor.role, isOwner: row.userId === actor.id }, now, rules),
    patron: { id: row.userId, name: row.patronName, email: row.patronEmail, phone_number: row.patronPhone },
    updated_at: row.updatedAt.toISOString(),
    overdue_notices: row.overdueNoticeCount,
    last_notice_at: iso(row.lastOverdueNoticeAt),
  };
}

/** Why a request would be refused now, in the order `requestLoan` checks, or null. */
function blockedReason(state: {
  active: boolean;
  requested: boolean;
  address: boolean;
  underLimit: boolean;
  copies: number;
  /** The reader has an overdue loan and the library makes that block borrowing. */
  overdue: boolean;
  /** The reader's e-mail address is verified (books go to real people, who must be reachable). */
  verified: boolean;
}): BorrowContext['blocked_by'] {
  if (!state.active) return 'ACCOUNT_DISABLED';
  if (!state.verified) return 'EMAIL_NOT_VERIFIED';
  if (!state.address) return 'ADDRESS_REQUIRED';
  if (state.requested) return 'ALREADY_REQUESTED';
  if (state.overdue) return 'OVERDUE_LOANS';
  if (!state.underLimit) return 'BORROWING_LIMIT_REACHED';
  if (state.copies < 1) return 'NO_COPY_AVAILABLE';
  return null;
}

// --- The reader ----------------------------------------------------------------------------------

export async function listOwnLoans(ctx: LendingContext, actor: Actor, query: LoanListQuery): Promise<LoanList> {
  const statuses = query.scope === 'current' ? repo.CURRENT_STATUSES : CLOSED_LOAN_STATUSES;
  const { rows, total } = await repo.findOwnLoans(ctx.db, actor.id, statuses, query);
  const now = clock(ctx);
  const rules = (await renewalRulesFor(ctx.db, rows, now))(actor.id);
  return {
    items: rows.map((row) => toLoan(row, { role: actor.role, isOwner: true }, now, rules)),
    total,
    limit: query.limit,
    offset: query.offset,
  };
}

export async function getOwnLoan(ctx: LendingContext, actor: Actor, id: string): Promise<Loan> {
  const row = await repo.findLoan(ctx.db, id);
  if (!row || row.userId !== actor.id) throw loanNotFound();
  const now = clock(ctx);
  return toLoan(row, { role: actor.role, isOwner: true }, now, await rulesOf(ctx.db, row, now));
}

export async function borrowContext(ctx: LendingContext, actor: Actor, bookId: string): Promise<BorrowContext> {
  const now = clock(ctx);
  const [book, reader, settings, activeId, open, overdue, hold, waiting, openHolds] = await Promise.all([
    repo.findBook(ctx.db, bookId),
    repo.findReader(ctx.db, actor.id),
    getLendingSettings(ctx.db),
    repo.findActiveLoanId(ctx.db, actor.id, bookId),
    repo.countOpenLoans(ctx.db, actor.id),
    repo.findOverdueLoanIds(ctx.db, [actor.id], now),
    holdsRepo.findOpenHold(ctx.db, actor.id, bookId),
    holdsRepo.countWaiting(ctx.db, [bookId]),
    holdsRepo.countOpenHolds(ctx.db, actor.id),
  ]);
  const overdueIds = overdue.get(actor.id) ?? [];
  if (!book || !bookVisible(book.status, actor)) throw new AppError('NOT_FOUND', 'Book not found');
  const loanRow = activeId ? await repo.findLoan(ctx.db, activeId) : undefined;
  const address = reader ? shippingAddressOf(reader) : null;
  const limit = borrowingLimit(reader?.borrowingLimit, settings.default_borrowing_limit);
  const blockedBy = blockedReason({
    active: reader?.status === 'active',
    verified: reader?.emailVerified !== false,
    requested: Boolean(loanRow),
    address: Boolean(address),
    underLimit: open < limit,
    copies: book.copiesAvailable,
    overdue: settings.overdue_blocks_borrowing && overdueIds.length > 0,
  });
  return {
    loan: loanRow ? toLoan(loanRow, { role: actor.role, isOwner: true }, now, { settings, overdueIds, waiting }) : null,
    copies_total: book.copiesTotal,
    copies_available: book.copiesAvailable,
    shipping_address: address,
    loan_period_days: settings.loan_period_days,
    borrowing_limit: limit,
    open_loans: open,
    blocked_by: blockedBy,
    hold: hold ? await holdView(ctx.db, hold.id, now) : null,
    waiting: waiting.get(bookId) ?? 0,
    holds_per_reader: settings.holds_per_reader,
    hold_blocked_by: holdBlockedReason({
      active: reader?.status === 'active',
      verified: reader?.emailVerified !== false,
      address: Boolean(address),
      copies: book.copiesAvailable,
      requested: Boolean(loanRow),
      onList: Boolean(hold),
      underLimit: openHolds < settings.holds_per_reader,
      overdue: settings.overdue_blocks_borrowing && overdueIds.length > 0,
    }),
  };
}

/**
 * A reader asks for a book. Under a lock on the reader's profile row (so two requests of one reader
 * cannot both pass the limit), the rules are checked in order, then one available copy is taken and
 * held for the request (so two readers racing for the last copy cannot both get it).
 */
export async function requestLoan(
  ctx: LendingContext,
  actor: Actor,
  input: { book_id: string; locale: Language },
): Promise<Loan> {
  const id = await ctx.db.transaction(async (tx) => {
    const reader = await repo.lockReader(tx, actor.id);
    if (!reader) throw new AppError('PROFILE_NOT_FOUND');
    if (reader.status !== 'active') throw new AppError('ACCOUNT_DISABLED');
    if (reader.emailVerified === false) throw new AppError('EMAIL_NOT_VERIFIED');
    const book = await repo.findBook(tx, input.book_id);
    if (!book || !bookVisible(book.status, actor)) throw new AppError('NOT_FOUND', 'Book not found');
    const address = shippingAddressOf(reader);
    if (!address) throw new AppError('ADDRESS_REQUIRED');
    if (await repo.findActiveLoanId(tx, actor.id, input.book_id)) throw new AppError('ALREADY_REQUESTED');
    const settings = await getLendingSettings(tx);
    if (settings.overdue_blocks_borrowing) {
      const overdue = await repo.findOverdueLoanIds(tx, [actor.id], clock(ctx));
      if ((overdue.get(actor.id) ?? []).length > 0) throw new AppError('OVERDUE_LOANS');
    }
    const limit = borrowingLimit(reader.borrowingLimit, settings.default_borrowing_limit);
    if ((await repo.countOpenLoans(tx, actor.id)) >= limit) {
      throw new AppError('BORROWING_LIMIT_REACHED', `You have reached your borrowing limit of ${limit} books.`, {
        details: { limit },
      });
    }
    const copyId = await repo.claimAvailableCopy(tx, input.book_id, REQUEST_COPY_STATUS);
    if (!copyId) throw new AppError('NO_COPY_AVAILABLE');
    const loan = await repo.insertLoan(tx, {
      userId: actor.id,
      bookId: input.book_id,
      copyId,
      status: 'requested',
      shippingAddress: address,
      locale: input.locale,
    });
    await repo.insertLoanEvent(tx, {
      loanId: loan.id,
      actorId: actor.id,
      action: 'request',
      from: null,
      to: 'requested',
    });
    await recordUserActivity(tx, actor.id, 'loan_requested', { book_id: input.book_id, loan_id: loan.id });
    return loan.id;
  });
  return getOwnLoan(ctx, actor, id);
}

// --- Transitions ---------------------------------------------------------------------------------

export type TransitionInput = {
  copy_id?: string;
  reason?: string;
  carrier?: string | null;
  tracking_number?: string | null;
  condition?: ReturnCondition;
  note?: string | null;
  /** A renewal by the desk past the library's rules (a note is then required by the schema). */
  override?: boolean;
};

/**
 * Takes `action` on a loan. `asDesk` says which door the caller came through: the reader's routes
 * only ever reach the caller's own loans (another's answers 404); the desk's reach every loan.
 */
export async function transition(
  ctx: LendingContext,
  actor: Actor,
  loanId: string,
  action: LoanAction,
  input: TransitionInput,
  asDesk: boolean,
): Promise<{ loan: repo.LoanRow; mailed: boolean }> {
  let mailed = false;
  await ctx.db.transaction(async (tx) => {
    const loan = await repo.lockLoan(tx, loanId);
    const isOwner = loan?.userId === actor.id;
    if (!loan || (!asDesk && !isOwner)) throw loanNotFound();
    const check = checkAction(action, loan.status as LoanStatus, { role: actor.role, isOwner });
    if (!check.ok) {
      if (check.reason === 'NOT_FOUND') throw loanNotFound();
      if (check.reason === 'FORBIDDEN') throw new AppError('FORBIDDEN');
      throw new AppError('WRONG_STATE', undefined, { details: { status: loan.status } });
    }
    const now = clock(ctx);
    // A copy offered from the waiting list waits for its reader's yes before the desk sends it.
    if ((action === 'approve' || action === 'ship') && loan.confirmBy && !loan.confirmedAt) {
      throw new AppError('AWAITING_CONFIRMATION', undefined, { details: { confirm_by: loan.confirmBy.toISOString() } });
    }
    const from = loan.status as LoanStatus;
    const to = check.to;
    const values: Parameters<typeof repo.updateLoan>[2] = { status: to };
    let copyId = loan.copyId;
    switch (action) {
      case 'approve':
        values.approvedAt = now;
        if (input.copy_id && input.copy_id !== loan.copyId) {
          // The desk chose another copy: take it first, then let the held one go.
          if (!(await repo.claimCopy(tx, input.copy_id, loan.bookId, REQUEST_COPY_STATUS))) {
            throw new AppError('NO_COPY_AVAILABLE');
          }
          if (loan.copyId) await repo.setCopyStatus(tx, loan.copyId, 'available');
          copyId = input.copy_id;
          values.copyId = copyId;
        }
        break;
      case 'deny':
        values.deniedAt = now;
        values.denialReason = input.reason ?? null;
        break;
      case 'cancel':
        values.cancelledAt = now;
        break;
      case 'ship':
        values.shippedAt = now;
        values.carrier = input.carrier ?? null;
        values.trackingNumber = input.tracking_number ?? null;
        break;
      case 'deliver': {
        values.deliveredAt = now;
        const settings = await getLendingSettings(tx);
        values.dueDate = dueDateFor(now, settings.loan_period_days);
        break;
      }
      case 'send_back':
        values.returnShippedAt = now;
        values.returnCarrier = input.carrier ?? null;
        values.returnTrackingNumber = input.tracking_number ?? null;
        break;
      case 'receive':
        values.returnedAt = now;
        values.returnCondition = input.condition ?? 'good';
        break;
      case 'mark_lost':
        values.lostAt = now;
        break;
      case 'renew': {
        const settings = await getLendingSettings(tx);
        const [overdue, waiting] = await Promise.all([
          repo.findOverdueLoanIds(tx, [loan.userId], now),
          holdsRepo.countWaiting(tx, [loan.bookId]),
        ]);
        const refusal = renewBlockedBy(loan, { settings, overdueIds: overdue.get(loan.userId) ?? [], waiting }, now);
        // The desk may renew past the rules, saying why; a reader never can.
        if (refusal && !(asDesk && input.override)) {
          throw new AppError(refusal, undefined, {
            details: { renewals: loan.renewalCount, renewals_max: settings.renewals_max },
          });
        }
        values.renewalCount = loan.renewalCount + 1;
        values.dueDate = renewedDueDate(loan.dueDate ?? now, now, settings.loan_period_days);
        // A new due date starts a new round of reminder and notices.
        values.reminderSentAt = null;
        values.overdueNoticeCount = 0;
        values.lastOverdueNoticeAt = null;
        break;
      }
    }
    await repo.updateLoan(tx, loan.id, values);
    const copyStatus = copyStatusAfter(action, input.condition ?? 'good');
    if (copyId && copyStatus) {
      const conditionNote = action === 'receive' && input.condition === 'damaged' ? (input.note ?? null) : undefined;
      await repo.setCopyStatus(tx, copyId, copyStatus, conditionNote);
    }
    if (action === 'deny' || action === 'cancel') await closeOfferedHold(tx, loan.id, 'cancelled', now);
    await repo.insertLoanEvent(tx, {
      loanId: loan.id,
      actorId: actor.id,
      action,
      from,
      to,
      note: action === 'deny' ? (input.reason ?? null) : (input.note ?? null),
    });
    // The reader renewed themselves and sees the new date at once; a renewal by the desk is news.
    if (action !== 'renew' || loan.userId !== actor.id) mailed = await tellReader(ctx, tx, loan, action, values);
    // A copy let go (denied, cancelled, returned in good condition, swapped on approval) goes to
    // the first reader waiting for the book, in this transaction.
    const released = copyStatus === 'available' || (action === 'approve' && copyId !== loan.copyId);
    if (released && (await serveWaitingList(tx, loan.bookId, { publicUrl: ctx.publicUrl, now }))) mailed = true;
  });
  if (mailed) ctx.wakeMailer();
  const row = await repo.findLoan(ctx.db, loanId);
  if (!row) throw loanNotFound();
  return { loan: row, mailed };
}

/**
 * The reader hears of what the library did, in the language they asked in: a notification (live,
 * through the table's trigger) and, for approval, denial and shipping, an e-mail. Both are written
 * in the transition's transaction. Returns whether an e-mail was queued.
 */
async function tellReader(
  ctx: LendingContext,
  tx: Transaction,
  loan: repo.ReaderLoan,
  action: LoanAction,
  values: {
    denialReason?: string | null;
    carrier?: string | null;
    trackingNumber?: string | null;
    dueDate?: Date | null;
  },
): Promise<boolean> {
  const locale: Language = loan.locale === 'ar' ? 'ar' : 'en';
  const t = translator(locale);
  const [book, reader] = await Promise.all([repo.findBookTitles(tx, loan.bookId), repo.findReader(tx, loan.userId)]);
  if (!reader) return false;
  const title = (locale === 'ar' ? book?.titleAr : null) || book?.titleEn || '';
  const link = new URL(READER_LOANS_PATH, ctx.publicUrl).toString();
  const email = reader.email;
  switch (action) {
    case 'approve': {
      // The reader's channels for this event (Settings → Notifications).
      const channels = readerChannels(reader, 'loan_approved');
      if (channels.in_app)
        await notifyUser(tx, {
          userId: loan.userId,
          link: READER_LOANS_PATH,
          title: t('lending.notify.approvedTitle'),
          message: t('lending.notify.approvedMessage', { title }),
          type: 'success',
          eventType: 'book_request_approved',
        });
      if (!channels.email) return false;
      await enqueueEmail(tx, { to: email, locale, template: 'loan_approved', data: { bookTitle: title, link } });
      return true;
    }
    case 'deny': {
      const reason = values.denialReason ?? '';
      const channels = readerChannels(reader, 'loan_denied');
      if (channels.in_app)
        await notifyUser(tx, {
          userId: loan.userId,
          link: READER_LOANS_PATH,
          title: t('lending.notify.deniedTitle'),
          message: t('lending.notify.deniedMessage', { title, reason }),
          type: 'info',
          eventType: 'book_request_denied',
        });
      if (!channels.email) return false;
      await enqueueEmail(tx, { to: email, locale, template: 'loan_denied', data: { bookTitle: title, reason, link } });
      return true;
    }
    case 'ship': {
      const carrier = values.carrier ?? null;
      const tracking = values.trackingNumber ?? null;
      const channels = readerChannels(reader, 'loan_shipped');
      if (channels.in_app)
        await notifyUser(tx, {
          userId: loan.userId,
          link: READER_LOANS_PATH,
          title: t('lending.notify.shippedTitle'),
          message: tracking
            ? t('lending.notify.shippedTracking', { title, carrier: carrier ?? '—', tracking })
            : t('lending.notify.shippedMessage', { title }),
          type: 'info',
        });
      if (!channels.email) return false;
      await enqueueEmail(tx, {
        to: email,
        locale,
        template: 'loan_shipped',
        data: { bookTitle: title, carrier, trackingNumber: tracking, link },
      });
      return true;
    }
    case 'receive':
      await notifyUser(tx, {
        userId: loan.userId,
        link: READER_LOANS_PATH,
        title: t('lending.notify.returnedTitle'),
        message: t('lending.notify.returnedMessage', { title }),
        type: 'success',
      });
      return false;
    case 'mark_lost':
      await notifyUser(tx, {
        userId: loan.userId,
        link: READER_LOANS_PATH,
        title: t('lending.notify.lostTitle'),
        message: t('lending.notify.lostMessage', { title }),
        type: 'warning',
      });
      return false;
    case 'renew':
      await notifyUser(tx, {
        userId: loan.userId,
        link: READER_LOANS_PATH,
        title: t('lending.notify.renewedTitle'),
        message: t('lending.notify.renewedMessage', { title, date: formatDay(values.dueDate ?? null, locale) }),
        type: 'success',
      });
      return false;
    default:
      return false;
  }
}

export async function readerTransition(
  ctx: LendingContext,
  actor: Actor,
  loanId: string,
  action: 'cancel' | 'deliver' | 'send_back' | 'renew',
  input: TransitionInput,
): Promise<Loan> {
  const { loan } = await transition(ctx, actor, loanId, action, input, false);
  const now = clock(ctx);
  return toLoan(loan, { role: actor.role, isOwner: true }, now, await rulesOf(ctx.db, loan, now));
}

export async function deskTransition(
  ctx: LendingContext,
  actor: Actor,
  loanId: string,
  action: LoanAction,
  input: TransitionInput,
): Promise<DeskLoan> {
  const { loan } = await transition(ctx, actor, loanId, action, input, true);
  const now = clock(ctx);
  return toDeskLoan(loan, actor, now, await rulesOf(ctx.db, loan, now));
}

/**
 * The desk moves the due date of a loan on loan (a reader asked for longer, or a parcel was held
 * up): the loan is due at the end of that day (UTC). Logged with the note, and the reader is told.
 * A later date starts a new round of reminder and notices.
 */
export async function changeDueDate(
  ctx: LendingContext,
  actor: Actor,
  loanId: string,
  input: { due_date: string; note: string },
): Promise<DeskLoan> {
  await ctx.db.transaction(async (tx) => {
    const loan = await repo.lockLoan(tx, loanId);
    if (!loan) throw loanNotFound();
    if (loan.status !== 'on_loan') throw new AppError('WRONG_STATE', undefined, { details: { status: loan.status } });
    const due = new Date(`${input.due_date}T23:59:59.000Z`);
    const values: Parameters<typeof repo.updateLoan>[2] = { dueDate: due };
    if (!loan.dueDate || due.getTime() > loan.dueDate.getTime()) {
      values.reminderSentAt = null;
      values.overdueNoticeCount = 0;
      values.lastOverdueNoticeAt = null;
    }
    await repo.updateLoan(tx, loan.id, values);
    await repo.insertLoanEvent(tx, {
      loanId: loan.id,
      actorId: actor.id,
      action: 'change_due_date',
      from: 'on_loan',
      to: 'on_loan',
      note: input.note,
    });
    const locale: Language = loan.locale === 'ar' ? 'ar' : 'en';
    const t = translator(locale);
    const book = await repo.findBookTitles(tx, loan.bookId);
    const title = (locale === 'ar' ? book?.titleAr : null) || book?.titleEn || '';
    await notifyUser(tx, {
      userId: loan.userId,
      link: READER_LOANS_PATH,
      title: t('lending.notify.dueDateTitle'),
      message: t('lending.notify.dueDateMessage', { title, date: formatDay(due, locale) }),
      type: 'info',
    });
  });
  const row = await repo.findLoan(ctx.db, loanId);
  if (!row) throw loanNotFound();
  const now = clock(ctx);
  return toDeskLoan(row, actor, now, await rulesOf(ctx.db, row, now));
}

/** Each loan on its own: one refused loan does not undo the others. */
export async function bulkTransition(
  ctx: LendingContext,
  actor: Actor,
  action: 'approve' | 'ship',
  ids: string[],
): Promise<BulkResult> {
  const results: BulkResult['results'] = [];
  for (const id of [...new Set(ids)]) {
    try {
      const { loan } = await transition(ctx, actor, id, action, {}, true);
      results.push({ id, ok: true, code: null, status: loan.status as LoanStatus });
    } catch (error) {
      if (!(error instanceof AppError)) throw error;
      results.push({ id, ok: false, code: error.code, status: null });
    }
  }
  return { results };
}

// --- The desk ------------------------------------------------------------------------------------

export async function listDeskLoans(ctx: LendingContext, actor: Actor, query: DeskQuery): Promise<DeskLoanList> {
  const now = clock(ctx);
  const { rows, total } = await repo.findDeskLoans(ctx.db, query, now);
  const rules = await renewalRulesFor(
    ctx.db,
    rows.filter((row) => row.status === 'on_loan'),
    now,
  );
  return {
    items: rows.map((row) => toDeskLoan(row, actor, now, rules(row.userId))),
    total,
    limit: query.limit,
    offset: query.offset,
  };
}

export async function deskCounts(ctx: LendingContext): Promise<DeskCounts> {
  return repo.countQueues(ctx.db, clock(ctx));
}

export async function getDeskLoan(ctx: LendingContext, actor: Actor, id: string): Promise<DeskLoanDetail> {
  const row = await repo.findLoan(ctx.db, id);
  if (!row) throw loanNotFound();
  const [events, copies] = await Promise.all([
    repo.findLoanEvents(ctx.db, id),
    row.status === 'requested' ? repo.findAvailableCopies(ctx.db, row.bookId) : Promise.resolve([]),
  ]);
  const now = clock(ctx);
  return {
    ...toDeskLoan(row, actor, now, await rulesOf(ctx.db, row, now)),
    events: events.map(
      (event): LoanEvent => ({
        id: event.id,
        action: event.action as LoanEvent['action'],
        from_status: (event.fromStatus as LoanStatus | null) ?? null,
        to_status: event.toStatus as LoanStatus,
        actor:
          event.actorId && event.actorEmail
            ? { id: event.actorId, name: event.actorName, email: event.actorEmail }
            : null,
        note: event.note,
        created_at: event.createdAt.toISOString(),
      }),
    ),
    available_copies: copies,
  };
}

function clock(ctx: LendingContext): Date {
  return ctx.now ? ctx.now() : new Date();
}
