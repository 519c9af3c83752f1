import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../../lib/api-client';
import { isRetryable, waitForNetwork, withRetries } from './with-retries';

describe('withRetries', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('retries network and server errors, 1 s then 2 s apart, and reports each attempt', async () => {
    const attempts: number[] = [];
    const operation = vi
      .fn<(attempt: number) => Promise<string>>()
      .mockRejectedValueOnce(new ApiError('NETWORK', 'offline', 0))
      .mockRejectedValueOnce(new ApiError('INTERNAL', 'boom', 500))
      .mockResolvedValueOnce('done');
    const result = withRetries(operation, { attempts: 3, onAttempt: (n) => attempts.push(n) });
    await vi.advanceTimersByTimeAsync(999);
    expect(operation).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(operation).toHaveBeenCalledTimes(2);
    await vi.advanceTimersByTimeAsync(2000);
    await expect(result).resolves.toBe('done');
    expect(attempts).toEqual([1, 2, 3]);
  });

  it('stops at once on a refusal: email taken, validation, security block', async () => {
    for (const error of [
      new ApiError('EMAIL_TAKEN', 'x', 409),
      new ApiError('VALIDATION_FAILED', 'x', 422),
      new ApiError('SECURITY_BLOCKED', 'x', 403),
    ]) {
      const operation = vi.fn().mockRejectedValue(error);
      await expect(withRetries(operation, { attempts: 3 })).rejects.toBe(error);
      expect(operation).toHaveBeenCalledTimes(1);
    }
  });

  it('gives up after the last attempt with its error', async () => {
    const error = new ApiError('NETWORK', 'offline', 0);
    const operation = vi.fn().mockRejectedValue(error);
    const result = withRetries(operation, { attempts: 3 });
    const assertion = expect(result).rejects.toBe(error);
    await vi.advanceTimersByTimeAsync(10_000);
    await assertion;
    expect(operation).toHaveBeenCalledTimes(3);
  });

  it('stops when cancelled', async () => {
    const controller = new AbortController();
    const operation = vi.fn().mockRejectedValue(new ApiError('NETWORK', 'offline', 0));
    const result = withRetries(operation, { attempts: 3, signal: controller.signal });
    const assertion = expect(result).rejects.toMatchObject({ name: 'AbortError' });
    await vi.advanceTimersByTimeAsync(10);
    controller.abort();
    await assertion;
    expect(operation).toHaveBeenCalledTimes(1);
  });

  it('waits for the browser to be online before an attempt', async () => {
    const onLine = vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    const operation = vi.fn().mockResolvedValue('ok');
    const result = withRetries(operation, { attempts: 3, waitOnline: true });
    await vi.advanceTimersByTimeAsync(5000);
    expect(operation).not.toHaveBeenCalled();
    onLine.mockReturnValue(true);
    window.dispatchEvent(new Event('online'));
    await expect(result).resolves.toBe('ok');
    onLine.mockRestore();
  });

  it('stops waiting for the network after the time-out', async () => {
    const onLine = vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    const waiting = waitForNetwork(1000);
    const assertion = expect(waiting).rejects.toThrow('Timeout waiting for network connection');
    await vi.advanceTimersByTimeAsync(1000);
    await assertion;
    onLine.mockRestore();
  });

  it('classifies what is worth retrying', () => {
    expect(isRetryable(new ApiError('NETWORK', 'x', 0))).toBe(true);
    expect(isRetryable(new ApiError('SERVICE_UNAVAILABLE', 'x', 503))).toBe(true);
    expect(isRetryable(new ApiError('INVALID_CREDENTIALS', 'x', 401))).toBe(false);
    expect(isRetryable(new Error('x'))).toBe(false);
  });
});
