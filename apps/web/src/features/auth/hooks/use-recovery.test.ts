import { STORAGE_KEYS } from '@maktaba/shared/constants';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { initialAuthState } from '../../../lib/auth/auth-machine';
import { countPendingRequests, trackRequest } from '../../../lib/auth/pending-requests';
import { useAuthStore } from '../../../lib/auth/use-auth';
import { startRecovery, useRecoveryStore } from './use-recovery';

describe('recovery action', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    vi.stubGlobal(
      'fetch',
      vi.fn(() => new Promise(() => {})),
    );
    useAuthStore.setState({
      ...initialAuthState,
      isInitialized: true,
      isLoading: true,
      isPerformingActiveSignIn: true,
      error: { key: 'x' },
    });
    useRecoveryStore.setState({ reloadIn: null });
  });
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  it('cancels requests, clears flags and auth storage, rechecks the session, reloads after 3, 2, 1', async () => {
    const pending = trackRequest();
    window.sessionStorage.setItem(STORAGE_KEYS.oauthState, 'state');
    window.localStorage.setItem(STORAGE_KEYS.sessionFingerprint, '{}');
    const reload = vi.fn();
    vi.spyOn(console, 'warn').mockImplementation(() => {});

    startRecovery(reload);
    expect(pending.signal.aborted).toBe(true);
    expect(countPendingRequests()).toBe(0);
    expect(useAuthStore.getState()).toMatchObject({ isPerformingActiveSignIn: false, error: null });
    expect(window.sessionStorage.getItem(STORAGE_KEYS.oauthState)).toBeNull();
    expect(window.localStorage.getItem(STORAGE_KEYS.sessionFingerprint)).toBeNull();
    expect(fetch).toHaveBeenCalledWith('/api/auth/session', expect.anything());
    expect(useRecoveryStore.getState().reloadIn).toBe(3);

    await vi.advanceTimersByTimeAsync(1000);
    expect(useRecoveryStore.getState().reloadIn).toBe(2);
    await vi.advanceTimersByTimeAsync(1000);
    expect(useRecoveryStore.getState().reloadIn).toBe(1);
    expect(reload).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1000);
    expect(reload).toHaveBeenCalledTimes(1);
  });

  it('a second click while counting down does not start another countdown', async () => {
    const reload = vi.fn();
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    startRecovery(reload);
    await vi.advanceTimersByTimeAsync(1000);
    startRecovery(reload);
    expect(useRecoveryStore.getState().reloadIn).toBe(2);
    await vi.advanceTimersByTimeAsync(5000);
    expect(reload).toHaveBeenCalledTimes(1);
  });
});
