import type { StuckAccount } from '@maktaba/shared/schemas/registration-admin';
import { ArrowLeft, ArrowRight, Mail } from 'lucide-react';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { toast } from 'sonner';
import { Button } from '../../../components/ui/button';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { inputClass } from '../../../components/ui/form-field';
import { TableFrame } from '../../../components/ui/table-frame';
import { apiErrorText } from '../../../lib/api-error-text';
import { formatDate, formatDateTime, formatNumber, formatPercent } from '../../../lib/format';
import { usePageLanguage } from '../../../lib/hooks/use-page-language';
import { useRegistrationOverview, useSendReminder, useStuckAccounts } from '../api/registration-admin';
import { formatDuration, lastDays, PERIOD_CHOICES } from '../lib/period';
import { headRowClass, rowClass, Section, tableClass, tdClass, thClass } from './section';
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
  const { t, i18n } = useTranslation();
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
  const Back = i18n.dir() === 'rtl' ? ArrowRight : ArrowLeft;

  return (
    <div className="mx-auto flex max-w-6xl flex-col gap-6 px-4 py-8 sm:py-10">
      <div>
        <Link
          to="/admin/tools"
          className="inline-flex min-h-11 items-center gap-1 text-sm font-semibold text-primary underline-offset-2 hover:underline"
        >
          <Back aria-hidden className="size-4" />
          {t('registrationAdmin.backToTools')}
        </Link>
        <h1 className="mt-2 font-display text-3xl font-bold">{t('pages.admin.registrationMonitoring')}</h1>
        <p className="mt-1 text-muted">{t('registrationAdmin.monitoring.intro')}</p>
      </div>

      <div className="flex min-w-0 flex-col gap-1">
        <label htmlFor="registration-period" className="text-sm font-semibold">
          {t('registrationAdmin.monitoring.period')}
        </label>
        <select
          id="registration-period"
          value={days}
          onChange={(event) => setDays(Number(event.target.value))}
          className={inputClass(false, 'w-48')}
        >
          {PERIOD_CHOICES.map((choice) => (
            <option key={choice} value={choice}>
              {t('registrationAdmin.monitoring.periodDays', { count: choice, formatted: number(choice) })}
            </option>
          ))}
        </select>
      </div>

      <Section name="overview" title={t('registrationAdmin.monitoring.chartTitle')} query={overview}>
        {(data) => (
          <div className="flex min-w-0 flex-col gap-4">
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
            <SignupsChart overview={data} />
          </div>
        )}
      </Section>

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
              <TableFrame>
                <table className={tableClass} data-testid="stuck-table">
                  <caption className="sr-only">{t('registrationAdmin.monitoring.stuckTitle')}</caption>
                  <thead>
                    <tr className={headRowClass}>
                      <th scope="col" className={thClass}>
                        {t('registrationAdmin.monitoring.email')}
                      </th>
                      <th scope="col" className={thClass}>
                        {t('registrationAdmin.monitoring.name')}
                      </th>
                      <th scope="col" className={thClass}>
                        {t('registrationAdmin.monitoring.createdAt')}
                      </th>
                      <th scope="col" className={thClass}>
                        {t('registrationAdmin.monitoring.lastReminder')}
                      </th>
                    </tr>
                  </thead>
                  <tbody>
                    {data.accounts.map((account) => (
                      <tr key={account.id} className={rowClass} data-testid="stuck-row" data-email={account.email}>
                        <th scope="row" className={`${tdClass} text-start font-normal`}>
                          <bdi dir="auto">{account.email}</bdi>
                        </th>
                        <td className={tdClass}>
                          <bdi dir="auto">{account.display_name ?? none}</bdi>
                        </td>
                        <td className={`${tdClass} whitespace-nowrap`}>
                          {formatDateTime(account.created_at, language)}
                        </td>
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
                  </tbody>
                </table>
              </TableFrame>
              {pages > 1 ? (
                <nav
                  className="flex flex-wrap items-center gap-3"
                  aria-label={t('registrationAdmin.monitoring.stuckTitle')}
                >
                  <Button variant="secondary" disabled={page <= 1} onClick={() => setPage(page - 1)}>
                    {t('registrationAdmin.monitoring.previous')}
                  </Button>
                  <span className="text-sm">
                    {t('registrationAdmin.monitoring.pageOf', { page: number(page), pages: number(pages) })}
                  </span>
                  <Button variant="secondary" disabled={page >= pages} onClick={() => setPage(page + 1)}>
                    {t('registrationAdmin.monitoring.next')}
                  </Button>
                </nav>
              ) : null}
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
