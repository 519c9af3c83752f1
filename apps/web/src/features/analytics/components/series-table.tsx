import { useTranslation } from 'react-i18next';
import { TableFrame } from '../../../components/ui/table-frame';

export const thClass = 'px-3 py-2 text-start font-semibold whitespace-nowrap';
/** The heading of a column of numbers: at the end, over its figures. */
export const numThClass = 'px-3 py-2 text-end font-semibold whitespace-nowrap';
export const tdClass = 'px-3 py-2 align-top';
export const numClass = 'px-3 py-2 align-top text-end tabular-nums whitespace-nowrap';

type SeriesTableProps = {
  caption: string;
  /** The heading of the first column (Day, Month). */
  labelHeader: string;
  labels: readonly string[];
  formatLabel: (label: string) => string;
  series: readonly { key: string; label: string; values: readonly (number | null)[] }[];
  formatValue: (value: number) => string;
};

/** A chart's figures as a table: one row per day (or month), one column per series. */
export function SeriesTable({ caption, labelHeader, labels, formatLabel, series, formatValue }: SeriesTableProps) {
  const { t } = useTranslation();
  return (
    <TableFrame>
      <table className="w-full text-sm" data-testid="chart-table">
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
            <tr key={label} className="border-t border-border" data-label={label}>
              <th scope="row" className={`${tdClass} text-start font-medium whitespace-nowrap`}>
                {formatLabel(label)}
              </th>
              {series.map((entry) => {
                const value = entry.values[index];
                return (
                  <td key={entry.key} className={numClass}>
                    {value === null || value === undefined ? (
                      <>
                        <span aria-hidden>—</span>
                        <span className="sr-only">{t('analytics.noValue')}</span>
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
