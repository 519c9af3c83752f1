import { catalogues } from '@maktaba/shared/i18n/index';
import type { Role } from '@maktaba/shared/permissions';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { AccountMenu } from '../../features/auth/components/account-menu';
import { i18n, setLanguage } from '../../lib/i18n';
import { setAuth, withAuthStore } from '../auth-test-state';

/** Opens the header's account menu with the given role in the store and returns its role line. */
async function roleLine(role: Role | null): Promise<string> {
  setAuth(role, { isAuthenticated: true, email: null });
  render(
    <QueryClientProvider client={new QueryClient()}>
      <I18nextProvider i18n={i18n}>
        <MemoryRouter>
          <AccountMenu onFeedback={() => {}} />
        </MemoryRouter>
      </I18nextProvider>
    </QueryClientProvider>,
  );
  fireEvent.keyDown(screen.getByRole('button', { name: new RegExp(i18n.t('account.menu')) }), { key: 'Enter' });
  const prefix = i18n.t('account.role', { role: '' }).trim();
  return (await screen.findByText((text) => text.startsWith(prefix))).textContent ?? '';
}

describe('the role label (reader-area §6: from the profile, falling back to guest)', () => {
  withAuthStore();

  for (const language of ['en', 'ar'] as const) {
    const { roles } = catalogues[language];
    for (const [role, label] of [
      ['admin', roles.admin],
      ['librarian', roles.librarian],
      ['patron', roles.patron],
      [null, roles.guest],
    ] as const) {
      it(`${language}: ${role ?? 'no role'} → ${label}`, async () => {
        await setLanguage(language);
        expect(await roleLine(role)).toBe(i18n.t('account.role', { role: label }));
      });
    }
  }
});
