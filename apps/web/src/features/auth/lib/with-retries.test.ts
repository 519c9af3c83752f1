import { AUTH_CALL_POLICIES } from '@maktaba/shared/constants';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../../lib/api-client';
import { callWithPolicy, isRetryable, retryDelay, waitForNetwork, withRetries } from './with-retries';

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

  it('defaults to 3 attempts, waiting 1 s then 2 s', async () => {
    const operation = vi.fn().mockRejectedValue(new ApiError('INTERNAL', 'boom', 500));
    const result = withRetries(operation);
    const assertion = expect(result).rejects.toMatchObject({ status: 500 });
    await vi.advanceTimersByTimeAsync(999);
    expect(operation).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(operation).toHaveBeenCalledTimes(2);
    await vi.advanceTimersByTimeAsync(1999);
    expect(operation).toHaveBeenCalledTimes(2);
    await vi.advanceTimersByTimeAsync(1);
    await assertion;
    expect(operation).toHaveBeenCalledTimes(3);
  });

  it('doubles the delay from 1 s and never waits more than 10 s', () => {
    expect([1, 2, 3, 4, 5, 6].map((attempt) => retryDelay(attempt))).toEqual([
      1_000, 2_000, 4_000, 8_000, 10_000, 10_000,
    ]);
  });

  it('waits 10 s, not 16 s, before the sixth try', async () => {
    const operation = vi.fn().mockRejectedValue(new ApiError('NETWORK', 'offline', 0));
    const result = withRetries(operation, { attempts: 6 });
    const assertion = expect(result).rejects.toMatchObject({ code: 'NETWORK' });
    await vi.advanceTimersByTimeAsync(1_000 + 2_000 + 4_000 + 8_000);
    expect(operation).toHaveBeenCalledTimes(5);
    await vi.advanceTimersByTimeAsync(9_999);
    expect(operation).toHaveBeenCalledTimes(5);
    await vi.advanceTimersByTimeAsync(1);
    await assertion;
    expect(operation).toHaveBeenCalledTimes(6);
  });

  it('does not retry a 4xx or an error that is not from the API', async () => {
    for (const error of [
      new ApiError('NOT_FOUND', 'x', 404),
      new ApiError('RATE_LIMITED', 'x', 429),
      new TypeError('x'),
    ]) {
      const operation = vi.fn().mockRejectedValue(error);
      await expect(withRetries(operation)).rejects.toBe(error);
      expect(operation).toHaveBeenCalledTimes(1);
    }
  });
});

describe('per-call figures (accounts-and-auth §7)', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it("are the spec's", () => {
    expect(AUTH_CALL_POLICIES).toEqual({
      signIn: { retries: 2 },
      oauth: { retries: 1 },
      signOut: { retries: 0, timeout: 10_000 },
      refresh: { retries: 2, timeout: 15_000 },
      profileUpdate: { retries: 1, timeout: 15_000 },
      signUp: { retries: 1 },
    });
  });

  async function countCalls(policy: (typeof AUTH_CALL_POLICIES)[keyof typeof AUTH_CALL_POLICIES]) {
    const operation = vi.fn().mockRejectedValue(new ApiError('INTERNAL', 'boom', 500));
    const assertion = expect(callWithPolicy(policy, operation)).rejects.toMatchObject({ status: 500 });
    await vi.advanceTimersByTimeAsync(60_000);
    await assertion;
    return operation.mock.calls.length;
  }

  it('tries each call once plus its retries', async () => {
    expect(await countCalls(AUTH_CALL_POLICIES.signIn)).toBe(3);
    expect(await countCalls(AUTH_CALL_POLICIES.oauth)).toBe(2);
    expect(await countCalls(AUTH_CALL_POLICIES.signOut)).toBe(1);
    expect(await countCalls(AUTH_CALL_POLICIES.refresh)).toBe(3);
    expect(await countCalls(AUTH_CALL_POLICIES.profileUpdate)).toBe(2);
    expect(await countCalls(AUTH_CALL_POLICIES.signUp)).toBe(2);
  });

  it("gives each try a signal that ends after the call's time-out", async () => {
    const signals: AbortSignal[] = [];
    const operation = vi.fn(
      (signal: AbortSignal | undefined) =>
        new Promise((_, reject) => {
          if (signal) signals.push(signal);
          signal?.addEventListener('abort', () => reject(new ApiError('NETWORK', 'timed out', 0)));
        }),
    );
    const assertion = expect(callWithPolicy(AUTH_CALL_POLICIES.signOut, operation)).rejects.toMatchObject({
      code: 'NETWORK',
    });
    await vi.advanceTimersByTimeAsync(9_999);
    expect(signals[0]?.aborted).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    await assertion;
    expect(signals[0]?.aborted).toBe(true);
    expect(operation).toHaveBeenCalledTimes(1);
  });

  it('a cancelled call stops without another try', async () => {
    const controller = new AbortController();
    const operation = vi.fn(
      (signal: AbortSignal | undefined) =>
        new Promise((_, reject) => {
          signal?.addEventListener('abort', () => reject(new DOMException('cancelled', 'AbortError')));
        }),
    );
    const assertion = expect(
      callWithPolicy(AUTH_CALL_POLICIES.refresh, operation, { signal: controller.signal }),
    ).rejects.toMatchObject({ name: 'AbortError' });
    controller.abort();
    await assertion;
    expect(operation).toHaveBeenCalledTimes(1);
  });
});
