import { useTranslation } from 'react-i18next';

const UNITS = ['byte', 'kilobyte', 'megabyte'] as const;

/** Numbers, percentages, file sizes and dates in the reader's language. */
export function useFormatters() {
  const { i18n } = useTranslation();
  const language = i18n.language;
  return {
    number: (value: number) => new Intl.NumberFormat(language).format(value),
    // Floored: 99.9 % must not read as done.
    percent: (ratio: number) =>
      new Intl.NumberFormat(language, { style: 'percent' }).format(Math.floor(ratio * 100) / 100),
    fileSize: (bytes: number) => {
      let value = bytes;
      let unit = 0;
      while (value >= 1024 && unit < UNITS.length - 1) {
        value /= 1024;
        unit++;
      }
      return new Intl.NumberFormat(language, {
        style: 'unit',
        unit: UNITS[unit],
        unitDisplay: 'short',
        maximumFractionDigits: unit === 0 ? 0 : 1,
      }).format(value);
    },
    dateTime: (iso: string) =>
      new Intl.DateTimeFormat(language, { dateStyle: 'medium', timeStyle: 'short' }).format(new Date(iso)),
  };
}
