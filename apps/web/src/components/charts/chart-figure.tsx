import { BarChart3, Download, Table2 } from 'lucide-react';
import { type ReactNode, useId, useState } from 'react';
import { Button, buttonClass } from '../ui/button';
import type { LoadTexts, QueryState } from './query-content';
import { SectionFrame } from './section-frame';

export type ChartFigureTexts = LoadTexts & {
  showTable: string;
  /** The toggle's name while the table shows; without it the toggle keeps its name (its state is aria-pressed). */
  showChart?: string;
};

export type ChartFigureProps<T> = {
  testId: string;
  title: string;
  description?: string;
  texts: ChartFigureTexts;
  query: QueryState<T>;
  /** The figures as a CSV file: where, and the link's text and accessible name. */
  csv?: { href: string; text: string; label: string };
  /** The figure's own controls (a metric). */
  controls?: ReactNode;
  /** A period without figures: a sentence rather than an empty axis. */
  isEmpty?: (data: T) => boolean;
  emptyText?: string;
  /** Figures shown above the summary (key numbers of the period). */
  lead?: (data: T) => ReactNode;
  /** One sentence that says what the chart shows. */
  summary?: (data: T) => string;
  summaryTestId?: string;
  /** The drawing; a figure without one (a list) shows its table alone. */
  chart?: (data: T) => ReactNode;
  /** The same figures as a real table. */
  table: (data: T) => ReactNode;
  compact?: boolean;
  errorHidesData?: boolean;
};

/**
 * A chart of an admin page: a figure with its heading, a summary computed from the figures, a
 * switch between the drawing and a real table of the same figures, and (where there is one) the
 * figures as a CSV file. While loading it shows a skeleton and on failure the error with a retry.
 * The drawing (recharts) is passed in, so this frame does not load the chart library itself.
 */
export function ChartFigure<T>({
  testId,
  title,
  description,
  texts,
  query,
  csv,
  controls,
  isEmpty,
  emptyText,
  lead,
  summary,
  summaryTestId = 'chart-summary',
  chart,
  table,
  compact,
  errorHidesData,
}: ChartFigureProps<T>) {
  const summaryId = useId();
  const [asTable, setAsTable] = useState(false);
  const data = query.data;
  const hasFigures = data !== undefined && !(errorHidesData && query.isError) && !isEmpty?.(data);
  const toggleName = asTable ? (texts.showChart ?? texts.showTable) : texts.showTable;
  return (
    <SectionFrame
      as="figure"
      testId={testId}
      title={title}
      description={description}
      compact={compact}
      describedBy={hasFigures && summary ? summaryId : undefined}
      query={query}
      texts={texts}
      errorHidesData={errorHidesData}
      skeletonClassName={compact ? 'h-56 w-full' : 'h-32 w-full'}
      controls={controls}
      actions={
        <div className="flex flex-wrap gap-2">
          {hasFigures && chart ? (
            <Button
              variant="secondary"
              onClick={() => setAsTable((value) => !value)}
              aria-pressed={asTable}
              data-testid="chart-toggle"
            >
              {asTable ? <BarChart3 aria-hidden className="size-4" /> : <Table2 aria-hidden className="size-4" />}
              {toggleName}
            </Button>
          ) : null}
          {csv ? (
            <a
              href={csv.href}
              download
              className={buttonClass('secondary')}
              aria-label={csv.label}
              data-testid="chart-csv"
            >
              <Download aria-hidden className="size-4" />
              {csv.text}
            </a>
          ) : null}
        </div>
      }
    >
      {(figures) =>
        isEmpty?.(figures) ? (
          <p
            className="rounded-app border border-dashed border-border p-6 text-center text-muted"
            data-testid="chart-empty"
          >
            {emptyText}
          </p>
        ) : (
          <>
            {lead?.(figures)}
            {summary ? (
              <p id={summaryId} className="text-sm" data-testid={summaryTestId}>
                {summary(figures)}
              </p>
            ) : null}
            {asTable || !chart ? table(figures) : chart(figures)}
          </>
        )
      }
    </SectionFrame>
  );
}
