/** Sums, peaks and averages of the charts' series, for their one-sentence summaries. */

export const sum = (values: readonly (number | null)[]) =>
  values.reduce<number>((total, value) => total + (value ?? 0), 0);

/** The first label with the highest value, or null when every value is zero (no busiest day). */
export function peakOf(labels: readonly string[], values: readonly number[]): { label: string; value: number } | null {
  let best: { label: string; value: number } | null = null;
  values.forEach((value, index) => {
    const label = labels[index];
    if (label !== undefined && value > 0 && (!best || value > best.value)) best = { label, value };
  });
  return best;
}

/** The mean per label, to two decimal places. */
export const averageOf = (values: readonly number[]) =>
  values.length === 0 ? 0 : Math.round((sum(values) / values.length) * 100) / 100;

export type VitalRating = 'good' | 'needsImprovement' | 'poor';

/** web.dev's rating of a value: at or under `good` is good, over `poor` is poor, between needs improvement. */
export function rateVital(value: number, thresholds: { good: number; poor: number }): VitalRating {
  if (value <= thresholds.good) return 'good';
  if (value > thresholds.poor) return 'poor';
  return 'needsImprovement';
}
