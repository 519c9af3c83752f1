import type { TFunction } from 'i18next';
import { ApiError, networkFailureOf } from './api-client';

export type ApiErrorKeyOptions = {
  /** The key when the failure carries no code of the server's (not an ApiError, or UNKNOWN). */
  fallback?: string | null;
  /** Codes that mean something particular where the call was made (a CONFLICT on delete: 'still in use'). */
  overrides?: Partial<Record<string, string>>;
  /** A field error whose message starts with this (a catalogue key, e.g. `validation.`) comes before the code. */
  fieldPrefix?: string;
};

/** The first field-error message starting with `prefix` in an error's details, if any. */
export function firstFieldErrorKey(details: unknown, prefix = 'validation.'): string | null {
  if (typeof details !== 'object' || details === null || !('fieldErrors' in details)) return null;
  const { fieldErrors } = details as { fieldErrors: unknown };
  if (typeof fieldErrors !== 'object' || fieldErrors === null) return null;
  for (const messages of Object.values(fieldErrors)) {
    const first = Array.isArray(messages)
      ? messages.find((message) => typeof message === 'string' && message.startsWith(prefix))
      : null;
    if (first) return first;
  }
  return null;
}

/**
 * The catalogue key of a failed call's message (the one mapping from the server's error codes to
 * words): a field's own message when asked for, then the code's `errors.codes.<code>` (a call that
 * could not start because the browser was offline: `errors.network.offline`), else the
 * fallback ('errors.codes.INTERNAL' unless given; null to tell the caller there is no reason).
 */
export function apiErrorKey(error: unknown, options: ApiErrorKeyOptions & { fallback: null }): string | null;
export function apiErrorKey(error: unknown, options?: ApiErrorKeyOptions & { fallback?: string }): string;
export function apiErrorKey(error: unknown, options: ApiErrorKeyOptions = {}): string | null {
  const fallback = options.fallback === undefined ? 'errors.codes.INTERNAL' : options.fallback;
  if (!(error instanceof ApiError)) return fallback;
  const fieldKey = options.fieldPrefix ? firstFieldErrorKey(error.details, options.fieldPrefix) : null;
  if (fieldKey) return fieldKey;
  if (error.code === 'UNKNOWN') return fallback;
  // Offline as the call started: 'No network connection' rather than the general network text.
  if (networkFailureOf(error)?.reason === 'offline') return 'errors.network.offline';
  return options.overrides?.[error.code] ?? `errors.codes.${error.code}`;
}

/** The translated message of a failed call (see apiErrorKey). */
export function apiErrorText(
  t: TFunction,
  error: unknown,
  options?: ApiErrorKeyOptions & { fallback?: string },
): string {
  return t(apiErrorKey(error, options));
}

/**
 * A form field's error for display. The shared schemas speak `validation.*` keys; zod's own
 * messages (a number out of range) are not keys, so they fall back to a general one.
 */
export function fieldErrorText(t: TFunction, message: string | undefined): string | undefined {
  if (!message) return undefined;
  return message.startsWith('validation.') ? t(message) : t('validation.invalidInput');
}
