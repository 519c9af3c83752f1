import { type QueryClient, useMutation, useQueryClient } from '@tanstack/react-query';
import { ApiError, apiFetch } from '../../../lib/api-client';
import { currentBookmarksSession } from '../hooks/use-bookmarks-session';
import { type BookmarkChange, isBookPending, usePendingChanges } from '../hooks/use-pending-changes';
import { announceBookmarkChange } from '../lib/bookmark-notices';
import {
  bookmarkItems,
  isTemporary,
  removeBook,
  removeBookmarkById,
  restoreBookmark,
  withBookId,
  withoutBookId,
} from '../lib/bookmarks-cache';
import { bookmarkKeys } from '../lib/query-keys';
import { bookmarkedIdsQueryOptions } from './get-bookmarked-ids';
import { bookmarksQueryOptions } from './get-bookmarks';

/** `DELETE /api/bookmarks/{id}`: one of the reader's bookmarks by its id. */
export function removeBookmark(id: string): Promise<void> {
  return apiFetch<void>(`/bookmarks/${encodeURIComponent(id)}`, { method: 'DELETE' });
}

/** `DELETE /api/bookmarks/by-book/{bookId}`: the reader's bookmark of a book. */
export function removeBookmarkByBook(bookId: string): Promise<void> {
  return apiFetch<void>(`/bookmarks/by-book/${encodeURIComponent(bookId)}`, { method: 'DELETE' });
}

/** Removing something already gone is what the reader wanted: not a failure. */
const unlessGone = (error: unknown) => {
  if (!(error instanceof ApiError && error.status === 404)) throw error;
};

const isStale = (session: { generation: number }) => session.generation !== currentBookmarksSession().generation;

const listKey = (userId: string | null) => bookmarksQueryOptions(userId).queryKey;
const idsKey = (userId: string | null) => bookmarkedIdsQueryOptions(userId).queryKey;

function loadedBookmarks(queryClient: QueryClient) {
  const data = queryClient.getQueryData(listKey(currentBookmarksSession().userId));
  return data ? bookmarkItems(data.pages) : [];
}

/**
 * Removes a book's bookmark at once (the toggle); put back in its place with 'Failed to remove
 * bookmark' when the server refuses. Refused (`false`) without a call when the book is not
 * bookmarked or has a change on its way.
 */
export function useRemoveBookmarkByBook(): (bookId: string) => Promise<boolean> {
  const queryClient = useQueryClient();
  const { mutateAsync } = useMutation({
    mutationKey: bookmarkKeys.changes,
    mutationFn: ({ bookId }: BookmarkChange) => removeBookmarkByBook(bookId).catch(unlessGone),
    retry: false,
    networkMode: 'always',
    onMutate: ({ bookId }: BookmarkChange) => {
      const session = currentBookmarksSession();
      const { data, removed } = removeBook(queryClient.getQueryData(listKey(session.userId)), bookId);
      if (data) queryClient.setQueryData(listKey(session.userId), data);
      queryClient.setQueryData(idsKey(session.userId), (ids) => withoutBookId(ids, bookId));
      return { session, removed };
    },
    onSuccess: (_result, _variables, { session }) => {
      if (!isStale(session)) announceBookmarkChange(queryClient, 'removed');
    },
    onError: (_error, { bookId }, context) => {
      if (!context || isStale(context.session)) return;
      const { userId } = context.session;
      queryClient.setQueryData(listKey(userId), (data) => restoreBookmark(data, context.removed));
      queryClient.setQueryData(idsKey(userId), (ids) => withBookId(ids, bookId));
      announceBookmarkChange(queryClient, 'removeFailed');
    },
  });
  return async (bookId) => {
    const ids = queryClient.getQueryData(idsKey(currentBookmarksSession().userId));
    if (isBookPending(queryClient, bookId) || !ids?.includes(bookId)) return false;
    return mutateAsync({ bookId }).then(
      () => true,
      () => false,
    );
  };
}

/**
 * Removes a bookmark from the list by its id once the server agrees (its button spins meanwhile);
 * kept, with 'Failed to remove bookmark', when it does not. A temporary entry cannot be removed yet.
 */
export function useRemoveBookmark(): (id: string) => Promise<boolean> {
  const queryClient = useQueryClient();
  const { mutateAsync } = useMutation({
    mutationKey: bookmarkKeys.changes,
    mutationFn: ({ id }: BookmarkChange) => removeBookmark(id ?? '').catch(unlessGone),
    retry: false,
    networkMode: 'always',
    onMutate: () => ({ session: currentBookmarksSession() }),
    onSuccess: (_result, { id, bookId }, { session }) => {
      if (isStale(session) || !id) return;
      queryClient.setQueryData(listKey(session.userId), (data) => removeBookmarkById(data, id));
      queryClient.setQueryData(idsKey(session.userId), (ids) => withoutBookId(ids, bookId));
      announceBookmarkChange(queryClient, 'removed');
    },
    onError: (_error, _variables, context) => {
      if (context && !isStale(context.session)) announceBookmarkChange(queryClient, 'removeFailed');
    },
  });
  return async (id) => {
    const target = loadedBookmarks(queryClient).find((item) => item.id === id);
    const isRemoving = queryClient.isMutating({
      mutationKey: bookmarkKeys.changes,
      predicate: (mutation) => (mutation.state.variables as BookmarkChange | undefined)?.id === id,
    });
    if (!target || isTemporary(target) || isRemoving > 0) return false;
    return mutateAsync({ bookId: target.book_id, id }).then(
      () => true,
      () => false,
    );
  };
}

/** Whether this bookmark's removal from the list is on its way. */
export function useIsRemovingBookmark(id: string): boolean {
  return usePendingChanges().some((change) => change.id === id);
}
