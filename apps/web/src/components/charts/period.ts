import { dateTimeFormat } from '../../lib/format';

/** A period of UTC days, both ends included, as `YYYY-MM-DD`. */
export type Period = { from: string; to: string };

const DAY_MS = 86_400_000;

/** The last `days` UTC days, today included. */
export function lastDays(days: number, now = new Date()): Period {
  const to = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate());
  const day = (time: number) => new Date(time).toISOString().slice(0, 10);
  return { from: day(to - (days - 1) * DAY_MS), to: day(to) };
}

/** A chart's day (`YYYY-MM-DD`, UTC) in the page's language: "12 Nov" on an axis, "12 November 2026" elsewhere. */
export function formatChartDay(day: string, language: string, style: 'short' | 'long' = 'long'): string {
  const options: Intl.DateTimeFormatOptions =
    style === 'short'
      ? { day: 'numeric', month: 'short', timeZone: 'UTC' }
      : { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' };
  return dateTimeFormat(language, options).format(new Date(`${day}T00:00:00Z`));
}
