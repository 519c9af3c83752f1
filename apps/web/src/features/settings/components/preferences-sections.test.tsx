import { catalogues } from '@maktaba/shared/i18n/index';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import type { ReactNode } from 'react';
import { I18nextProvider } from 'react-i18next';
import { Toaster } from 'sonner';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { initialAuthState, transition } from '../../../lib/auth/auth-machine';
import { makeAuth, makeProfile } from '../../../lib/auth/test-fixtures';
import { useAuthStore } from '../../../lib/auth/use-auth';
import { i18n, initI18n } from '../../../lib/i18n';
import { useThemeStore } from '../../../lib/theme';
import { NotificationsSection } from './notifications-section';
import { PreferencesSection } from './preferences-section';

const en = catalogues.en;

function show(children: ReactNode) {
  return render(
    <I18nextProvider i18n={i18n}>
      <Toaster />
      {children}
    </I18nextProvider>,
  );
}

function signIn() {
  const state = transition(initialAuthState, {
    type: 'INITIALIZED',
    auth: makeAuth(makeProfile()),
    profileComplete: true,
  });
  useAuthStore.setState({ ...state, role: 'patron', displayName: 'Zahra Haidari', email: 'reader@example.org' });
}

/** Every PUT answers `status` with `body`. */
function answerPuts(status: number, body: unknown) {
  const fetchMock = vi.fn(async () => new Response(JSON.stringify(body), { status }));
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

beforeAll(async () => {
  if (!i18n.isInitialized) await initI18n();
});
afterEach(() => {
  // Unmount the toaster: its timers must not outlive the file's environment.
  cleanup();
  vi.unstubAllGlobals();
  useAuthStore.setState(initialAuthState);
  useThemeStore.getState().setStyle('vibrant');
});

describe('Settings → Preferences', () => {
  it('a style applies at once and is saved; a failed save puts the previous style back with a message', async () => {
    signIn();
    const saved = makeProfile({ style: 'warm' });
    answerPuts(200, saved);
    show(<PreferencesSection />);
    fireEvent.click(screen.getByRole('radio', { name: en.settings.preferences.styles.warm.name }));
    expect(document.documentElement.dataset.style).toBe('warm');
    expect(await screen.findByText(en.settings.preferences.saved)).toBeTruthy();
    await waitFor(() => expect(useAuthStore.getState().profile?.style).toBe('warm'));

    answerPuts(500, { error: { code: 'INTERNAL', message: 'boom' } });
    fireEvent.click(screen.getByRole('radio', { name: en.settings.preferences.styles.minimal.name }));
    const message = en.settings.preferences.saveFailed.replace('{{reason}}', en.errors.codes.INTERNAL);
    expect(await screen.findByText(message)).toBeTruthy();
    expect(document.documentElement.dataset.style).toBe('warm');
    expect(
      (screen.getByRole('radio', { name: en.settings.preferences.styles.warm.name }) as HTMLInputElement).checked,
    ).toBe(true);
  });
});

describe('Settings → Notifications', () => {
  it('turning off the last overdue channel is refused with the reason; a failed save puts the switch back', async () => {
    signIn();
    answerPuts(422, {
      error: {
        code: 'VALIDATION_FAILED',
        message: 'x',
        details: { fieldErrors: { loan_approved: ['validation.invalidInput'] } },
      },
    });
    const { container } = show(<NotificationsSection />);
    const row = (event: string) => within(container.querySelector(`li[data-event="${event}"]`) as HTMLElement);
    expect(row('loan_overdue').getByText(en.settings.notifications.overdueHint)).toBeTruthy();

    const approvalMail = row('loan_approved').getByRole('checkbox', { name: en.settings.notifications.email });
    fireEvent.click(approvalMail);
    const message = en.settings.notifications.saveFailed.replace('{{reason}}', en.validation.invalidInput);
    expect(await screen.findByText(message)).toBeTruthy();
    await waitFor(() => expect((approvalMail as HTMLInputElement).checked).toBe(true));

    answerPuts(200, makeProfile({ notification_preferences: { loan_overdue: { in_app: false, email: true } } }));
    fireEvent.click(row('loan_overdue').getByRole('checkbox', { name: en.settings.notifications.inApp }));
    expect(await screen.findByText(en.settings.notifications.saved)).toBeTruthy();
    const overdueMail = row('loan_overdue').getByRole('checkbox', { name: en.settings.notifications.email });
    fireEvent.click(overdueMail);
    expect(row('loan_overdue').getByRole('alert').textContent).toBe(en.validation.notificationChannelRequired);
    expect((overdueMail as HTMLInputElement).checked).toBe(true);
  });
});
