import { describe, expect, it } from 'vitest';
import { nextSort, sortRows } from './sort-rows';

type Row = { id: string; name: string; books: number };
const rows: Row[] = [
  { id: 'a', name: 'Aqidah', books: 4 },
  { id: 'b', name: 'Hadith Sciences', books: 9 },
  { id: 'c', name: 'Fiqh', books: 1 },
  { id: 'd', name: 'Adab', books: 4 },
];
const value = (row: Row, key: 'name' | 'books') => (key === 'books' ? row.books : row.name);
const ids = (sorted: Row[]) => sorted.map((row) => row.id);

describe('sortable rows', () => {
  it('sorts rows by number or by collated text, both ways, stably', () => {
    expect(ids(sortRows(rows, { key: 'books', direction: 'descending' }, value, 'en'))).toEqual(['b', 'a', 'd', 'c']);
    expect(ids(sortRows(rows, { key: 'books', direction: 'ascending' }, value, 'en'))).toEqual(['c', 'a', 'd', 'b']);
    expect(ids(sortRows(rows, { key: 'name', direction: 'ascending' }, value, 'en'))).toEqual(['d', 'a', 'c', 'b']);
  });

  it('sorts by a new column (numbers largest first), then turns the order round', () => {
    const byBooks = nextSort({ key: 'name', direction: 'ascending' }, 'books', true);
    expect(byBooks).toEqual({ key: 'books', direction: 'descending' });
    expect(nextSort(byBooks, 'books', true)).toEqual({ key: 'books', direction: 'ascending' });
    expect(nextSort(byBooks, 'name', false)).toEqual({ key: 'name', direction: 'ascending' });
  });
});
