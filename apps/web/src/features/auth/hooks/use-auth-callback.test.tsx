import { STORAGE_KEYS, TIMINGS } from '@maktaba/shared/constants';
import { act, cleanup, render, screen } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { initialAuthState } from '../../../lib/auth/auth-machine';
import { completenessCache } from '../../../lib/auth/completeness-cache';
import { mockApi } from '../../../lib/auth/flow-test-utils';
import { makeAuth, makeProfile } from '../../../lib/auth/test-fixtures';
import { useAuthStore } from '../../../lib/auth/use-auth';
import { i18n, initI18n } from '../../../lib/i18n';
import { AuthCallbackPage } from '../components/auth-callback-page';
import { saveOAuthReturnUrl } from '../lib/oauth-state';

const toast = vi.hoisted(() => ({ success: vi.fn(), error: vi.fn(), info: vi.fn() }));
vi.mock('sonner', () => ({ toast }));

const signedOut = { status: 200, body: { user: null, session: null, profile: null } };

function googleAuth(profile = makeProfile({ creation_source: 'google', address_line_1: null, city: null })) {
  const auth = makeAuth(profile);
  return { ...auth, user: auth.user && { ...auth.user, provider: 'google' } };
}

function Where() {
  const location = useLocation();
  return (
    <output data-testid="where">{`${location.pathname}${location.search} ${JSON.stringify(location.state)}`}</output>
  );
}

async function openCallback(entry: string) {
  if (!i18n.isInitialized) await initI18n();
  await i18n.changeLanguage('en');
  render(
    <I18nextProvider i18n={i18n}>
      <MemoryRouter initialEntries={[entry]}>
        <Routes>
          <Route path="/auth/callback" element={<AuthCallbackPage />} />
          <Route path="*" element={<Where />} />
        </Routes>
      </MemoryRouter>
    </I18nextProvider>,
  );
}

const where = () => screen.queryByTestId('where')?.textContent ?? null;
const advance = (ms: number) => act(() => vi.advanceTimersByTimeAsync(ms));

describe('the OAuth return page', () => {
  beforeEach(() => {
    vi.useFakeTimers({ shouldAdvanceTime: false });
    window.sessionStorage.clear();
    completenessCache.clear();
    useAuthStore.setState({ ...initialAuthState, isInitialized: true, role: null, displayName: null, email: null });
  });
  afterEach(() => {
    cleanup();
    vi.useRealTimers();
    vi.unstubAllGlobals();
    vi.clearAllMocks();
  });

  it("shows the provider's error description, toasts, and goes to /signin after 3 s", async () => {
    mockApi({});
    await openCallback('/auth/callback?error=access_denied&error_description=You+cancelled+the+sign-in');
    const panel = screen.getByRole('alert');
    expect(panel.textContent).toContain('You cancelled the sign-in');
    expect(panel.textContent).toContain('Redirecting to sign in...');
    expect(toast.error).toHaveBeenCalledWith('Authentication failed', {
      description: 'You cancelled the sign-in',
      duration: 5_000,
    });
    await advance(TIMINGS.oauthErrorRedirect - 1);
    expect(where()).toBeNull();
    await advance(1);
    expect(where()).toMatch(/^\/signin /);
  });

  it('translates a refused link to an existing password account, from the hash too', async () => {
    mockApi({});
    await openCallback('/auth/callback#error=account_not_linked');
    expect(screen.getByRole('alert').textContent).toContain(
      'An account with this email already exists. Sign in with your email and password instead.',
    );
  });

  it('signs a Google user in and goes to the stored return URL after the minimum splash', async () => {
    saveOAuthReturnUrl('/books/recent');
    mockApi({ '/auth/session': [{ status: 200, body: googleAuth() }] });
    await openCallback('/auth/callback');
    expect(screen.getByRole('status').textContent).toContain('Signing you in with Google...');
    expect(useAuthStore.getState()).toMatchObject({ isOAuthInProgress: true, isPerformingActiveSignIn: true });
    await advance(TIMINGS.oauthMinSplash - 1);
    expect(where()).toBeNull();
    expect(useAuthStore.getState()).toMatchObject({ isAuthenticated: true, justSignedIn: true, profileComplete: true });
    await advance(1);
    expect(where()).toBe('/books/recent null');
    expect(window.sessionStorage.getItem(STORAGE_KEYS.oauthState)).toBeNull();
    // Flags clear after the OAuth safety delay, not at once.
    expect(useAuthStore.getState().isOAuthInProgress).toBe(true);
    await advance(TIMINGS.oauthSafety);
    expect(useAuthStore.getState()).toMatchObject({
      isOAuthInProgress: false,
      isPerformingActiveSignIn: false,
      justSignedIn: false,
      isAuthenticated: true,
    });
  });

  it('marks a first Google sign-in with an incomplete profile registration-complete', async () => {
    const incomplete = makeProfile({ creation_source: 'google', registration_completed: false, email: '' });
    const calls = mockApi({
      '/auth/session': [{ status: 200, body: googleAuth(incomplete) }],
      '/profiles/me/complete': [{ status: 200, body: { complete: true } }],
      '/profiles/me': [{ status: 200, body: { ...incomplete, registration_completed: true } }],
    });
    await openCallback('/auth/callback');
    await advance(TIMINGS.oauthMinSplash);
    expect(calls.map((call) => call.path)).toEqual(['/auth/session', '/profiles/me/complete', '/profiles/me']);
    expect(where()).toBe('/ null');
    expect(useAuthStore.getState().profile?.registration_completed).toBe(true);
  });

  it('sends an incomplete password profile to /signin with the return URL', async () => {
    saveOAuthReturnUrl('/search?q=nahj');
    mockApi({ '/auth/session': [{ status: 200, body: makeAuth(makeProfile({ registration_completed: false })) }] });
    await openCallback('/auth/callback');
    await advance(TIMINGS.oauthMinSplash);
    expect(where()).toBe('/signin {"from":"/search?q=nahj"}');
  });

  it('asks again for a session that is not there yet, and for a lost connection', async () => {
    const calls = mockApi({
      '/auth/session': [signedOut, new TypeError('Failed to fetch'), { status: 200, body: googleAuth() }],
    });
    await openCallback('/auth/callback');
    await advance(1_000);
    expect(calls).toHaveLength(2);
    await advance(2_000);
    expect(calls).toHaveLength(3);
    await advance(TIMINGS.oauthMinSplash);
    expect(where()).toBe('/ null');
  });

  it('follows a sign-in that reaches the auth store first', async () => {
    mockApi({ '/auth/session': [signedOut, signedOut, signedOut, signedOut] });
    await openCallback('/auth/callback');
    // A sign-in event in the store, before the page's own request has found the session.
    act(() =>
      useAuthStore.getState().dispatch({ type: 'SIGN_IN_SUCCEEDED', auth: googleAuth(), profileComplete: true }),
    );
    await advance(TIMINGS.oauthMinSplash);
    expect(where()).toBe('/ null');
  });

  it("says 'Authentication failed' when the retries run out", async () => {
    mockApi({ '/auth/session': [signedOut, signedOut, signedOut, signedOut] });
    await openCallback('/auth/callback');
    await advance(1_000 + 2_000 + 4_000);
    expect(screen.getByRole('alert').textContent).toContain('Authentication failed. Please try again.');
    expect(useAuthStore.getState()).toMatchObject({ isOAuthInProgress: false, isAuthenticated: false });
    await advance(TIMINGS.oauthErrorRedirect);
    expect(where()).toMatch(/^\/signin /);
  });

  it('times out after 30 s', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(() => new Promise(() => {})),
    );
    await openCallback('/auth/callback');
    await advance(TIMINGS.oauthCallbackTimeout - 1);
    expect(screen.queryByRole('alert')).toBeNull();
    await advance(1);
    const panel = screen.getByRole('alert');
    expect(panel.textContent).toContain('Authentication timed out. Please try again.');
    expect(panel.textContent).toContain('Please try signing in again.');
    expect(toast.error).toHaveBeenCalledWith('Authentication failed', {
      description: 'Authentication timed out. Please try again.',
      duration: 5_000,
    });
  });
});
