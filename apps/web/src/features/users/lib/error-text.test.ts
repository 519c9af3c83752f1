import type { TFunction } from 'i18next';
import { describe, expect, it } from 'vitest';
import { ApiError } from '../../../lib/api-client';
import { deleteFailureText, failureText } from './error-text';

/** A stand-in t: the key, with its values after it. */
const t = ((key: string, values?: Record<string, string>) =>
  values ? `${key}(${Object.values(values).join('|')})` : key) as unknown as TFunction;

describe('user management failure messages', () => {
  it("names the server's reason after the user-store message", () => {
    const refused = new ApiError('LAST_ADMIN' as never, 'no', 409);
    expect(failureText(t, 'users.errors.updateRole', refused)).toBe(
      'users.errors.withReason(users.errors.updateRole|errors.codes.LAST_ADMIN)',
    );
  });

  it('says only the user-store message when there is no known reason', () => {
    expect(failureText(t, 'users.errors.updateStatus', new Error('x'))).toBe('users.errors.updateStatus');
    expect(failureText(t, 'users.errors.updateStatus', new ApiError('UNKNOWN', 'x', 500))).toBe(
      'users.errors.updateStatus',
    );
  });

  it("deleting: 'Failed to delete user: {details}' for a refusal, the unexpected message otherwise", () => {
    expect(deleteFailureText(t, new ApiError('FORBIDDEN', 'no', 403))).toBe(
      'users.delete.failed(errors.codes.FORBIDDEN)',
    );
    expect(deleteFailureText(t, new ApiError('NETWORK', 'down', 0))).toBe('users.delete.unexpected');
    expect(deleteFailureText(t, new TypeError('boom'))).toBe('users.delete.unexpected');
  });
});
