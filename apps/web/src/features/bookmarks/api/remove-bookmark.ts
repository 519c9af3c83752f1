import { apiFetch } from '../../../lib/api-client';

/** `DELETE /api/bookmarks/{id}`: one of the reader's bookmarks by its id. */
export function removeBookmark(id: string): Promise<void> {
  return apiFetch<void>(`/bookmarks/${encodeURIComponent(id)}`, { method: 'DELETE' });
}

/** `DELETE /api/bookmarks/by-book/{bookId}`: the reader's bookmark of a book. */
export function removeBookmarkByBook(bookId: string): Promise<void> {
  return apiFetch<void>(`/bookmarks/by-book/${encodeURIComponent(bookId)}`, { method: 'DELETE' });
}
