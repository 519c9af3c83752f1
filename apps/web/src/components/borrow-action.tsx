import type { BookSummary } from '@maktaba/shared/schemas/catalogue';
import { type ComponentType, createContext, useContext } from 'react';

/** The book fields the borrow control needs: its id, and its title for the dialog. */
export type BorrowTarget = Pick<BookSummary, 'id' | 'title' | 'title_ar'>;

export type BorrowActionProps = { book: BorrowTarget };

const BorrowActionContext = createContext<ComponentType<BorrowActionProps> | null>(null);

/**
 * The app gives the loans feature's borrow control here (app-layout.tsx), so the book page offers
 * "Borrow" without reaching into another feature.
 */
export const BorrowActionProvider = BorrowActionContext.Provider;

/** A book's borrow control (request a copy by post), where the app provides one; nothing otherwise. */
export function BorrowAction(props: BorrowActionProps) {
  const Borrow = useContext(BorrowActionContext);
  return Borrow ? <Borrow {...props} /> : null;
}
