import { TIMINGS } from '@maktaba/shared/constants';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, mockApi, renderFlow } from '../../../lib/auth/flow-test-utils';
import { makeAuth, makeProfile } from '../../../lib/auth/test-fixtures';
import { useAuthStore } from '../../../lib/auth/use-auth';
import { i18n } from '../../../lib/i18n';
import { useSignIn } from './use-sign-in';

const toast = vi.hoisted(() => ({ success: vi.fn(), error: vi.fn(), info: vi.fn() }));
vi.mock('sonner', () => ({ toast }));

/**
 * The failure as the form's alert shows it (in English). The toast only names what failed ('Sign In
 * Failed' or 'Profile setup failed after login.', 5 s): why is told once, by the alert.
 */
const shownFailure = (title = 'Sign In Failed') => {
  expect(toast.error).toHaveBeenCalledWith(title, { duration: 5_000 });
  const error = useAuthStore.getState().error;
  return error ? i18n.t(error.key, error.values ?? {}) : null;
};

const allowed = { status: 200, body: { allowed: true, clientIP: '10.0.0.1', riskScore: 0, reasons: [] } };

describe('sign-in flow', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
    vi.clearAllMocks();
    vi.restoreAllMocks();
  });

  it('signs in with the sanitised email, as an active sign-in', async () => {
    const calls = mockApi({ '/auth/security-check': [allowed], '/auth/sign-in': [{ status: 200, body: makeAuth() }] });
    const { result } = await renderFlow(useSignIn);
    await act(async () => {
      const flow = result.current({ email: ' Reader@Example.ORG ', password: 'secret-1' });
      await vi.advanceTimersByTimeAsync(TIMINGS.signInToastMin);
      await flow;
    });
    expect(calls.map((call) => call.body)).toEqual([
      { action: 'login', identifier: 'reader@example.org', metadata: { userAgent: expect.any(String) } },
      { email: 'reader@example.org', password: 'secret-1' },
    ]);
    expect(useAuthStore.getState()).toMatchObject({
      isAuthenticated: true,
      justSignedIn: true,
      isPerformingActiveSignIn: true,
    });
    // A complete profile needs no check: the returning reader is welcomed back.
    expect(toast.success).toHaveBeenCalledWith('Sign In Successful', { description: 'Welcome back!' });
  });

  it('says "Signed in / Checking your profile..." when the profile is incomplete', async () => {
    mockApi({
      '/auth/security-check': [allowed],
      '/auth/sign-in': [{ status: 200, body: makeAuth(makeProfile({ registration_completed: false, city: null })) }],
    });
    const { result } = await renderFlow(useSignIn);
    await act(async () => {
      const flow = result.current({ email: 'reader@example.org', password: 'secret-1' });
      await vi.advanceTimersByTimeAsync(TIMINGS.signInToastMin);
      await flow;
    });
    expect(toast.success).toHaveBeenCalledWith('Signed in', { description: 'Checking your profile...' });
    expect(useAuthStore.getState()).toMatchObject({ isAuthenticated: true, profileComplete: false });
  });

  it('shows the sign-in toast for at least 150 ms before the portal may move on', async () => {
    mockApi({ '/auth/security-check': [allowed], '/auth/sign-in': [{ status: 200, body: makeAuth() }] });
    const { result } = await renderFlow(useSignIn);
    let flow: Promise<unknown> = Promise.resolve();
    await act(async () => {
      flow = result.current({ email: 'reader@example.org', password: 'secret-1' });
      await vi.advanceTimersByTimeAsync(TIMINGS.signInToastMin - 1);
    });
    expect(toast.success).toHaveBeenCalledWith('Sign In Successful', { description: 'Welcome back!' });
    expect(useAuthStore.getState().isAuthenticated).toBe(false);
    await act(async () => {
      await vi.advanceTimersByTimeAsync(1);
      await flow;
    });
    expect(useAuthStore.getState().isAuthenticated).toBe(true);
  });

  it('retries a server error twice, then gives up (accounts-and-auth §7)', async () => {
    const failure = { status: 503, body: { error: { code: 'SERVICE_UNAVAILABLE', message: 'x' } } };
    const calls = mockApi({ '/auth/security-check': [allowed], '/auth/sign-in': [failure, failure, failure] });
    const { result } = await renderFlow(useSignIn);
    await act(async () => {
      const flow = result.current({ email: 'reader@example.org', password: 'secret-1' });
      await vi.advanceTimersByTimeAsync(1_000 + 2_000);
      await flow;
    });
    expect(calls.filter((call) => call.path === '/auth/sign-in')).toHaveLength(3);
    expect(useAuthStore.getState().isAuthenticated).toBe(false);
  });

  it('loads the default profile when the account has none yet', async () => {
    const calls = mockApi({
      '/auth/security-check': [allowed],
      '/auth/sign-in': [{ status: 200, body: makeAuth(null) }],
      '/profiles/me/setup': [{ status: 200, body: { ok: true } }],
      '/profiles/me': [{ status: 200, body: makeProfile({ registration_completed: false }) }],
    });
    const { result } = await renderFlow(useSignIn);
    await act(async () => {
      const flow = result.current({ email: 'reader@example.org', password: 'secret-1' });
      await vi.advanceTimersByTimeAsync(TIMINGS.signInToastMin);
      await flow;
    });
    expect(calls.map((call) => call.path)).toEqual([
      '/auth/security-check',
      '/auth/sign-in',
      '/profiles/me/setup',
      '/profiles/me',
    ]);
    expect(useAuthStore.getState()).toMatchObject({ isAuthenticated: true, profileComplete: false });
    expect(toast.success).toHaveBeenCalledWith('Signed in', { description: 'Checking your profile...' });
  });

  it('tries the profile setup 5 times, 1.5 s × the try apart, then says it failed', async () => {
    const broken = { status: 500, body: { error: { code: 'INTERNAL', message: 'x' } } };
    const calls = mockApi({
      '/auth/security-check': [allowed],
      '/auth/sign-in': [{ status: 200, body: makeAuth(null) }],
      '/profiles/me/setup': [broken, broken, broken, broken, broken],
      '/auth/sign-out': [{ status: 200, body: { ok: true } }],
    });
    const { result } = await renderFlow(useSignIn);
    let outcome: { ok: boolean } | undefined;
    await act(async () => {
      const flow = result.current({ email: 'reader@example.org', password: 'secret-1' }).then((value) => {
        outcome = value;
      });
      await vi.advanceTimersByTimeAsync(1_500 + 3_000 + 4_500 - 1);
      expect(calls.filter((call) => call.path === '/profiles/me/setup')).toHaveLength(3);
      await vi.advanceTimersByTimeAsync(1 + 6_000);
      await flow;
    });
    expect(outcome?.ok).toBe(false);
    expect(calls.filter((call) => call.path === '/profiles/me/setup')).toHaveLength(5);
    expect(shownFailure('Profile setup failed after login.')).toBe('Failed to setup profile after multiple retries.');
    expect(toast.success).not.toHaveBeenCalled();
    // The half-made sign-in is ended on the server too.
    expect(calls.at(-1)?.path).toBe('/auth/sign-out');
    act(() => vi.advanceTimersByTime(TIMINGS.errorRecoveryDelay));
    expect(useAuthStore.getState()).toMatchObject({
      isAuthenticated: false,
      error: { key: 'auth.errors.profileSetupRetries' },
    });
  });

  it('a failure with no text of its own says "Unknown error signing in"', async () => {
    mockApi({ '/auth/security-check': [allowed], '/auth/sign-in': [{ status: 418, body: 'teapot' }] });
    const { result } = await renderFlow(useSignIn);
    await act(async () => {
      await result.current({ email: 'reader@example.org', password: 'secret-1' });
    });
    expect(shownFailure()).toBe('Unknown error signing in');
  });

  it('offline as the sign-in starts: "No network connection" after the two retries', async () => {
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    const calls = mockApi({});
    const { result } = await renderFlow(useSignIn);
    await act(async () => {
      const flow = result.current({ email: 'reader@example.org', password: 'secret-1' });
      await vi.advanceTimersByTimeAsync(1_000 + 2_000);
      await flow;
    });
    expect(calls).toEqual([]);
    expect(shownFailure()).toBe('No network connection');
  });

  it('a wrong password: "Sign In Failed", the error kept, flags cleared after 800 ms', async () => {
    mockApi({
      '/auth/security-check': [allowed],
      '/auth/sign-in': [{ status: 401, body: { error: { code: 'INVALID_CREDENTIALS', message: 'x' } } }],
    });
    const { result } = await renderFlow(useSignIn);
    await act(async () => {
      await result.current({ email: 'reader@example.org', password: 'wrong-1' });
    });
    expect(shownFailure()).toBe('Invalid email or password');
    expect(useAuthStore.getState()).toMatchObject({ isPerformingActiveSignIn: true, isAuthenticated: false });
    act(() => vi.advanceTimersByTime(TIMINGS.errorRecoveryDelay));
    expect(useAuthStore.getState()).toMatchObject({
      isPerformingActiveSignIn: false,
      error: { key: 'errors.codes.INVALID_CREDENTIALS' },
    });
  });

  it('refuses input that looks like SQL injection without calling the server', async () => {
    const calls = mockApi({});
    const { result } = await renderFlow(useSignIn);
    await act(async () => {
      await result.current({ email: "a@b.org' OR 1=1 --", password: 'secret-1' });
    });
    expect(calls).toEqual([]);
    expect(toast.error).toHaveBeenCalledWith('Invalid input detected');
    expect(useAuthStore.getState().isLoading).toBe(false);
  });
});
