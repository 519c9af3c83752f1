import { TIMINGS } from '@maktaba/shared/constants';
import { ErrorBatchSchema } from '@maktaba/shared/schemas/telemetry';
import { afterEach, beforeAll, beforeEach, describe, expect, it, type MockInstance, vi } from 'vitest';
import { installErrorReporter, reportError } from './error-reporter';

/** The batches POSTed to /api/telemetry/errors, parsed with the server's schema. */
function sentBatches(fetchMock: MockInstance<typeof fetch>) {
  return fetchMock.mock.calls.map(([url, init]) => {
    expect(url).toBe('/api/telemetry/errors');
    expect(init).toMatchObject({ method: 'POST', keepalive: true, credentials: 'same-origin' });
    return ErrorBatchSchema.parse(JSON.parse(String(init?.body))).errors;
  });
}

describe('the page error reporter', () => {
  let fetchMock: MockInstance<typeof fetch>;

  beforeAll(() => {
    installErrorReporter();
  });
  beforeEach(() => {
    vi.useFakeTimers();
    fetchMock = vi.spyOn(globalThis, 'fetch').mockImplementation(async () => new Response(null, { status: 204 }));
  });
  afterEach(() => {
    vi.useRealTimers();
    vi.restoreAllMocks();
  });

  it('reports uncaught errors of the window as javascript, a second later', async () => {
    window.dispatchEvent(
      new ErrorEvent('error', { error: new TypeError('x is undefined'), message: 'x is undefined', lineno: 3 }),
    );
    await vi.advanceTimersByTimeAsync(TIMINGS.errorQueueFlush - 1);
    expect(fetchMock).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    const [batch] = sentBatches(fetchMock);
    expect(batch).toHaveLength(1);
    expect(batch?.[0]).toMatchObject({
      type: 'javascript',
      message: 'x is undefined',
      metadata: { source: 'window.onerror', line: 3 },
    });
    expect(batch?.[0]?.stack).toContain('TypeError: x is undefined');
  });

  it('reports an unhandled rejection; a chunk that failed to load goes at once', async () => {
    const event = Object.assign(new Event('unhandledrejection'), {
      reason: new TypeError('Failed to fetch dynamically imported module: /assets/book-page-x.js'),
    });
    window.dispatchEvent(event);
    await vi.advanceTimersByTimeAsync(0);
    const [batch] = sentBatches(fetchMock);
    expect(batch?.[0]).toMatchObject({ type: 'chunk-load', metadata: { source: 'unhandledrejection' } });
  });

  it('ignores the bare "Script error." of scripts from other origins', async () => {
    window.dispatchEvent(new ErrorEvent('error', { message: 'Script error.' }));
    await vi.advanceTimersByTimeAsync(TIMINGS.errorQueueFlush * 2);
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('sends auth errors at once, retries a failed request once, and never reports its own failure', async () => {
    fetchMock.mockRejectedValue(new TypeError('Failed to fetch'));
    reportError(new Error('Authentication timed out'), { type: 'auth' });
    await vi.advanceTimersByTimeAsync(0);
    expect(fetchMock).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(TIMINGS.retryDelay);
    expect(fetchMock).toHaveBeenCalledTimes(2);
    await vi.advanceTimersByTimeAsync(TIMINGS.errorQueueFlush * 10);
    // The failed request ("Failed to fetch") did not become a report of its own.
    expect(fetchMock).toHaveBeenCalledTimes(2);
    expect(sentBatches(fetchMock).map((batch) => batch.map((error) => error.type))).toEqual([['auth'], ['auth']]);
  });
});
