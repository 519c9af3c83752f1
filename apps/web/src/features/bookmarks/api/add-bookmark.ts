import { type Bookmark, type BookmarkRow, isBookmarkableBookId } from '@maktaba/shared/schemas/bookmarks';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api-client';
import { currentBookmarksSession } from '../hooks/use-bookmarks-session';
import { type BookmarkChange, isBookPending } from '../hooks/use-pending-changes';
import { announceBookmarkChange } from '../lib/bookmark-notices';
import {
  addTemporary,
  confirmTemporary,
  dropTemporary,
  TEMP_ID_PREFIX,
  withBookId,
  withoutBookId,
} from '../lib/bookmarks-cache';
import { bookmarkKeys } from '../lib/query-keys';
import { bookmarkedIdsQueryOptions } from './get-bookmarked-ids';
import { bookmarksQueryOptions } from './get-bookmarks';

/** `POST /api/bookmarks`: 201 with the new row, or 200 with the one the reader already had. */
export function addBookmark(bookId: string): Promise<BookmarkRow> {
  return apiFetch<BookmarkRow>('/bookmarks', { method: 'POST', body: { book_id: bookId } });
}

/** The book's fields a new bookmark shows until the server's row replaces the temporary one. */
export type BookmarkBook = Pick<
  Bookmark,
  'bookTitle' | 'bookTitleAr' | 'bookAuthor' | 'bookAuthorAr' | 'bookCoverImage' | 'bookCategoryKey'
> & { id: string };

type AddVariables = BookmarkChange & { book: BookmarkBook };

/**
 * Bookmarks a book at once (reader-area §4.3): a temporary entry first in the list, which the
 * server's row replaces; taken back with 'Failed to add bookmark' when the server refuses. A book
 * id that is not a UUID, a book already bookmarked or one with a change on its way is refused
 * (`false`) without a call.
 */
export function useAddBookmark(): (book: BookmarkBook) => Promise<boolean> {
  const queryClient = useQueryClient();
  const { mutateAsync } = useMutation({
    mutationKey: bookmarkKeys.changes,
    mutationFn: ({ bookId }: AddVariables) => addBookmark(bookId),
    retry: false,
    networkMode: 'always',
    onMutate: ({ book }: AddVariables) => {
      const session = currentBookmarksSession();
      const tempId = `${TEMP_ID_PREFIX}${book.id}`;
      const temporary: Bookmark = {
        ...book,
        id: tempId,
        book_id: book.id,
        created_at: new Date().toISOString(),
        book_visible: true,
      };
      queryClient.setQueryData(bookmarksQueryOptions(session.userId).queryKey, (data) => addTemporary(data, temporary));
      queryClient.setQueryData(bookmarkedIdsQueryOptions(session.userId).queryKey, (ids) => withBookId(ids, book.id));
      return { session, tempId };
    },
    onSuccess: (row, _variables, { session, tempId }) => {
      if (session.generation !== currentBookmarksSession().generation) return;
      queryClient.setQueryData(bookmarksQueryOptions(session.userId).queryKey, (data) =>
        confirmTemporary(data, tempId, row),
      );
      announceBookmarkChange(queryClient, 'added');
    },
    onError: (_error, { bookId }, context) => {
      if (!context || context.session.generation !== currentBookmarksSession().generation) return;
      const { userId } = context.session;
      queryClient.setQueryData(bookmarksQueryOptions(userId).queryKey, (data) => dropTemporary(data, context.tempId));
      queryClient.setQueryData(bookmarkedIdsQueryOptions(userId).queryKey, (ids) => withoutBookId(ids, bookId));
      announceBookmarkChange(queryClient, 'addFailed');
    },
  });
  return async (book) => {
    const { userId } = currentBookmarksSession();
    const ids = queryClient.getQueryData(bookmarkedIdsQueryOptions(userId).queryKey);
    if (!isBookmarkableBookId(book.id) || isBookPending(queryClient, book.id) || ids?.includes(book.id)) return false;
    return mutateAsync({ bookId: book.id, book }).then(
      () => true,
      () => false,
    );
  };
}
