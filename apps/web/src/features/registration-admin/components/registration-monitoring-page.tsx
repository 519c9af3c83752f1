import type { StuckAccount } from '@maktaba/shared/schemas/registration-admin';
import { Mail } from 'lucide-react';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { AdminPageHeader } from '../../../components/admin-page-header';
import { lastDays } from '../../../components/charts/period';
import { PeriodPicker } from '../../../components/charts/period-picker';
import { Pagination } from '../../../components/pagination';
import { Button } from '../../../components/ui/button';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { DataTable } from '../../../components/ui/data-table';
import { inputClass } from '../../../components/ui/form-field';
import { rowClass, tdClass } from '../../../components/ui/table-classes';
import { apiErrorText } from '../../../lib/api-error-text';
import { formatDate, formatDateTime, formatNumber, formatPercent } from '../../../lib/format';
import { usePageLanguage } from '../../../lib/hooks/use-page-language';
import { useRegistrationOverview, useSendReminder, useStuckAccounts } from '../api/registration-admin';
import { formatDuration, PERIOD_CHOICES } from '../lib/period';
import { Section } from './section';
import { SignupsChart } from './signups-chart';

const AGE_CHOICES = [24, 72, 168, 0] as const;

function Figure({ label, value, testId }: { label: string; value: string; testId: string }) {
  return (
    <div className="flex min-w-0 flex-col gap-1 rounded-app border border-border p-3">
      <dt className="text-sm text-muted">{label}</dt>
      <dd className="font-display text-2xl font-bold tabular-nums" data-testid={testId}>
        {value}
      </dd>
    </div>
  );
}

/** /admin/registration-monitoring: sign-ups, completion of the address step, and the accounts stuck before it. */
export function RegistrationMonitoringPage() {
  const { t } = useTranslation();
  const language = usePageLanguage();
  const [days, setDays] = useState<number>(30);
  const period = useMemo(() => lastDays(days), [days]);
  const overview = useRegistrationOverview(period);
  const [olderThanHours, setOlderThanHours] = useState<number>(24);
  const [page, setPage] = useState(1);
  const stuck = useStuckAccounts({ page, olderThanHours });
  const remind = useSendReminder();
  const [confirming, setConfirming] = useState<StuckAccount | null>(null);
  const number = (value: number) => formatNumber(value, language);
  const none = t('registrationAdmin.monitoring.noValue');

  return (
    <div className="mx-auto flex max-w-6xl flex-col gap-6 px-4 py-8 sm:py-10">
      <AdminPageHeader
        backLabel={t('registrationAdmin.backToTools')}
        title={t('pages.admin.registrationMonitoring')}
        description={t('registrationAdmin.monitoring.intro')}
      />

      <PeriodPicker
        id="registration-period"
        label={t('registrationAdmin.monitoring.period')}
        presets={PERIOD_CHOICES}
        presetLabel={(choice) =>
          t('registrationAdmin.monitoring.periodDays', { count: choice, formatted: number(choice) })
        }
        days={days}
        onPreset={setDays}
      />

      <SignupsChart
        query={overview}
        lead={(data) => (
          <dl className="grid grid-cols-1 gap-3 sm:grid-cols-2 lg:grid-cols-4">
            <Figure
              label={t('registrationAdmin.monitoring.completionShare')}
              value={
                data.totals.completion_share === null ? none : formatPercent(data.totals.completion_share, language)
              }
              testId="figure-completion"
            />
            <Figure
              label={t('registrationAdmin.monitoring.medianTime')}
              value={data.totals.median_ms === null ? none : formatDuration(data.totals.median_ms, language)}
              testId="figure-median"
            />
            <Figure
              label={t('registrationAdmin.monitoring.p90Time')}
              value={data.totals.p90_ms === null ? none : formatDuration(data.totals.p90_ms, language)}
              testId="figure-p90"
            />
            <Figure
              label={t('registrationAdmin.monitoring.disposableRefused')}
              value={number(data.totals.disposable_refused)}
              testId="figure-disposable"
            />
          </dl>
        )}
      />

      <Section name="problems" title={t('registrationAdmin.monitoring.problemsTitle')} query={overview}>
        {(data) =>
          data.problems.length === 0 ? (
            <p className="text-muted">{t('registrationAdmin.monitoring.noProblems')}</p>
          ) : (
            <ul className="flex flex-col gap-3">
              {data.problems.map((problem) => (
                <li key={problem.kind} className="rounded-app border border-border p-3">
                  <p className="font-semibold">
                    <bdi dir="auto">{problem.kind}</bdi>{' '}
                    <span className="text-sm font-normal text-muted">
                      {t('registrationAdmin.monitoring.problemCount', {
                        count: problem.count,
                        formatted: number(problem.count),
                      })}
                    </span>
                  </p>
                  <ul className="mt-2 flex flex-col gap-1 text-sm">
                    {problem.latest.map((entry) => (
                      <li key={`${entry.created_at}-${entry.user_id}`} className="break-words">
                        {formatDateTime(entry.created_at, language)} · <bdi dir="auto">{entry.email ?? none}</bdi>
                        {entry.message ? (
                          <>
                            {' · '}
                            <bdi dir="auto">{entry.message}</bdi>
                          </>
                        ) : null}
                      </li>
                    ))}
                  </ul>
                </li>
              ))}
            </ul>
          )
        }
      </Section>

      <Section
        name="stuck"
        title={t('registrationAdmin.monitoring.stuckTitle')}
        query={stuck}
        actions={
          <div className="flex min-w-0 flex-col gap-1">
            <label htmlFor="registration-age" className="text-sm font-semibold">
              {t('registrationAdmin.monitoring.olderThan')}
            </label>
            <select
              id="registration-age"
              value={olderThanHours}
              onChange={(event) => {
                setOlderThanHours(Number(event.target.value));
                setPage(1);
              }}
              className={inputClass(false, 'w-48')}
            >
              {AGE_CHOICES.map((hours) => (
                <option key={hours} value={hours}>
                  {hours === 0
                    ? t('registrationAdmin.monitoring.olderThanAny')
                    : t('registrationAdmin.monitoring.olderThanHours', { count: hours, formatted: number(hours) })}
                </option>
              ))}
            </select>
          </div>
        }
      >
        {(data) => {
          const pages = Math.max(1, Math.ceil(data.total / data.per_page));
          return data.accounts.length === 0 ? (
            <p className="text-muted">{t('registrationAdmin.monitoring.noStuck')}</p>
          ) : (
            <div className="flex min-w-0 flex-col gap-3">
              <DataTable
                caption={t('registrationAdmin.monitoring.stuckTitle')}
                testId="stuck-table"
                className="min-w-max"
                isScrollRegion={false}
                columns={[
                  { label: t('registrationAdmin.monitoring.email') },
                  { label: t('registrationAdmin.monitoring.name') },
                  { label: t('registrationAdmin.monitoring.createdAt') },
                  { label: t('registrationAdmin.monitoring.lastReminder') },
                ]}
              >
                {data.accounts.map((account) => (
                  <tr key={account.id} className={rowClass} data-testid="stuck-row" data-email={account.email}>
                    <th scope="row" className={`${tdClass} text-start font-normal`}>
                      <bdi dir="auto">{account.email}</bdi>
                    </th>
                    <td className={tdClass}>
                      <bdi dir="auto">{account.display_name ?? none}</bdi>
                    </td>
                    <td className={`${tdClass} whitespace-nowrap`}>{formatDateTime(account.created_at, language)}</td>
                    <td className={tdClass}>
                      <div className="flex flex-wrap items-center gap-2">
                        <span className="text-sm text-muted" data-testid="reminder-state">
                          {account.last_reminder_at
                            ? t('registrationAdmin.monitoring.reminded', {
                                date: formatDate(account.last_reminder_at, language),
                              })
                            : t('registrationAdmin.monitoring.notReminded')}
                        </span>
                        <Button
                          variant="secondary"
                          onClick={() => setConfirming(account)}
                          aria-label={`${t('registrationAdmin.monitoring.sendReminder')}: ${account.email}`}
                        >
                          <Mail aria-hidden className="size-4" />
                          {t('registrationAdmin.monitoring.sendReminder')}
                        </Button>
                      </div>
                    </td>
                  </tr>
                ))}
              </DataTable>
              <Pagination
                page={page}
                pages={pages}
                onPage={setPage}
                label={t('registrationAdmin.monitoring.stuckTitle')}
              />
            </div>
          );
        }}
      </Section>

      <ConfirmDialog
        open={confirming !== null}
        onOpenChange={(open) => {
          if (!open) {
            setConfirming(null);
            remind.reset();
          }
        }}
        title={t('registrationAdmin.monitoring.confirmTitle')}
        description={t('registrationAdmin.monitoring.confirmBody', { email: confirming?.email ?? '' })}
        confirmLabel={t('registrationAdmin.monitoring.confirm')}
        cancelLabel={t('registrationAdmin.cancel')}
        isPending={remind.isPending}
        error={remind.error ? apiErrorText(t, remind.error) : null}
        onConfirm={() => {
          if (!confirming) return;
          remind.mutate(confirming.id, {
            onSuccess: () => {
              toast.success(t('registrationAdmin.monitoring.sent'));
              setConfirming(null);
            },
          });
        }}
      />
    </div>
  );
}
