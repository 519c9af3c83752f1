import { TIMINGS } from '@maktaba/shared/constants';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { makeAuth, makeProfile } from '../../../lib/auth/test-fixtures';
import { useAuthStore } from '../../../lib/auth/use-auth';
import { act, mockApi, renderFlow } from './flow-test-utils';
import { useSignIn } from './use-sign-in';

const toast = vi.hoisted(() => ({ success: vi.fn(), error: vi.fn(), info: vi.fn() }));
vi.mock('sonner', () => ({ toast }));

const allowed = { status: 200, body: { allowed: true, clientIP: '10.0.0.1', riskScore: 0, reasons: [] } };

describe('sign-in flow', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
    vi.clearAllMocks();
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
    expect(toast.success).toHaveBeenCalledWith('Signed in', { description: 'Checking your profile...' });
  });

  it('shows "Signed in" for at least 150 ms before the portal may move on', async () => {
    mockApi({ '/auth/security-check': [allowed], '/auth/sign-in': [{ status: 200, body: makeAuth() }] });
    const { result } = await renderFlow(useSignIn);
    let flow: Promise<unknown> = Promise.resolve();
    await act(async () => {
      flow = result.current({ email: 'reader@example.org', password: 'secret-1' });
      await vi.advanceTimersByTimeAsync(TIMINGS.signInToastMin - 1);
    });
    expect(toast.success).toHaveBeenCalledWith('Signed in', { description: 'Checking your profile...' });
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
    expect(toast.error).toHaveBeenCalledWith('Sign In Failed', {
      description: 'Invalid email or password',
      duration: 5_000,
    });
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
