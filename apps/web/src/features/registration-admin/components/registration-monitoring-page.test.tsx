import { catalogues } from '@maktaba/shared/i18n/index';
import type { RegistrationOverview, StuckList } from '@maktaba/shared/schemas/registration-admin';
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
import { RegistrationMonitoringPage } from './registration-monitoring-page';

const m = catalogues.en.registrationAdmin.monitoring;
let requested: string[] = [];

function overview(days: number): RegistrationOverview {
  const list = Array.from({ length: days }, (_, index) => ({
    day: `2026-10-${String(index + 1).padStart(2, '0')}`,
    signups: 3,
    completed: 2,
    disposable_refused: index,
  }));
  return {
    from: list[0]?.day as string,
    to: list.at(-1)?.day as string,
    days: list,
    totals: {
      signups: 3 * days,
      completed: 2 * days,
      completion_share: 2 / 3,
      median_ms: 3_600_000,
      p90_ms: null,
      disposable_refused: 4,
    },
    problems: [],
  };
}
const stuck = (page: number): StuckList => ({
  accounts: [
    {
      id: `user-${page}`,
      email: `waiting-${page}@example.org`,
      display_name: null,
      created_at: '2026-10-01T10:00:00.000Z',
      last_reminder_at: null,
    },
  ],
  total: 2,
  page,
  per_page: 1,
});

const show = () => renderAdminPage(<RegistrationMonitoringPage />);

beforeAll(async () => {
  if (!i18n.isInitialized) await initI18n();
  await setLanguage('en');
});
beforeEach(() => {
  stubChartEnvironment();
  requested = stubFetch((url) =>
    url.pathname.endsWith('/overview') ? overview(daysAsked(url)) : stuck(Number(url.searchParams.get('page'))),
  );
});
afterEach(restoreChartEnvironment);

describe('the registration monitoring page', () => {
  it('shows the period’s figures, the sign-ups as a chart or a table, and pages through the stuck accounts', async () => {
    show();
    const figure = await screen.findByTestId('registration-overview');
    const summary = await within(figure).findByTestId('signups-summary');
    expect(summary.textContent).toBe(m.summary_other.replace('{{signups}}', '90').replace('{{completed}}', '60'));
    expect(within(figure).getByTestId('figure-disposable').textContent).toBe('4');
    expect((screen.getByLabelText(m.period) as HTMLSelectElement).value).toBe('30');

    fireEvent.click(within(figure).getByRole('button', { name: m.showTable }));
    expect(within(figure).getByRole('button', { name: m.showTable }).getAttribute('aria-pressed')).toBe('true');
    const table = screen.getByTestId('signups-table');
    expect(table.querySelectorAll('tbody tr')).toHaveLength(30);
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((cell) => cell.textContent),
    ).toEqual([m.day, m.signups, m.completed, m.disposableRefused]);

    const paging = await screen.findByRole('navigation', { name: m.stuckTitle });
    expect(within(screen.getByTestId('stuck-table')).getByText('waiting-1@example.org')).toBeTruthy();
    fireEvent.click(within(paging).getByRole('button', { name: catalogues.en.catalogue.pagination.next }));
    await waitFor(() =>
      expect(within(screen.getByTestId('stuck-table')).getByText('waiting-2@example.org')).toBeTruthy(),
    );
    expect(requested.some((url) => url.includes('/stuck?page=2'))).toBe(true);
  });
});
