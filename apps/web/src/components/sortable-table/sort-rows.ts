import type { Language } from '@maktaba/shared/constants';

export type SortDirection = 'ascending' | 'descending';
export type Sort<K extends string> = { key: K; direction: SortDirection };

/** Rows sorted by a column: numbers by value, text by the page language's collation; ties keep their order. */
export function sortRows<T, K extends string>(
  rows: readonly T[],
  sort: Sort<K>,
  value: (row: T, key: K) => string | number,
  language: Language,
): T[] {
  const collator = new Intl.Collator(language, { numeric: true });
  const sign = sort.direction === 'ascending' ? 1 : -1;
  return rows
    .map((row, index) => ({ row, index, key: value(row, sort.key) }))
    .sort((a, b) => {
      const order =
        typeof a.key === 'number' && typeof b.key === 'number'
          ? a.key - b.key
          : collator.compare(String(a.key), String(b.key));
      return order * sign || a.index - b.index;
    })
    .map((entry) => entry.row);
}

/** The next sort when a column's header is pressed: by it (numbers largest first), then the other way round. */
export function nextSort<K extends string>(sort: Sort<K>, column: K, numeric: boolean): Sort<K> {
  if (sort.key === column)
    return { key: column, direction: sort.direction === 'ascending' ? 'descending' : 'ascending' };
  return { key: column, direction: numeric ? 'descending' : 'ascending' };
}
