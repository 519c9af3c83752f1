import type { TFunction } from 'i18next';
import { ApiError } from '../../../lib/api-client';

/**
 * A field error for display. The shared schemas speak `validation.*` keys; zod's own messages
 * (a number out of range) are not keys, so they fall back to a general one.
 */
export function fieldErrorText(t: TFunction, message: string | undefined): string | undefined {
  if (!message) return undefined;
  return message.startsWith('validation.') ? t(message) : t('validation.invalidInput');
}

/** The translated message of any failed call; `conflictKey` names what a 409 means here. */
export function apiErrorText(t: TFunction, error: unknown, conflictKey?: string): string {
  if (error instanceof ApiError) {
    if (error.code === 'CONFLICT' && conflictKey) return t(conflictKey);
    return t(`errors.codes.${error.code}`);
  }
  return t('errors.codes.UNKNOWN');
}
