import { daysLeft, type LoanStatus, type RenewalRefusal } from '@maktaba/shared/lending';
import type { Loan } from '@maktaba/shared/schemas/loans';
import type { ReaderAction } from '../api/loan-actions';

/** The reader's own actions, in the order their buttons appear. */
const READER_ACTIONS: readonly ReaderAction[] = ['deliver', 'renew', 'send_back', 'cancel'];

/**
 * The buttons a loan card shows: what the server says the reader may do now, and nothing else. A
 * renewal the library's rules would refuse is not offered (`renewRefusal` says why instead).
 */
export function readerActions(loan: Pick<Loan, 'actions'> & Partial<Pick<Loan, 'renew_blocked_by'>>): ReaderAction[] {
  return READER_ACTIONS.filter(
    (action) => loan.actions.includes(action) && !(action === 'renew' && loan.renew_blocked_by),
  );
}

/** Why the reader cannot renew a loan they could otherwise renew (its state allows it), or null. */
export function renewRefusal(loan: Pick<Loan, 'actions' | 'renew_blocked_by'>): RenewalRefusal | null {
  return loan.actions.includes('renew') ? loan.renew_blocked_by : null;
}

/** The reader's time zone: "1 day left" means tomorrow on the reader's own calendar. */
export function readerTimeZone(): string {
  return Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';
}

/** How the time left on a loan reads: days to go, due today, or days overdue (catalogue key and count). */
export type DueText = { key: 'loans.due.daysLeft' | 'loans.due.today' | 'loans.due.overdueBy'; count: number };

export function dueText(due: string | Date, now: Date, timeZone = readerTimeZone()): DueText {
  const days = daysLeft(new Date(due), now, timeZone);
  if (days > 0) return { key: 'loans.due.daysLeft', count: days };
  if (days === 0) return { key: 'loans.due.today', count: 0 };
  return { key: 'loans.due.overdueBy', count: -days };
}

/** Whether a loan shows its due date: only while the reader has the book (or is sending it back). */
export const showsDueDate = (
  loan: Pick<Loan, 'status' | 'due_date'>,
): loan is { status: LoanStatus; due_date: string } =>
  loan.due_date !== null && (loan.status === 'on_loan' || loan.status === 'return_shipped');

export type StatusTone = 'primary' | 'warning' | 'danger' | 'muted';

/** The badge's colour: moving towards the reader, with the reader, a problem, or over. */
export function statusTone(status: LoanStatus, overdue: boolean): StatusTone {
  if (overdue) return 'danger';
  switch (status) {
    case 'requested':
    case 'approved':
    case 'return_shipped':
      return 'warning';
    case 'shipped':
    case 'on_loan':
      return 'primary';
    case 'denied':
    case 'lost':
      return 'danger';
    default:
      return 'muted';
  }
}

/** The date a closed loan ended, for the history: returned, denied, cancelled or lost. */
export function closedAt(loan: Loan): string | null {
  switch (loan.status) {
    case 'returned':
      return loan.returned_at;
    case 'denied':
      return loan.denied_at;
    case 'cancelled':
      return loan.cancelled_at;
    case 'lost':
      return loan.lost_at;
    default:
      return null;
  }
}

/** A copy offered from the waiting list that the reader has still to confirm (ADR 0016). */
export const awaitsConfirmation = (
  loan: Pick<Loan, 'status' | 'confirm_by' | 'confirmed_at'>,
): loan is Pick<Loan, 'status' | 'confirmed_at'> & { confirm_by: string } =>
  loan.confirm_by !== null && loan.confirmed_at === null && (loan.status === 'requested' || loan.status === 'approved');
