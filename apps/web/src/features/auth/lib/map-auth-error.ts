import { SECURITY_REASONS, type SecurityAction, type SecurityReason } from '@maktaba/shared/security-reasons';
import { ApiError, networkFailureOf } from '../../../lib/api-client';
import { apiErrorKey } from '../../../lib/api-error-text';
import type { AuthMessage } from '../../../lib/auth/auth-types';
import { NetworkWaitTimeoutError, REQUEST_WAS_CANCELLED } from './with-retries';

/**
 * The error catalogue of accounts-and-auth §8: whatever went wrong becomes one translated message.
 * Server errors carry a code; errors from elsewhere (the browser, a proxy) only a message, so the
 * spec's message patterns are recognised too.
 */

const MESSAGE_PATTERNS: [RegExp, string][] = [
  [/invalid login credentials|invalid email or password/i, 'errors.codes.INVALID_CREDENTIALS'],
  [/email not confirmed|verify your email/i, 'errors.codes.EMAIL_NOT_VERIFIED'],
  [/already in use/i, 'auth.errors.alreadyInUse'],
  [/already registered|already exists/i, 'errors.codes.EMAIL_TAKEN'],
  [/network|failed to fetch|load failed|no network connection/i, 'errors.codes.NETWORK'],
  [/rate limit|too many/i, 'errors.codes.RATE_LIMITED'],
  [/invalid email/i, 'auth.errors.invalidEmail'],
  [/password.*(6 characters|too short|weak)/i, 'validation.passwordMin6'],
];

function isSecurityReason(value: unknown): value is SecurityReason {
  return typeof value === 'string' && (SECURITY_REASONS as readonly string[]).includes(value);
}

/** A security block shows its first known reason, else the general text for the action. */
export function mapSecurityBlock(reasons: readonly unknown[], action: SecurityAction): AuthMessage {
  const reason = reasons.find(isSecurityReason);
  if (reason) return { key: `auth.security.reasons.${reason}` };
  return { key: action === 'registration' ? 'auth.security.registrationBlocked' : 'auth.security.loginBlocked' };
}

function reasonsOf(details: unknown): unknown[] {
  if (typeof details !== 'object' || details === null || !('reasons' in details)) return [];
  const { reasons } = details as { reasons: unknown };
  return Array.isArray(reasons) ? reasons : [];
}

/**
 * Failures of the flows themselves (no server code): each has its own text, while the error's
 * English `message` stays for the logs.
 */
export class AuthFlowError extends Error {
  override name = 'AuthFlowError';
  constructor(
    message: string,
    readonly key: string,
    options?: ErrorOptions,
  ) {
    super(message, options);
  }
}

export type MapAuthErrorOptions = {
  /**
   * The text when nothing better is known (no server code, no recognised message): sign-in says
   * 'Unknown error signing in', sign-up 'An unexpected error occurred during sign up.', and
   * everything else 'An unexpected error occurred'.
   */
  fallback?: string;
};

export function mapAuthError(
  error: unknown,
  action: SecurityAction = 'login',
  options: MapAuthErrorOptions = {},
): AuthMessage {
  if (error instanceof AuthFlowError) return { key: error.key };
  if (error instanceof ApiError && error.code === 'SECURITY_BLOCKED') {
    return mapSecurityBlock(reasonsOf(error.details), action);
  }
  const network = networkMessage(error);
  if (network) return network;
  // A VALIDATION_FAILED answer names its first field's `validation.*` key; other codes their own.
  const key = apiErrorKey(error, { fallback: null, fieldPrefix: 'validation.' });
  if (key) return { key };
  if (error instanceof NetworkWaitTimeoutError) return { key: 'errors.network.waitTimeout' };
  // DOMException is not an Error subclass everywhere, so look at the name only.
  if ((error as { name?: unknown } | null)?.name === 'AbortError') {
    // The retry helper's own cancellation ('Request was cancelled') against a cancelled call.
    const cancelled = (error as { message?: unknown }).message === REQUEST_WAS_CANCELLED;
    return { key: cancelled ? 'errors.network.cancelled' : 'auth.errors.requestCancelled' };
  }
  const message = error instanceof Error ? error.message : typeof error === 'string' ? error : '';
  for (const [pattern, key] of MESSAGE_PATTERNS) {
    if (pattern.test(message)) return { key };
  }
  return { key: options.fallback ?? 'errors.codes.INTERNAL' };
}

/** 'No network connection' and 'Request timeout after {n}ms' (accounts-and-auth §8, Network). */
function networkMessage(error: unknown): AuthMessage | null {
  const reason = networkFailureOf(error);
  if (reason?.reason === 'offline') return { key: 'errors.network.offline' };
  if (reason?.reason === 'timeout') return { key: 'errors.network.timeout', values: { ms: reason.timeoutMs } };
  return null;
}
