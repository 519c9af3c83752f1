import { TIMINGS } from '@maktaba/shared/constants';
import { ApiError } from '../../../lib/api-client';

/**
 * Retries for the auth calls (accounts-and-auth §7): only failures that another try can fix, a
 * lost connection or a server error, are retried; a refusal (wrong password, email taken,
 * security block, invalid input) is final. Delays start at 1 s and double, up to 10 s.
 */
export function isRetryable(error: unknown): boolean {
  if (!(error instanceof ApiError)) return false;
  return error.code === 'NETWORK' || error.status >= 500;
}

export class NetworkWaitTimeoutError extends Error {
  override name = 'NetworkWaitTimeoutError';
  constructor() {
    super('Timeout waiting for network connection');
  }
}

function abortError(): Error {
  return new DOMException('Request was cancelled', 'AbortError');
}

export function sleep(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) return reject(abortError());
    const timer = setTimeout(resolve, ms);
    signal?.addEventListener(
      'abort',
      () => {
        clearTimeout(timer);
        reject(abortError());
      },
      { once: true },
    );
  });
}

/** Resolves at once when online, else when the browser reports the connection back. */
export function waitForNetwork(timeoutMs: number = TIMINGS.requestTimeout, signal?: AbortSignal): Promise<void> {
  if (typeof navigator === 'undefined' || navigator.onLine) return Promise.resolve();
  return new Promise((resolve, reject) => {
    const done = (error?: Error) => {
      clearTimeout(timer);
      window.removeEventListener('online', onOnline);
      signal?.removeEventListener('abort', onAbort);
      if (error) reject(error);
      else resolve();
    };
    const onOnline = () => done();
    const onAbort = () => done(abortError());
    const timer = setTimeout(() => done(new NetworkWaitTimeoutError()), timeoutMs);
    window.addEventListener('online', onOnline);
    signal?.addEventListener('abort', onAbort);
  });
}

export type RetryOptions = {
  attempts: number;
  baseDelay?: number;
  maxDelay?: number;
  signal?: AbortSignal;
  /** Called before every attempt, with its number (1-based). */
  onAttempt?: (attempt: number) => void;
  shouldRetry?: (error: unknown) => boolean;
  /** Wait for the browser to be online before each attempt (registration does). */
  waitOnline?: boolean;
};

export async function withRetries<T>(operation: (attempt: number) => Promise<T>, options: RetryOptions): Promise<T> {
  const { attempts, baseDelay = TIMINGS.retryDelay, maxDelay = 10_000, signal, onAttempt } = options;
  const shouldRetry = options.shouldRetry ?? isRetryable;
  let lastError: unknown;
  for (let attempt = 1; attempt <= attempts; attempt++) {
    if (options.waitOnline) await waitForNetwork(TIMINGS.requestTimeout, signal);
    onAttempt?.(attempt);
    try {
      return await operation(attempt);
    } catch (error) {
      lastError = error;
      if (attempt === attempts || signal?.aborted || !shouldRetry(error)) throw error;
      await sleep(Math.min(baseDelay * 2 ** (attempt - 1), maxDelay), signal);
    }
  }
  throw lastError;
}
