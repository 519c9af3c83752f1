import { ApiError } from '../../../lib/api-client';

/** The catalogue key of a failed call's message. */
export function errorKey(error: unknown): string {
  return error instanceof ApiError && error.code !== 'UNKNOWN' ? `errors.codes.${error.code}` : 'errors.codes.INTERNAL';
}
