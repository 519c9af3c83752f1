import { LIMITS } from '@maktaba/shared/constants';
import type { BookmarkList } from '@maktaba/shared/schemas/bookmarks';
import { infiniteQueryOptions } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api-client';
import { nextBookmarksOffset } from '../lib/bookmarks-cache';
import { bookmarkKeys } from '../lib/query-keys';

/** `GET /api/bookmarks`: the reader's bookmarks, newest first, 20 a page, with the exact count. */
export function getBookmarks(offset = 0, limit: number = LIMITS.bookmarksPageSize): Promise<BookmarkList> {
  const params = new URLSearchParams({ limit: String(limit), offset: String(offset) });
  return apiFetch<BookmarkList>(`/bookmarks?${params}`);
}

/**
 * The reader's bookmarks, 20 more at a time. Read once per session and then kept up to date by
 * the changes made here (never refetched behind the reader's back); a failure is shown at once
 * with its retry button, offline included.
 */
export function bookmarksQueryOptions(userId: string | null) {
  return infiniteQueryOptions({
    queryKey: bookmarkKeys.list(userId),
    queryFn: ({ pageParam }) => getBookmarks(pageParam),
    initialPageParam: 0,
    getNextPageParam: (_lastPage, pages) => nextBookmarksOffset(pages),
    staleTime: Number.POSITIVE_INFINITY,
    retry: false,
    networkMode: 'always',
  });
}
