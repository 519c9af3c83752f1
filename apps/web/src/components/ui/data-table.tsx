import { clsx } from 'clsx';
import type { ReactNode } from 'react';
import { headRowClass, numThClass, tableClass, thClass } from './table-classes';
import { TableFrame } from './table-frame';

export type DataColumn = { label: string; isNumeric?: boolean };

type DataTableProps = {
  /** The table's name: its caption, read by screen readers, and the name of its scrolling region. */
  caption: string;
  columns: readonly DataColumn[];
  testId?: string;
  /** The frame takes focus as a region named after the table, so a wide table scrolls with the keyboard. */
  isScrollRegion?: boolean;
  className?: string;
  /** The rows (`rowClass`, `tdClass` and `numClass` give them the table's look). */
  children: ReactNode;
};

/** A table of an admin page: its frame, a caption for screen readers, and a row of column headings. */
export function DataTable({ caption, columns, testId, isScrollRegion = true, className, children }: DataTableProps) {
  return (
    <TableFrame label={isScrollRegion ? caption : undefined}>
      <table className={clsx(tableClass, className)} data-testid={testId}>
        <caption className="sr-only">{caption}</caption>
        <thead>
          <tr className={headRowClass}>
            {columns.map((column) => (
              <th key={column.label} scope="col" className={column.isNumeric ? numThClass : thClass}>
                {column.label}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>{children}</tbody>
      </table>
    </TableFrame>
  );
}
