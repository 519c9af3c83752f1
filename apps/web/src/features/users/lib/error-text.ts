import type { TFunction } from 'i18next';
import { ApiError } from '../../../lib/api-client';
import { apiErrorKey } from '../../../lib/api-error-text';

/**
 * The user-store message of a failed call (accounts-and-auth §8), with the server's reason after
 * it when there is one: 'Failed to update user role' — 'You do not have permission…'.
 */
export function failureText(t: TFunction, key: string, error: unknown): string {
  const reason = apiErrorKey(error, { fallback: null });
  return reason ? t('users.errors.withReason', { message: t(key), reason: t(reason) }) : t(key);
}

/** 'delete-user' (accounts-and-auth §8): the server's refusal in its words, or the unexpected failure. */
export function deleteFailureText(t: TFunction, error: unknown): string {
  const isNetwork = error instanceof ApiError && error.code === 'NETWORK';
  const reason = isNetwork ? null : apiErrorKey(error, { fallback: null });
  return reason ? t('users.delete.failed', { details: t(reason) }) : t('users.delete.unexpected');
}
