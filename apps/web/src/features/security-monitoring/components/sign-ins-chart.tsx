import type { SecurityOverview } from '@maktaba/shared/schemas/security-monitoring';
import type { UseQueryResult } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { ChartFigure } from '../../../components/charts/chart-figure';
import { formatChartDay } from '../../../components/charts/period';
import { SeriesTable } from '../../../components/charts/series-table';
import { type ChartSeries, TimeChart } from '../../../components/charts/time-chart';
import { formatNumber } from '../../../lib/format';
import { usePageLanguage } from '../../../lib/hooks/use-page-language';
import { useSecurityLoadTexts } from './section';

const SERIES = [
  { key: 'failed', colour: 'var(--danger)' },
  { key: 'blocked', colour: 'var(--warning)' },
  { key: 'succeeded', colour: 'var(--primary)' },
] as const;

/**
 * Failed, blocked and successful sign-ins per day: bars, or the same figures as a table. The
 * drawing is hidden from assistive technology: the summary above it and the table say the same.
 */
export function SignInsChart({
  query,
  periodLabel,
}: {
  query: UseQueryResult<SecurityOverview>;
  periodLabel: (days: number) => string;
}) {
  const { t } = useTranslation();
  const language = usePageLanguage();
  const loadTexts = useSecurityLoadTexts();
  const number = (value: number) => formatNumber(value, language);
  const day = (label: string, style?: 'short' | 'long') => formatChartDay(label, language, style);
  const title = t('securityMonitoring.signIns.title');
  const series = (overview: SecurityOverview): ChartSeries[] =>
    SERIES.map(({ key, colour }) => ({
      key,
      label: t(`securityMonitoring.signIns.${key}`),
      values: overview.days.map((row) => row[key]),
      colour,
      kind: 'bar',
    }));
  const labels = (overview: SecurityOverview) => overview.days.map((row) => row.day);

  return (
    <ChartFigure
      testId="security-sign-ins"
      title={title}
      query={query}
      texts={{ ...loadTexts, showTable: t('securityMonitoring.signIns.showTable') }}
      summaryTestId="sign-ins-summary"
      summary={(overview) =>
        t('securityMonitoring.signIns.summary', {
          period: periodLabel(overview.days.length),
          failed: number(overview.totals.failed),
          blocked: number(overview.totals.blocked),
          succeeded: number(overview.totals.succeeded),
        })
      }
      chart={(overview) => (
        <TimeChart
          labels={labels(overview)}
          series={series(overview)}
          formatLabel={day}
          formatValue={number}
          height={256}
          testId="sign-ins-chart"
        />
      )}
      table={(overview) => (
        <SeriesTable
          caption={t('securityMonitoring.signIns.tableCaption')}
          frameLabel={t('securityMonitoring.signIns.tableCaption')}
          testId="sign-ins-table"
          rowTestId="sign-ins-row"
          rowAttribute="data-day"
          labelHeader={t('securityMonitoring.signIns.day')}
          labels={labels(overview)}
          formatLabel={day}
          series={series(overview)}
          formatValue={number}
        />
      )}
    />
  );
}
