import type { BookmarkedIds } from '@maktaba/shared/schemas/bookmarks';
import { queryOptions } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api-client';
import { bookmarkKeys } from '../lib/query-keys';

/** `GET /api/bookmarks/ids`: every book the reader has bookmarked, so any card knows its state. */
export async function getBookmarkedIds(): Promise<string[]> {
  return (await apiFetch<BookmarkedIds>('/bookmarks/ids')).book_ids;
}

/** Every bookmarked book (not only the loaded pages); read and kept like the list. */
export function bookmarkedIdsQueryOptions(userId: string | null) {
  return queryOptions({
    queryKey: bookmarkKeys.ids(userId),
    queryFn: getBookmarkedIds,
    staleTime: Number.POSITIVE_INFINITY,
    retry: false,
    networkMode: 'always',
  });
}
