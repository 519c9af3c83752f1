/**
 * Numbers, dates and times in the reader's language (Intl with the current locale). Building an
 * Intl formatter is far slower than using one, and lists format hundreds of values per render,
 * so each locale-and-options pair is built once.
 */
const numberFormats = new Map<string, Intl.NumberFormat>();
const dateFormats = new Map<string, Intl.DateTimeFormat>();

function memo<F>(cache: Map<string, F>, language: string, options: object, create: () => F): F {
  const key = `${language}|${JSON.stringify(options)}`;
  let format = cache.get(key);
  if (!format) {
    format = create();
    cache.set(key, format);
  }
  return format;
}

export function numberFormat(language: string, options: Intl.NumberFormatOptions = {}): Intl.NumberFormat {
  return memo(numberFormats, language, options, () => new Intl.NumberFormat(language, options));
}

export function dateTimeFormat(language: string, options: Intl.DateTimeFormatOptions = {}): Intl.DateTimeFormat {
  return memo(dateFormats, language, options, () => new Intl.DateTimeFormat(language, options));
}

export const formatNumber = (value: number, language: string) => numberFormat(language).format(value);

/** A year in the reader's digits, without a thousands separator. */
export const formatYear = (year: number, language: string) =>
  numberFormat(language, { useGrouping: false }).format(year);

/** A share of a whole, floored: 99.9 % must not read as done. */
export const formatPercent = (ratio: number, language: string) =>
  numberFormat(language, { style: 'percent' }).format(Math.floor(ratio * 100) / 100);

const SIZE_UNITS = ['byte', 'kilobyte', 'megabyte'] as const;

/** A file size in bytes, kilobytes or megabytes, whichever reads best. */
export function formatFileSize(bytes: number, language: string): string {
  let value = bytes;
  let unit = 0;
  while (value >= 1024 && unit < SIZE_UNITS.length - 1) {
    value /= 1024;
    unit++;
  }
  return numberFormat(language, {
    style: 'unit',
    unit: SIZE_UNITS[unit],
    unitDisplay: 'short',
    maximumFractionDigits: unit === 0 ? 0 : 1,
  }).format(value);
}

type DateInput = Date | string;
const toDate = (value: DateInput) => (typeof value === 'string' ? new Date(value) : value);

/** A date: 'medium' (Jan 5, 2026) unless another style is asked for. */
export const formatDate = (
  value: DateInput,
  language: string,
  options: Intl.DateTimeFormatOptions = { dateStyle: 'medium' },
) => dateTimeFormat(language, options).format(toDate(value));

/** A date with its time, to the minute (or to the second with `withSeconds`). */
export const formatDateTime = (value: DateInput, language: string, { withSeconds = false } = {}) =>
  dateTimeFormat(language, { dateStyle: 'medium', timeStyle: withSeconds ? 'medium' : 'short' }).format(toDate(value));

/** The exact time, for a tooltip beside the relative one and for the tables. */
export const formatExactTime = (date: Date, language: string) => formatDateTime(date, language);

const relativeFormats = new Map<string, Intl.RelativeTimeFormat>();
const RELATIVE_UNITS: [Intl.RelativeTimeFormatUnit, number][] = [
  ['year', 365 * 24 * 60 * 60_000],
  ['month', 30 * 24 * 60 * 60_000],
  ['week', 7 * 24 * 60 * 60_000],
  ['day', 24 * 60 * 60_000],
  ['hour', 60 * 60_000],
  ['minute', 60_000],
];

/** '5 minutes ago', 'قبل 5 دقائق': the largest whole unit, in the reader's language; under a minute is 'now'. */
export function formatRelativeTime(date: Date, now: Date, language: string): string {
  const format = memo(relativeFormats, language, {}, () => new Intl.RelativeTimeFormat(language, { numeric: 'auto' }));
  const elapsed = date.getTime() - now.getTime();
  for (const [unit, size] of RELATIVE_UNITS) {
    if (Math.abs(elapsed) >= size) return format.format(Math.trunc(elapsed / size), unit);
  }
  return format.format(0, 'second');
}
