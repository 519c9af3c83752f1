import { numClass, numThClass, tdClass, thClass } from '../ui/table-classes';
import { TableFrame } from '../ui/table-frame';

type SeriesTableProps = {
  caption: string;
  /** Names the table's frame as a region that takes focus (see TableFrame). */
  frameLabel?: string;
  /** The text read for a missing value (shown as a dash), where a series can lack one. */
  noValue?: string;
  testId?: string;
  /** `data-testid` of each row. */
  rowTestId?: string;
  /** The row's attribute that holds its day or month (tests find a row by it). */
  rowAttribute?: `data-${string}`;
  /** The heading of the first column (Day, Month). */
  labelHeader: string;
  labels: readonly string[];
  formatLabel: (label: string) => string;
  series: readonly { key: string; label: string; values: readonly (number | null)[] }[];
  formatValue: (value: number) => string;
};

/** A chart's figures as a table: one row per day (or month), one column per series. */
export function SeriesTable({
  caption,
  frameLabel,
  noValue,
  testId = 'chart-table',
  rowTestId,
  rowAttribute = 'data-label',
  labelHeader,
  labels,
  formatLabel,
  series,
  formatValue,
}: SeriesTableProps) {
  return (
    <TableFrame label={frameLabel}>
      <table className="w-full text-sm" data-testid={testId}>
        <caption className="sr-only">{caption}</caption>
        <thead className="bg-surface-2">
          <tr>
            <th scope="col" className={thClass}>
              {labelHeader}
            </th>
            {series.map((entry) => (
              <th key={entry.key} scope="col" className={numThClass}>
                <bdi dir="auto">{entry.label}</bdi>
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {labels.map((label, index) => (
            <tr key={label} className="border-t border-border" data-testid={rowTestId} {...{ [rowAttribute]: label }}>
              <th scope="row" className={`${tdClass} text-start font-medium whitespace-nowrap`}>
                {formatLabel(label)}
              </th>
              {series.map((entry) => {
                const value = entry.values[index];
                return (
                  <td key={entry.key} className={numClass} data-column={entry.key}>
                    {value === null || value === undefined ? (
                      <>
                        <span aria-hidden>—</span>
                        {noValue ? <span className="sr-only">{noValue}</span> : null}
                      </>
                    ) : (
                      formatValue(value)
                    )}
                  </td>
                );
              })}
            </tr>
          ))}
        </tbody>
      </table>
    </TableFrame>
  );
}
