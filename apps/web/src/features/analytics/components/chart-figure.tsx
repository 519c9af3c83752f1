import type { UseQueryResult } from '@tanstack/react-query';
import { BarChart3, Download, Table2 } from 'lucide-react';
import { type ReactNode, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Alert } from '../../../components/ui/alert';
import { Button, buttonClass } from '../../../components/ui/button';
import { Skeleton } from '../../../components/ui/skeleton';
import { apiErrorKey } from '../../../lib/api-error-text';

type FigureState<T> = Pick<UseQueryResult<T>, 'data' | 'isError' | 'error' | 'isFetching' | 'refetch'>;

type ChartFigureProps<T> = {
  /** `data-testid` of the figure: `chart-<name>`. */
  name: string;
  title: string;
  description?: string;
  csvUrl: string;
  query: FigureState<T>;
  isEmpty: (data: T) => boolean;
  emptyText: string;
  /** The figure's own controls (a metric). */
  controls?: ReactNode;
  /** One sentence that says what the chart shows. */
  summary?: (data: T) => string;
  /** The chart; a figure without one (a list) shows its table alone. */
  chart?: (data: T) => ReactNode;
  table: (data: T) => ReactNode;
};

/**
 * One chart of the analytics page: a figure with its heading, a summary computed from the data, a
 * switch between the chart and a real table of the same figures, and the figures as a CSV file.
 * While loading it shows a skeleton, on failure the error with a retry, and for an empty period
 * a sentence rather than an empty axis.
 */
export function ChartFigure<T>({
  name,
  title,
  description,
  csvUrl,
  query,
  isEmpty,
  emptyText,
  controls,
  summary,
  chart,
  table,
}: ChartFigureProps<T>) {
  const { t } = useTranslation();
  const headingId = useId();
  const summaryId = useId();
  const [asTable, setAsTable] = useState(false);
  const data = query.data;
  const hasFigures = data !== undefined && !query.isError && !isEmpty(data);
  const hasSummary = hasFigures && summary !== undefined;
  return (
    <figure
      aria-labelledby={headingId}
      aria-describedby={hasSummary ? summaryId : undefined}
      aria-busy={query.isFetching}
      className="m-0 flex min-w-0 flex-col gap-3 rounded-app border border-border bg-surface p-4 sm:p-5"
      data-testid={`chart-${name}`}
    >
      <div className="flex flex-wrap items-start justify-between gap-2">
        <div className="min-w-0 flex-1 basis-48">
          <h2 id={headingId} className="font-display text-lg font-bold">
            {title}
          </h2>
          {description ? <p className="mt-1 text-sm text-muted">{description}</p> : null}
        </div>
        <div className="flex flex-wrap gap-2">
          {hasFigures && chart ? (
            <Button
              variant="secondary"
              onClick={() => setAsTable((value) => !value)}
              aria-pressed={asTable}
              data-testid="chart-toggle"
            >
              {asTable ? <BarChart3 aria-hidden className="size-4" /> : <Table2 aria-hidden className="size-4" />}
              {asTable ? t('analytics.showChart') : t('analytics.showTable')}
            </Button>
          ) : null}
          <a
            href={csvUrl}
            download
            className={buttonClass('secondary')}
            aria-label={t('analytics.downloadCsvNamed', { chart: title })}
            data-testid="chart-csv"
          >
            <Download aria-hidden className="size-4" />
            {t('analytics.downloadCsv')}
          </a>
        </div>
      </div>
      {controls ? <div className="flex flex-wrap items-end gap-3">{controls}</div> : null}
      {query.isError ? (
        <Alert
          variant="destructive"
          title={t('analytics.loadError')}
          action={
            <Button variant="secondary" onClick={() => void query.refetch()}>
              {t('analytics.retry')}
            </Button>
          }
        >
          {t(apiErrorKey(query.error))}
        </Alert>
      ) : data === undefined ? (
        <div>
          <span className="sr-only" role="status">
            {t('analytics.loading')}
          </span>
          <Skeleton className="h-56 w-full" />
        </div>
      ) : isEmpty(data) ? (
        <p
          className="rounded-app border border-dashed border-border p-6 text-center text-muted"
          data-testid="chart-empty"
        >
          {emptyText}
        </p>
      ) : (
        <>
          {summary ? (
            <p id={summaryId} className="text-sm" data-testid="chart-summary">
              {summary(data)}
            </p>
          ) : null}
          {asTable || !chart ? table(data) : chart(data)}
        </>
      )}
    </figure>
  );
}
