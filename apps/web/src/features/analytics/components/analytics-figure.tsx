import { useTranslation } from 'react-i18next';
import { ChartFigure, type ChartFigureProps } from '../../../components/charts/chart-figure';

type AnalyticsFigureProps<T> = Omit<ChartFigureProps<T>, 'testId' | 'texts' | 'csv' | 'compact' | 'errorHidesData'> & {
  /** `data-testid` of the figure: `chart-<name>`. */
  name: string;
  csvUrl: string;
};

/**
 * One chart of the analytics page: the shared chart figure, side by side with others (compact),
 * with its figures as a CSV file; a failed refresh shows the error rather than the old figures.
 */
export function AnalyticsFigure<T>({ name, csvUrl, title, ...figure }: AnalyticsFigureProps<T>) {
  const { t } = useTranslation();
  return (
    <ChartFigure
      {...figure}
      testId={`chart-${name}`}
      title={title}
      compact
      errorHidesData
      texts={{
        loadError: t('analytics.loadError'),
        retry: t('analytics.retry'),
        loading: t('analytics.loading'),
        showTable: t('analytics.showTable'),
        showChart: t('analytics.showChart'),
      }}
      csv={{ href: csvUrl, text: t('analytics.downloadCsv'), label: t('analytics.downloadCsvNamed', { chart: title }) }}
    />
  );
}
