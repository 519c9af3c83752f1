import { dateTimeFormat, numberFormat } from '../../../lib/format';

/** A chart's day (`YYYY-MM-DD`, UTC) in the page's language: "12 Nov" on an axis, "12 November 2026" elsewhere. */
export function formatDay(day: string, language: string, style: 'short' | 'long' = 'long'): string {
  const options: Intl.DateTimeFormatOptions =
    style === 'short'
      ? { day: 'numeric', month: 'short', timeZone: 'UTC' }
      : { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' };
  return dateTimeFormat(language, options).format(new Date(`${day}T00:00:00Z`));
}

/** A month (`YYYY-MM`, UTC) in the page's language: "Nov 2026" on an axis, "November 2026" elsewhere. */
export function formatMonth(month: string, language: string, style: 'short' | 'long' = 'long'): string {
  const [year, number] = month.split('-').map(Number) as [number, number];
  return dateTimeFormat(language, { year: 'numeric', month: style, timeZone: 'UTC' }).format(
    new Date(Date.UTC(year, number - 1, 1)),
  );
}

/** A count, with at most one decimal place (averages). */
export const formatCount = (value: number, language: string) =>
  numberFormat(language, { maximumFractionDigits: 1 }).format(value);

/** A web-vital value: milliseconds, or a layout-shift score to three places. */
export function formatVital(value: number, unit: 'ms' | 'score', language: string): string {
  return unit === 'ms'
    ? numberFormat(language, {
        style: 'unit',
        unit: 'millisecond',
        unitDisplay: 'short',
        maximumFractionDigits: 0,
      }).format(value)
    : numberFormat(language, { maximumFractionDigits: 3 }).format(value);
}
