import type { TFunction } from 'i18next';
import { ApiError } from '../../../lib/api-client';
import { apiErrorKey } from '../../../lib/api-error-text';
import { formatNumber } from '../../../lib/format';

/**
 * A failed call's message, with the limit named in the reader's digits when the server gives one
 * (COLLECTION_LIMIT_REACHED, COLLECTION_FULL: `details.max`).
 */
export function collectionErrorText(t: TFunction, error: unknown, language: string): string {
  const details = error instanceof ApiError ? (error.details as { max?: unknown } | undefined) : undefined;
  const max = typeof details?.max === 'number' ? formatNumber(details.max, language) : undefined;
  return t(apiErrorKey(error, { fieldPrefix: 'validation.' }), { max });
}
