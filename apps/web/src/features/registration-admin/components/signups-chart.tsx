import type { RegistrationOverview } from '@maktaba/shared/schemas/registration-admin';
import type { UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { ChartFigure } from '../../../components/charts/chart-figure';
import { formatChartDay } from '../../../components/charts/period';
import { SeriesTable } from '../../../components/charts/series-table';
import { type ChartSeries, TimeChart } from '../../../components/charts/time-chart';
import { formatNumber } from '../../../lib/format';
import { usePageLanguage } from '../../../lib/hooks/use-page-language';
import { useRegistrationLoadTexts } from './section';

type Column = 'signups' | 'completed' | 'disposable_refused';

/** What the chart draws; its table adds the refused disposable addresses. */
const CHARTED: { key: Column; colour: string }[] = [
  { key: 'signups', colour: 'var(--primary)' },
  { key: 'completed', colour: 'var(--warning)' },
];
const TABLED: { key: Column; colour: string }[] = [...CHARTED, { key: 'disposable_refused', colour: 'var(--danger)' }];

/**
 * Sign-ups per day beside those that completed the address step: bars, or the same figures as a
 * table, after the period's key figures (`lead`). The drawing is hidden from assistive technology:
 * the summary and the table say the same.
 */
export function SignupsChart({
  query,
  lead,
}: {
  query: UseQueryResult<RegistrationOverview>;
  lead: (overview: RegistrationOverview) => ReactNode;
}) {
  const { t } = useTranslation();
  const language = usePageLanguage();
  const loadTexts = useRegistrationLoadTexts();
  const number = (value: number) => formatNumber(value, language);
  const day = (label: string, style?: 'short' | 'long') => formatChartDay(label, language, style);
  const title = t('registrationAdmin.monitoring.chartTitle');
  const series = (overview: RegistrationOverview, columns: typeof CHARTED): ChartSeries[] =>
    columns.map(({ key, colour }) => ({
      key,
      label: t(`registrationAdmin.monitoring.${key === 'disposable_refused' ? 'disposableRefused' : key}`),
      values: overview.days.map((row) => row[key]),
      colour,
      kind: 'bar',
    }));
  const labels = (overview: RegistrationOverview) => overview.days.map((row) => row.day);

  return (
    <ChartFigure
      testId="registration-overview"
      title={title}
      query={query}
      texts={{ ...loadTexts, showTable: t('registrationAdmin.monitoring.showTable') }}
      lead={lead}
      summaryTestId="signups-summary"
      summary={(overview) =>
        t('registrationAdmin.monitoring.summary', {
          count: overview.totals.signups,
          signups: number(overview.totals.signups),
          completed: number(overview.totals.completed),
        })
      }
      chart={(overview) => (
        <TimeChart
          labels={labels(overview)}
          series={series(overview, CHARTED)}
          formatLabel={day}
          formatValue={number}
          height={256}
          testId="signups-chart"
        />
      )}
      table={(overview) => (
        <SeriesTable
          caption={title}
          testId="signups-table"
          rowAttribute="data-day"
          labelHeader={t('registrationAdmin.monitoring.day')}
          labels={labels(overview)}
          formatLabel={day}
          series={series(overview, TABLED)}
          formatValue={number}
        />
      )}
    />
  );
}
