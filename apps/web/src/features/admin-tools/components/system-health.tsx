import type { AdminOverview } from '@maktaba/shared/schemas/admin-overview';
import { clsx } from 'clsx';
import { CircleAlert, CircleCheck } from 'lucide-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDateTime, formatNumber, numberFormat } from '../../../lib/format';

const BYTE_UNITS = ['byte', 'kilobyte', 'megabyte', 'gigabyte', 'terabyte'] as const;

/** Bytes in the largest unit that keeps the number at or above one (Intl unit formatting). */
export function formatBytes(bytes: number, language: string): string {
  let value = bytes;
  let unit = 0;
  while (value >= 1024 && unit < BYTE_UNITS.length - 1) {
    value /= 1024;
    unit++;
  }
  return numberFormat(language, {
    style: 'unit',
    unit: BYTE_UNITS[unit],
    unitDisplay: 'short',
    maximumFractionDigits: unit === 0 ? 0 : 1,
  }).format(value);
}

/** "3 days, 4 hours" (or hours and minutes, or minutes) in the page's language. */
export function formatUptime(seconds: number, language: string): string {
  const days = Math.floor(seconds / 86_400);
  const hours = Math.floor((seconds % 86_400) / 3_600);
  const minutes = Math.floor((seconds % 3_600) / 60);
  const unit = (value: number, name: 'day' | 'hour' | 'minute') =>
    numberFormat(language, { style: 'unit', unit: name, unitDisplay: 'long' }).format(value);
  const parts =
    days > 0
      ? [unit(days, 'day'), unit(hours, 'hour')]
      : hours > 0
        ? [unit(hours, 'hour'), unit(minutes, 'minute')]
        : [unit(minutes, 'minute')];
  return new Intl.ListFormat(language, { style: 'long', type: 'unit' }).format(parts);
}

function Row({ label, ok, children, testId }: { label: string; ok: boolean; children: ReactNode; testId: string }) {
  const { t } = useTranslation();
  const Icon = ok ? CircleCheck : CircleAlert;
  return (
    <div
      className="flex flex-col gap-1 border-t border-border py-3 first:border-t-0 sm:flex-row sm:gap-4"
      data-testid={testId}
    >
      <dt className="flex shrink-0 items-center gap-2 font-semibold sm:w-48">
        <Icon aria-hidden className={clsx('size-4 shrink-0', ok ? 'text-primary' : 'text-danger')} />
        {label}
        <span className="sr-only"> ({ok ? t('adminTools.health.ok') : t('adminTools.health.attention')})</span>
      </dt>
      <dd className="min-w-0 break-words text-sm">{children}</dd>
    </div>
  );
}

/** The system's health: each line says in words whether it is fine, beside its icon. */
export function SystemHealth({ health, generatedAt }: { health: AdminOverview['health']; generatedAt: string }) {
  const { t, i18n } = useTranslation();
  const language = i18n.language;
  const number = (value: number) => formatNumber(value, language);
  const time = (value: string) => formatDateTime(value, language);
  const driver = health.database.driver === 'pglite' ? 'PGlite' : 'PostgreSQL';
  const diskOk =
    health.disk.freeBytes === null ||
    health.disk.totalBytes === null ||
    health.disk.freeBytes > health.disk.totalBytes * 0.1;
  return (
    <section aria-labelledby="admin-tools-health" className="flex flex-col gap-3" data-testid="system-health">
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h2 id="admin-tools-health" className="font-display text-xl font-bold">
          {t('adminTools.health.title')}
        </h2>
        <p className="text-sm text-muted">{t('adminTools.health.updated', { time: time(generatedAt) })}</p>
      </div>
      <p
        className={clsx(
          'flex items-center gap-2 rounded-app p-3 font-semibold',
          health.status === 'ok' ? 'bg-primary-soft text-primary' : 'bg-danger-soft text-danger',
        )}
        data-testid="health-status"
      >
        {health.status === 'ok' ? (
          <CircleCheck aria-hidden className="size-5" />
        ) : (
          <CircleAlert aria-hidden className="size-5" />
        )}
        {t(`adminTools.health.status.${health.status}`)}
      </p>
      <dl className="rounded-app border border-border bg-surface px-4">
        <Row label={t('adminTools.health.database')} ok={health.database.reachable} testId="health-database">
          {health.database.latencyMs === null
            ? t('adminTools.health.databaseDown', { driver })
            : t('adminTools.health.databaseValue', {
                driver,
                latency: numberFormat(language, {
                  style: 'unit',
                  unit: 'millisecond',
                  maximumFractionDigits: 1,
                }).format(health.database.latencyMs),
              })}
        </Row>
        <Row
          label={t('adminTools.health.migrations')}
          ok={health.migrations.applied === health.migrations.available}
          testId="health-migrations"
        >
          {t('adminTools.health.migrationsValue', {
            applied: number(health.migrations.applied),
            available: number(health.migrations.available),
            // Isolated, so a tag such as 0021_admin_tools keeps its order inside Arabic text.
            latest: health.migrations.latest ? `\u2066${health.migrations.latest}\u2069` : '—',
          })}
        </Row>
        <Row label={t('adminTools.health.mail')} ok={health.mail.failed === 0} testId="health-mail">
          {t('adminTools.health.mailValue', {
            pending: number(health.mail.pending),
            failed: number(health.mail.failed),
          })}
        </Row>
        <Row label={t('adminTools.health.lastError')} ok={health.mail.lastError === null} testId="health-last-error">
          {health.mail.lastError ? (
            <>
              {time(health.mail.lastError.at)}: <bdi dir="auto">{health.mail.lastError.message}</bdi>
            </>
          ) : (
            t('adminTools.health.noError')
          )}
        </Row>
        <Row
          label={t('adminTools.health.jobs')}
          ok={health.jobs.every((job) => job.status !== 'failed')}
          testId="health-jobs"
        >
          <ul className="flex flex-col gap-1">
            {health.jobs.map((job) => (
              <li key={job.job}>
                <span className="font-semibold">{t(`adminTools.health.jobNames.${job.job}`)}</span>
                {t('adminTools.health.listSeparator')}
                {job.lastRunAt === null
                  ? t('adminTools.health.jobNever')
                  : t(job.status === 'failed' ? 'adminTools.health.jobFailed' : 'adminTools.health.jobOk', {
                      time: time(job.lastRunAt),
                    })}
              </li>
            ))}
          </ul>
        </Row>
        <Row label={t('adminTools.health.disk')} ok={diskOk} testId="health-disk">
          {health.disk.dataBytes === null || health.disk.freeBytes === null || health.disk.totalBytes === null
            ? t('adminTools.health.diskUnknown')
            : t('adminTools.health.diskValue', {
                used: formatBytes(health.disk.dataBytes, language),
                free: formatBytes(health.disk.freeBytes, language),
                total: formatBytes(health.disk.totalBytes, language),
              })}
        </Row>
        <Row label={t('adminTools.health.version')} ok testId="health-version">
          <bdi dir="ltr">{health.version}</bdi>
        </Row>
        <Row label={t('adminTools.health.uptime')} ok testId="health-uptime">
          {formatUptime(health.uptimeSeconds, language)}
        </Row>
      </dl>
    </section>
  );
}
