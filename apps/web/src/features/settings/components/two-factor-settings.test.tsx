import { QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { initialAuthState } from '../../../lib/auth/auth-machine';
import { mockApi } from '../../../lib/auth/flow-test-utils';
import { useAuthStore } from '../../../lib/auth/use-auth';
import { i18n, initI18n } from '../../../lib/i18n';
import { createQueryClient } from '../../../lib/query-client';
import { changeValue } from '../../../lib/test-events';
import { TwoFactorSettings } from './two-factor-settings';

const USER = { id: '0b4e7f9a-2c1d-4e8f-9a3b-5c6d7e8f9a0b', email: 'reader@example.org', name: 'Reader' };

async function renderSettings(language: 'en' | 'ar', { enabled, path }: { enabled: boolean; path: string }) {
  if (!i18n.isInitialized) await initI18n();
  await i18n.changeLanguage(language);
  useAuthStore.setState({
    ...initialAuthState,
    isInitialized: true,
    user: { ...USER, emailVerified: true, provider: 'credential', twoFactorEnabled: enabled },
  });
  render(
    <I18nextProvider i18n={i18n}>
      <QueryClientProvider client={createQueryClient()}>
        <MemoryRouter initialEntries={[path]}>
          <TwoFactorSettings />
        </MemoryRouter>
      </QueryClientProvider>
    </I18nextProvider>,
  );
}

describe('Settings → Security → Two-factor sign-in', () => {
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  for (const language of ['en', 'ar'] as const) {
    it(`says why an administrator was sent here (${language})`, async () => {
      await renderSettings(language, { enabled: false, path: '/settings/security?twoFactor=required' });
      expect(screen.getByRole('alert').textContent).toContain(i18n.t('settings.twoFactor.requiredNotice'));
      expect(screen.getByTestId('two-factor-status').textContent).toContain(i18n.t('settings.twoFactor.statusOff'));
    });
  }

  it('asks for the password, tells a wrong one, then shows the key and refuses a wrong first code', async () => {
    mockApi({
      '/auth/two-factor/enable': [
        {
          status: 400,
          body: { error: { code: 'CURRENT_PASSWORD_INCORRECT', message: 'Current password is incorrect' } },
        },
        {
          status: 200,
          body: {
            totp_uri: 'otpauth://totp/Maktaba:reader%40example.org?secret=JBSWY3DPEHPK3PXP&issuer=Maktaba',
            secret: 'JBSWY3DPEHPK3PXP',
            backup_codes: ['aaaaa-bbbbb'],
          },
        },
      ],
      '/auth/two-factor/confirm': [
        {
          status: 401,
          body: { error: { code: 'INVALID_TWO_FACTOR_CODE', message: 'That code is not right.' } },
        },
      ],
    });
    await renderSettings('en', { enabled: false, path: '/settings/security' });
    expect(screen.queryByRole('alert')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: i18n.t('settings.twoFactor.enable') }));
    const dialog = await screen.findByRole('dialog', { name: i18n.t('settings.twoFactor.prompt.enable.title') });
    changeValue(within(dialog).getByLabelText(i18n.t('settings.twoFactor.password')), 'Wrong-Password-1');
    fireEvent.click(within(dialog).getByRole('button', { name: i18n.t('settings.twoFactor.prompt.enable.confirm') }));
    expect(
      await within(dialog).findByText(i18n.t('errors.codes.CURRENT_PASSWORD_INCORRECT'), {}, { timeout: 5000 }),
    ).toBeTruthy();

    fireEvent.click(within(dialog).getByRole('button', { name: i18n.t('settings.twoFactor.prompt.enable.confirm') }));
    expect((await screen.findByTestId('totp-secret', {}, { timeout: 5000 })).textContent).toContain('JBSWY3DPEHPK3PXP');
    expect(screen.getByText(i18n.t('settings.twoFactor.scan'))).toBeTruthy();

    const code = screen.getByLabelText(i18n.t('settings.twoFactor.codeLabel'));
    changeValue(code, '12');
    fireEvent.click(screen.getByRole('button', { name: i18n.t('settings.twoFactor.confirm') }));
    expect(await screen.findByText(i18n.t('auth.twoFactor.codeInvalid'), {}, { timeout: 5000 })).toBeTruthy();
    changeValue(code, '123456');
    fireEvent.click(screen.getByRole('button', { name: i18n.t('settings.twoFactor.confirm') }));
    expect(await screen.findByText(i18n.t('errors.codes.INVALID_TWO_FACTOR_CODE'), {}, { timeout: 5000 })).toBeTruthy();
  });

  it('offers new backup codes and turning it off when it is on', async () => {
    await renderSettings('ar', { enabled: true, path: '/settings/security' });
    expect(screen.getByTestId('two-factor-status').textContent).toContain(i18n.t('settings.twoFactor.statusOn'));
    expect(screen.getByRole('button', { name: i18n.t('settings.twoFactor.regenerate') })).toBeTruthy();
    expect(screen.getByRole('button', { name: i18n.t('settings.twoFactor.disable') })).toBeTruthy();
  });
});
