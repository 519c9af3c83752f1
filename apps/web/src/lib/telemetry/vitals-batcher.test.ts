import { LIMITS, TIMINGS } from '@maktaba/shared/constants';
import type { WebVitalEvent } from '@maktaba/shared/schemas/telemetry';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createVitalsBatcher } from './vitals-batcher';
import { deviceTypeOf, getTabSessionId } from './web-vitals';

const event = (id: string): WebVitalEvent => ({
  name: 'LCP',
  value: 1000,
  rating: 'good',
  delta: 1000,
  id,
  navigationType: 'navigate',
  path: '/',
  timestamp: 0,
  sessionId: 's',
  userId: null,
  device: { type: 'desktop', viewport: '1280x720', connection: null },
});

function setUp({ beaconTaken = true, online = true } = {}) {
  const sent: string[][] = [];
  const beacons: string[][] = [];
  const state = { online };
  const batcher = createVitalsBatcher({
    send: (events) => sent.push(events.map((e) => e.id)),
    sendOnHide: (events) => {
      beacons.push(events.map((e) => e.id));
      return beaconTaken;
    },
    isOnline: () => state.online,
  });
  return { batcher, sent, beacons, state };
}

const ids = (from: number, to: number) => Array.from({ length: to - from + 1 }, (_, i) => `e${from + i}`);

describe('the web-vitals batcher', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('sends a batch 5 s after its first event', () => {
    const { batcher, sent } = setUp();
    batcher.add(event('e1'));
    vi.advanceTimersByTime(TIMINGS.webVitalsBatchDelay - 1000);
    batcher.add(event('e2'));
    vi.advanceTimersByTime(999);
    expect(sent).toEqual([]);
    vi.advanceTimersByTime(1);
    expect(sent).toEqual([['e1', 'e2']]);
  });

  it('sends at once when the batch reaches 10', () => {
    const { batcher, sent } = setUp();
    for (const id of ids(1, LIMITS.webVitalsBatchSize + 1)) batcher.add(event(id));
    expect(sent).toEqual([ids(1, 10)]);
    expect(batcher.size()).toBe(1);
    vi.advanceTimersByTime(TIMINGS.webVitalsBatchDelay);
    expect(sent).toEqual([ids(1, 10), ['e11']]);
  });

  it('sends what is left with a beacon when the page is hidden, 10 at most a beacon', () => {
    const { batcher, sent, beacons } = setUp();
    for (const id of ids(1, 9)) batcher.add(event(id));
    batcher.flush('hide');
    expect(beacons).toEqual([ids(1, 9)]);
    expect(sent).toEqual([]);
    // Nothing is sent twice when the timer would have fired.
    vi.advanceTimersByTime(TIMINGS.webVitalsBatchDelay);
    expect(sent).toEqual([]);
    batcher.flush('hide');
    expect(beacons).toHaveLength(1);
  });

  it('falls back to a keepalive request when the browser refuses the beacon', () => {
    const { batcher, sent, beacons } = setUp({ beaconTaken: false });
    batcher.add(event('e1'));
    batcher.flush('hide');
    expect(beacons).toEqual([['e1']]);
    expect(sent).toEqual([['e1']]);
  });

  it('keeps the events while offline', () => {
    const { batcher, sent, state } = setUp({ online: false });
    batcher.add(event('e1'));
    vi.advanceTimersByTime(TIMINGS.webVitalsBatchDelay);
    expect(sent).toEqual([]);
    state.online = true;
    batcher.add(event('e2'));
    vi.advanceTimersByTime(TIMINGS.webVitalsBatchDelay);
    expect(sent).toEqual([['e1', 'e2']]);
  });
});

describe('web-vitals events', () => {
  it.each([
    [320, 'mobile'],
    [767, 'mobile'],
    [768, 'tablet'],
    [1023, 'tablet'],
    [1024, 'desktop'],
    [1920, 'desktop'],
  ])('a viewport %i px wide is %s', (width, type) => {
    expect(deviceTypeOf(width)).toBe(type);
  });

  it('keeps one session id per tab', () => {
    window.sessionStorage.clear();
    const first = getTabSessionId();
    expect(first).toMatch(/^[0-9a-f-]{36}$/);
    expect(getTabSessionId()).toBe(first);
    window.sessionStorage.clear();
    expect(getTabSessionId()).not.toBe(first);
  });
});
