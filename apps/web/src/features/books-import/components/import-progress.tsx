import type { ImportJob } from '@maktaba/shared/schemas/catalogue-import';
import { useTranslation } from 'react-i18next';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { useImport } from '../api/get-import';
import { useFormatters } from '../hooks/use-formatters';
import { RejectedRows } from './rejected-rows';

const COUNTS = ['total', 'inserted', 'updated', 'unchanged', 'rejected'] as const;

function ProgressLine({ job }: { job: ImportJob }) {
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
      {/* Without a value while the file is read: an indeterminate bar. */}
      <progress
        aria-label={t('import.page.progressLabel')}
        aria-valuetext={text}
        className="h-3 w-full accent-primary"
        max={isReading ? undefined : Math.max(job.total, 1)}
        value={isReading ? undefined : job.total ? job.processed : 1}
      />
      <p className="text-sm tabular-nums" data-testid="import-progress-text">
        {text}
      </p>
    </div>
  );
}

/** One import: its progress while it runs, then the counts and the rejected rows. */
export function ImportProgress({ id }: { id: string }) {
  const { t } = useTranslation();
  const format = useFormatters();
  const job = useImport(id);
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
      aria-labelledby="import-result"
      className="flex flex-col gap-4 rounded-app border border-border bg-surface p-4 sm:p-6"
    >
      <h2 id="import-result" className="font-display text-xl font-bold">
        <bdi>{data?.file_name ?? ''}</bdi>
      </h2>
      {/* Announced as it changes, politely: a screen reader hears the progress and the outcome. */}
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
              <dd className="text-lg font-bold tabular-nums" data-testid={`import-count-${name}`}>
                {format.number(data[name])}
              </dd>
            </div>
          ))}
        </dl>
      ) : null}
      {data && data.status !== 'running' ? <RejectedRows rows={data.rejected_rows} count={data.rejected} /> : null}
    </section>
  );
}
