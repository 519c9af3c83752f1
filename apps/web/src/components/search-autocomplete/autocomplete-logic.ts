import { AUTOCOMPLETE_TIMING, autocompleteDebounce } from '@maktaba/shared/search-limits';
import { ApiError } from '../../lib/api-client';

/** Keystrokes whose intervals are averaged to choose the debounce. */
const KEYSTROKES_AVERAGED = 5;

/** The keystroke times to keep after one more at `now`: only the last few count. */
export function addKeystroke(times: readonly number[], now: number): number[] {
  return [...times, now].slice(-KEYSTROKES_AVERAGED);
}

/** The average interval between the given keystroke times, or null with fewer than two. */
export function averageInterval(times: readonly number[]): number | null {
  if (times.length < 2) return null;
  const first = times[0] ?? 0;
  const last = times[times.length - 1] ?? 0;
  return (last - first) / (times.length - 1);
}

/** §9 adaptive debounce: 50, 150 or 300 ms by how fast the reader is typing. */
export function debounceForKeystrokes(times: readonly number[]): number {
  return autocompleteDebounce(averageInterval(times));
}

/**
 * The active option after an arrow key (`step` +1 down, -1 up) among `count` options, wrapping
 * around both ends (§2.4). -1 means none is active: down then starts at the first, up at the last.
 */
export function wrapIndex(current: number, step: 1 | -1, count: number): number {
  if (count <= 0) return -1;
  if (current < 0 || current >= count) return step === 1 ? 0 : count - 1;
  return (current + step + count) % count;
}

export type Placement = 'below' | 'above';

/**
 * §2.4: the dropdown opens above the box when less than 300 px is free below it, unless there is
 * even less room above (a box at the very top of a short window keeps the list on screen).
 */
export function choosePlacement(spaceBelow: number, spaceAbove: number): Placement {
  return spaceBelow < AUTOCOMPLETE_TIMING.flipBelow && spaceAbove > spaceBelow ? 'above' : 'below';
}

/** §7: a failed search is retried on server errors (5xx) and network failures, never on 4xx. */
export function isRetryableError(error: unknown): boolean {
  if (isAbortError(error)) return false;
  if (error instanceof ApiError) return error.status === 0 || error.status >= 500;
  // Anything else is a fetch that did not complete or an answer that was not ours (a proxy's HTML page).
  return true;
}

/** The address a submitted search goes to (§2.3): nowhere when the trimmed text is empty. */
export function searchHref(text: string): string | null {
  const query = text.trim();
  return query === '' ? null : `/search?q=${encodeURIComponent(query)}`;
}

export function isAbortError(error: unknown): boolean {
  return (error as Error | null)?.name === 'AbortError';
}
