import { GUARD_LEVELS, type GuardLevel, meetsGuard, type Role } from '@maktaba/shared/permissions';
import { cleanup, render, screen } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { createMemoryRouter, RouterProvider, useLocation } from 'react-router';
import { beforeAll, describe, expect, it } from 'vitest';
import { SECURITY_SETUP_PATH } from '../features/auth/lib/two-factor-setup';
import { i18n } from '../lib/i18n';
import { setAuth, withAuthStore } from './auth-test-state';
import { Guard } from './guard';
import { useSplashStore } from './shell/splash';

/** Where the router ended up, and what it carried there. */
function Landing({ name }: { name: string }) {
  const location = useLocation();
  return (
    <p data-testid="landing">
      {name} {location.pathname}
      {location.search} {JSON.stringify(location.state)}
    </p>
  );
}

function renderGuarded(level: GuardLevel, entry = '/page?tab=2#part') {
  const router = createMemoryRouter(
    [
      { element: <Guard level={level} />, children: [{ path: '/page', element: <Landing name="page" /> }] },
      { path: '/signin', element: <Landing name="signin" /> },
      { path: '/unauthorized', element: <Landing name="unauthorized" /> },
      { path: '/settings/security', element: <Landing name="security" /> },
    ],
    { initialEntries: [entry] },
  );
  render(
    <I18nextProvider i18n={i18n}>
      <RouterProvider router={router} />
    </I18nextProvider>,
  );
  return router;
}

const landing = () => screen.getByTestId('landing').textContent;

describe('the route guard (reader-area §2.5, §6)', () => {
  withAuthStore();
  beforeAll(() => {
    useSplashStore.setState({ isVisible: false });
  });

  const levels = GUARD_LEVELS.filter((level) => level !== 'public');

  it('knows the four levels of the router: authenticated, admin, librarian and librarianOrAdmin', () => {
    expect(levels).toEqual(['authenticated', 'librarian', 'admin', 'librarianOrAdmin']);
  });

  for (const level of levels) {
    it(`${level}: a signed-out visitor goes to /signin carrying the whole origin`, async () => {
      setAuth(null);
      const router = renderGuarded(level);
      expect(await screen.findByText(/^signin/)).toBeTruthy();
      expect(router.state.location.pathname).toBe('/signin');
      expect(router.state.location.search).toBe(`?returnUrl=${encodeURIComponent('/page?tab=2#part')}`);
      expect(router.state.location.state).toEqual({ from: '/page?tab=2#part' });
    });

    for (const role of ['patron', 'librarian', 'admin'] as const) {
      const allowed = meetsGuard(role, level);
      it(`${level}: ${role === 'admin' ? 'an' : 'a'} ${role} ${allowed ? 'sees the page' : 'goes to /unauthorized'}`, async () => {
        setAuth(role);
        const router = renderGuarded(level);
        expect(await screen.findByTestId('landing')).toBeTruthy();
        expect(router.state.location.pathname).toBe(allowed ? '/page' : '/unauthorized');
        expect(landing()?.startsWith(allowed ? 'page' : 'unauthorized')).toBe(true);
      });
    }
  }

  it('allows exactly what the matrix of guard levels says', () => {
    const allowed = (role: Role | null) => levels.filter((level) => meetsGuard(role, level));
    expect(allowed(null)).toEqual([]);
    expect(allowed('patron')).toEqual(['authenticated']);
    expect(allowed('librarian')).toEqual(['authenticated', 'librarian', 'librarianOrAdmin']);
    expect(allowed('admin')).toEqual(['authenticated', 'admin', 'librarianOrAdmin']);
  });

  it('shows the loading fallback, not a redirect, while the session and profile load', () => {
    setAuth(null, { isInitialized: false });
    const router = renderGuarded('admin');
    expect(screen.getByRole('status').textContent).toBe(i18n.t('common.loading'));
    expect(screen.queryByTestId('landing')).toBeNull();
    expect(router.state.location.pathname).toBe('/page');
  });

  it('keeps the page covered while signing out, instead of sending the reader to sign in and back', () => {
    setAuth('admin', { isLoggingOut: true });
    const router = renderGuarded('admin');
    expect(screen.getByRole('status').textContent).toBe(i18n.t('common.loading'));
    expect(router.state.location.pathname).toBe('/page');
  });

  it('sends a signed-in reader whose profile is incomplete to /signin, with the way back', async () => {
    setAuth('librarian', { profileComplete: false });
    const router = renderGuarded('authenticated', '/page');
    expect(await screen.findByText(/^signin/)).toBeTruthy();
    expect(router.state.location.search).toBe(`?returnUrl=${encodeURIComponent('/page')}`);
  });

  it('sends an administrator who must still turn on two-factor sign-in from admin pages to Settings → Security', async () => {
    setAuth('admin', { twoFactorSetupRequired: true });
    const router = renderGuarded('admin');
    await screen.findByTestId('landing');
    expect(`${router.state.location.pathname}${router.state.location.search}`).toBe(SECURITY_SETUP_PATH);
    cleanup();
    // Other staff pages stay open to them (the server decides what each call may do).
    setAuth('admin', { twoFactorSetupRequired: true });
    const staff = renderGuarded('librarianOrAdmin');
    await screen.findByTestId('landing');
    expect(staff.state.location.pathname).toBe('/page');
  });

  it('shows the Authentication Error screen when the session check failed', async () => {
    setAuth(null, { sessionCheckFailed: true });
    const router = renderGuarded('authenticated');
    expect(await screen.findByRole('button', { name: i18n.t('auth.lifecycle.backToSignIn') })).toBeTruthy();
    expect(screen.queryByTestId('landing')).toBeNull();
    expect(router.state.location.pathname).toBe('/page');
  });
});
