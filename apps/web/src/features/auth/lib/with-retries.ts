import { type CallPolicy, RETRY_POLICY, TIMINGS } from '@maktaba/shared/constants';
import { ApiError, RequestTimeoutError } from '../../../lib/api-client';

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

/** The English message of the helper's own cancellation; the UI shows `errors.network.cancelled`. */
export const REQUEST_WAS_CANCELLED = 'Request was cancelled';

function abortError(): Error {
  return new DOMException(REQUEST_WAS_CANCELLED, 'AbortError');
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
  /** 3 unless the call's figure says otherwise (AUTH_CALL_POLICIES). */
  attempts?: number;
  baseDelay?: number;
  maxDelay?: number;
  signal?: AbortSignal;
  /** Called before every attempt, with its number (1-based). */
  onAttempt?: (attempt: number) => void;
  shouldRetry?: (error: unknown) => boolean;
  /** Wait for the browser to be online before each attempt (registration does). */
  waitOnline?: boolean;
};

/** The delay before try `attempt + 1`: 1 s, 2 s, 4 s, … never more than 10 s. */
export function retryDelay(
  attempt: number,
  baseDelay: number = RETRY_POLICY.baseDelay,
  maxDelay: number = RETRY_POLICY.maxDelay,
) {
  return Math.min(baseDelay * 2 ** (attempt - 1), maxDelay);
}

export async function withRetries<T>(
  operation: (attempt: number) => Promise<T>,
  options: RetryOptions = {},
): Promise<T> {
  const {
    attempts = RETRY_POLICY.attempts,
    baseDelay = RETRY_POLICY.baseDelay,
    maxDelay = RETRY_POLICY.maxDelay,
    signal,
    onAttempt,
  } = options;
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
      await sleep(retryDelay(attempt, baseDelay, maxDelay), signal);
    }
  }
  throw lastError;
}

/**
 * One auth call with its figures from AUTH_CALL_POLICIES: `retries` more tries after the first,
 * and each try abandoned after `timeout` ms (a time-out counts as a lost connection, so it is
 * tried again while retries remain).
 */
export function callWithPolicy<T>(
  policy: CallPolicy,
  operation: (signal: AbortSignal | undefined) => Promise<T>,
  options: Omit<RetryOptions, 'attempts'> = {},
): Promise<T> {
  const { signal } = options;
  const { timeout } = policy;
  return withRetries(
    async () => {
      if (timeout === undefined) return operation(signal);
      // A timer of our own rather than AbortSignal.timeout, so it is cleared when the try ends.
      const controller = new AbortController();
      // The abort reason reaches apiFetch, which reports 'Request timeout after {n}ms'.
      const timer = setTimeout(() => controller.abort(new RequestTimeoutError(timeout)), timeout);
      try {
        return await operation(signal ? AbortSignal.any([signal, controller.signal]) : controller.signal);
      } finally {
        clearTimeout(timer);
      }
    },
    { ...options, attempts: policy.retries + 1 },
  );
}
