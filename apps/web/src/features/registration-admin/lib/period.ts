import { numberFormat } from '../../../lib/format';

/** The periods the monitoring page offers, in days. */
export const PERIOD_CHOICES = [7, 30, 90] as const;

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
