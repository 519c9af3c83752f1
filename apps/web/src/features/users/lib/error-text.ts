import type { TFunction } from 'i18next';
import { ApiError } from '../../../lib/api-client';

/**
 * The user-store message of a failed call (accounts-and-auth §8), with the server's reason after
 * it when there is one: 'Failed to update user role' — 'You do not have permission…'.
 */
export function failureText(t: TFunction, key: string, error: unknown): string {
  const reason = error instanceof ApiError && error.code !== 'UNKNOWN' ? t(`errors.codes.${error.code}`) : null;
  return reason ? t('users.errors.withReason', { message: t(key), reason }) : t(key);
}

/** 'delete-user' (accounts-and-auth §8): the server's refusal in its words, or the unexpected failure. */
export function deleteFailureText(t: TFunction, error: unknown): string {
  if (error instanceof ApiError && error.code !== 'UNKNOWN' && error.code !== 'NETWORK') {
    return t('users.delete.failed', { details: t(`errors.codes.${error.code}`) });
  }
  return t('users.delete.unexpected');
}
