import type { BookmarkRow } from '@maktaba/shared/schemas/bookmarks';
import { apiFetch } from '../../../lib/api-client';

/** `POST /api/bookmarks`: 201 with the new row, or 200 with the one the reader already had. */
export function addBookmark(bookId: string): Promise<BookmarkRow> {
  return apiFetch<BookmarkRow>('/bookmarks', { method: 'POST', body: { book_id: bookId } });
}
