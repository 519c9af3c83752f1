import { QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen, waitFor } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { mockApi } from '../../../lib/auth/flow-test-utils';
import { i18n, initI18n } from '../../../lib/i18n';
import { createQueryClient } from '../../../lib/query-client';
import { WelcomeView } from './welcome-view';

const config = (googleSignInEnabled: boolean) => ({
  status: 200,
  body: { appVersion: '1', contactEmail: 'privacy@example.org', googleSignInEnabled },
});

async function renderWelcome() {
  if (!i18n.isInitialized) await initI18n();
  await i18n.changeLanguage('en');
  render(
    <I18nextProvider i18n={i18n}>
      <QueryClientProvider client={createQueryClient()}>
        <MemoryRouter initialEntries={['/signin']}>
          <WelcomeView onSignIn={() => {}} onRegister={() => {}} />
        </MemoryRouter>
      </QueryClientProvider>
    </I18nextProvider>,
  );
}

const googleButton = () => screen.queryByRole('button', { name: i18n.t('auth.welcome.google') });
const orDivider = () => screen.queryByText(i18n.t('auth.or'));

describe('the welcome view', () => {
  beforeEach(() => window.sessionStorage.clear());
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it('offers Google when the server has Google sign-in', async () => {
    mockApi({ '/config': [config(true)] });
    await renderWelcome();
    // Shown once the answer came (until then its place is kept, invisible), with its 'or'.
    await waitFor(() => expect(googleButton()?.closest('.invisible')).toBeNull());
    expect(googleButton()).not.toBeNull();
    expect(orDivider()).not.toBeNull();
    expect(screen.getByRole('button', { name: i18n.t('auth.welcome.email') })).toBeTruthy();
  });

  it('leaves Google and the "or" out when the server has no Google sign-in', async () => {
    const calls = mockApi({ '/config': [config(false)] });
    await renderWelcome();
    await waitFor(() => expect(googleButton()).toBeNull());
    expect(calls.map((call) => call.path)).toEqual(['/config']);
    expect(orDivider()).toBeNull();
    expect(screen.getByRole('button', { name: i18n.t('auth.welcome.email') })).toBeTruthy();
    expect(screen.getByRole('button', { name: i18n.t('auth.welcome.createAccount') })).toBeTruthy();
  });
});
