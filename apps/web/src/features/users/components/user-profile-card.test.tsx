import { cleanup, render, screen } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { makeProfile } from '../../../lib/auth/test-fixtures';
import { i18n, initI18n, setLanguage } from '../../../lib/i18n';
import { UserProfileCard } from './user-profile-card';

function show(lastActivity: string | null) {
  render(
    <I18nextProvider i18n={i18n}>
      <UserProfileCard
        detail={{ profile: makeProfile({ last_activity_at: lastActivity }), active_sessions: 1, setup_problems: [] }}
      />
    </I18nextProvider>,
  );
  return screen.getByTestId('user-last_activity_at');
}

describe("a user's last activity", () => {
  beforeAll(async () => {
    if (!i18n.isInitialized) await initI18n();
  });
  afterEach(() => {
    cleanup();
    setLanguage('en');
  });

  it('reads how long ago and the exact time, in the reader’s language', async () => {
    const fiveMinutesAgo = new Date(Date.now() - 5 * 60_000).toISOString();
    expect(show(fiveMinutesAgo).textContent).toContain('5 minutes ago');
    expect(screen.getByTestId('user-last_activity_at').querySelector('time')?.getAttribute('dateTime')).toBe(
      fiveMinutesAgo,
    );
  });

  it('in Arabic too', async () => {
    await setLanguage('ar');
    const fiveMinutesAgo = new Date(Date.now() - 5 * 60_000).toISOString();
    expect(show(fiveMinutesAgo).textContent).toContain('قبل 5 دقائق');
  });

  it('shows a dash when the user has not acted yet', () => {
    expect(show(null).textContent).toBe('—');
  });
});
