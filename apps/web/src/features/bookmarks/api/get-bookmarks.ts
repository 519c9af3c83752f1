import { LIMITS } from '@maktaba/shared/constants';
import type { BookmarkList } from '@maktaba/shared/schemas/bookmarks';
import { apiFetch } from '../../../lib/api-client';

/** `GET /api/bookmarks`: the reader's bookmarks, newest first, 20 a page, with the exact count. */
export function getBookmarks(offset = 0, limit: number = LIMITS.bookmarksPageSize): Promise<BookmarkList> {
  const params = new URLSearchParams({ limit: String(limit), offset: String(offset) });
  return apiFetch<BookmarkList>(`/bookmarks?${params}`);
}
