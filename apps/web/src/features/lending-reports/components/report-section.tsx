import type { UseQueryResult } from '@tanstack/react-query';
import { Download } from 'lucide-react';
import { type ReactNode, useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Alert } from '../../../components/ui/alert';
import { Button, buttonClass } from '../../../components/ui/button';
import { Skeleton } from '../../../components/ui/skeleton';
import { apiErrorKey } from '../../../lib/api-error-text';

type ReportSectionProps<T> = {
  /** `data-testid` of the section: `report-<name>`. */
  name: string;
  title: string;
  description: string;
  /** The report's own controls (months, period, limit). */
  controls?: ReactNode;
  csvUrl: string;
  query: UseQueryResult<T>;
  isEmpty: (data: T) => boolean;
  emptyText: string;
  children: (data: T) => ReactNode;
};

/** One report: its heading, controls and CSV link, then a skeleton, an error with retry, an empty state or the table. */
export function ReportSection<T>({
  name,
  title,
  description,
  controls,
  csvUrl,
  query,
  isEmpty,
  emptyText,
  children,
}: ReportSectionProps<T>) {
  const { t } = useTranslation();
  const headingId = useId();
  return (
    <section
      aria-labelledby={headingId}
      className="flex min-w-0 flex-col gap-4 rounded-app border border-border bg-surface p-4 sm:p-6"
      data-testid={`report-${name}`}
      aria-busy={query.isFetching}
    >
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div className="min-w-0">
          <h2 id={headingId} className="font-display text-xl font-bold">
            {title}
          </h2>
          <p className="mt-1 text-sm text-muted">{description}</p>
        </div>
        <a
          href={csvUrl}
          download
          className={buttonClass('secondary')}
          aria-label={t('lendingReports.downloadCsvNamed', { report: title })}
          data-testid="report-csv"
        >
          <Download aria-hidden className="size-4" />
          {t('lendingReports.downloadCsv')}
        </a>
      </div>
      {controls ? <div className="flex flex-wrap items-end gap-3">{controls}</div> : null}
      {query.isError ? (
        <Alert
          variant="destructive"
          title={t('lendingReports.loadError')}
          action={
            <Button variant="secondary" onClick={() => void query.refetch()}>
              {t('lendingReports.retry')}
            </Button>
          }
        >
          {t(apiErrorKey(query.error))}
        </Alert>
      ) : query.data !== undefined ? (
        isEmpty(query.data) ? (
          <p className="rounded-app border border-border p-6 text-center text-muted" data-testid="report-empty">
            {emptyText}
          </p>
        ) : (
          children(query.data)
        )
      ) : (
        <div>
          <span className="sr-only" role="status">
            {t('lendingReports.loading')}
          </span>
          <Skeleton className="h-40 w-full" />
        </div>
      )}
    </section>
  );
}

/** A labelled control of a report (a date, a number, a choice). */
export function ReportControl({ id, label, children }: { id: string; label: string; children: ReactNode }) {
  return (
    <div className="flex min-w-0 flex-col gap-1">
      <label htmlFor={id} className="text-sm font-semibold">
        {label}
      </label>
      {children}
    </div>
  );
}

export const thClass = 'px-3 py-2 text-start font-semibold whitespace-nowrap';
/** The heading of a column of numbers: at the end, over its figures. */
export const numThClass = 'px-3 py-2 text-end font-semibold whitespace-nowrap';
export const tdClass = 'px-3 py-2 align-top';
export const numClass = 'px-3 py-2 align-top text-end tabular-nums whitespace-nowrap';
