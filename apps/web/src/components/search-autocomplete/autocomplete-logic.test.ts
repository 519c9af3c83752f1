import { autocompleteDebounce } from '@maktaba/shared/schemas/search';
import { describe, expect, it } from 'vitest';
import { ApiError } from '../../lib/api-client';
import {
  addKeystroke,
  averageInterval,
  choosePlacement,
  debounceForKeystrokes,
  isRetryableError,
  searchHref,
  wrapIndex,
} from './autocomplete-logic';

describe('adaptive debounce', () => {
  const typedEvery = (interval: number, keys = 4) =>
    Array.from({ length: keys }, (_, index) => 1000 + index * interval);

  it('waits 50 ms for fast typing, 150 ms for medium, 300 ms for slow (§9)', () => {
    expect(debounceForKeystrokes(typedEvery(60))).toBe(50);
    expect(debounceForKeystrokes(typedEvery(99))).toBe(50);
    expect(debounceForKeystrokes(typedEvery(100))).toBe(150);
    expect(debounceForKeystrokes(typedEvery(299))).toBe(150);
    expect(debounceForKeystrokes(typedEvery(300))).toBe(300);
    expect(debounceForKeystrokes(typedEvery(900))).toBe(300);
  });

  it('uses the medium debounce before there are two keystrokes to compare', () => {
    expect(averageInterval([])).toBeNull();
    expect(debounceForKeystrokes([1000])).toBe(150);
  });

  it('averages only the last keystrokes, so a pause long ago does not slow fast typing down', () => {
    let times: number[] = [];
    for (const at of [0, 5000, 5040, 5080, 5120, 5160]) times = addKeystroke(times, at);
    expect(times).toEqual([5000, 5040, 5080, 5120, 5160]);
    expect(averageInterval(times)).toBe(40);
    expect(debounceForKeystrokes(times)).toBe(50);
  });

  it('chooses as the shared autocompleteDebounce does', () => {
    for (let interval = 0; interval <= 1000; interval += 1) {
      expect(debounceForKeystrokes(typedEvery(interval))).toBe(autocompleteDebounce(interval));
    }
    expect(debounceForKeystrokes([])).toBe(autocompleteDebounce(null));
  });
});

describe('wrapIndex', () => {
  it('starts at the first option going down and at the last going up', () => {
    expect(wrapIndex(-1, 1, 3)).toBe(0);
    expect(wrapIndex(-1, -1, 3)).toBe(2);
  });

  it('wraps around both ends (§2.4)', () => {
    expect(wrapIndex(0, 1, 3)).toBe(1);
    expect(wrapIndex(2, 1, 3)).toBe(0);
    expect(wrapIndex(0, -1, 3)).toBe(2);
    expect(wrapIndex(1, -1, 3)).toBe(0);
  });

  it('has nothing to activate without options, and recovers from an index past a shorter list', () => {
    expect(wrapIndex(-1, 1, 0)).toBe(-1);
    expect(wrapIndex(7, 1, 3)).toBe(0);
  });
});

describe('choosePlacement', () => {
  it('opens above when less than 300 px is free below (§2.4)', () => {
    expect(choosePlacement(299, 500)).toBe('above');
    expect(choosePlacement(120, 400)).toBe('above');
  });

  it('opens below with 300 px or more below', () => {
    expect(choosePlacement(300, 900)).toBe('below');
    expect(choosePlacement(600, 100)).toBe('below');
  });

  it('stays below when there is even less room above', () => {
    expect(choosePlacement(250, 60)).toBe('below');
  });
});

describe('isRetryableError', () => {
  it('retries server and network errors only (§7)', () => {
    expect(isRetryableError(new ApiError('INTERNAL', 'boom', 500))).toBe(true);
    expect(isRetryableError(new ApiError('INTERNAL', 'unavailable', 503))).toBe(true);
    expect(isRetryableError(new ApiError('NETWORK', 'Failed to fetch', 0))).toBe(true);
    expect(isRetryableError(new TypeError('Failed to fetch'))).toBe(true);
  });

  it('does not retry client errors or an aborted request', () => {
    expect(isRetryableError(new ApiError('VALIDATION_FAILED', 'bad q', 400))).toBe(false);
    expect(isRetryableError(new ApiError('RATE_LIMITED', 'slow down', 429))).toBe(false);
    expect(isRetryableError(new DOMException('aborted', 'AbortError'))).toBe(false);
  });
});

describe('searchHref', () => {
  it('goes nowhere for empty text and encodes the trimmed text (§2.3)', () => {
    expect(searchHref('  \t ')).toBeNull();
    expect(searchHref('  الكافي & more ')).toBe(`/search?q=${encodeURIComponent('الكافي & more')}`);
  });
});
