import { STORAGE_KEYS, TIMINGS } from '@maktaba/shared/constants';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, renderHook } from '@testing-library/react';
import type { ReactNode } from 'react';
import { I18nextProvider } from 'react-i18next';
import { MemoryRouter, useLocation } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { initialAuthState, transition } from '../../../lib/auth/auth-machine';
import { mockApi } from '../../../lib/auth/flow-test-utils';
import { makeAuth } from '../../../lib/auth/test-fixtures';
import { useAuthStore } from '../../../lib/auth/use-auth';
import { i18n, initI18n } from '../../../lib/i18n';
import { hashFingerprint, loadFingerprint, type SessionFingerprint } from '../lib/session-security';
import { useSessionSecurity } from './use-session-security';

const toast = vi.hoisted(() => ({ success: vi.fn(), error: vi.fn(), info: vi.fn(), warning: vi.fn() }));
vi.mock('../../../lib/toast', () => ({ toast }));

const HOUR = 60 * 60_000;
let pathname = '';

function LocationProbe() {
  pathname = useLocation().pathname;
  return null;
}

function signIn(createdAt: string) {
  const auth = makeAuth();
  const withAge = { ...auth, session: { id: 'session-1', createdAt, expiresAt: '2031-01-01T00:00:00.000Z' } };
  const state = transition(initialAuthState, { type: 'INITIALIZED', auth: withAge, profileComplete: true });
  useAuthStore.setState({ ...state, role: 'patron', displayName: 'Zahra Haidari', email: 'reader@example.org' });
}

async function renderMonitor() {
  if (!i18n.isInitialized) await initI18n();
  const queryClient = new QueryClient();
  const wrapper = ({ children }: { children: ReactNode }) => (
    <I18nextProvider i18n={i18n}>
      <QueryClientProvider client={queryClient}>
        <MemoryRouter initialEntries={['/myimam']}>
          {children}
          <LocationProbe />
        </MemoryRouter>
      </QueryClientProvider>
    </I18nextProvider>
  );
  return renderHook(useSessionSecurity, { wrapper });
}

function storedFingerprint(): SessionFingerprint {
  const entry = loadFingerprint(window.localStorage, 'session-1');
  if (!entry) throw new Error('no fingerprint stored');
  return entry.fingerprint;
}

describe('session security monitor', () => {
  beforeEach(() => {
    vi.useFakeTimers({ now: Date.parse('2030-01-02T12:00:00.000Z') });
    window.localStorage.clear();
  });
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
    vi.clearAllMocks();
    vi.restoreAllMocks();
    useAuthStore.setState({ ...initialAuthState });
  });

  it('stores the fingerprint of the browser the session is used in, per session id', async () => {
    signIn(new Date(Date.now() - HOUR).toISOString());
    await renderMonitor();
    const entry = loadFingerprint(window.localStorage, 'session-1');
    expect(entry?.fingerprint.userAgent).toBe(navigator.userAgent);
    expect(entry?.hash).toBe(hashFingerprint(storedFingerprint()));
    expect(entry?.timestamp).toBe(Date.now());
  });

  it('does nothing for a session that passes every check', async () => {
    const calls = mockApi({});
    signIn(new Date(Date.now() - HOUR).toISOString());
    await renderMonitor();
    await act(() => vi.advanceTimersByTimeAsync(3 * TIMINGS.sessionMonitorInterval));
    expect(calls).toEqual([]);
    expect(useAuthStore.getState().isAuthenticated).toBe(true);
    expect(toast.error).not.toHaveBeenCalled();
    expect(toast.warning).not.toHaveBeenCalled();
  });

  it('another user agent at the 60 s check: signed out locally, "Suspicious activity detected", /signin after 1 s', async () => {
    const calls = mockApi({ '/auth/sign-out': [{ status: 204 }] });
    signIn(new Date(Date.now() - HOUR).toISOString());
    await renderMonitor();
    const fingerprint = { ...storedFingerprint(), userAgent: 'Another Browser/1.0' };
    window.localStorage.setItem(
      STORAGE_KEYS.sessionFingerprint,
      JSON.stringify({ 'session-1': { hash: hashFingerprint(fingerprint), timestamp: Date.now(), fingerprint } }),
    );
    await act(() => vi.advanceTimersByTimeAsync(TIMINGS.sessionMonitorInterval - 1));
    expect(calls).toEqual([]);
    await act(() => vi.advanceTimersByTimeAsync(1 + TIMINGS.logoutDelay));
    expect(calls).toEqual([{ path: '/auth/sign-out', body: { scope: 'local' } }]);
    expect(toast.error).toHaveBeenCalledWith('Suspicious activity detected', {
      description: 'You have been signed out for security reasons',
      duration: 10_000,
    });
    expect(useAuthStore.getState()).toMatchObject({ isAuthenticated: false, user: null });
    expect(window.localStorage.getItem(STORAGE_KEYS.sessionFingerprint)).toBeNull();
    expect(pathname).toBe('/myimam');
    await act(() => vi.advanceTimersByTimeAsync(TIMINGS.tamperRedirect));
    expect(pathname).toBe('/signin');
  });

  it('a screen 101 px narrower is a mismatch; 100 px is not', async () => {
    mockApi({ '/auth/sign-out': [{ status: 204 }] });
    signIn(new Date(Date.now() - HOUR).toISOString());
    await renderMonitor();
    const save = (screenWidth: number) => {
      const fingerprint = { ...storedFingerprint(), screenWidth };
      window.localStorage.setItem(
        STORAGE_KEYS.sessionFingerprint,
        JSON.stringify({ 'session-1': { hash: 'x', timestamp: Date.now(), fingerprint } }),
      );
    };
    save(window.screen.width + 100);
    await act(() => vi.advanceTimersByTimeAsync(TIMINGS.sessionMonitorInterval + TIMINGS.logoutDelay));
    expect(useAuthStore.getState().isAuthenticated).toBe(true);
    save(window.screen.width + 101);
    await act(() => vi.advanceTimersByTimeAsync(TIMINGS.sessionMonitorInterval + TIMINGS.logoutDelay));
    expect(useAuthStore.getState().isAuthenticated).toBe(false);
  });

  it('cookies disabled: treated as tampering', async () => {
    const calls = mockApi({ '/auth/sign-out': [{ status: 204 }] });
    signIn(new Date(Date.now() - HOUR).toISOString());
    await renderMonitor();
    vi.spyOn(navigator, 'cookieEnabled', 'get').mockReturnValue(false);
    await act(() => vi.advanceTimersByTimeAsync(TIMINGS.sessionMonitorInterval + TIMINGS.logoutDelay));
    expect(calls).toHaveLength(1);
    expect(toast.error).toHaveBeenCalledWith('Suspicious activity detected', expect.anything());
  });

  it('a session older than 24 h: "Session Expired" / "Please sign in again", signed out', async () => {
    const calls = mockApi({ '/auth/sign-out': [{ status: 204 }] });
    signIn(new Date(Date.now() - 24 * HOUR + 30_000).toISOString());
    await renderMonitor();
    await act(() => vi.advanceTimersByTimeAsync(TIMINGS.sessionMonitorInterval + TIMINGS.logoutDelay));
    expect(calls).toEqual([{ path: '/auth/sign-out', body: { scope: 'local' } }]);
    expect(toast.warning).toHaveBeenCalledWith('Session Expired', { description: 'Please sign in again' });
    expect(useAuthStore.getState().isAuthenticated).toBe(false);
    await act(() => vi.advanceTimersByTimeAsync(TIMINGS.tamperRedirect));
    expect(pathname).toBe('/signin');
  });

  it('restricted storage: a console warning only, no sign-out', async () => {
    const calls = mockApi({});
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    signIn(new Date(Date.now() - HOUR).toISOString());
    vi.spyOn(Storage.prototype, 'setItem').mockImplementation(() => {
      throw new DOMException('quota', 'QuotaExceededError');
    });
    await renderMonitor();
    await act(() => vi.advanceTimersByTimeAsync(TIMINGS.sessionMonitorInterval));
    expect(warn).toHaveBeenCalledWith(expect.stringContaining('Local storage is restricted'));
    expect(calls).toEqual([]);
    expect(useAuthStore.getState().isAuthenticated).toBe(true);
  });

  it('stops when signed out', async () => {
    const calls = mockApi({});
    signIn(new Date(Date.now() - 25 * HOUR).toISOString());
    await renderMonitor();
    act(() => useAuthStore.getState().dispatch({ type: 'SIGNED_OUT' }));
    await act(() => vi.advanceTimersByTimeAsync(2 * TIMINGS.sessionMonitorInterval));
    expect(calls).toEqual([]);
    expect(toast.warning).not.toHaveBeenCalled();
  });
});
