import { catalogues, getByPath } from '@maktaba/shared/i18n/index';
import { describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../../lib/api-client';
import { makeAuth } from '../../../lib/auth/test-fixtures';
import {
  CALLBACK_RETRIES,
  callbackRetryDelay,
  describeCallbackError,
  getSessionWithRetries,
  isNetworkFailure,
  readCallbackError,
} from './oauth-callback';

const signedOut = { user: null, session: null, profile: null };

describe('readCallbackError', () => {
  it('reads the error and its description from the query', () => {
    expect(readCallbackError('?error=access_denied&error_description=You+said+no', '')).toEqual({
      code: 'access_denied',
      description: 'You said no',
    });
  });

  it('reads them from the hash when the query has none', () => {
    expect(readCallbackError('?foo=1', '#error=server_error')).toEqual({ code: 'server_error', description: null });
  });

  it('finds nothing on a clean return', () => {
    expect(readCallbackError('', '')).toBeNull();
    expect(readCallbackError('?code=abc&state=xyz', '#')).toBeNull();
  });

  it('caps a description a crafted link could make very long', () => {
    const error = readCallbackError(`?error=x&error_description=${'a'.repeat(1000)}`, '');
    expect(error?.description).toHaveLength(300);
  });
});

describe('describeCallbackError', () => {
  it('translates the codes of our own server, in either case', () => {
    expect(describeCallbackError({ code: 'account_not_linked', description: null })).toEqual({
      message: { key: 'errors.codes.ACCOUNT_NOT_LINKED' },
    });
    expect(describeCallbackError({ code: 'ACCOUNT_NOT_LINKED', description: 'Account not linked' })).toEqual({
      message: { key: 'errors.codes.ACCOUNT_NOT_LINKED' },
    });
    expect(describeCallbackError({ code: 'state_mismatch', description: null }).message).toEqual({
      key: 'auth.callback.errors.stateMismatch',
    });
  });

  it("shows the provider's description when present, else the code", () => {
    expect(describeCallbackError({ code: 'access_denied', description: 'The user said no' }).message).toEqual({
      text: 'The user said no',
    });
    expect(describeCallbackError({ code: 'temporarily_unavailable', description: null }).message).toEqual({
      text: 'temporarily_unavailable',
    });
  });
  it('an invalid-credentials failure has the boundary text "Invalid login credentials..."', () => {
    const expected = { key: 'auth.callback.errors.invalidCredentials' };
    expect(describeCallbackError({ code: 'invalid_credentials', description: null }).message).toEqual(expected);
    expect(describeCallbackError({ code: 'invalid_grant', description: 'Invalid login credentials' }).message).toEqual(
      expected,
    );
    expect(getByPath(catalogues.en, expected.key)).toBe(
      'Invalid login credentials. Please check your email and password',
    );
    expect(getByPath(catalogues.ar, expected.key)).toMatch(/[\u0600-\u06FF]/);
  });
});

describe('retries', () => {
  it('waits 1 s, then doubles, never more than 5 s', () => {
    expect([1, 2, 3, 4, 5].map(callbackRetryDelay)).toEqual([1_000, 2_000, 4_000, 5_000, 5_000]);
  });

  it('treats fetch and network failures as worth another try, refusals not', () => {
    expect(isNetworkFailure(new TypeError('Failed to fetch'))).toBe(true);
    expect(isNetworkFailure(new ApiError('NETWORK', 'offline', 0))).toBe(true);
    expect(isNetworkFailure(new Error('NetworkError when attempting to fetch resource.'))).toBe(true);
    expect(isNetworkFailure(new ApiError('INTERNAL', 'boom', 500))).toBe(false);
    expect(isNetworkFailure(new Error('boom'))).toBe(false);
  });

  it('asks again for a missing session, 3 times, after 1 s, 2 s and 4 s', async () => {
    const getSession = vi.fn().mockResolvedValue(signedOut);
    const wait = vi.fn().mockResolvedValue(undefined);
    await expect(getSessionWithRetries(getSession, new AbortController().signal, wait)).resolves.toBeNull();
    expect(getSession).toHaveBeenCalledTimes(CALLBACK_RETRIES + 1);
    expect(wait.mock.calls.map(([ms]) => ms)).toEqual([1_000, 2_000, 4_000]);
  });

  it('returns the session as soon as it is there, after network failures too', async () => {
    const auth = makeAuth();
    const getSession = vi
      .fn()
      .mockRejectedValueOnce(new TypeError('Failed to fetch'))
      .mockResolvedValueOnce(signedOut)
      .mockResolvedValueOnce(auth);
    const wait = vi.fn().mockResolvedValue(undefined);
    await expect(getSessionWithRetries(getSession, new AbortController().signal, wait)).resolves.toBe(auth);
    expect(getSession).toHaveBeenCalledTimes(3);
  });

  it('gives up at once on a failure another try cannot fix', async () => {
    const getSession = vi.fn().mockRejectedValue(new ApiError('INTERNAL', 'boom', 500));
    const wait = vi.fn().mockResolvedValue(undefined);
    await expect(getSessionWithRetries(getSession, new AbortController().signal, wait)).rejects.toThrow('boom');
    expect(wait).not.toHaveBeenCalled();
  });
});
