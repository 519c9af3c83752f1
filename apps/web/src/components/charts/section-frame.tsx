import { clsx } from 'clsx';
import { type ReactNode, useId } from 'react';
import { type LoadTexts, QueryContent, type QueryState } from './query-content';

export type SectionFrameProps<T> = {
  testId: string;
  title: string;
  description?: ReactNode;
  /** Beside the heading (a toggle, a filter, a download). */
  actions?: ReactNode;
  /** Between the heading and the content, shown while loading too (a figure's own controls). */
  controls?: ReactNode;
  /** A figure (a chart with its table) or a section of a page. */
  as?: 'section' | 'figure';
  /** Smaller heading and padding, for figures set side by side. */
  compact?: boolean;
  /** How the actions line up with the heading: at its top, or at its foot (a labelled field). */
  alignActions?: 'start' | 'end';
  /** The id of a sentence that describes the frame (a chart's summary). */
  describedBy?: string;
  query: QueryState<T>;
  texts: LoadTexts;
  errorHidesData?: boolean;
  skeletonClassName?: string;
  children: (data: T) => ReactNode;
};

/**
 * A part of an admin page that loads its own figures: its heading (with a description and
 * actions beside it), then a skeleton, the error with a retry, or its content.
 */
export function SectionFrame<T>({
  testId,
  title,
  description,
  actions,
  controls,
  as: Element = 'section',
  compact = false,
  alignActions = 'start',
  describedBy,
  query,
  texts,
  errorHidesData,
  skeletonClassName,
  children,
}: SectionFrameProps<T>) {
  const headingId = useId();
  return (
    <Element
      aria-labelledby={headingId}
      aria-describedby={describedBy}
      aria-busy={Element === 'figure' ? query.isFetching : undefined}
      className={clsx(
        'm-0 flex min-w-0 flex-col rounded-app border border-border bg-surface',
        compact ? 'gap-3 p-4 sm:p-5' : 'gap-4 p-4 sm:p-6',
      )}
      data-testid={testId}
    >
      <div
        className={clsx('flex flex-wrap justify-between gap-3', alignActions === 'end' ? 'items-end' : 'items-start')}
      >
        <div className="min-w-0 flex-1 basis-48">
          <h2 id={headingId} className={clsx('font-display font-bold', compact ? 'text-lg' : 'text-xl')}>
            {title}
          </h2>
          {description ? <p className="mt-1 text-sm text-muted">{description}</p> : null}
        </div>
        {actions}
      </div>
      {controls ? <div className="flex flex-wrap items-end gap-3">{controls}</div> : null}
      <QueryContent query={query} texts={texts} errorHidesData={errorHidesData} skeletonClassName={skeletonClassName}>
        {children}
      </QueryContent>
    </Element>
  );
}
