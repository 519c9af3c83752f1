import { SECURITY_PERIOD_CHOICES, type SecurityOverview } from '@maktaba/shared/schemas/security-monitoring';
import { useQueryClient } from '@tanstack/react-query';
import { RefreshCw } from 'lucide-react';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { AdminPageHeader } from '../../../components/admin-page-header';
import { lastDays } from '../../../components/charts/period';
import { PeriodPicker } from '../../../components/charts/period-picker';
import { Button } from '../../../components/ui/button';
import { DataTable } from '../../../components/ui/data-table';
import { numClass, rowClass, tdClass } from '../../../components/ui/table-classes';
import { formatDateTime, formatExactTime, formatNumber, formatRelativeTime } from '../../../lib/format';
import { usePageLanguage } from '../../../lib/hooks/use-page-language';
import {
  refreshSecurityMonitoring,
  useSecurityLockouts,
  useSecurityOverview,
  useSecuritySessions,
} from '../api/security-monitoring';
import { LockoutsSection } from './lockouts-section';
import { Empty, Section } from './section';
import { SignInsChart } from './sign-ins-chart';

const KNOWN_REASONS = new Set(['email_taken', 'disposable_email', 'too_many_registrations_ip', 'honeypot']);

/** Re-renders every 15 seconds, so "Updated …" stays true between refreshes. */
function useNow(everyMs = 15_000) {
  const [now, setNow] = useState(() => new Date());
  useEffect(() => {
    const timer = setInterval(() => setNow(new Date()), everyMs);
    return () => clearInterval(timer);
  }, [everyMs]);
  return now;
}

/** /admin/security-monitoring: sign-in failures, refusals and lockouts, refreshed every 30 seconds. */
export function SecurityMonitoringPage() {
  const { t } = useTranslation();
  const language = usePageLanguage();
  const queryClient = useQueryClient();
  const [days, setDays] = useState<number>(SECURITY_PERIOD_CHOICES[0]);
  // The period is fixed when chosen; a refresh reads the same days again.
  const period = useMemo(() => lastDays(days), [days]);
  const overview = useSecurityOverview(period);
  const lockouts = useSecurityLockouts();
  const sessions = useSecuritySessions();
  const now = useNow();
  const number = (value: number) => formatNumber(value, language);
  const periodLabel = (count: number) => t('securityMonitoring.periodDays', { count, formatted: number(count) });

  const updatedAt = Math.max(overview.dataUpdatedAt, lockouts.dataUpdatedAt, sessions.dataUpdatedAt);
  const fetching = overview.isFetching || lockouts.isFetching || sessions.isFetching;

  return (
    <div className="mx-auto flex max-w-6xl flex-col gap-6 px-4 py-8 sm:py-10">
      <AdminPageHeader
        backLabel={t('securityMonitoring.backToTools')}
        title={t('securityMonitoring.title')}
        description={t('securityMonitoring.description')}
      />

      <div className="flex flex-wrap items-end justify-between gap-3">
        <PeriodPicker
          id="security-period"
          label={t('securityMonitoring.period')}
          presets={SECURITY_PERIOD_CHOICES}
          presetLabel={periodLabel}
          days={days}
          onPreset={setDays}
        />
        <div className="flex flex-wrap items-center gap-3">
          {updatedAt > 0 ? (
            <p className="text-sm text-muted" data-testid="security-updated">
              <time dateTime={new Date(updatedAt).toISOString()} title={formatExactTime(new Date(updatedAt), language)}>
                {t('securityMonitoring.updated', {
                  time: formatRelativeTime(new Date(Math.min(updatedAt, now.getTime())), now, language),
                })}
              </time>
            </p>
          ) : null}
          <Button
            variant="secondary"
            onClick={() => void refreshSecurityMonitoring(queryClient)}
            disabled={fetching}
            aria-busy={fetching}
          >
            <RefreshCw aria-hidden className={`size-4 ${fetching ? 'motion-safe:animate-spin' : ''}`} />
            {t('securityMonitoring.refresh')}
          </Button>
        </div>
      </div>

      <SignInsChart query={overview} periodLabel={periodLabel} />

      <LockoutsSection query={lockouts} />

      <Section name="top-addresses" title={t('securityMonitoring.addresses.title')} query={overview}>
        {(data) => <TopAddresses data={data} />}
      </Section>
      <Section name="top-accounts" title={t('securityMonitoring.accounts.title')} query={overview}>
        {(data) => <TopAccounts data={data} />}
      </Section>
      <div className="grid min-w-0 gap-6 lg:grid-cols-2">
        <Section name="registrations" title={t('securityMonitoring.registrations.title')} query={overview}>
          {(data) => (
            <div className="flex flex-col gap-3">
              <p className="text-sm">
                {t('securityMonitoring.registrations.total', {
                  formatted: number(data.totals.registrationsRefused),
                })}
              </p>
              {data.registrationsRefused.length === 0 ? (
                <Empty>{t('securityMonitoring.registrations.empty')}</Empty>
              ) : (
                <DataTable
                  caption={t('securityMonitoring.registrations.title')}
                  columns={[
                    { label: t('securityMonitoring.registrations.reason') },
                    { label: t('securityMonitoring.registrations.count'), isNumeric: true },
                  ]}
                >
                  {data.registrationsRefused.map((row) => (
                    <tr key={row.reason} className={rowClass}>
                      <td className={tdClass}>
                        {KNOWN_REASONS.has(row.reason)
                          ? t(`securityMonitoring.registrations.reasons.${row.reason}`)
                          : t('securityMonitoring.registrations.reasons.other', { reason: row.reason })}
                      </td>
                      <td className={numClass}>{number(row.count)}</td>
                    </tr>
                  ))}
                </DataTable>
              )}
            </div>
          )}
        </Section>
        <Section
          name="risk"
          title={t('securityMonitoring.risk.title')}
          description={t('securityMonitoring.risk.blockNote', { score: number(50) })}
          query={overview}
        >
          {(data) => <RiskTable data={data} />}
        </Section>
      </div>

      <Section
        name="sessions"
        title={t('securityMonitoring.sessions.title')}
        description={
          sessions.data ? t('securityMonitoring.sessions.total', { formatted: number(sessions.data.total) }) : undefined
        }
        query={sessions}
      >
        {(data) =>
          data.groups.length === 0 ? (
            <Empty>{t('securityMonitoring.sessions.empty')}</Empty>
          ) : (
            <DataTable
              caption={t('securityMonitoring.sessions.title')}
              testId="sessions-table"
              columns={[
                { label: t('securityMonitoring.sessions.browser') },
                { label: t('securityMonitoring.sessions.os') },
                { label: t('securityMonitoring.sessions.count'), isNumeric: true },
              ]}
            >
              {data.groups.map((group) => (
                <tr key={`${group.browser}|${group.os}`} className={rowClass}>
                  <td className={tdClass}>
                    {group.browser ? <bdi dir="auto">{group.browser}</bdi> : t('securityMonitoring.sessions.unknown')}
                  </td>
                  <td className={tdClass}>
                    {group.os ? <bdi dir="auto">{group.os}</bdi> : t('securityMonitoring.sessions.unknown')}
                  </td>
                  <td className={numClass}>{number(group.count)}</td>
                </tr>
              ))}
            </DataTable>
          )
        }
      </Section>
    </div>
  );
}

function TopAddresses({ data }: { data: SecurityOverview }) {
  const { t } = useTranslation();
  const language = usePageLanguage();
  if (data.topAddresses.length === 0) return <Empty>{t('securityMonitoring.addresses.empty')}</Empty>;
  return (
    <DataTable
      caption={t('securityMonitoring.addresses.title')}
      testId="top-addresses"
      columns={[
        { label: t('securityMonitoring.addresses.address') },
        { label: t('securityMonitoring.addresses.failures'), isNumeric: true },
        { label: t('securityMonitoring.addresses.maxRisk'), isNumeric: true },
        { label: t('securityMonitoring.addresses.lastSeen') },
      ]}
    >
      {data.topAddresses.map((row) => (
        <tr key={row.ipAddress} className={rowClass}>
          <td className={tdClass}>
            <bdi dir="auto">{row.ipAddress}</bdi>
          </td>
          <td className={numClass}>{formatNumber(row.failures, language)}</td>
          <td className={numClass}>{row.maxRiskScore === null ? '—' : formatNumber(row.maxRiskScore, language)}</td>
          <td className={`${tdClass} whitespace-nowrap`}>{formatDateTime(row.lastSeen, language)}</td>
        </tr>
      ))}
    </DataTable>
  );
}

function TopAccounts({ data }: { data: SecurityOverview }) {
  const { t } = useTranslation();
  const language = usePageLanguage();
  if (data.topAccounts.length === 0) return <Empty>{t('securityMonitoring.accounts.empty')}</Empty>;
  return (
    <DataTable
      caption={t('securityMonitoring.accounts.title')}
      testId="top-accounts"
      columns={[
        { label: t('securityMonitoring.accounts.email') },
        { label: t('securityMonitoring.addresses.failures'), isNumeric: true },
        { label: t('securityMonitoring.addresses.lastSeen') },
      ]}
    >
      {data.topAccounts.map((row) => (
        <tr key={row.email} className={rowClass}>
          <td className={`${tdClass} max-w-64 break-all`}>
            {row.userId ? (
              <Link to={`/users/${row.userId}`} className="text-primary underline-offset-2 hover:underline">
                <bdi dir="auto">{row.email}</bdi>
              </Link>
            ) : (
              <>
                <bdi dir="auto">{row.email}</bdi>
                <span className="block text-xs text-muted">{t('securityMonitoring.accounts.noAccount')}</span>
              </>
            )}
          </td>
          <td className={numClass}>{formatNumber(row.failures, language)}</td>
          <td className={`${tdClass} whitespace-nowrap`}>{formatDateTime(row.lastSeen, language)}</td>
        </tr>
      ))}
    </DataTable>
  );
}

function RiskTable({ data }: { data: SecurityOverview }) {
  const { t } = useTranslation();
  const language = usePageLanguage();
  const total = data.riskDistribution.reduce((sum, band) => sum + band.count, 0);
  return (
    <DataTable
      caption={t('securityMonitoring.risk.title')}
      testId="risk-table"
      columns={[
        { label: t('securityMonitoring.risk.band') },
        { label: t('securityMonitoring.risk.count'), isNumeric: true },
      ]}
    >
      {data.riskDistribution.map((band) => (
        <tr key={band.min} className={rowClass}>
          <th scope="row" className={`${tdClass} text-start font-normal`}>
            <bdi className="tabular-nums">
              {t('securityMonitoring.risk.bandRange', {
                min: formatNumber(band.min, language),
                max: formatNumber(band.max, language),
              })}
            </bdi>
            <span
              aria-hidden
              className="mt-1 block h-1.5 rounded-full bg-primary"
              style={{ inlineSize: `${total && band.count ? Math.max(2, (band.count / total) * 100) : 0}%` }}
            />
          </th>
          <td className={numClass}>{formatNumber(band.count, language)}</td>
        </tr>
      ))}
    </DataTable>
  );
}
