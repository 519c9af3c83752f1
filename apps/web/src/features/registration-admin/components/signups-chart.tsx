import type { RegistrationOverview } from '@maktaba/shared/schemas/registration-admin';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Bar, BarChart, CartesianGrid, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import { Button } from '../../../components/ui/button';
import { TableFrame } from '../../../components/ui/table-frame';
import { formatNumber } from '../../../lib/format';
import { usePageLanguage } from '../../../lib/hooks/use-page-language';
import { formatDay } from '../lib/period';
import { headRowClass, numClass, numThClass, rowClass, tableClass, tdClass, thClass } from './section';

const SERIES = [
  { key: 'signups', colour: 'var(--primary)' },
  { key: 'completed', colour: 'var(--warning)' },
] as const;

const axisTick = { fill: 'var(--muted)', fontSize: 12 };

/**
 * Sign-ups per day beside those that completed the address step: bars, or the same figures as a
 * table. Right to left, the days run from the right and the count axis stands on the right. The
 * SVG is hidden from assistive technology: the summary and the table say the same.
 */
export function SignupsChart({ overview }: { overview: RegistrationOverview }) {
  const { t, i18n } = useTranslation();
  const language = usePageLanguage();
  const rtl = i18n.dir() === 'rtl';
  const [asTable, setAsTable] = useState(false);
  const number = (value: number) => formatNumber(value, language);
  const label = (key: 'signups' | 'completed' | 'disposable_refused') =>
    t(`registrationAdmin.monitoring.${key === 'disposable_refused' ? 'disposableRefused' : key}`);

  return (
    <div className="flex min-w-0 flex-col gap-3">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <p className="text-sm" data-testid="signups-summary">
          {t('registrationAdmin.monitoring.summary', {
            signups: number(overview.totals.signups),
            completed: number(overview.totals.completed),
          })}
        </p>
        <Button variant="secondary" aria-pressed={asTable} onClick={() => setAsTable((value) => !value)}>
          {t('registrationAdmin.monitoring.showTable')}
        </Button>
      </div>
      {asTable ? (
        <TableFrame>
          <table className={tableClass} data-testid="signups-table">
            <caption className="sr-only">{t('registrationAdmin.monitoring.chartTitle')}</caption>
            <thead>
              <tr className={headRowClass}>
                <th scope="col" className={thClass}>
                  {t('registrationAdmin.monitoring.day')}
                </th>
                {(['signups', 'completed', 'disposable_refused'] as const).map((key) => (
                  <th key={key} scope="col" className={numThClass}>
                    {label(key)}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {overview.days.map((day) => (
                <tr key={day.day} className={rowClass} data-day={day.day}>
                  <th scope="row" className={`${tdClass} text-start font-normal whitespace-nowrap`}>
                    {formatDay(day.day, language, 'long')}
                  </th>
                  <td className={numClass}>{number(day.signups)}</td>
                  <td className={numClass}>{number(day.completed)}</td>
                  <td className={numClass}>{number(day.disposable_refused)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </TableFrame>
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
          <div dir="ltr" aria-hidden className="h-64 w-full min-w-0" data-testid="signups-chart">
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
                  formatter={(value, name) => [number(Number(value)), label(name as 'signups' | 'completed')]}
                  contentStyle={{ background: 'var(--surface)', borderColor: 'var(--border)', color: 'var(--fg)' }}
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
