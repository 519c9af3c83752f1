import { dateTimeFormat, numberFormat } from '../../../lib/format';

const DAY_MS = 86_400_000;

/** The periods the monitoring page offers, in days. */
export const PERIOD_CHOICES = [7, 30, 90] as const;

/** The last `days` UTC days, today included, as `YYYY-MM-DD`. */
export function lastDays(days: number, now = new Date()): { from: string; to: string } {
  const to = now.toISOString().slice(0, 10);
  const from = new Date(Date.parse(`${to}T00:00:00Z`) - (days - 1) * DAY_MS).toISOString().slice(0, 10);
  return { from, to };
}

/** A duration in ms as the largest whole unit that fits (minutes, hours or days), in the page's language. */
export function formatDuration(ms: number, language: string): string {
  const minutes = ms / 60_000;
  const [value, unit] =
    minutes < 1
      ? [ms / 1000, 'second']
      : minutes < 60
        ? [minutes, 'minute']
        : minutes < 48 * 60
          ? [minutes / 60, 'hour']
          : [minutes / 1440, 'day'];
  return numberFormat(language, { style: 'unit', unit, unitDisplay: 'long', maximumFractionDigits: 1 }).format(value);
}

/** A UTC day in the page's language: short for the axis, long for the table. */
export function formatDay(day: string, language: string, style: 'short' | 'long'): string {
  const options: Intl.DateTimeFormatOptions =
    style === 'short' ? { day: 'numeric', month: 'short', timeZone: 'UTC' } : { dateStyle: 'medium', timeZone: 'UTC' };
  return dateTimeFormat(language, options).format(new Date(`${day}T00:00:00Z`));
}
