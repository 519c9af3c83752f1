import type { Collection } from '@maktaba/shared/schemas/collections';
import { describe, expect, it } from 'vitest';
import { moveItem, orderBooks } from './reorder';

describe('moveItem', () => {
  it('moves an item up, down, to either end, and leaves the list alone out of range', () => {
    expect(moveItem(['a', 'b', 'c', 'd'], 2, 1)).toEqual(['a', 'c', 'b', 'd']);
    expect(moveItem(['a', 'b', 'c', 'd'], 0, 1)).toEqual(['b', 'a', 'c', 'd']);
    expect(moveItem(['a', 'b', 'c', 'd'], 3, 0)).toEqual(['d', 'a', 'b', 'c']);
    expect(moveItem(['a', 'b', 'c', 'd'], 0, 3)).toEqual(['b', 'c', 'd', 'a']);
    expect(moveItem(['a', 'b'], 0, -1)).toEqual(['a', 'b']);
    expect(moveItem(['a', 'b'], 1, 2)).toEqual(['a', 'b']);
  });
});

describe('orderBooks', () => {
  it('puts the books in the given order and numbers them again', () => {
    const entry = (id: string, position: number) =>
      ({ book: { id }, note: null, position, added_at: '2026-01-01T00:00:00Z' }) as Collection['books'][number];
    const collection = { books: [entry('a', 1), entry('b', 2), entry('c', 3)] } as Collection;
    const ordered = orderBooks(collection, ['c', 'a', 'b']);
    expect(ordered.books.map((item) => [item.book.id, item.position])).toEqual([
      ['c', 1],
      ['a', 2],
      ['b', 3],
    ]);
  });
});
