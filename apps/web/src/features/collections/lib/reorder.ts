import type { Collection } from '@maktaba/shared/schemas/collections';

/** The ids with the one at `from` moved to `to` (both 0-based); the same array when nothing moves. */
export function moveItem<T>(items: readonly T[], from: number, to: number): T[] {
  if (from === to || from < 0 || to < 0 || from >= items.length || to >= items.length) return [...items];
  const next = [...items];
  const [moved] = next.splice(from, 1) as [T];
  next.splice(to, 0, moved);
  return next;
}

/** The collection with its books in the order of `bookIds`, numbered again from 1. */
export function orderBooks(collection: Collection, bookIds: readonly string[]): Collection {
  const byId = new Map(collection.books.map((entry) => [entry.book.id, entry]));
  const books = bookIds.flatMap((id, index) => {
    const entry = byId.get(id);
    return entry ? [{ ...entry, position: index + 1 }] : [];
  });
  return { ...collection, books };
}
