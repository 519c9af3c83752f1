import { useTranslation } from 'react-i18next';
import {
  Bar,
  BarChart,
  CartesianGrid,
  ComposedChart,
  Line,
  ReferenceLine,
  ResponsiveContainer,
  Tooltip,
  XAxis,
  YAxis,
} from 'recharts';

/** The palette of the charts: the theme's own colours, so light and dark themes both read. */
export const CHART_COLOURS = ['var(--primary)', 'var(--danger)', 'var(--warning)', 'var(--fg)', 'var(--muted)'];

export type ChartSeries = {
  key: string;
  label: string;
  values: readonly (number | null)[];
  colour: string;
  kind?: 'line' | 'bar';
  /** Bars of one stack pile up (errors by type). */
  stack?: string;
  dashed?: boolean;
};

type TimeChartProps = {
  /** The x values, oldest first (days or months). */
  labels: readonly string[];
  series: readonly ChartSeries[];
  /** An axis tick and a tooltip heading of an x value. */
  formatLabel: (label: string, style: 'short' | 'long') => string;
  formatValue: (value: number) => string;
  /** A value-axis tick, when shorter than `formatValue` (seconds for milliseconds). */
  formatTick?: (value: number) => string;
  /** A horizontal line, such as a web vital's "good" threshold. */
  reference?: { value: number; label: string };
  decimals?: boolean;
  height?: number;
  /** `data-testid` of the drawing. */
  testId?: string;
};

const axisTick = { fill: 'var(--muted)', fontSize: 12 };

/** The tooltip: an HTML box in the page's direction, values through Intl. */
function ChartTooltip({
  active,
  payload,
  label,
  formatLabel,
  formatValue,
}: {
  active?: boolean;
  payload?: ReadonlyArray<{ dataKey?: unknown; name?: unknown; value?: unknown; color?: string }>;
  label?: unknown;
  formatLabel: (label: string) => string;
  formatValue: (value: number) => string;
}) {
  const { i18n } = useTranslation();
  if (!active || !payload?.length) return null;
  return (
    <div
      dir={i18n.dir()}
      className="rounded-app border border-border bg-surface px-3 py-2 text-sm text-fg shadow-md"
      data-testid="chart-tooltip"
    >
      <p className="font-semibold">{formatLabel(String(label))}</p>
      <ul>
        {payload.map((entry) => (
          <li key={String(entry.dataKey)} className="flex items-center gap-2">
            <span aria-hidden className="inline-block size-2.5 rounded-full" style={{ background: entry.color }} />
            <span>{String(entry.name ?? '')}</span>
            <span className="ms-auto ps-3 tabular-nums font-semibold">
              {typeof entry.value === 'number' ? formatValue(entry.value) : '—'}
            </span>
          </li>
        ))}
      </ul>
    </div>
  );
}

/** The series' names and colours, as HTML in the page's direction. */
export function ChartLegend({
  series,
}: {
  series: readonly Pick<ChartSeries, 'key' | 'label' | 'colour' | 'dashed' | 'kind'>[];
}) {
  if (series.length < 2) return null;
  return (
    <ul className="flex flex-wrap gap-x-4 gap-y-1 text-sm text-muted" aria-hidden>
      {series.map((entry) => (
        <li key={entry.key} className="flex min-w-0 items-center gap-2">
          <span
            className={
              entry.kind === 'bar'
                ? 'inline-block size-3 shrink-0 rounded-sm'
                : 'inline-block h-1 w-4 shrink-0 rounded-full'
            }
            style={{ background: entry.colour, opacity: entry.dashed ? 0.6 : 1 }}
          />
          <span className="min-w-0 break-words">{entry.label}</span>
        </li>
      ))}
    </ul>
  );
}

/**
 * Values over time: lines, or bars (stacked when they share a stack). In a right-to-left page the
 * time runs from the right and the value axis stands on the right. The SVG is drawn left to right
 * (so its text anchors mean what they say) and is hidden from assistive technology: the figure's
 * summary and its table say the same.
 */
export function TimeChart({
  labels,
  series,
  formatLabel,
  formatValue,
  formatTick = formatValue,
  reference,
  decimals = false,
  height = 240,
  testId = 'chart-svg',
}: TimeChartProps) {
  const { i18n } = useTranslation();
  const rtl = i18n.dir() === 'rtl';
  const data = labels.map((label, index) => {
    const row: Record<string, string | number | null> = { x: label };
    for (const entry of series) row[entry.key] = entry.values[index] ?? null;
    return row;
  });
  return (
    <div className="flex flex-col gap-2">
      <ChartLegend series={series} />
      <div dir="ltr" aria-hidden className="w-full min-w-0" style={{ height }} data-testid={testId}>
        <ResponsiveContainer width="100%" height="100%">
          <ComposedChart data={data} margin={{ top: 8, right: 8, bottom: 0, left: 8 }} accessibilityLayer={false}>
            <CartesianGrid stroke="var(--border)" strokeDasharray="3 3" vertical={false} />
            <XAxis
              dataKey="x"
              reversed={rtl}
              tick={axisTick}
              stroke="var(--border)"
              tickFormatter={(value: string) => formatLabel(value, 'short')}
              minTickGap={12}
              interval="preserveStartEnd"
            />
            <YAxis
              orientation={rtl ? 'right' : 'left'}
              tick={axisTick}
              stroke="var(--border)"
              tickFormatter={(value: number) => formatTick(value)}
              allowDecimals={decimals}
              width={56}
            />
            <Tooltip
              cursor={{ stroke: 'var(--border)', fill: 'var(--surface-2)' }}
              content={(props) => (
                <ChartTooltip
                  {...props}
                  formatLabel={(label) => formatLabel(label, 'long')}
                  formatValue={formatValue}
                />
              )}
            />
            {reference ? (
              <ReferenceLine
                y={reference.value}
                stroke="var(--fg)"
                strokeDasharray="6 4"
                ifOverflow="extendDomain"
                label={{
                  value: reference.label,
                  fill: 'var(--muted)',
                  fontSize: 12,
                  position: rtl ? 'insideTopRight' : 'insideTopLeft',
                }}
              />
            ) : null}
            {series.map((entry) =>
              entry.kind === 'bar' ? (
                <Bar
                  key={entry.key}
                  dataKey={entry.key}
                  name={entry.label}
                  fill={entry.colour}
                  stackId={entry.stack}
                  isAnimationActive={false}
                  maxBarSize={32}
                />
              ) : (
                <Line
                  key={entry.key}
                  dataKey={entry.key}
                  name={entry.label}
                  type="monotone"
                  stroke={entry.colour}
                  strokeWidth={2}
                  strokeDasharray={entry.dashed ? '5 4' : undefined}
                  dot={labels.length <= 31 ? { r: 2.5, fill: entry.colour } : false}
                  connectNulls={false}
                  isAnimationActive={false}
                />
              ),
            )}
          </ComposedChart>
        </ResponsiveContainer>
      </div>
    </div>
  );
}

/** Horizontal bars of named values (loans per category), the largest first, names at the start side. */
export function NamedBarChart({
  items,
  label,
  formatValue,
}: {
  items: readonly { key: string; name: string; value: number }[];
  label: string;
  formatValue: (value: number) => string;
}) {
  const { i18n } = useTranslation();
  const rtl = i18n.dir() === 'rtl';
  const data = items.map((item) => ({ x: item.key, name: item.name, value: item.value }));
  const short = (name: string) => (name.length > 18 ? `${name.slice(0, 17)}…` : name);
  return (
    <div
      dir="ltr"
      aria-hidden
      className="w-full"
      style={{ height: Math.max(120, data.length * 34 + 32) }}
      data-testid="chart-svg"
    >
      <ResponsiveContainer width="100%" height="100%">
        <BarChart
          data={data}
          layout="vertical"
          margin={{ top: 0, right: 8, bottom: 0, left: 8 }}
          accessibilityLayer={false}
        >
          <CartesianGrid stroke="var(--border)" strokeDasharray="3 3" horizontal={false} />
          <XAxis
            type="number"
            reversed={rtl}
            tick={axisTick}
            stroke="var(--border)"
            allowDecimals={false}
            tickFormatter={(value: number) => formatValue(value)}
          />
          <YAxis
            type="category"
            dataKey="name"
            orientation={rtl ? 'right' : 'left'}
            tick={axisTick}
            stroke="var(--border)"
            width={120}
            tickFormatter={short}
          />
          <Tooltip
            cursor={{ fill: 'var(--surface-2)' }}
            content={(props) => <ChartTooltip {...props} formatLabel={(name) => name} formatValue={formatValue} />}
          />
          <Bar dataKey="value" name={label} fill="var(--primary)" isAnimationActive={false} maxBarSize={24} />
        </BarChart>
      </ResponsiveContainer>
    </div>
  );
}
