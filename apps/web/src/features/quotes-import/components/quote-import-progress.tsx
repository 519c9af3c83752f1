import type { QuoteImportJob } from '@maktaba/shared/schemas/quotes';
import { useTranslation } from 'react-i18next';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { TableFrame } from '../../../components/ui/table-frame';
import { useQuoteImport } from '../api/quote-imports';
import { useFormatters } from './use-formatters';

const COUNTS = ['total', 'inserted', 'updated', 'unchanged', 'rejected'] as const;

function ProgressLine({ job }: { job: QuoteImportJob }) {
  const { t } = useTranslation();
  const format = useFormatters();
  const isReading = job.status === 'running' && job.total === 0;
  const text = isReading
    ? t('import.page.reading')
    : t('import.page.progress', {
        processed: format.number(job.processed),
        total: format.number(job.total),
        percent: format.percent(job.total ? job.processed / job.total : 1),
      });
  return (
    <div className="flex flex-col gap-1.5">
      <progress
        aria-label={t('import.page.progressLabel')}
        aria-valuetext={text}
        className="h-3 w-full accent-primary"
        max={isReading ? undefined : Math.max(job.total, 1)}
        value={isReading ? undefined : job.total ? job.processed : 1}
      />
      <p className="text-sm tabular-nums" data-testid="quote-import-progress-text">
        {text}
      </p>
    </div>
  );
}

/** The lines the import refused: line number, id and the reason in the reader's language. */
function RejectedLines({ job }: { job: QuoteImportJob }) {
  const { t } = useTranslation();
  const format = useFormatters();
  const rows = job.rejected_rows;
  return (
    <section aria-labelledby="quote-import-rejected" className="flex flex-col gap-2">
      <h3 id="quote-import-rejected" className="font-display text-lg font-bold">
        {t('import.page.rejectedTitle')}
      </h3>
      {rows.length === 0 ? (
        <p className="text-sm text-muted">{t('import.page.noneRejected')}</p>
      ) : (
        <>
          {job.rejected > rows.length ? (
            <p className="text-sm text-muted">
              {t('import.page.truncated', { shown: format.number(rows.length), count: format.number(job.rejected) })}
            </p>
          ) : null}
          <TableFrame>
            <table className="w-full text-sm">
              <thead className="bg-surface-2">
                <tr>
                  {(['line', 'id', 'reason'] as const).map((column) => (
                    <th key={column} scope="col" className="px-3 py-2 text-start">
                      {t(`import.page.${column}`)}
                    </th>
                  ))}
                </tr>
              </thead>
              <tbody className="divide-y divide-border">
                {rows.map((row) => (
                  <tr key={`${row.line}-${row.reason}`} data-testid="quote-import-rejected-row">
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

/** One quotes import: its progress while it runs, then the counts and the rejected lines. */
export function QuoteImportProgress({ id }: { id: string }) {
  const { t } = useTranslation();
  const format = useFormatters();
  const job = useQuoteImport(id);
  if (job.isError) {
    return (
      <Alert
        variant="destructive"
        title={t('import.errors.failed')}
        action={
          <Button variant="secondary" onClick={() => void job.refetch()}>
            {t('common.retry')}
          </Button>
        }
      />
    );
  }
  const data = job.data;
  return (
    <section
      aria-labelledby="quote-import-result"
      className="flex flex-col gap-4 rounded-app border border-border bg-surface p-4 sm:p-6"
    >
      <h2 id="quote-import-result" className="font-display text-xl font-bold break-all">
        <bdi>{data?.file_name ?? ''}</bdi>
      </h2>
      <div aria-live="polite" aria-atomic="true" className="flex flex-col gap-3">
        {data ? <ProgressLine job={data} /> : <p className="text-sm">{t('import.page.reading')}</p>}
        {data?.status === 'done' ? <p className="font-semibold">{t('import.page.done')}</p> : null}
        {data?.status === 'failed' ? (
          <p role="alert" className="font-semibold text-danger">
            {t('import.page.failed')} {data.error ? t(data.error) : null}
          </p>
        ) : null}
      </div>
      {data ? (
        <dl className="grid grid-cols-2 gap-3 sm:grid-cols-5">
          {COUNTS.map((name) => (
            <div key={name} className="rounded-app bg-surface-2 p-3">
              <dt className="text-xs text-muted">{t(`import.page.counts.${name}`)}</dt>
              <dd className="text-lg font-bold tabular-nums" data-testid={`quote-import-count-${name}`}>
                {format.number(data[name])}
              </dd>
            </div>
          ))}
        </dl>
      ) : null}
      {data && data.status !== 'running' ? <RejectedLines job={data} /> : null}
    </section>
  );
}
