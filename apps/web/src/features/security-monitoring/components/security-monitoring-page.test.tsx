import { catalogues } from '@maktaba/shared/i18n/index';
import type { SecurityLockouts, SecurityOverview, SecuritySessions } from '@maktaba/shared/schemas/security-monitoring';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  daysAsked,
  renderAdminPage,
  restoreChartEnvironment,
  stubChartEnvironment,
  stubFetch,
} from '../../../components/charts/chart-test-support';
import { i18n, initI18n, setLanguage } from '../../../lib/i18n';
import { changeValue } from '../../../lib/test-events';
import { SecurityMonitoringPage } from './security-monitoring-page';

const t = catalogues.en.securityMonitoring;
let requested: string[] = [];

function overview(days: number): SecurityOverview {
  const list = Array.from({ length: days }, (_, index) => ({
    day: `2026-11-${String(index + 1).padStart(2, '0')}`,
    failed: index,
    blocked: 1,
    succeeded: 2,
  }));
  return {
    from: list[0]?.day as string,
    to: list.at(-1)?.day as string,
    days: list,
    totals: { failed: 1234, blocked: days, succeeded: 2 * days, registrationsRefused: 0 },
    registrationsRefused: [],
    topAddresses: [],
    topAccounts: [],
    riskDistribution: [{ min: 0, max: 19, count: 3 }],
  };
}
const lockouts: SecurityLockouts = {
  windowMinutes: 15,
  accounts: [
    {
      email: 'locked@example.org',
      userId: '7b0d8c1e-4f4e-4a36-9a52-0a5f8e9d2c11',
      failures: 5,
      since: '2026-11-07T10:00:00.000Z',
      until: '2026-11-07T10:15:00.000Z',
    },
  ],
  addresses: [],
};
const sessions: SecuritySessions = { total: 0, groups: [] };

const show = () => renderAdminPage(<SecurityMonitoringPage />);

beforeAll(async () => {
  if (!i18n.isInitialized) await initI18n();
  await setLanguage('en');
});
beforeEach(() => {
  stubChartEnvironment();
  requested = stubFetch((url) =>
    url.pathname.endsWith('/overview')
      ? overview(daysAsked(url))
      : url.pathname.endsWith('/lockouts')
        ? lockouts
        : sessions,
  );
});
afterEach(restoreChartEnvironment);

describe('the security monitoring page', () => {
  it('sums up the sign-ins of the period, shows them as a table on demand, and reads a longer period', async () => {
    show();
    const signIns = await screen.findByTestId('security-sign-ins');
    const summary = await within(signIns).findByTestId('sign-ins-summary');
    expect(summary.textContent).toBe(
      t.signIns.summary
        .replace('{{period}}', t.periodDays_other.replace('{{formatted}}', '7'))
        .replace('{{failed}}', '1,234')
        .replace('{{blocked}}', '7')
        .replace('{{succeeded}}', '14'),
    );
    expect(within(signIns).getByRole('heading', { level: 2 }).textContent).toBe(t.signIns.title);
    expect((screen.getByLabelText(t.period) as HTMLSelectElement).value).toBe('7');

    const toggle = within(signIns).getByRole('button', { name: t.signIns.showTable });
    fireEvent.click(toggle);
    expect(within(signIns).getByRole('button', { name: t.signIns.showTable }).getAttribute('aria-pressed')).toBe(
      'true',
    );
    expect(within(signIns).getByRole('table', { name: t.signIns.tableCaption })).toBeTruthy();
    const row = signIns.querySelector('[data-testid="sign-ins-row"][data-day="2026-11-03"]');
    expect(row?.querySelector('[data-column="failed"]')?.textContent).toBe('2');
    expect(row?.querySelector('[data-column="blocked"]')?.textContent).toBe('1');

    // The locked account, with its failures, in the lockouts' own table.
    const locked = await screen.findByTestId('locked-account');
    expect(
      within(locked).getByRole('button', { name: t.lockouts.unlockNamed.replace('{{email}}', 'locked@example.org') }),
    ).toBeTruthy();

    changeValue(screen.getByLabelText(t.period), '30');
    await waitFor(() => expect(signIns.querySelectorAll('[data-testid="sign-ins-row"]')).toHaveLength(30));
    expect(requested.filter((url) => url.includes('/overview?'))).toHaveLength(2);
  });
});
