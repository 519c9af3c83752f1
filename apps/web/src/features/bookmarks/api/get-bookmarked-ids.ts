import type { BookmarkedIds } from '@maktaba/shared/schemas/bookmarks';
import { apiFetch } from '../../../lib/api-client';

/** `GET /api/bookmarks/ids`: every book the reader has bookmarked, so any card knows its state. */
export async function getBookmarkedIds(): Promise<string[]> {
  return (await apiFetch<BookmarkedIds>('/bookmarks/ids')).book_ids;
}
