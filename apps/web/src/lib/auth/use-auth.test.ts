import { TIMINGS } from '@maktaba/shared/constants';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { initialAuthState } from './auth-machine';
import { countPendingRequests, trackRequest } from './pending-requests';
import { makeAuth, makeProfile } from './test-fixtures';
import { dispatchAuth, scheduleFlagsClear, startAuthWatchdog, useAuthStore } from './use-auth';

describe('auth store', () => {
  let stopWatchdog = () => {};
  beforeEach(() => {
    vi.useFakeTimers();
    useAuthStore.setState({ ...initialAuthState, role: null, displayName: null, email: null });
  });
  afterEach(() => {
    stopWatchdog();
    vi.useRealTimers();
  });

  it('exposes what the shell reads: role, display name and email, once signed in', () => {
    dispatchAuth({ type: 'INIT_STARTED' });
    dispatchAuth({ type: 'INITIALIZED', auth: makeAuth(makeProfile({ role: 'librarian' })), profileComplete: true });
    expect(useAuthStore.getState()).toMatchObject({
      isInitialized: true,
      isAuthenticated: true,
      role: 'librarian',
      displayName: 'Zahra Haidari',
      email: 'reader@example.org',
    });
    dispatchAuth({ type: 'SESSION_EXPIRED' });
    expect(useAuthStore.getState()).toMatchObject({ isAuthenticated: false, role: null, email: null });
  });

  it('stamps each transition with the time', () => {
    vi.setSystemTime(new Date('2025-01-20T10:00:00Z'));
    dispatchAuth({ type: 'INIT_STARTED' });
    expect(useAuthStore.getState().history.at(-1)?.at).toBe(Date.parse('2025-01-20T10:00:00Z'));
  });

  it('clears the flags after the scheduled delay', () => {
    dispatchAuth({ type: 'INIT_STARTED' });
    dispatchAuth({ type: 'INITIALIZED', auth: null, profileComplete: false });
    dispatchAuth({ type: 'SIGN_IN_STARTED', method: 'password' });
    dispatchAuth({ type: 'SIGN_IN_FAILED', error: { key: 'errors.codes.INVALID_CREDENTIALS' } });
    scheduleFlagsClear(TIMINGS.errorRecoveryDelay);
    vi.advanceTimersByTime(TIMINGS.errorRecoveryDelay - 1);
    expect(useAuthStore.getState().isPerformingActiveSignIn).toBe(true);
    vi.advanceTimersByTime(1);
    expect(useAuthStore.getState().isPerformingActiveSignIn).toBe(false);
  });

  it('kill switch: a flag set for 10 s clears everything and cancels the requests in flight', () => {
    stopWatchdog = startAuthWatchdog();
    dispatchAuth({ type: 'INIT_STARTED' });
    dispatchAuth({ type: 'INITIALIZED', auth: null, profileComplete: false });
    dispatchAuth({ type: 'SIGN_IN_STARTED', method: 'password' });
    const { signal } = trackRequest();
    vi.advanceTimersByTime(TIMINGS.killSwitch - 1);
    expect(useAuthStore.getState().isLoading).toBe(true);
    vi.advanceTimersByTime(1);
    expect(useAuthStore.getState()).toMatchObject({ isLoading: false, isPerformingActiveSignIn: false });
    expect(useAuthStore.getState().history.at(-1)?.event).toBe('KILL_SWITCH');
    expect(signal.aborted).toBe(true);
    expect(countPendingRequests()).toBe(0);
  });

  it('kill switch: does nothing when the flags clear in time', () => {
    stopWatchdog = startAuthWatchdog();
    dispatchAuth({ type: 'INIT_STARTED' });
    dispatchAuth({ type: 'INITIALIZED', auth: null, profileComplete: false });
    dispatchAuth({ type: 'SIGN_IN_STARTED', method: 'password' });
    vi.advanceTimersByTime(5_000);
    dispatchAuth({ type: 'FLAGS_CLEARED' });
    vi.advanceTimersByTime(20_000);
    expect(useAuthStore.getState().history.some((entry) => entry.event === 'KILL_SWITCH')).toBe(false);
  });
});
