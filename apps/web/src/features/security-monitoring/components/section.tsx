import type { UseQueryResult } from '@tanstack/react-query';
import { type ReactNode, useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { Skeleton } from '../../../components/ui/skeleton';
import { apiErrorKey } from '../../../lib/api-error-text';

type SectionProps<T> = {
  /** `data-testid` of the section: `security-<name>`. */
  name: string;
  title: string;
  description?: ReactNode;
  /** Beside the heading (a toggle). */
  actions?: ReactNode;
  query: UseQueryResult<T>;
  children: (data: T) => ReactNode;
};

/** A part of the page: its heading, then a skeleton, an error with retry, or its content. */
export function Section<T>({ name, title, description, actions, query, children }: SectionProps<T>) {
  const { t } = useTranslation();
  const headingId = useId();
  return (
    <section
      aria-labelledby={headingId}
      className="flex min-w-0 flex-col gap-4 rounded-app border border-border bg-surface p-4 sm:p-6"
      data-testid={`security-${name}`}
    >
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div className="min-w-0">
          <h2 id={headingId} className="font-display text-xl font-bold">
            {title}
          </h2>
          {description ? <p className="mt-1 text-sm text-muted">{description}</p> : null}
        </div>
        {actions}
      </div>
      {query.isError && query.data === undefined ? (
        <Alert
          variant="destructive"
          title={t('securityMonitoring.loadError')}
          action={
            <Button variant="secondary" onClick={() => void query.refetch()}>
              {t('securityMonitoring.retry')}
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
            {t('securityMonitoring.loading')}
          </span>
          <Skeleton className="h-32 w-full" />
        </div>
      )}
    </section>
  );
}

/**
 * The frame around a table: sideways scrolling inside it rather than across the page, and
 * reachable with the keyboard (a region named after its table) so a scrolled table can be read.
 */
export function TableScroll({ label, children }: { label: string; children: ReactNode }) {
  return (
    <section
      aria-label={label}
      // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling region must take focus to be scrolled with the keyboard
      tabIndex={0}
      className="relative overflow-x-auto rounded-app border border-border focus-visible:outline-3 focus-visible:outline-offset-2 focus-visible:outline-focus"
    >
      {children}
    </section>
  );
}

/** What a list shows when it has no rows. */
export function Empty({ children, testId }: { children: ReactNode; testId?: string }) {
  return (
    <p className="rounded-app border border-border p-4 text-center text-muted" data-testid={testId}>
      {children}
    </p>
  );
}

export const thClass = 'px-3 py-2 text-start font-semibold whitespace-nowrap';
/** The heading of a column of numbers: at the end, over its figures. */
export const numThClass = 'px-3 py-2 text-end font-semibold whitespace-nowrap';
export const tdClass = 'px-3 py-2 align-top';
export const numClass = 'px-3 py-2 align-top text-end tabular-nums whitespace-nowrap';
export const tableClass = 'w-full border-collapse text-sm';
export const headRowClass = 'border-b border-border bg-surface-2';
export const rowClass = 'border-b border-border last:border-b-0';
