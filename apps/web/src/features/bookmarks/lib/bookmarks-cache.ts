import type { Bookmark, BookmarkList } from '@maktaba/shared/schemas/bookmarks';
import type { InfiniteData } from '@tanstack/react-query';

/** The loaded pages of the reader's bookmarks, as the infinite query keeps them. */
export type BookmarkPages = InfiniteData<BookmarkList, unknown>;

export const TEMP_ID_PREFIX = 'temp-';
export const isTemporary = (bookmark: Pick<Bookmark, 'id'>) => bookmark.id.startsWith(TEMP_ID_PREFIX);

/** Every loaded bookmark, newest first, once each (a page can repeat one that moved up meanwhile). */
export function bookmarkItems(pages: readonly BookmarkList[]): Bookmark[] {
  const seen = new Set<string>();
  return pages.flatMap((page) =>
    page.items.filter((item) => {
      if (seen.has(item.id)) return false;
      seen.add(item.id);
      return true;
    }),
  );
}

/** The exact count: the last answer's, kept up to date by the changes made since. */
export const bookmarkTotal = (pages: readonly BookmarkList[]) => pages.at(-1)?.total ?? 0;

/** Where the next 20 start: after the bookmarks the server has (not the temporary ones); none when all are in. */
export function nextBookmarksOffset(pages: readonly BookmarkList[]): number | undefined {
  const items = bookmarkItems(pages);
  if (items.length >= bookmarkTotal(pages)) return undefined;
  return items.filter((item) => !isTemporary(item)).length;
}

/**
 * Edits the loaded bookmarks and the count; nothing happens before the first page is in. The
 * edited list goes into the first page and the others keep only the count: a reload of the
 * infinite query asks for its pages again by offset, never by what each page held.
 */
function edit(
  data: BookmarkPages | undefined,
  change: (items: Bookmark[], total: number) => { items: Bookmark[]; total: number },
): BookmarkPages | undefined {
  if (!data) return data;
  const { items, total } = change(
    data.pages.flatMap((page) => page.items),
    bookmarkTotal(data.pages),
  );
  return { ...data, pages: data.pages.map((page, index) => ({ ...page, items: index === 0 ? items : [], total })) };
}

export function addTemporary(data: BookmarkPages | undefined, temporary: Bookmark) {
  return edit(data, (items, total) => ({ items: [temporary, ...items], total: total + 1 }));
}

/**
 * The server's row takes the temporary one's place; a bookmark the reader already had (added in
 * another tab) is already listed, so the temporary one goes and the count stays.
 */
export function confirmTemporary(
  data: BookmarkPages | undefined,
  tempId: string,
  row: Partial<Bookmark> & { id: string },
) {
  return edit(data, (items, total) =>
    items.some((item) => item.id === row.id)
      ? { items: items.filter((item) => item.id !== tempId), total: total - 1 }
      : { items: items.map((item) => (item.id === tempId ? { ...item, ...row } : item)), total },
  );
}

export function dropTemporary(data: BookmarkPages | undefined, tempId: string) {
  return edit(data, (items, total) => ({ items: items.filter((item) => item.id !== tempId), total: total - 1 }));
}

/** Takes a book's bookmark off the list; says what was removed and where, to put it back. */
export function removeBook(data: BookmarkPages | undefined, bookId: string) {
  const items = data ? data.pages.flatMap((page) => page.items) : [];
  const index = items.findIndex((item) => item.book_id === bookId);
  const removed = index >= 0 ? { bookmark: items[index] as Bookmark, index } : undefined;
  const updated = edit(data, (current, total) => ({
    items: current.filter((item) => item.book_id !== bookId),
    total: Math.max(0, total - 1),
  }));
  return { data: updated, removed };
}

/** Puts a removed bookmark back in its place (or at the end, when the list has shrunk since). */
export function restoreBookmark(
  data: BookmarkPages | undefined,
  removed: { bookmark: Bookmark; index: number } | undefined,
) {
  return edit(data, (items, total) => {
    const restored = [...items];
    if (removed) restored.splice(Math.min(removed.index, restored.length), 0, removed.bookmark);
    return { items: restored, total: total + 1 };
  });
}

export function removeBookmarkById(data: BookmarkPages | undefined, id: string) {
  return edit(data, (items, total) => ({
    items: items.filter((item) => item.id !== id),
    total: Math.max(0, total - 1),
  }));
}

export const withBookId = (ids: string[] | undefined, bookId: string) =>
  ids && !ids.includes(bookId) ? [...ids, bookId] : ids;
export const withoutBookId = (ids: string[] | undefined, bookId: string) => ids?.filter((id) => id !== bookId);
