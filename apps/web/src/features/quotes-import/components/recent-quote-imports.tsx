import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button';
import { TableFrame } from '../../../components/ui/table-frame';
import { useQuoteImports } from '../api/quote-imports';
import { useFormatters } from './use-formatters';

/** The latest quotes imports; any of them can be shown in full. */
export function RecentQuoteImports({ onShow }: { onShow: (id: string) => void }) {
  const { t } = useTranslation();
  const format = useFormatters();
  const imports = useQuoteImports();
  return (
    <section aria-labelledby="quote-imports-recent" className="flex flex-col gap-2">
      <h2 id="quote-imports-recent" className="font-display text-xl font-bold">
        {t('import.page.recentTitle')}
      </h2>
      {imports.isError ? (
        <div role="alert" className="flex items-center gap-3">
          <p className="text-danger">{t('errors.codes.INTERNAL')}</p>
          <Button variant="secondary" onClick={() => void imports.refetch()}>
            {t('common.retry')}
          </Button>
        </div>
      ) : imports.data?.length === 0 ? (
        <p className="text-sm text-muted">{t('import.page.recentEmpty')}</p>
      ) : (
        <TableFrame>
          <table className="w-full text-sm">
            <thead className="bg-surface-2">
              <tr>
                {(['fileName', 'startedAt', 'jobStatus'] as const).map((column) => (
                  <th key={column} scope="col" className="px-3 py-2 text-start">
                    {t(`import.page.${column}`)}
                  </th>
                ))}
                {(['inserted', 'updated', 'unchanged', 'rejected'] as const).map((column) => (
                  <th key={column} scope="col" className="px-3 py-2 text-start">
                    {t(`import.page.counts.${column}`)}
                  </th>
                ))}
                <th scope="col" className="px-3 py-2">
                  <span className="sr-only">{t('import.page.show')}</span>
                </th>
              </tr>
            </thead>
            <tbody className="divide-y divide-border">
              {(imports.data ?? []).map((job) => (
                <tr key={job.id}>
                  <td className="px-3 py-2">
                    <bdi>{job.file_name}</bdi>
                  </td>
                  <td className="px-3 py-2">
                    <time dateTime={job.created_at}>{format.dateTime(job.created_at)}</time>
                  </td>
                  <td className="px-3 py-2">{t(`import.page.jobStatuses.${job.status}`)}</td>
                  {([job.inserted, job.updated, job.unchanged, job.rejected] as const).map((value, index) => (
                    // biome-ignore lint/suspicious/noArrayIndexKey: the four count columns are fixed
                    <td key={index} className="px-3 py-2 tabular-nums">
                      {format.number(value)}
                    </td>
                  ))}
                  <td className="px-3 py-2 text-end">
                    <Button variant="ghost" onClick={() => onShow(job.id)}>
                      {t('import.page.show')}
                      <span className="sr-only">
                        {' '}
                        <bdi>{job.file_name}</bdi>
                      </span>
                    </Button>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </TableFrame>
      )}
    </section>
  );
}
