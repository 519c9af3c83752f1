import { dateTimeFormat } from '../../../lib/format';

/** A report month (`YYYY-MM`, UTC) in the reader's language: "March 2026". */
export function formatMonth(month: string, language: string): string {
  const [year, number] = month.split('-').map(Number) as [number, number];
  return dateTimeFormat(language, { year: 'numeric', month: 'long', timeZone: 'UTC' }).format(
    new Date(Date.UTC(year, number - 1, 1)),
  );
}

/** A day (`YYYY-MM-DD` or an instant) as the UTC calendar day it falls on, in the reader's language. */
export function formatDay(value: string, language: string): string {
  const date = value.length === 10 ? new Date(`${value}T00:00:00Z`) : new Date(value);
  return dateTimeFormat(language, { dateStyle: 'medium', timeZone: 'UTC' }).format(date);
}

/** Today and the same day a year ago (plus one), as `YYYY-MM-DD`: the reports' default period. */
export function defaultPeriod(now = new Date()): { from: string; to: string } {
  const to = now.toISOString().slice(0, 10);
  const from = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - 12, now.getUTCDate() + 1));
  return { from: from.toISOString().slice(0, 10), to };
}
