import { LIMITS, TIMINGS } from '@maktaba/shared/constants';
import type { ClientErrorType, ErrorReport } from '@maktaba/shared/schemas/telemetry';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createErrorQueue, ERROR_DEDUPE_WINDOW } from './error-queue';
import type { Delivery } from './transport';

const report = (message: string, type: ClientErrorType = 'javascript'): ErrorReport => ({
  message,
  stack: `Error: ${message}\n    at f (app.js:1:1)`,
  type,
  url: 'http://localhost/',
  timestamp: '2026-01-01T00:00:00.000Z',
  userAgent: 'test',
  metadata: {},
});

function setUp(answers: Delivery[] = [], online = true) {
  const batches: string[][] = [];
  const send = vi.fn(async (errors: ErrorReport[]) => {
    batches.push(errors.map((error) => error.message));
    return answers.shift() ?? 'sent';
  });
  const state = { online };
  const queue = createErrorQueue({ send, isOnline: () => state.online, now: () => Date.now() });
  return { queue, send, batches, state };
}

describe('the error queue', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('sends a javascript error 1 s after the first one, with those that came meanwhile', async () => {
    const { queue, batches } = setUp();
    queue.add(report('first'));
    await vi.advanceTimersByTimeAsync(TIMINGS.errorQueueFlush - 100);
    queue.add(report('second'));
    await vi.advanceTimersByTimeAsync(99);
    expect(batches).toEqual([]);
    await vi.advanceTimersByTimeAsync(1);
    expect(batches).toEqual([['first', 'second']]);
    expect(queue.size()).toBe(0);
  });

  it.each(['auth', 'chunk-load'] as const)('sends %s errors at once, with what was queued', async (type) => {
    const { queue, batches } = setUp();
    queue.add(report('queued'));
    queue.add(report('urgent', type));
    await vi.advanceTimersByTimeAsync(0);
    expect(batches).toEqual([['queued', 'urgent']]);
    // The timer of the first one has nothing left to send.
    await vi.advanceTimersByTimeAsync(TIMINGS.errorQueueFlush);
    expect(batches).toHaveLength(1);
  });

  it('holds at most 5 reports, dropping the newest', async () => {
    const { queue, batches } = setUp();
    for (let i = 1; i <= LIMITS.errorQueueMax + 2; i++) queue.add(report(`error ${i}`));
    expect(queue.size()).toBe(LIMITS.errorQueueMax);
    await vi.advanceTimersByTimeAsync(TIMINGS.errorQueueFlush);
    expect(batches).toEqual([['error 1', 'error 2', 'error 3', 'error 4', 'error 5']]);
  });

  it('retries a failed batch once, then drops it', async () => {
    const { queue, batches } = setUp(['retry', 'retry']);
    queue.add(report('lost'));
    await vi.advanceTimersByTimeAsync(TIMINGS.errorQueueFlush);
    expect(batches).toEqual([['lost']]);
    await vi.advanceTimersByTimeAsync(TIMINGS.retryDelay);
    expect(batches).toEqual([['lost'], ['lost']]);
    await vi.advanceTimersByTimeAsync(60_000);
    expect(batches).toHaveLength(2);
  });

  it('does not retry a batch the server refused', async () => {
    const { queue, batches } = setUp(['refused']);
    queue.add(report('refused'));
    await vi.advanceTimersByTimeAsync(TIMINGS.errorQueueFlush + TIMINGS.retryDelay * 5);
    expect(batches).toEqual([['refused']]);
  });

  it('sends the same error once within the dedupe window, and again after it', async () => {
    const { queue, batches } = setUp();
    queue.add(report('loop'));
    queue.add(report('loop'));
    queue.add(report('loop', 'chunk-load'));
    await vi.advanceTimersByTimeAsync(TIMINGS.errorQueueFlush);
    queue.add(report('loop'));
    await vi.advanceTimersByTimeAsync(ERROR_DEDUPE_WINDOW);
    queue.add(report('loop'));
    await vi.advanceTimersByTimeAsync(TIMINGS.errorQueueFlush);
    expect(batches).toEqual([['loop', 'loop'], ['loop']]);
  });

  it('keeps the reports while offline and sends them on the next flush once online', async () => {
    const { queue, batches, state } = setUp([], false);
    queue.add(report('offline'));
    await vi.advanceTimersByTimeAsync(TIMINGS.errorQueueFlush);
    expect(batches).toEqual([]);
    expect(queue.size()).toBe(1);
    state.online = true;
    await queue.flush();
    expect(batches).toEqual([['offline']]);
  });
});
