/**
 * Lending by shipment: the life of a loan and of the copy it holds, in one place (ADR 0014).
 * The server enforces these rules in the transaction of each transition; the web app reads the
 * same table to decide which actions to offer. Nothing here touches a database.
 */
import { can, type Role } from './permissions.js';

/** A loan's states, in the order a loan normally goes through them. */
export const LOAN_STATUSES = [
  'requested',
  'approved',
  'shipped',
  'on_loan',
  'return_shipped',
  'returned',
  'denied',
  'cancelled',
  'lost',
] as const;
export type LoanStatus = (typeof LOAN_STATUSES)[number];

/** A physical copy's states. */
export const COPY_STATUSES = [
  'available',
  'reserved',
  'in_transit_out',
  'on_loan',
  'in_transit_back',
  'lost',
  'damaged',
  'withdrawn',
] as const;
export type CopyStatus = (typeof COPY_STATUSES)[number];

/** The condition a librarian records when a copy comes back. */
export const RETURN_CONDITIONS = ['good', 'damaged'] as const;
export type ReturnCondition = (typeof RETURN_CONDITIONS)[number];

/** What can be done to a loan once it exists (the request itself creates it). */
export const LOAN_ACTIONS = [
  'approve',
  'deny',
  'cancel',
  'ship',
  'deliver',
  'send_back',
  'receive',
  'mark_lost',
  'renew',
] as const;
export type LoanAction = (typeof LOAN_ACTIONS)[number];

/** Who may take an action: the desk (`checkouts.manage`), the loan's own reader, or either. */
type Actor = 'desk' | 'reader' | 'either';

type Transition = {
  from: readonly LoanStatus[];
  to: LoanStatus;
  by: Actor;
  /** What the loan's copy becomes; a function of the recorded condition for a return. */
  copy: CopyStatus | ((condition: ReturnCondition) => CopyStatus) | null;
};

export const LOAN_TRANSITIONS: Record<LoanAction, Transition> = {
  // A request already holds a copy (see REQUEST_COPY_STATUS): approval confirms it, or the desk
  // swaps it for another available copy; a denial or a cancellation lets it go.
  approve: { from: ['requested'], to: 'approved', by: 'desk', copy: null },
  deny: { from: ['requested'], to: 'denied', by: 'desk', copy: 'available' },
  cancel: { from: ['requested'], to: 'cancelled', by: 'reader', copy: 'available' },
  ship: { from: ['approved'], to: 'shipped', by: 'desk', copy: 'in_transit_out' },
  // Delivered: the desk records it, or the reader confirms receipt. The due date starts here.
  deliver: { from: ['shipped'], to: 'on_loan', by: 'either', copy: 'on_loan' },
  // On its way back: the reader says so (the desk may record it for a reader who phoned).
  send_back: { from: ['on_loan'], to: 'return_shipped', by: 'either', copy: 'in_transit_back' },
  // Received: from a loan announced as sent back, or straight from one that simply arrived.
  receive: {
    from: ['on_loan', 'return_shipped'],
    to: 'returned',
    by: 'desk',
    copy: (condition) => (condition === 'damaged' ? 'damaged' : 'available'),
  },
  mark_lost: { from: ['shipped', 'on_loan', 'return_shipped'], to: 'lost', by: 'desk', copy: 'lost' },
  // Another loan period for a book on loan: the reader asks, or the desk does it for them. The
  // library's rules (renewalRefusal) decide whether it is granted; the state stays.
  renew: { from: ['on_loan'], to: 'on_loan', by: 'either', copy: null },
};

/**
 * A request holds an available copy from the moment it is made, so two readers racing for the
 * last copy cannot both be told it is theirs: one request holds it, the other is refused.
 */
export const REQUEST_COPY_STATUS: CopyStatus = 'reserved';

/** Loans that count against the borrowing limit: everything not yet on its way back or over. */
export const OPEN_LOAN_STATUSES = [
  'requested',
  'approved',
  'shipped',
  'on_loan',
] as const satisfies readonly LoanStatus[];
/** Loans that still hold a copy or may still get one: one of these per book and reader at most. */
export const ACTIVE_LOAN_STATUSES = [
  'requested',
  'approved',
  'shipped',
  'on_loan',
  'return_shipped',
] as const satisfies readonly LoanStatus[];
/** Loans whose copy is out of the library: on its way to the reader, with them, or on its way back. */
export const OUT_LOAN_STATUSES = ['shipped', 'on_loan', 'return_shipped'] as const satisfies readonly LoanStatus[];
/** Loans that are over. */
export const CLOSED_LOAN_STATUSES = [
  'returned',
  'denied',
  'cancelled',
  'lost',
] as const satisfies readonly LoanStatus[];

/** The library's defaults, until an admin sets others. */
export const DEFAULT_LOAN_PERIOD_DAYS = 21;
export const DEFAULT_BORROWING_LIMIT = 3;
/** Renewals a loan may have before it must come back. */
export const DEFAULT_RENEWALS_MAX = 2;
/** Days after the due date during which a reader may still renew. */
export const DEFAULT_RENEWAL_GRACE_DAYS = 3;
/** Days before the due date that the reminder goes out (0: no reminder). */
export const DEFAULT_REMINDER_DAYS_BEFORE = 3;
/** Days between overdue notices, and how many are sent (the last is the final notice). */
export const DEFAULT_OVERDUE_INTERVAL_DAYS = 7;
export const DEFAULT_OVERDUE_NOTICES_MAX = 3;
/** Open holds (waiting or offered) a reader may have at once. */
export const DEFAULT_HOLDS_PER_READER = 5;
/** Days a reader has to confirm a copy offered to them from the waiting list. */
export const DEFAULT_PICKUP_WINDOW_DAYS = 3;

/** A place on a book's waiting list (ADR 0016). */
export const HOLD_STATUSES = ['waiting', 'offered', 'fulfilled', 'cancelled', 'expired'] as const;
export type HoldStatus = (typeof HOLD_STATUSES)[number];
/** Holds still in the queue: one of these per reader and book at most. */
export const OPEN_HOLD_STATUSES = ['waiting', 'offered'] as const satisfies readonly HoldStatus[];
export const DENIAL_REASON_MAX = 500;

const DAY_MS = 86_400_000;

export type ActionRefusal = 'WRONG_STATE' | 'FORBIDDEN' | 'NOT_FOUND';

/**
 * Whether `role` (the loan's own reader when `isOwner`) may take `action` on a loan in `status`.
 * Someone who may not see the loan at all is answered NOT_FOUND, so a loan's existence is not
 * disclosed to other readers; a reader trying a desk action on their own loan is FORBIDDEN.
 */
export function checkAction(
  action: LoanAction,
  status: LoanStatus,
  who: { role: Role; isOwner: boolean },
): { ok: true; to: LoanStatus } | { ok: false; reason: ActionRefusal } {
  const desk = can(who.role, 'checkouts.manage');
  if (!desk && !(who.isOwner && can(who.role, 'checkouts.view_own'))) return { ok: false, reason: 'NOT_FOUND' };
  const transition = LOAN_TRANSITIONS[action];
  const allowed =
    transition.by === 'either' ||
    (transition.by === 'desk' && desk) ||
    // The reader's own actions stay the reader's: the desk denies a request, it does not cancel it.
    (transition.by === 'reader' && who.isOwner);
  if (!allowed) return { ok: false, reason: 'FORBIDDEN' };
  if (!transition.from.includes(status)) return { ok: false, reason: 'WRONG_STATE' };
  return { ok: true, to: transition.to };
}

/** The actions `who` could take on a loan in `status` now, in the table's order (for buttons). */
export function availableActions(status: LoanStatus, who: { role: Role; isOwner: boolean }): LoanAction[] {
  return LOAN_ACTIONS.filter((action) => checkAction(action, status, who).ok);
}

/** What the loan's copy becomes after `action`, or null when the action leaves it alone. */
export function copyStatusAfter(action: LoanAction, condition: ReturnCondition = 'good'): CopyStatus | null {
  const { copy } = LOAN_TRANSITIONS[action];
  return typeof copy === 'function' ? copy(condition) : copy;
}

/** The due date of a loan delivered at `deliveredAt`: the loan period later, at the same time of day. */
export function dueDateFor(deliveredAt: Date, periodDays: number = DEFAULT_LOAN_PERIOD_DAYS): Date {
  return new Date(deliveredAt.getTime() + periodDays * DAY_MS);
}

/**
 * Whole days from `now` until `due` (negative once overdue), counted in calendar days of the
 * given time zone, so a book due tomorrow morning is "1 day left" all of today.
 */
export function daysLeft(due: Date, now: Date, timeZone = 'UTC'): number {
  const calendar = new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' });
  const dayNumber = (date: Date) => {
    const parts = Object.fromEntries(calendar.formatToParts(date).map((part) => [part.type, part.value]));
    return Date.UTC(Number(parts.year), Number(parts.month) - 1, Number(parts.day)) / DAY_MS;
  };
  return dayNumber(due) - dayNumber(now);
}

/** A loan is overdue when it is still out (on loan) after its due date. */
export function isOverdue(loan: { status: LoanStatus; due_date: string | Date | null }, now: Date): boolean {
  return loan.status === 'on_loan' && loan.due_date !== null && new Date(loan.due_date).getTime() < now.getTime();
}

/** The borrowing limit that applies to a reader: their own, or the library's when theirs is unset. */
export function borrowingLimit(own: number | null | undefined, libraryDefault = DEFAULT_BORROWING_LIMIT): number {
  return own ?? libraryDefault;
}

/** Why a renewal would be refused, in the order the rules are checked. */
export const RENEWAL_REFUSALS = ['OVERDUE_LOANS', 'WAITING_LIST', 'RENEWAL_LIMIT_REACHED', 'RENEWAL_TOO_LATE'] as const;
export type RenewalRefusal = (typeof RENEWAL_REFUSALS)[number];

/**
 * Whether a loan on loan may be renewed now under the library's rules, or why not: the reader has
 * another loan overdue (when the library makes overdue loans block borrowing), the loan has had
 * its renewals, or it is overdue beyond the grace period. The desk may override any of them.
 */
export function renewalRefusal(state: {
  renewals: number;
  renewalsMax: number;
  due: Date | null;
  now: Date;
  graceDays: number;
  /** Another of the reader's loans is overdue. */
  otherOverdue: boolean;
  overdueBlocks: boolean;
  /** Other readers are waiting for the book (a renewal would keep them waiting). */
  othersWaiting?: boolean;
}): RenewalRefusal | null {
  if (state.overdueBlocks && state.otherOverdue) return 'OVERDUE_LOANS';
  if (state.othersWaiting) return 'WAITING_LIST';
  if (state.renewals >= state.renewalsMax) return 'RENEWAL_LIMIT_REACHED';
  if (state.due && state.now.getTime() > state.due.getTime() + state.graceDays * DAY_MS) return 'RENEWAL_TOO_LATE';
  return null;
}

/**
 * The due date after a renewal: another loan period from the due date, or from now when the
 * loan is already past it (renewed within the grace period), so a renewal always gives a full period.
 */
export function renewedDueDate(due: Date, now: Date, periodDays: number): Date {
  const base = Math.max(due.getTime(), now.getTime());
  return new Date(base + periodDays * DAY_MS);
}

/** The start of the UTC day of `date`: overdue notices begin on the day after the due date. */
export function startOfUtcDay(date: Date): Date {
  return new Date(Math.floor(date.getTime() / DAY_MS) * DAY_MS);
}

/**
 * An honest guess of the days until a copy reaches the reader at `position` (1 = next) of a book's
 * waiting list: copies come back in the order of their due dates, and a copy serves one reader per
 * loan period after that. `dueDates` are the due dates of the loans out (null: not yet delivered,
 * counted as due a loan period from now). Null when the book has no copies that will come back.
 */
export function estimatedWaitDays(
  position: number,
  dueDates: readonly (Date | null)[],
  now: Date,
  periodDays: number,
): number | null {
  if (dueDates.length === 0 || position < 1) return null;
  const back = dueDates.map((due) => (due ? due.getTime() : now.getTime() + periodDays * DAY_MS)).sort((a, b) => a - b);
  const round = Math.floor((position - 1) / back.length);
  const first = back[(position - 1) % back.length] as number;
  const at = Math.max(first, now.getTime()) + round * periodDays * DAY_MS;
  return Math.max(0, Math.ceil((at - now.getTime()) / DAY_MS));
}
