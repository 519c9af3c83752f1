import type { RejectedRow } from '@maktaba/shared/schemas/catalogue-import';
import { useTranslation } from 'react-i18next';
import { TableFrame } from '../../../components/ui/table-frame';
import { useFormatters } from '../hooks/use-formatters';

/** The rows the import refused, with the reason in the reader's language. */
export function RejectedRows({ rows, count }: { rows: RejectedRow[]; count: number }) {
  const { t } = useTranslation();
  const format = useFormatters();
  return (
    <section aria-labelledby="import-rejected" className="flex flex-col gap-2">
      <h3 id="import-rejected" className="font-display text-lg font-bold">
        {t('import.page.rejectedTitle')}
      </h3>
      {rows.length === 0 ? (
        <p className="text-sm text-muted">{t('import.page.noneRejected')}</p>
      ) : (
        <>
          {count > rows.length ? (
            <p className="text-sm text-muted">
              {t('import.page.truncated', { shown: format.number(rows.length), count: format.number(count) })}
            </p>
          ) : null}
          <TableFrame>
            <table className="w-full text-sm">
              <thead className="bg-surface-2 text-start">
                <tr>
                  <th scope="col" className="px-3 py-2 text-start">
                    {t('import.page.line')}
                  </th>
                  <th scope="col" className="px-3 py-2 text-start">
                    {t('import.page.id')}
                  </th>
                  <th scope="col" className="px-3 py-2 text-start">
                    {t('import.page.reason')}
                  </th>
                </tr>
              </thead>
              <tbody className="divide-y divide-border">
                {rows.map((row) => (
                  <tr key={`${row.line}-${row.reason}`}>
                    <td className="px-3 py-2 tabular-nums">{format.number(row.line)}</td>
                    <td className="px-3 py-2">
                      <bdi className="font-mono text-xs">{row.id ?? '—'}</bdi>
                    </td>
                    <td className="px-3 py-2">{t(row.reason, { ...row.params })}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </TableFrame>
        </>
      )}
    </section>
  );
}
