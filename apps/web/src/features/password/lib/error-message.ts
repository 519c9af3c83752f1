import { ApiError } from '../../../lib/api-client';

/** The translated-message key of a failed call: the server's code, else a general failure. */
export function errorMessageKey(error: unknown): string {
  if (error instanceof ApiError && error.code !== 'UNKNOWN') return `errors.codes.${error.code}`;
  return 'errors.codes.INTERNAL';
}
