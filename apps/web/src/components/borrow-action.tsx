import type { BookSummary } from '@maktaba/shared/schemas/catalogue';
import { type ComponentType, createContext, Suspense, useContext } from 'react';
import { Skeleton } from './ui/skeleton';

/** The book fields the borrow control needs: its id, and its title for the dialog. */
export type BorrowTarget = Pick<BookSummary, 'id' | 'title' | 'title_ar'>;

export type BorrowActionProps = { book: BorrowTarget };

const BorrowActionContext = createContext<ComponentType<BorrowActionProps> | null>(null);

/**
 * The app gives the loans feature's borrow control here (app-layout.tsx), so the book page offers
 * "Borrow" without reaching into another feature.
 */
export const BorrowActionProvider = BorrowActionContext.Provider;

/**
 * A book's borrow control (request a copy by post), where the app provides one; nothing otherwise.
 * The control's code may still be on its way (the app loads it lazily): a placeholder of its size
 * stands in meanwhile, as while it asks the server where the reader stands.
 */
export function BorrowAction(props: BorrowActionProps) {
  const Borrow = useContext(BorrowActionContext);
  return Borrow ? (
    <Suspense fallback={<Skeleton className="h-10 w-28" />}>
      <Borrow {...props} />
    </Suspense>
  ) : null;
}
