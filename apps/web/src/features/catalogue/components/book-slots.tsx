import { BookmarkAction } from '../../../components/bookmark-action';
import { BorrowAction } from '../../../components/borrow-action';
import { CollectionAction } from '../../../components/collection-slots';
import type { BookView } from '../api/get-book';

/*
 * Places on the book page that later features fill. They render nothing until then: the page
 * shows no promise of a control that does not exist yet.
 */

/** Slot: the bookmark toggle (reader-area §4.3), from the bookmarks feature. */
export function BookmarkToggleSlot({ book }: { book: BookView }) {
  return <BookmarkAction book={book} />;
}

/** Slot: "Add to collection", beside the bookmark, from the collections feature. */
export function CollectionActionSlot({ book }: { book: BookView }) {
  return <CollectionAction book={book} />;
}

/** Slot: the borrow action (request a copy by shipment), filled by the lending feature. */
export function BorrowActionSlot({ book }: { book: BookView }) {
  return <BorrowAction book={book} />;
}
