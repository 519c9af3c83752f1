import type { Language } from '@maktaba/shared/constants';
import { ArrowDown, ArrowUp } from 'lucide-react';
import { type ReactNode, useState } from 'react';
import { TableFrame } from '../ui/table-frame';
import { nextSort, type Sort, sortRows } from './sort-rows';

const thClass = 'px-3 py-2 text-start font-semibold';
const tdClass = 'px-3 py-2';
const numClass = 'px-3 py-2 text-end tabular-nums';

export type SortableColumn<Row, K extends string> = {
  key: K;
  label: string;
  /** Numbers: at the end of the cell, and sorted largest first at the first press. */
  isNumeric?: boolean;
  /** The row's header (its name). */
  isRowHeader?: boolean;
  sortValue: (row: Row) => string | number;
  cell: (row: Row) => ReactNode;
};

type SortableTableProps<Row, K extends string> = {
  caption: string;
  testId: string;
  rows: readonly Row[];
  columns: readonly SortableColumn<Row, K>[];
  initialSort: Sort<K>;
  language: Language;
  rowKey: (row: Row) => string;
  rowTestId?: string;
  /** Marks a row (the one chosen elsewhere on the page). */
  isHighlighted?: (row: Row) => boolean;
};

/** A column header that sorts its table: the first press sorts by it, the next turns the order round. */
function SortHeader<K extends string>({
  column,
  label,
  sort,
  onSort,
  isNumeric = false,
}: {
  column: K;
  label: string;
  sort: Sort<K>;
  onSort: (sort: Sort<K>) => void;
  isNumeric?: boolean;
}) {
  const active = sort.key === column;
  const Icon = sort.direction === 'ascending' ? ArrowUp : ArrowDown;
  return (
    <th
      scope="col"
      className={isNumeric ? `${thClass} text-end` : thClass}
      aria-sort={active ? sort.direction : undefined}
    >
      <button
        type="button"
        className="inline-flex min-h-11 items-center gap-1 font-semibold hover:underline"
        onClick={() => onSort(nextSort(sort, column, isNumeric))}
      >
        {label}
        {active ? <Icon aria-hidden className="size-4" /> : null}
      </button>
    </th>
  );
}

/** A table whose column headers sort it, in the page language's order for text. */
export function SortableTable<Row, K extends string>({
  caption,
  testId,
  rows,
  columns,
  initialSort,
  language,
  rowKey,
  rowTestId,
  isHighlighted,
}: SortableTableProps<Row, K>) {
  const [sort, setSort] = useState<Sort<K>>(initialSort);
  const byKey = new Map(columns.map((column) => [column.key, column]));
  const sorted = sortRows(rows, sort, (row, key) => byKey.get(key)?.sortValue(row) ?? '', language);
  return (
    <TableFrame>
      <table className="w-full text-sm" data-testid={testId}>
        <caption className="sr-only">{caption}</caption>
        <thead className="bg-surface-2">
          <tr>
            {columns.map((column) => (
              <SortHeader
                key={column.key}
                column={column.key}
                label={column.label}
                sort={sort}
                onSort={setSort}
                isNumeric={column.isNumeric}
              />
            ))}
          </tr>
        </thead>
        <tbody>
          {sorted.map((row) => (
            <tr
              key={rowKey(row)}
              className={isHighlighted?.(row) ? 'border-t border-border bg-primary-soft' : 'border-t border-border'}
              data-testid={rowTestId}
            >
              {columns.map((column) =>
                column.isRowHeader ? (
                  <th key={column.key} scope="row" className={`${tdClass} text-start font-medium`}>
                    {column.cell(row)}
                  </th>
                ) : (
                  <td key={column.key} className={column.isNumeric ? numClass : tdClass}>
                    {column.cell(row)}
                  </td>
                ),
              )}
            </tr>
          ))}
        </tbody>
      </table>
    </TableFrame>
  );
}
