import { STORAGE_KEYS, TIMINGS } from '@maktaba/shared/constants';
import { act, renderHook } from '@testing-library/react';
import type { ReactNode } from 'react';
import { I18nextProvider } from 'react-i18next';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { initialAuthState } from '../../../lib/auth/auth-machine';
import { mockApi } from '../../../lib/auth/flow-test-utils';
import { useAuthStore } from '../../../lib/auth/use-auth';
import { i18n, initI18n } from '../../../lib/i18n';
import { browser, useGoogleSignIn } from './use-google-sign-in';

const toast = vi.hoisted(() => ({ success: vi.fn(), error: vi.fn(), info: vi.fn() }));
vi.mock('sonner', () => ({ toast }));

const config = (googleSignInEnabled: boolean) => ({
  status: 200,
  body: { appVersion: '1', contactEmail: 'privacy@example.org', googleSignInEnabled },
});

async function renderButton(entry = '/signin?returnUrl=%2Fbooks%2Frecent') {
  if (!i18n.isInitialized) await initI18n();
  await i18n.changeLanguage('en');
  const wrapper = ({ children }: { children: ReactNode }) => (
    <I18nextProvider i18n={i18n}>
      <MemoryRouter initialEntries={[entry]}>{children}</MemoryRouter>
    </I18nextProvider>
  );
  return renderHook(useGoogleSignIn, { wrapper });
}

describe('the Google button', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    window.sessionStorage.clear();
    useAuthStore.setState({ ...initialAuthState, isInitialized: true, role: null, displayName: null, email: null });
  });
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
    vi.clearAllMocks();
  });

  it('remembers the return URL, shows the splash and goes to Google', async () => {
    const assign = vi.spyOn(browser, 'assign').mockImplementation(() => {});
    const calls = mockApi({
      '/config': [config(true)],
      '/auth/sign-in/oauth2': [
        { status: 200, body: { url: 'https://accounts.example/authorize?x=1', redirect: true } },
      ],
    });
    const { result } = await renderButton();
    await act(() => result.current());
    expect(calls[1]?.body).toMatchObject({ providerId: 'google', callbackURL: '/auth/callback' });
    expect(assign).toHaveBeenCalledWith('https://accounts.example/authorize?x=1');
    expect(JSON.parse(window.sessionStorage.getItem(STORAGE_KEYS.oauthState) ?? '{}')).toMatchObject({
      returnUrl: '/books/recent',
    });
    expect(useAuthStore.getState()).toMatchObject({ isOAuthInProgress: true, isPerformingActiveSignIn: true });
  });

  it('explains that Google sign-in is not configured', async () => {
    const assign = vi.spyOn(browser, 'assign').mockImplementation(() => {});
    const calls = mockApi({ '/config': [config(false)] });
    const { result } = await renderButton();
    await act(() => result.current());
    expect(toast.info).toHaveBeenCalledWith(
      'Google sign-in is not configured on this server. Please sign in with your email.',
    );
    expect(calls).toHaveLength(1);
    expect(assign).not.toHaveBeenCalled();
    expect(useAuthStore.getState().isOAuthInProgress).toBe(false);
  });

  it('retries once, then says sign-in failed and clears the flags and the stored state', async () => {
    const assign = vi.spyOn(browser, 'assign').mockImplementation(() => {});
    const failure = { status: 500, body: { error: { code: 'INTERNAL', message: 'boom' } } };
    const calls = mockApi({ '/config': [config(true)], '/auth/sign-in/oauth2': [failure, failure] });
    const { result } = await renderButton();
    await act(async () => {
      const pending = result.current();
      await vi.advanceTimersByTimeAsync(1_000);
      await pending;
    });
    expect(calls.map((call) => call.path)).toEqual(['/config', '/auth/sign-in/oauth2', '/auth/sign-in/oauth2']);
    expect(assign).not.toHaveBeenCalled();
    expect(toast.error).toHaveBeenCalledWith('Sign In Failed', {
      description: 'An unexpected error occurred',
      duration: 5_000,
    });
    expect(window.sessionStorage.getItem(STORAGE_KEYS.oauthState)).toBeNull();
    act(() => vi.advanceTimersByTime(TIMINGS.errorRecoveryDelay));
    expect(useAuthStore.getState()).toMatchObject({ isOAuthInProgress: false, isPerformingActiveSignIn: false });
  });
});
