import type { SecurityOverview } from '@maktaba/shared/schemas/security-monitoring';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Bar, BarChart, CartesianGrid, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import { Button } from '../../../components/ui/button';
import { dateTimeFormat, formatNumber } from '../../../lib/format';
import { usePageLanguage } from '../../../lib/hooks/use-page-language';
import { headRowClass, numClass, numThClass, rowClass, TableScroll, tableClass, tdClass, thClass } from './section';

const SERIES = [
  { key: 'failed', colour: 'var(--danger)' },
  { key: 'blocked', colour: 'var(--warning)' },
  { key: 'succeeded', colour: 'var(--primary)' },
] as const;

const axisTick = { fill: 'var(--muted)', fontSize: 12 };

/** A UTC day in the page's language: short for the axis, long for the table and the tooltip. */
export function formatDay(day: string, language: string, style: 'short' | 'long') {
  const options: Intl.DateTimeFormatOptions =
    style === 'short' ? { day: 'numeric', month: 'short', timeZone: 'UTC' } : { dateStyle: 'medium', timeZone: 'UTC' };
  return dateTimeFormat(language, options).format(new Date(`${day}T00:00:00Z`));
}

/**
 * Failed, blocked and successful sign-ins per day: bars, or the same figures as a table. In a
 * right-to-left page the days run from the right and the count axis stands on the right. The SVG
 * is hidden from assistive technology: the summary above it and the table say the same.
 */
export function SignInsChart({ overview, periodLabel }: { overview: SecurityOverview; periodLabel: string }) {
  const { t, i18n } = useTranslation();
  const language = usePageLanguage();
  const rtl = i18n.dir() === 'rtl';
  const [asTable, setAsTable] = useState(false);
  const number = (value: number) => formatNumber(value, language);
  const label = (key: (typeof SERIES)[number]['key']) => t(`securityMonitoring.signIns.${key}`);

  return (
    <div className="flex min-w-0 flex-col gap-3">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <p className="text-sm" data-testid="sign-ins-summary">
          {t('securityMonitoring.signIns.summary', {
            period: periodLabel,
            failed: number(overview.totals.failed),
            blocked: number(overview.totals.blocked),
            succeeded: number(overview.totals.succeeded),
          })}
        </p>
        <Button variant="secondary" aria-pressed={asTable} onClick={() => setAsTable((value) => !value)}>
          {t('securityMonitoring.signIns.showTable')}
        </Button>
      </div>
      {asTable ? (
        <TableScroll label={t('securityMonitoring.signIns.tableCaption')}>
          <table className={tableClass} data-testid="sign-ins-table">
            <caption className="sr-only">{t('securityMonitoring.signIns.tableCaption')}</caption>
            <thead>
              <tr className={headRowClass}>
                <th scope="col" className={thClass}>
                  {t('securityMonitoring.signIns.day')}
                </th>
                {SERIES.map((series) => (
                  <th key={series.key} scope="col" className={numThClass}>
                    {label(series.key)}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {overview.days.map((day) => (
                <tr key={day.day} className={rowClass} data-testid="sign-ins-row" data-day={day.day}>
                  <th scope="row" className={`${tdClass} text-start font-normal whitespace-nowrap`}>
                    {formatDay(day.day, language, 'long')}
                  </th>
                  {SERIES.map((series) => (
                    <td key={series.key} className={numClass} data-column={series.key}>
                      {number(day[series.key])}
                    </td>
                  ))}
                </tr>
              ))}
            </tbody>
          </table>
        </TableScroll>
      ) : (
        <>
          <ul className="flex flex-wrap gap-x-4 gap-y-1 text-sm text-muted" aria-hidden>
            {SERIES.map((series) => (
              <li key={series.key} className="flex items-center gap-2">
                <span className="inline-block size-3 shrink-0 rounded-sm" style={{ background: series.colour }} />
                {label(series.key)}
              </li>
            ))}
          </ul>
          <div dir="ltr" aria-hidden className="h-64 w-full min-w-0" data-testid="sign-ins-chart">
            <ResponsiveContainer width="100%" height="100%">
              <BarChart
                data={overview.days}
                margin={{ top: 8, right: 8, bottom: 0, left: 8 }}
                accessibilityLayer={false}
              >
                <CartesianGrid vertical={false} stroke="var(--border)" />
                <XAxis
                  dataKey="day"
                  reversed={rtl}
                  tick={axisTick}
                  tickFormatter={(day: string) => formatDay(day, language, 'short')}
                  minTickGap={12}
                />
                <YAxis
                  orientation={rtl ? 'right' : 'left'}
                  allowDecimals={false}
                  tick={axisTick}
                  width={40}
                  tickFormatter={(value: number) => number(value)}
                />
                <Tooltip
                  cursor={{ fill: 'var(--surface-2)' }}
                  labelFormatter={(day) => formatDay(String(day), language, 'long')}
                  formatter={(value, name) => [number(Number(value)), label(name as (typeof SERIES)[number]['key'])]}
                  contentStyle={{
                    background: 'var(--surface)',
                    border: '1px solid var(--border)',
                    color: 'var(--fg)',
                    direction: rtl ? 'rtl' : 'ltr',
                  }}
                />
                {SERIES.map((series) => (
                  <Bar key={series.key} dataKey={series.key} fill={series.colour} isAnimationActive={false} />
                ))}
              </BarChart>
            </ResponsiveContainer>
          </div>
        </>
      )}
    </div>
  );
}
