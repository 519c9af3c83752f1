import type { UseQueryResult } from '@tanstack/react-query';
import { type ReactNode, useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { Skeleton } from '../../../components/ui/skeleton';
import { apiErrorKey } from '../../../lib/api-error-text';

/** A part of a page: its heading, then a skeleton, an error with retry, or its content. */
export function Section<T>({
  name,
  title,
  actions,
  query,
  children,
}: {
  name: string;
  title: string;
  actions?: ReactNode;
  query: UseQueryResult<T>;
  children: (data: T) => ReactNode;
}) {
  const { t } = useTranslation();
  const headingId = useId();
  return (
    <section
      aria-labelledby={headingId}
      className="flex min-w-0 flex-col gap-4 rounded-app border border-border bg-surface p-4 sm:p-6"
      data-testid={`registration-${name}`}
    >
      <div className="flex flex-wrap items-end justify-between gap-3">
        <h2 id={headingId} className="font-display text-xl font-bold">
          {title}
        </h2>
        {actions}
      </div>
      {query.isError && query.data === undefined ? (
        <Alert
          variant="destructive"
          title={t('registrationAdmin.monitoring.loadFailed')}
          action={
            <Button variant="secondary" onClick={() => void query.refetch()}>
              {t('registrationAdmin.retry')}
            </Button>
          }
        >
          {t(apiErrorKey(query.error))}
        </Alert>
      ) : query.data !== undefined ? (
        children(query.data)
      ) : (
        <div>
          <span className="sr-only" role="status">
            {t('registrationAdmin.loading')}
          </span>
          <Skeleton className="h-32 w-full" />
        </div>
      )}
    </section>
  );
}

export const thClass = 'px-3 py-2 text-start font-semibold whitespace-nowrap';
export const numThClass = 'px-3 py-2 text-end font-semibold whitespace-nowrap';
export const tdClass = 'px-3 py-2 align-top';
export const numClass = 'px-3 py-2 align-top text-end tabular-nums whitespace-nowrap';
export const tableClass = 'w-full min-w-max border-collapse text-sm';
export const headRowClass = 'border-b border-border bg-surface-2';
export const rowClass = 'border-b border-border last:border-b-0';
