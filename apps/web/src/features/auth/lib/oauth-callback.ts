import { OAUTH_CALLBACK_RETRY } from '@maktaba/shared/constants';
import { ApiError } from '../../../lib/api-client';
import type { ServerAuthState } from '../../../lib/auth/auth-types';
import { sleep } from './with-retries';

/**
 * The decisions of the OAuth return page (reader-area §4.6, §5, §7, §9), apart from React so
 * each can be tested alone: the error the provider or the server put in the URL, how it is
 * shown, and how long to keep asking for the session the callback should have started.
 */

export type CallbackError = { code: string; description: string | null };

/** What the error panel shows: a catalogue message, or the provider's own words. */
export type CallbackFailure = {
  message: { key: string } | { text: string };
  /** A second line under the message. */
  hint?: string;
};

/** Codes of our own server (and better-auth's) that have a translated message. */
const KNOWN_CODES: Record<string, string> = {
  account_not_linked: 'errors.codes.ACCOUNT_NOT_LINKED',
  account_disabled: 'errors.codes.ACCOUNT_DISABLED',
  registration_closed: 'errors.codes.REGISTRATION_CLOSED',
  email_not_verified: 'auth.callback.errors.emailNotVerified',
  state_mismatch: 'auth.callback.errors.stateMismatch',
  state_not_found: 'auth.callback.errors.stateMismatch',
  state_invalid: 'auth.callback.errors.stateMismatch',
  invalid_credentials: 'auth.callback.errors.invalidCredentials',
};

/** A provider's 'Invalid login credentials' (in the code or its description) has the boundary's own text. */
const INVALID_CREDENTIALS = /invalid[ _](login[ _])?credentials/i;

/** Long enough for any real description; a crafted link cannot fill the screen. */
const MAX_DESCRIPTION = 300;

/** The `error` (and `error_description`) from the query, else from the hash; null when there is none. */
export function readCallbackError(search: string, hash: string): CallbackError | null {
  for (const source of [search, hash]) {
    const params = new URLSearchParams(source.replace(/^[?#]/, ''));
    const code = params.get('error')?.trim();
    if (!code) continue;
    const description = params.get('error_description')?.trim().slice(0, MAX_DESCRIPTION);
    return { code: code.slice(0, 100), description: description || null };
  }
  return null;
}

/** A known code in the reader's language; otherwise error_description when present, else the code. */
export function describeCallbackError(error: CallbackError): CallbackFailure {
  const key = KNOWN_CODES[error.code.toLowerCase()];
  if (key) return { message: { key } };
  if (INVALID_CREDENTIALS.test(error.description ?? '')) {
    return { message: { key: 'auth.callback.errors.invalidCredentials' } };
  }
  return { message: { text: error.description ?? error.code } };
}

export const CALLBACK_TIMED_OUT: CallbackFailure = {
  message: { key: 'auth.callback.timedOut' },
  hint: 'auth.callback.tryAgain',
};

export const CALLBACK_FAILED: CallbackFailure = { message: { key: 'auth.callback.failed' } };

/** A missing session is asked for again 3 times, after 1 s, 2 s and 4 s (never more than 5 s). */
export const CALLBACK_RETRIES = OAUTH_CALLBACK_RETRY.retries;

export function callbackRetryDelay(retry: number): number {
  return Math.min(OAUTH_CALLBACK_RETRY.baseDelay * 2 ** (retry - 1), OAUTH_CALLBACK_RETRY.maxDelay);
}

/** Network-type failures (fetch, network, 'Failed to fetch') are worth another try (reader-area §7). */
export function isNetworkFailure(error: unknown): boolean {
  if (error instanceof ApiError) return error.code === 'NETWORK';
  const message = error instanceof Error ? error.message : typeof error === 'string' ? error : '';
  return /fetch|network/i.test(message);
}

/**
 * The session the provider's return should have started, asked for until it is there: a
 * missing session or a network-type failure is retried; null when the retries run out. Any
 * other failure is thrown.
 */
export async function getSessionWithRetries(
  getSession: (signal: AbortSignal) => Promise<ServerAuthState>,
  signal: AbortSignal,
  wait: (ms: number, signal: AbortSignal) => Promise<void> = sleep,
): Promise<ServerAuthState | null> {
  for (let retry = 0; ; retry++) {
    try {
      const auth = await getSession(signal);
      if (auth.user && auth.session) return auth;
    } catch (error) {
      if (signal.aborted || !isNetworkFailure(error)) throw error;
    }
    if (retry >= CALLBACK_RETRIES) return null;
    await wait(callbackRetryDelay(retry + 1), signal);
  }
}
