import { DEFAULT_LANGUAGE, type Language } from '@maktaba/shared/constants';
import { isLanguage } from '@maktaba/shared/i18n/index';
import {
  type AnalyticsDaily,
  type AnalyticsWebVitals,
  type DailySeries,
  WEB_VITAL_METRICS,
  type WebVitalMetric,
} from '@maktaba/shared/schemas/analytics';
import type { TFunction } from 'i18next';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { AdminPageHeader } from '../../../components/admin-page-header';
import { formatChartDay as formatDay } from '../../../components/charts/period';
import { PeriodPicker } from '../../../components/charts/period-picker';
import { SeriesTable } from '../../../components/charts/series-table';
import { CHART_COLOURS, type ChartSeries, NamedBarChart, TimeChart } from '../../../components/charts/time-chart';
import { inputClass } from '../../../components/ui/form-field';
import { numClass, numThClass, tdClass, thClass } from '../../../components/ui/table-classes';
import { TableFrame } from '../../../components/ui/table-frame';
import { useSearchParamsPatch } from '../../../lib/hooks/use-search-params-patch';
import { pickLocalized } from '../../../lib/localized-text';
import {
  analyticsCsvUrl,
  useDaily,
  useErrors,
  useLoans,
  useMostViewed,
  useTopQueries,
  useWebVitals,
} from '../api/analytics';
import { formatCount, formatInstant, formatMonth, formatVital, formatVitalTick } from '../lib/format';
import { PRESET_DAYS, periodParams, readPeriod, validatePeriod } from '../lib/period';
import { averageOf, peakOf, rateVital, sum, type VitalRating } from '../lib/stats';
import { AnalyticsFigure as ChartFigure } from './analytics-figure';

const TOP_QUERIES_LIMIT = 20;
const MOST_VIEWED_LIMIT = 10;
/** The web-vitals chart draws the page-and-device pairs with the most samples; the table lists them all. */
const VITAL_LINES_MAX = 5;
/** The category chart shows the most borrowed; its table lists them all. */
const CATEGORY_BARS_MAX = 10;

const RATING_CLASS: Record<VitalRating, string> = {
  good: 'border-primary/40 bg-primary-soft text-fg',
  needsImprovement: 'border-warning/40 bg-warning-soft text-warning',
  poor: 'border-danger/40 bg-danger-soft text-danger',
};

/** The daily charts: which series each draws, and how. */
const DAILY_CHARTS: {
  name: 'activeReaders' | 'signIns' | 'searches' | 'bookViews' | 'bookmarks';
  series: { key: DailySeries; colour: string; kind?: 'bar'; dashed?: boolean }[];
}[] = [
  { name: 'activeReaders', series: [{ key: 'activeReaders', colour: 'var(--primary)' }] },
  {
    name: 'signIns',
    series: [
      { key: 'registrations', colour: 'var(--warning)' },
      { key: 'signIns', colour: 'var(--primary)' },
      { key: 'failedSignIns', colour: 'var(--danger)', dashed: true },
    ],
  },
  {
    name: 'searches',
    series: [
      { key: 'searches', colour: 'var(--primary)' },
      { key: 'zeroResultSearches', colour: 'var(--danger)', dashed: true },
    ],
  },
  { name: 'bookViews', series: [{ key: 'bookViews', colour: 'var(--primary)', kind: 'bar' }] },
  { name: 'bookmarks', series: [{ key: 'bookmarks', colour: 'var(--primary)', kind: 'bar' }] },
];

/** The one-sentence summary of a daily chart, from its figures. */
export function dailySummary(
  name: (typeof DAILY_CHARTS)[number]['name'],
  data: AnalyticsDaily,
  t: (key: string, values: Record<string, string>) => string,
  language: string,
): string {
  const n = (value: number) => formatCount(value, language);
  const total = (key: DailySeries) => n(sum(data.series[key]));
  const peak = (keys: DailySeries[]) => {
    const values = data.days.map((_, index) => keys.reduce((all, key) => all + (data.series[key][index] ?? 0), 0));
    const best = peakOf(data.days, values);
    return { date: best ? formatDay(best.label, language) : '—', peak: n(best?.value ?? 0) };
  };
  switch (name) {
    case 'activeReaders':
      return t('analytics.activeReaders.summary', {
        average: n(averageOf(data.series.activeReaders)),
        ...peak(['activeReaders']),
      });
    case 'signIns':
      return t('analytics.signIns.summary', {
        registrations: total('registrations'),
        signIns: total('signIns'),
        failed: total('failedSignIns'),
        ...peak(['registrations', 'signIns', 'failedSignIns']),
      });
    case 'searches':
      return t('analytics.searches.summary', {
        searches: total('searches'),
        zero: total('zeroResultSearches'),
        ...peak(['searches']),
      });
    case 'bookViews':
      return t('analytics.bookViews.summary', { views: total('bookViews'), ...peak(['bookViews']) });
    case 'bookmarks':
      return t('analytics.bookmarks.summary', { count: total('bookmarks'), ...peak(['bookmarks']) });
  }
}

/** The web-vitals summary: how many page-and-device pairs are good, and the worst of them. */
export function vitalsSummary(data: AnalyticsWebVitals, t: TFunction, language: string): string {
  const good = data.overall.filter((row) => rateVital(row.p75, data.thresholds) === 'good').length;
  const worst = data.overall.reduce<(typeof data.overall)[number] | null>(
    (found, row) => (!found || row.p75 > found.p75 ? row : found),
    null,
  );
  return t('analytics.webVitals.summary', {
    metric: data.metric,
    good: formatCount(good, language),
    pairs: formatCount(data.overall.length, language),
    page: worst?.page ?? '—',
    device: worst ? t(`analytics.webVitals.devices.${worst.device}`) : '—',
    value: worst ? formatVital(worst.p75, data.unit, language) : '—',
  });
}

/** /admin/analytics: how the library is used, over a period kept in the address. */
export function AnalyticsPage() {
  const { t, i18n } = useTranslation();
  const language: Language = isLanguage(i18n.language) ? i18n.language : DEFAULT_LANGUAGE;
  const [params, patch] = useSearchParamsPatch();
  const choice = readPeriod(params);
  const period = choice.period;
  const [metric, setMetric] = useState<WebVitalMetric>('LCP');

  const daily = useDaily(period);
  const topQueries = useTopQueries({ ...period, kind: 'all', limit: TOP_QUERIES_LIMIT });
  const zeroQueries = useTopQueries({ ...period, kind: 'zero', limit: TOP_QUERIES_LIMIT });
  const mostViewed = useMostViewed({ ...period, limit: MOST_VIEWED_LIMIT });
  const loans = useLoans(period);
  const vitals = useWebVitals({ ...period, metric });
  const errors = useErrors(period);

  const n = (value: number) => formatCount(value, language);
  const day = (label: string, style: 'short' | 'long' = 'long') => formatDay(label, language, style);
  const month = (label: string, style: 'short' | 'long' = 'long') => formatMonth(label, language, style);
  const seriesLabel = (key: string) => t(`analytics.series.${key}`);
  const localized = (en: string | null, ar: string | null) => pickLocalized(en, ar, language);
  const deviceLabel = (device: string) => t(`analytics.webVitals.devices.${device}`, { defaultValue: device });
  const errorType = (type: string) => t(`analytics.errors.types.${type}`, { defaultValue: type });

  return (
    <div className="mx-auto flex max-w-6xl flex-col gap-6 px-4 py-8 sm:py-10">
      <AdminPageHeader
        backLabel={t('analytics.backToTools')}
        title={t('analytics.title')}
        description={t('analytics.description')}
      >
        {daily.data ? (
          <p className="mt-1 text-sm text-muted" data-testid="computed-at">
            {t('analytics.computedAt', { time: formatInstant(daily.data.computedAt, language) })}
          </p>
        ) : null}
      </AdminPageHeader>

      <PeriodPicker
        key={params.toString()}
        label={t('analytics.period.legend')}
        presets={PRESET_DAYS}
        presetLabel={(days) => t(`analytics.period.days${days}`)}
        days={choice.kind === 'preset' ? choice.days : PRESET_DAYS[0]}
        onPreset={(days) => patch(periodParams({ days }))}
        custom={{
          shown: period,
          initial: choice.kind === 'invalid' ? { from: choice.from, to: choice.to } : period,
          isChosen: choice.kind !== 'preset',
          initialError: choice.kind === 'invalid' ? choice.error : null,
          validate: validatePeriod,
          errorText: (error) => t(`analytics.period.errors.${error}`),
          onApply: (custom) => patch(periodParams(custom)),
          texts: {
            custom: t('analytics.period.custom'),
            from: t('analytics.period.from'),
            to: t('analytics.period.to'),
            apply: t('analytics.period.apply'),
            showing: (shown) => t('analytics.period.showing', { from: day(shown.from), to: day(shown.to) }),
          },
        }}
      />

      <div className="grid min-w-0 gap-6 lg:grid-cols-2">
        {DAILY_CHARTS.map((chart) => {
          const series: ChartSeries[] = chart.series.map((entry) => ({
            key: entry.key,
            label: seriesLabel(entry.key),
            values: daily.data?.series[entry.key] ?? [],
            colour: entry.colour,
            kind: entry.kind,
            dashed: entry.dashed,
          }));
          const title = t(`analytics.${chart.name}.title`);
          return (
            <ChartFigure
              key={chart.name}
              name={chart.name}
              title={title}
              csvUrl={analyticsCsvUrl('daily', period)}
              query={daily}
              isEmpty={(data) => chart.series.every((entry) => sum(data.series[entry.key]) === 0)}
              emptyText={t(`analytics.${chart.name}.empty`)}
              summary={(data) => dailySummary(chart.name, data, t, language)}
              chart={(data) => <TimeChart labels={data.days} series={series} formatLabel={day} formatValue={n} />}
              table={(data) => (
                <SeriesTable
                  noValue={t('analytics.noValue')}
                  caption={title}
                  labelHeader={t('analytics.day')}
                  labels={data.days}
                  formatLabel={day}
                  series={series}
                  formatValue={n}
                />
              )}
            />
          );
        })}

        <ChartFigure
          name="loans-by-month"
          title={t('analytics.loansByMonth.title')}
          csvUrl={analyticsCsvUrl('loans', period)}
          query={loans}
          isEmpty={(data) => data.months.every((row) => row.requested + row.onLoan === 0)}
          emptyText={t('analytics.loansByMonth.empty')}
          summary={(data) => {
            const best = peakOf(
              data.months.map((row) => row.month),
              data.months.map((row) => row.requested),
            );
            return t('analytics.loansByMonth.summary', {
              requested: n(sum(data.months.map((row) => row.requested))),
              onLoan: n(sum(data.months.map((row) => row.onLoan))),
              month: best ? month(best.label) : '—',
              peak: n(best?.value ?? 0),
            });
          }}
          chart={(data) => (
            <TimeChart
              labels={data.months.map((row) => row.month)}
              series={loanSeries(data.months, seriesLabel)}
              formatLabel={month}
              formatValue={n}
            />
          )}
          table={(data) => (
            <SeriesTable
              noValue={t('analytics.noValue')}
              caption={t('analytics.loansByMonth.title')}
              labelHeader={t('analytics.month')}
              labels={data.months.map((row) => row.month)}
              formatLabel={month}
              series={loanSeries(data.months, seriesLabel)}
              formatValue={n}
            />
          )}
        />

        <ChartFigure
          name="loans-by-category"
          title={t('analytics.loansByCategory.title')}
          csvUrl={analyticsCsvUrl('loans', period)}
          query={loans}
          isEmpty={(data) => data.categories.length === 0}
          emptyText={t('analytics.loansByCategory.empty')}
          summary={(data) => {
            const top = data.categories[0];
            return t('analytics.loansByCategory.summary', {
              categories: n(data.categories.length),
              top: (top && localized(top.nameEn, top.nameAr)?.text) || '—',
              loans: n(top?.loans ?? 0),
            });
          }}
          chart={(data) => (
            <NamedBarChart
              label={seriesLabel('loans')}
              formatValue={n}
              items={data.categories.slice(0, CATEGORY_BARS_MAX).map((row) => ({
                key: row.categoryId,
                name: localized(row.nameEn, row.nameAr)?.text ?? '—',
                value: row.loans,
              }))}
            />
          )}
          table={(data) => (
            <TableFrame>
              <table className="w-full text-sm" data-testid="chart-table">
                <caption className="sr-only">{t('analytics.loansByCategory.title')}</caption>
                <thead className="bg-surface-2">
                  <tr>
                    <th scope="col" className={thClass}>
                      {t('analytics.loansByCategory.category')}
                    </th>
                    <th scope="col" className={numThClass}>
                      {seriesLabel('loans')}
                    </th>
                  </tr>
                </thead>
                <tbody>
                  {data.categories.map((row) => {
                    const name = localized(row.nameEn, row.nameAr);
                    return (
                      <tr key={row.categoryId} className="border-t border-border">
                        <th scope="row" className={`${tdClass} text-start font-medium`}>
                          <bdi lang={name?.lang} dir="auto">
                            {name?.text ?? '—'}
                          </bdi>
                        </th>
                        <td className={numClass}>{n(row.loans)}</td>
                      </tr>
                    );
                  })}
                </tbody>
              </table>
            </TableFrame>
          )}
        />

        <ChartFigure
          name="errors"
          title={t('analytics.errors.title')}
          csvUrl={analyticsCsvUrl('errors', period)}
          query={errors}
          isEmpty={(data) => data.types.every((row) => sum(row.counts) === 0)}
          emptyText={t('analytics.errors.empty')}
          summary={(data) => {
            const totals = data.days.map((_, index) =>
              data.types.reduce((all, row) => all + (row.counts[index] ?? 0), 0),
            );
            const best = peakOf(data.days, totals);
            const top = [...data.types].sort((a, b) => sum(b.counts) - sum(a.counts))[0];
            return t('analytics.errors.summary', {
              count: n(sum(totals)),
              type: top ? errorType(top.type) : '—',
              typeCount: n(top ? sum(top.counts) : 0),
              date: best ? day(best.label) : '—',
              peak: n(best?.value ?? 0),
            });
          }}
          chart={(data) => (
            <TimeChart
              labels={data.days}
              series={errorSeries(data.types, errorType)}
              formatLabel={day}
              formatValue={n}
            />
          )}
          table={(data) => (
            <SeriesTable
              noValue={t('analytics.noValue')}
              caption={t('analytics.errors.title')}
              labelHeader={t('analytics.day')}
              labels={data.days}
              formatLabel={day}
              series={errorSeries(data.types, errorType)}
              formatValue={n}
            />
          )}
        />
      </div>

      <ChartFigure
        name="web-vitals"
        title={t('analytics.webVitals.title')}
        description={t('analytics.webVitals.description')}
        csvUrl={analyticsCsvUrl('web-vitals', { ...period, metric })}
        query={vitals}
        isEmpty={(data) => data.overall.length === 0}
        emptyText={t('analytics.webVitals.empty')}
        controls={
          <div className="flex min-w-0 flex-col gap-1">
            <label htmlFor="vital-metric" className="text-sm font-semibold">
              {t('analytics.webVitals.metric')}
            </label>
            <select
              id="vital-metric"
              value={metric}
              onChange={(event) => setMetric(event.target.value as WebVitalMetric)}
              className={inputClass(false, 'w-full max-w-80')}
            >
              {WEB_VITAL_METRICS.map((name) => (
                <option key={name} value={name}>
                  {t(`analytics.webVitals.metrics.${name}`)}
                </option>
              ))}
            </select>
          </div>
        }
        summary={(data) => vitalsSummary(data, t, language)}
        chart={(data) => (
          <div className="flex flex-col gap-4">
            <TimeChart
              labels={data.days}
              series={vitalSeries(data, (page, device) =>
                t('analytics.webVitals.seriesName', { page, device: deviceLabel(device) }),
              )}
              formatLabel={day}
              formatValue={(value) => formatVital(value, data.unit, language)}
              formatTick={(value) => formatVitalTick(value, data.unit, language)}
              decimals={data.unit === 'score'}
              reference={{
                value: data.thresholds.good,
                label: t('analytics.webVitals.goodLine', {
                  value: formatVital(data.thresholds.good, data.unit, language),
                }),
              }}
            />
            <VitalsTable data={data} language={language} deviceLabel={deviceLabel} />
          </div>
        )}
        table={(data) => (
          <div className="flex flex-col gap-4">
            <SeriesTable
              noValue={t('analytics.noValue')}
              caption={t('analytics.webVitals.title')}
              labelHeader={t('analytics.day')}
              labels={data.days}
              formatLabel={day}
              series={vitalSeries(data, (page, device) =>
                t('analytics.webVitals.seriesName', { page, device: deviceLabel(device) }),
              )}
              formatValue={(value) => formatVital(value, data.unit, language)}
            />
            <VitalsTable data={data} language={language} deviceLabel={deviceLabel} />
          </div>
        )}
      />

      <div className="grid min-w-0 gap-6 lg:grid-cols-2">
        <ChartFigure
          name="zero-queries"
          title={t('analytics.zeroQueries.title')}
          description={t('analytics.zeroQueries.description')}
          csvUrl={analyticsCsvUrl('top-queries', { ...period, kind: 'zero', limit: TOP_QUERIES_LIMIT })}
          query={zeroQueries}
          isEmpty={(data) => data.items.length === 0}
          emptyText={t('analytics.zeroQueries.empty')}
          table={(data) => (
            <QueriesTable
              caption={t('analytics.zeroQueries.title')}
              items={data.items}
              format={n}
              withResults={false}
            />
          )}
        />
        <ChartFigure
          name="top-queries"
          title={t('analytics.topQueries.title')}
          description={t('analytics.topQueries.description')}
          csvUrl={analyticsCsvUrl('top-queries', { ...period, kind: 'all', limit: TOP_QUERIES_LIMIT })}
          query={topQueries}
          isEmpty={(data) => data.items.length === 0}
          emptyText={t('analytics.topQueries.empty')}
          table={(data) => (
            <QueriesTable caption={t('analytics.topQueries.title')} items={data.items} format={n} withResults />
          )}
        />
        <ChartFigure
          name="most-viewed"
          title={t('analytics.mostViewed.title')}
          csvUrl={analyticsCsvUrl('most-viewed', { ...period, limit: MOST_VIEWED_LIMIT })}
          query={mostViewed}
          isEmpty={(data) => data.items.length === 0}
          emptyText={t('analytics.mostViewed.empty')}
          table={(data) => (
            <TableFrame>
              <table className="w-full text-sm" data-testid="chart-table">
                <caption className="sr-only">{t('analytics.mostViewed.title')}</caption>
                <thead className="bg-surface-2">
                  <tr>
                    <th scope="col" className={thClass}>
                      {t('analytics.mostViewed.book')}
                    </th>
                    <th scope="col" className={numThClass}>
                      {t('analytics.mostViewed.views')}
                    </th>
                  </tr>
                </thead>
                <tbody>
                  {data.items.map((row) => {
                    const title = localized(row.titleEn, row.titleAr);
                    return (
                      <tr key={row.bookId} className="border-t border-border" data-book-id={row.bookId}>
                        <th scope="row" className={`${tdClass} text-start font-medium`}>
                          <Link to={`/book/${row.bookId}`} className="text-primary underline-offset-2 hover:underline">
                            {title ? (
                              <bdi lang={title.lang} dir="auto">
                                {title.text}
                              </bdi>
                            ) : (
                              t('analytics.untitled')
                            )}
                          </Link>
                        </th>
                        <td className={numClass}>{n(row.views)}</td>
                      </tr>
                    );
                  })}
                </tbody>
              </table>
            </TableFrame>
          )}
        />
      </div>
    </div>
  );
}

function loanSeries(months: { requested: number; onLoan: number }[], label: (key: string) => string): ChartSeries[] {
  return [
    {
      key: 'requested',
      label: label('requested'),
      values: months.map((row) => row.requested),
      colour: 'var(--primary)',
      kind: 'bar',
    },
    {
      key: 'onLoan',
      label: label('onLoan'),
      values: months.map((row) => row.onLoan),
      colour: 'var(--warning)',
      kind: 'bar',
    },
  ];
}

function errorSeries(types: { type: string; counts: number[] }[], label: (type: string) => string): ChartSeries[] {
  return types.map((row, index) => ({
    key: `e${index}`,
    label: label(row.type),
    values: row.counts,
    colour: CHART_COLOURS[(index + 1) % CHART_COLOURS.length] as string,
    kind: 'bar',
    stack: 'errors',
  }));
}

/** The pairs with the most samples (the API lists `overall` most sampled first). */
function vitalSeries(data: AnalyticsWebVitals, name: (page: string, device: string) => string): ChartSeries[] {
  const chosen = data.overall.slice(0, VITAL_LINES_MAX);
  return chosen.flatMap((pair, index) => {
    const row = data.series.find((entry) => entry.page === pair.page && entry.device === pair.device);
    return row
      ? [
          {
            key: `v${index}`,
            label: name(row.page, row.device),
            values: row.p75,
            colour: CHART_COLOURS[index % CHART_COLOURS.length] as string,
            dashed: index >= CHART_COLOURS.length,
          },
        ]
      : [];
  });
}

/** Per page and device over the whole period, rated good / needs improvement / poor in words and colour. */
function VitalsTable({
  data,
  language,
  deviceLabel,
}: {
  data: AnalyticsWebVitals;
  language: Language;
  deviceLabel: (device: string) => string;
}) {
  const { t } = useTranslation();
  return (
    <TableFrame>
      <table className="w-full text-sm" data-testid="vitals-table">
        <caption className="px-3 py-2 text-start font-semibold">{t('analytics.webVitals.overallTitle')}</caption>
        <thead className="bg-surface-2">
          <tr>
            <th scope="col" className={thClass}>
              {t('analytics.webVitals.page')}
            </th>
            <th scope="col" className={thClass}>
              {t('analytics.webVitals.device')}
            </th>
            <th scope="col" className={numThClass}>
              {t('analytics.webVitals.p75')}
            </th>
            <th scope="col" className={thClass}>
              {t('analytics.webVitals.rating')}
            </th>
            <th scope="col" className={numThClass}>
              {t('analytics.webVitals.samples')}
            </th>
          </tr>
        </thead>
        <tbody>
          {data.overall.map((row) => {
            const rating = rateVital(row.p75, data.thresholds);
            return (
              <tr key={`${row.page}|${row.device}`} className="border-t border-border">
                <th scope="row" className={`${tdClass} text-start font-medium`}>
                  <bdi dir="ltr" className="whitespace-nowrap">
                    {row.page}
                  </bdi>
                </th>
                <td className={`${tdClass} whitespace-nowrap`}>{deviceLabel(row.device)}</td>
                <td className={numClass}>{formatVital(row.p75, data.unit, language)}</td>
                <td className={tdClass}>
                  <span
                    className={`inline-block rounded-full border px-2 py-0.5 text-xs font-semibold whitespace-nowrap ${RATING_CLASS[rating]}`}
                    data-rating={rating}
                  >
                    {t(`analytics.webVitals.ratings.${rating}`)}
                  </span>
                </td>
                <td className={numClass}>{formatCount(row.samples, language)}</td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </TableFrame>
  );
}

/** Queries with how often they were searched (and, for the top ones, what the last search found). */
function QueriesTable({
  caption,
  items,
  format,
  withResults,
}: {
  caption: string;
  items: { query: string; normalized: string; searches: number; lastResultCount: number }[];
  format: (value: number) => string;
  withResults: boolean;
}) {
  const { t } = useTranslation();
  return (
    <TableFrame>
      <table className="w-full text-sm" data-testid="chart-table">
        <caption className="sr-only">{caption}</caption>
        <thead className="bg-surface-2">
          <tr>
            <th scope="col" className={thClass}>
              {t('analytics.topQueries.query')}
            </th>
            <th scope="col" className={numThClass}>
              {t('analytics.topQueries.searches')}
            </th>
            {withResults ? (
              <th scope="col" className={numThClass}>
                {t('analytics.topQueries.lastResults')}
              </th>
            ) : null}
          </tr>
        </thead>
        <tbody>
          {items.map((row) => (
            <tr key={row.normalized} className="border-t border-border" data-query={row.normalized}>
              <th scope="row" className={`${tdClass} text-start font-medium break-words`}>
                <bdi dir="auto">{row.query}</bdi>
              </th>
              <td className={numClass}>{format(row.searches)}</td>
              {withResults ? <td className={numClass}>{format(row.lastResultCount)}</td> : null}
            </tr>
          ))}
        </tbody>
      </table>
    </TableFrame>
  );
}
