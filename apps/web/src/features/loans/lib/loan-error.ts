import type { TFunction } from 'i18next';
import { ApiError } from '../../../lib/api-client';
import { apiErrorKey } from '../../../lib/api-error-text';
import { formatNumber } from '../../../lib/format';

/** The limit a BORROWING_LIMIT_REACHED refusal names in `error.details.limit`, if it does. */
export function limitOf(error: unknown): number | null {
  if (!(error instanceof ApiError) || typeof error.details !== 'object' || error.details === null) return null;
  const { limit } = error.details as { limit?: unknown };
  return typeof limit === 'number' ? limit : null;
}

/** A refused request or action in the reader's words; the limit refusal names the limit. */
export function loanErrorText(t: TFunction, error: unknown, language: string, fallbackLimit?: number): string {
  const limit = limitOf(error) ?? fallbackLimit;
  return t(apiErrorKey(error), { limit: limit === undefined ? '' : formatNumber(limit, language) });
}
