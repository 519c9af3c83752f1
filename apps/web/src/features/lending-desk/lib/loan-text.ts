import type { Language } from '@maktaba/shared/constants';
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

/** The desk acts on a loan; cancelling is the reader's own action and never offered here. */
export const DESK_ACTIONS = ['approve', 'deny', 'ship', 'deliver', 'send_back', 'receive', 'mark_lost'] as const;
export type DeskActionName = (typeof DESK_ACTIONS)[number];

export const deskActionsOf = (actions: readonly string[]): DeskActionName[] =>
  DESK_ACTIONS.filter((action) => actions.includes(action));
