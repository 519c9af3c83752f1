import type { Language } from '@maktaba/shared/constants';
import { type LoanStatus, renewedDueDate } from '@maktaba/shared/lending';
import type { DeskLoan, ShippingAddress } from '@maktaba/shared/schemas/loans';
import { type LocalizedText, pickLocalized } from '../../../lib/localized-text';

/** The lines of a mailing label, in the order a parcel is addressed; empty parts are left out. */
export function addressLines(address: ShippingAddress): string[] {
  const cityLine = [address.city, address.state_province, address.postal_code].filter(Boolean).join(', ');
  return [address.name, address.address_line_1, address.address_line_2, cityLine, address.country].filter(
    (line): line is string => Boolean(line?.trim()),
  );
}

/** Where a parcel goes, in short: the city and the country. */
export const destinationOf = (address: ShippingAddress) => [address.city, address.country].filter(Boolean).join(', ');

/** The book's title in `language`, else in the other one. */
export const bookTitle = (loan: Pick<DeskLoan, 'book'>, language: Language): LocalizedText | null =>
  pickLocalized(loan.book.title, loan.book.title_ar, language);

export const bookAuthor = (loan: Pick<DeskLoan, 'book'>, language: Language): LocalizedText | null =>
  pickLocalized(loan.book.author, loan.book.author_ar, language);

/**
 * The desk acts on a loan; cancelling is the reader's own action and never offered here. Changing
 * the due date is not a transition of the state machine: the desk may do it to any loan on loan.
 */
export const DESK_ACTIONS = [
  'approve',
  'deny',
  'ship',
  'deliver',
  'renew',
  'change_due_date',
  'send_back',
  'receive',
  'mark_lost',
] as const;
export type DeskActionName = (typeof DESK_ACTIONS)[number];

export const deskActionsOf = (loan: { actions: readonly string[]; status: LoanStatus }): DeskActionName[] =>
  DESK_ACTIONS.filter((action) =>
    action === 'change_due_date' ? loan.status === 'on_loan' : loan.actions.includes(action),
  );

/**
 * A copy offered from the waiting list (ADR 0016) that the reader has not confirmed yet: the desk
 * cannot approve or ship it until they do.
 */
export const isAwaitingConfirmation = (loan: {
  status: LoanStatus;
  confirm_by?: string | null;
  confirmed_at?: string | null;
}): boolean =>
  Boolean(loan.confirm_by) && !loan.confirmed_at && (loan.status === 'requested' || loan.status === 'approved');

/**
 * The due date a renewal would give, as the server computes it: another loan period from the due
 * date, or from now when the loan is already past it.
 */
export const dueDateAfterRenewal = (due: string | null, now: Date, periodDays: number): Date =>
  renewedDueDate(due ? new Date(due) : now, now, periodDays);

/** A date as the `YYYY-MM-DD` a date input holds (the UTC calendar day the server keeps). */
export const isoDay = (value: string | Date): string => new Date(value).toISOString().slice(0, 10);

/** The "2/3" an overdue notice's event note holds: which notice it was, of how many. */
export function noticeNumber(note: string | null): { number: number; max: number } | null {
  const match = note?.match(/^(\d+)\/(\d+)$/);
  return match ? { number: Number(match[1]), max: Number(match[2]) } : null;
}
