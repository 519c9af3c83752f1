import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { bookmarkedIdsQueryOptions } from '../api/get-bookmarked-ids';
import { bookmarksQueryOptions } from '../api/get-bookmarks';
import { bookmarkItems, bookmarkTotal } from '../lib/bookmarks-cache';
import { useBookmarksSession } from './use-bookmarks-session';
import { usePendingChanges } from './use-pending-changes';

export type BookmarksStatus = 'idle' | 'loading' | 'ready' | 'error';

/**
 * The reader's bookmarks (reader-area §4.3): the loaded pages and every bookmarked book's id,
 * fetched once the session has been ready for a moment. Ready when both are in; an error when
 * either could not be read ('Failed to fetch bookmarks', with a retry).
 */
function useBookmarkQueries() {
  const { userId, canFetch } = useBookmarksSession();
  const enabled = canFetch && userId !== null;
  const list = useInfiniteQuery({ ...bookmarksQueryOptions(userId), enabled });
  const ids = useQuery({ ...bookmarkedIdsQueryOptions(userId), enabled });
  const status: BookmarksStatus =
    userId === null
      ? 'idle'
      : list.isLoadingError || ids.isError
        ? 'error'
        : list.data && ids.data
          ? 'ready'
          : canFetch
            ? 'loading'
            : 'idle';
  return { list, ids, status };
}

/** The list of 'My bookmarks': items newest first, the exact count, 20 more on demand. */
export function useBookmarks() {
  const { list, ids, status } = useBookmarkQueries();
  const pages = list.data?.pages;
  const items = useMemo(() => (pages ? bookmarkItems(pages) : []), [pages]);
  const total = pages ? bookmarkTotal(pages) : 0;
  const isLoadingMore = list.isFetchingNextPage;
  return {
    status,
    error: status === 'error' ? ('bookmarks.errors.fetch' as const) : null,
    items,
    total,
    hasMore: items.length < total,
    isLoadingMore,
    loadMoreError: list.isFetchNextPageError && !isLoadingMore ? ('bookmarks.errors.loadMore' as const) : null,
    retry: () => Promise.all([list.refetch(), ids.refetch()]).then(() => undefined),
    loadMore: async () => {
      if (items.length >= total || isLoadingMore) return;
      await list.fetchNextPage();
    },
  };
}

/** One book's bookmark for its toggle: whether it is bookmarked, has a change on its way, or is not known yet. */
export function useBookmarkState(bookId: string) {
  const { ids, status } = useBookmarkQueries();
  const isPending = usePendingChanges().some((change) => change.bookId === bookId);
  return {
    isBookmarked: ids.data?.includes(bookId) ?? false,
    isPending,
    // Until the reader's bookmarks are in, the toggle cannot tell which way it points.
    isLoading: status === 'idle' || status === 'loading',
  };
}
