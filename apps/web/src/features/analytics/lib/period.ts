import { ANALYTICS_LIMITS } from '@maktaba/shared/schemas/analytics';
import { lastDays, type Period } from '../../../components/charts/period';

export const PRESET_DAYS = [7, 30, 90] as const;
export type PresetDays = (typeof PRESET_DAYS)[number];
export const DEFAULT_DAYS: PresetDays = 30;
/** The longest period the API answers for. */
export const MAX_PERIOD_DAYS = ANALYTICS_LIMITS.periodDaysMax;

const DAY_MS = 86_400_000;
const DAY_PATTERN = /^\d{4}-\d{2}-\d{2}$/;

/** Why a custom period cannot be shown (each has its message under `analytics.period.errors`). */
export type PeriodError = 'missing' | 'order' | 'tooLong';

const toDay = (date: Date) => date.toISOString().slice(0, 10);

/** A `YYYY-MM-DD` string that names a real day, as its UTC midnight; otherwise null. */
export function parseDay(value: string | null | undefined): number | null {
  if (!value || !DAY_PATTERN.test(value)) return null;
  const time = Date.parse(`${value}T00:00:00Z`);
  return Number.isNaN(time) || toDay(new Date(time)) !== value ? null : time;
}

/** The last `days` days, today (UTC) included. */
export const presetPeriod = lastDays;

/** How many days a period covers, both ends included. */
export function periodLength(period: Period): number {
  const from = parseDay(period.from);
  const to = parseDay(period.to);
  return from === null || to === null ? 0 : Math.round((to - from) / DAY_MS) + 1;
}

/** What is wrong with a custom period, or null when the API will answer for it. */
export function validatePeriod(from: string, to: string): PeriodError | null {
  const start = parseDay(from);
  const end = parseDay(to);
  if (start === null || end === null) return 'missing';
  if (end < start) return 'order';
  if ((end - start) / DAY_MS + 1 > MAX_PERIOD_DAYS) return 'tooLong';
  return null;
}

/** The page's choice as the URL keeps it: `?days=7|30|90`, or `?from=…&to=…` for a custom one. */
export type PeriodChoice =
  | { kind: 'preset'; days: PresetDays; period: Period }
  | { kind: 'custom'; period: Period }
  | { kind: 'invalid'; error: PeriodError; from: string; to: string; period: Period };

export function readPeriod(params: URLSearchParams, now = new Date()): PeriodChoice {
  const from = params.get('from');
  const to = params.get('to');
  if (from !== null || to !== null) {
    const error = validatePeriod(from ?? '', to ?? '');
    if (error)
      return { kind: 'invalid', error, from: from ?? '', to: to ?? '', period: presetPeriod(DEFAULT_DAYS, now) };
    return { kind: 'custom', period: { from: from as string, to: to as string } };
  }
  const days = Number(params.get('days'));
  const preset = PRESET_DAYS.find((choice) => choice === days) ?? DEFAULT_DAYS;
  return { kind: 'preset', days: preset, period: presetPeriod(preset, now) };
}

/** The search parameters of a choice (the default period leaves the address clean). */
export function periodParams(choice: { days: PresetDays } | Period): Record<string, string | null> {
  if ('days' in choice)
    return { days: choice.days === DEFAULT_DAYS ? null : String(choice.days), from: null, to: null };
  return { days: null, from: choice.from, to: choice.to };
}
