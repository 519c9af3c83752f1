import { dateTimeFormat, numberFormat } from '../../../lib/format';

/**
 * The Intl locale of the page's language, as everywhere else in the app (lib/format): the digits
 * are those Intl gives the language, so the charts read like the pages around them.
 */
export const intlLocale = (language: string) => language;

/** A month (`YYYY-MM`, UTC) in the page's language: "Nov 2026" on an axis, "November 2026" elsewhere. */
export function formatMonth(month: string, language: string, style: 'short' | 'long' = 'long'): string {
  const [year, number] = month.split('-').map(Number) as [number, number];
  return dateTimeFormat(intlLocale(language), { year: 'numeric', month: style, timeZone: 'UTC' }).format(
    new Date(Date.UTC(year, number - 1, 1)),
  );
}

/** A count, or an average to at most two decimal places. */
export const formatCount = (value: number, language: string) =>
  numberFormat(intlLocale(language), { maximumFractionDigits: 2 }).format(value);

/** An instant (when the figures were computed), to the minute. */
export const formatInstant = (value: string, language: string) =>
  dateTimeFormat(intlLocale(language), { dateStyle: 'medium', timeStyle: 'short' }).format(new Date(value));

/** A web-vital axis tick: seconds from a second up (narrow axes), else milliseconds; scores as they are. */
export function formatVitalTick(value: number, unit: 'ms' | 'score', language: string): string {
  if (unit === 'ms' && value >= 1000)
    return numberFormat(intlLocale(language), {
      style: 'unit',
      unit: 'second',
      unitDisplay: 'narrow',
      maximumFractionDigits: 1,
    }).format(value / 1000);
  return formatVital(value, unit, language);
}

/** A web-vital value: milliseconds, or a layout-shift score to three places. */
export function formatVital(value: number, unit: 'ms' | 'score', language: string): string {
  return unit === 'ms'
    ? numberFormat(intlLocale(language), {
        style: 'unit',
        unit: 'millisecond',
        unitDisplay: 'short',
        maximumFractionDigits: 0,
      }).format(value)
    : numberFormat(intlLocale(language), { maximumFractionDigits: 3 }).format(value);
}
