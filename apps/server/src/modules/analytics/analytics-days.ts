import { ANALYTICS_LIMITS } from '@maktaba/shared/schemas/analytics';

/** Pure helpers of the analytics: UTC days and months as `YYYY-MM-DD` / `YYYY-MM` text, and p75. */

const DAY_MS = 86_400_000;

/** The UTC day `at` falls on. */
export const utcDay = (at: Date): string => at.toISOString().slice(0, 10);

/** The day `days` after `day` (negative: before). */
export function addDays(day: string, days: number): string {
  return utcDay(new Date(Date.parse(`${day}T00:00:00Z`) + days * DAY_MS));
}

/** The Monday (ISO week start, UTC) of the week `day` is in. */
export function isoWeekStart(day: string): string {
  const weekday = new Date(`${day}T00:00:00Z`).getUTCDay(); // 0: Sunday
  return addDays(day, -((weekday + 6) % 7));
}

/** Every day from `from` to `to`, both included, oldest first (empty when `to` is before `from`). */
export function daysBetween(from: string, to: string): string[] {
  const days: string[] = [];
  for (let day = from; day <= to; day = addDays(day, 1)) days.push(day);
  return days;
}

/** Every month (`YYYY-MM`) the days from `from` to `to` touch, oldest first. */
export function monthsBetween(from: string, to: string): string[] {
  const months: string[] = [];
  let year = Number(from.slice(0, 4));
  let month = Number(from.slice(5, 7));
  const last = to.slice(0, 7);
  for (;;) {
    const key = `${String(year).padStart(4, '0')}-${String(month).padStart(2, '0')}`;
    if (key > last) break;
    months.push(key);
    month += 1;
    if (month > 12) {
      month = 1;
      year += 1;
    }
  }
  return months;
}

/**
 * The period a chart covers: the query's days, or by default the last 30 days ending today (UTC).
 * Only `from`: the 30 days from it; only `to`: the 30 days up to it.
 */
export function resolvePeriod(query: { from?: string; to?: string }, now: Date): { from: string; to: string } {
  const span = ANALYTICS_LIMITS.periodDaysDefault - 1;
  if (query.from && query.to) return { from: query.from, to: query.to };
  if (query.from) return { from: query.from, to: addDays(query.from, span) };
  const to = query.to ?? utcDay(now);
  return { from: addDays(to, -span), to };
}

/**
 * The 75th percentile as PostgreSQL's `percentile_cont(0.75)` computes it: linear interpolation
 * between the two closest ranks (null without values). The rollup uses the database's; this one
 * is the reference the tests check it against.
 */
export function p75(values: readonly number[]): number | null {
  if (values.length === 0) return null;
  const sorted = [...values].sort((a, b) => a - b);
  const rank = 0.75 * (sorted.length - 1);
  const low = Math.floor(rank);
  const high = Math.ceil(rank);
  const lowValue = sorted[low] as number;
  const highValue = sorted[high] as number;
  return lowValue + (highValue - lowValue) * (rank - low);
}

/**
 * A route pattern from a path as browsers report it: ids (UUIDs, numbers) become `:id`, so
 * `/book/3f…` and `/book/9a…` are one page. The rollup does the same in SQL (PAGE_PATTERN_SQL).
 */
export function pagePattern(path: string): string {
  const pattern = path
    .replace(/\/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}(?=\/|$)/gi, '/:id')
    .replace(/\/[0-9]+(?=\/|$)/g, '/:id');
  return pattern.length > 1 ? pattern.replace(/\/+$/, '') : pattern;
}
