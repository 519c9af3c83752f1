import { STORAGE_KEYS } from '@maktaba/shared/constants';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, mockApi, renderFlow } from '../../../lib/auth/flow-test-utils';
import { makeAuth } from '../../../lib/auth/test-fixtures';
import { useAuthStore } from '../../../lib/auth/use-auth';
import { i18n } from '../../../lib/i18n';
import { useSignUp } from './use-sign-up';

const toast = vi.hoisted(() => ({ success: vi.fn(), error: vi.fn(), info: vi.fn() }));
vi.mock('sonner', () => ({ toast }));

const credentials = { email: 'reader@example.org', password: 'Quiet-Reading-1', name: 'Zahra' };
const address = {
  phone_number: '+12025550143',
  address_line_1: '1 Library Way',
  city: 'Dearborn',
  state_province: 'MI',
  postal_code: '48126',
  country: 'United States' as const,
};
/**
 * The failure as the form's alert shows it (in English). The toast only names what failed ('Sign Up
 * Failed', 5 s): why is told once, by the alert.
 */
const shownFailure = () => {
  expect(toast.error).toHaveBeenCalledWith('Sign Up Failed', { duration: 5_000 });
  const error = useAuthStore.getState().error;
  return error ? i18n.t(error.key, error.values ?? {}) : null;
};

const allowed = { status: 200, body: { allowed: true, clientIP: '10.0.0.1', riskScore: 0, reasons: [] } };

describe('registration step 2 (sign-up)', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    window.localStorage.setItem(STORAGE_KEYS.registerDraft, JSON.stringify({ email: 'x', savedAt: Date.now() }));
  });
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
    vi.clearAllMocks();
  });

  it('tries again after lost connections, saying "Attempt N of 3...", and signs in', async () => {
    const calls = mockApi({
      '/auth/security-check': [allowed],
      '/auth/sign-up': [new TypeError('Failed to fetch'), { status: 503, body: {} }, { status: 201, body: makeAuth() }],
    });
    const { result } = await renderFlow(useSignUp);
    let outcome: Awaited<ReturnType<typeof result.current>> | undefined;
    await act(async () => {
      const running = result.current(credentials, address).then((value) => {
        outcome = value;
      });
      await vi.advanceTimersByTimeAsync(3_000);
      await running;
    });
    expect(outcome).toEqual({ ok: true });
    expect(calls.filter((call) => call.path === '/auth/sign-up')).toHaveLength(3);
    expect(calls.at(-1)?.body).toEqual({ ...credentials, ...address, locale: 'en' });
    expect(toast.info.mock.calls.map(([text]) => text)).toEqual(['Attempt 2 of 3...', 'Attempt 3 of 3...']);
    expect(toast.success).toHaveBeenCalledWith('Sign Up Successful', {
      description: 'Please check your email for verification.',
      duration: 5_000,
    });
    expect(useAuthStore.getState()).toMatchObject({ isAuthenticated: true, profileComplete: true, justSignedIn: true });
    expect(window.localStorage.getItem(STORAGE_KEYS.registerDraft)).toBeNull();
  });

  it('stops at once when the email is taken', async () => {
    const calls = mockApi({
      '/auth/security-check': [allowed],
      '/auth/sign-up': [{ status: 409, body: { error: { code: 'EMAIL_TAKEN', message: 'taken' } } }],
    });
    const { result } = await renderFlow(useSignUp);
    await act(async () => {
      await result.current(credentials, address);
    });
    expect(calls.filter((call) => call.path === '/auth/sign-up')).toHaveLength(1);
    expect(useAuthStore.getState().error).toEqual({ key: 'errors.codes.EMAIL_TAKEN' });
    expect(shownFailure()).toBe('This email is already registered');
    expect(toast.info).not.toHaveBeenCalled();
  });

  it('a security block shows its reason and creates nothing', async () => {
    const calls = mockApi({
      '/auth/security-check': [
        {
          status: 200,
          body: { allowed: false, clientIP: '10.0.0.1', riskScore: 60, reasons: ['too_many_registrations_ip'] },
        },
      ],
    });
    const { result } = await renderFlow(useSignUp);
    await act(async () => {
      await result.current(credentials, address);
    });
    expect(calls.map((call) => call.path)).toEqual(['/auth/security-check']);
    expect(useAuthStore.getState().error).toEqual({ key: 'auth.security.reasons.too_many_registrations_ip' });
  });

  it('goes ahead when the security check itself fails', async () => {
    const calls = mockApi({
      '/auth/security-check': [{ status: 500, body: {} }],
      '/auth/sign-up': [{ status: 201, body: makeAuth() }],
    });
    const { result } = await renderFlow(useSignUp);
    await act(async () => {
      await result.current(credentials, address);
    });
    expect(calls.map((call) => call.path)).toEqual(['/auth/security-check', '/auth/sign-up']);
    expect(useAuthStore.getState().isAuthenticated).toBe(true);
  });

  const failedWith = (message: string) => expect(shownFailure()).toBe(message);

  it('an answer without a user, or without its session, has its own text', async () => {
    mockApi({
      '/auth/security-check': [allowed, allowed],
      '/auth/sign-up': [
        { status: 201, body: { user: null, session: null, profile: null } },
        { status: 201, body: { ...makeAuth(), session: null } },
      ],
    });
    const { result } = await renderFlow(useSignUp);
    await act(async () => {
      await result.current(credentials, address);
    });
    failedWith('User creation failed unexpectedly (null user).');
    await act(async () => {
      await result.current(credentials, address);
    });
    failedWith('Sign up failed - no user data returned');
    expect(useAuthStore.getState().isAuthenticated).toBe(false);
  });

  it('an error that is no known refusal says "An unexpected error occurred during sign up."', async () => {
    mockApi({ '/auth/security-check': [allowed], '/auth/sign-up': [{ status: 418, body: 'teapot' }] });
    const { result } = await renderFlow(useSignUp);
    await act(async () => {
      await result.current(credentials, address);
    });
    failedWith('An unexpected error occurred during sign up.');
  });

  it('offline for 30 s: "Timeout waiting for network connection"', async () => {
    const online = vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    const calls = mockApi({ '/auth/security-check': [allowed] });
    const { result } = await renderFlow(useSignUp);
    try {
      await act(async () => {
        const flow = result.current(credentials, address);
        await vi.advanceTimersByTimeAsync(30_000);
        await flow;
      });
    } finally {
      online.mockRestore();
    }
    // The security check, refused by the offline browser, counts as allowed; the sign-up waits.
    expect(calls).toEqual([]);
    failedWith('Timeout waiting for network connection');
  });
});
