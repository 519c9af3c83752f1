import { catalogues } from '@maktaba/shared/i18n/index';
import type { AnalyticsDaily } from '@maktaba/shared/schemas/analytics';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { useLocation } from 'react-router';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderAdminPage, stubChartEnvironment } from '../../../components/charts/chart-test-support';
import { i18n, initI18n, setLanguage } from '../../../lib/i18n';
import { changeValue } from '../../../lib/test-events';
import { presetPeriod, readPeriod, validatePeriod } from '../lib/period';
import { AnalyticsPage } from './analytics-page';

const DAYS = ['2026-11-10', '2026-11-11', '2026-11-12'];
const zeros = () => DAYS.map(() => 0);

function dailyAnswer(): AnalyticsDaily {
  return {
    from: DAYS[0] as string,
    to: DAYS[2] as string,
    days: DAYS,
    series: {
      activeReaders: [2, 4, 3],
      registrations: zeros(),
      signIns: zeros(),
      failedSignIns: zeros(),
      searches: [400, 744, 90],
      zeroResultSearches: [20, 30, 6],
      bookViews: zeros(),
      bookmarks: zeros(),
      loanRequests: zeros(),
      errors: zeros(),
    },
    computedAt: '2026-11-12T10:00:00.000Z',
  };
}

const ANSWERS: Record<string, unknown> = {
  daily: dailyAnswer(),
  'top-queries': { items: [] },
  'most-viewed': { items: [] },
  loans: { months: [], categories: [] },
  'web-vitals': {
    metric: 'LCP',
    thresholds: { good: 2500, poor: 4000 },
    unit: 'ms',
    days: DAYS,
    series: [],
    overall: [],
  },
  errors: { days: DAYS, types: [] },
};

const requested: string[] = [];

function Location() {
  const location = useLocation();
  return <output data-testid="location">{location.search}</output>;
}

const show = (path = '/admin/analytics') =>
  renderAdminPage(
    <>
      <AnalyticsPage />
      <Location />
    </>,
    path,
  );

beforeAll(async () => {
  if (!i18n.isInitialized) await initI18n();
});
beforeEach(() => {
  requested.length = 0;
  stubChartEnvironment();
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: string) => {
      requested.push(input);
      const chart = new URL(input, 'http://localhost').pathname.split('/').at(-1) as string;
      return new Response(JSON.stringify(ANSWERS[chart]), { status: 200 });
    }),
  );
});
afterEach(async () => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  document.body.innerHTML = '';
  await setLanguage('en');
});

describe.each(['en', 'ar'] as const)('the analytics page in %s', (language) => {
  const t = catalogues[language].analytics;
  // Arabic is written with Arabic-Indic digits.
  const locale = language;
  const number = (value: number) => new Intl.NumberFormat(locale).format(value);
  const day = (value: string) =>
    new Intl.DateTimeFormat(locale, { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' }).format(
      new Date(`${value}T00:00:00Z`),
    );

  beforeEach(async () => {
    await setLanguage(language);
  });

  it('says in one sentence what a chart shows, and swaps the chart for a table of the same figures', async () => {
    show();
    const searches = await screen.findByTestId('chart-searches');
    await waitFor(() => expect(within(searches).getByTestId('chart-summary')).toBeTruthy());
    expect(within(searches).getByRole('heading', { level: 2 }).textContent).toBe(t.searches.title);
    expect(within(searches).getByTestId('chart-summary').textContent).toBe(
      t.searches.summary
        .replace('{{searches}}', number(1234))
        .replace('{{zero}}', number(56))
        .replace('{{date}}', day('2026-11-11'))
        .replace('{{peak}}', number(744)),
    );
    // Days without anything are a sentence, not an empty axis.
    const bookmarks = screen.getByTestId('chart-bookmarks');
    expect(within(bookmarks).getByTestId('chart-empty').textContent).toBe(t.bookmarks.empty);
    expect(screen.getByTestId('chart-zero-queries').textContent).toContain(t.zeroQueries.empty);

    // The chart is hidden from assistive technology; the table says the same.
    expect(within(searches).getByTestId('chart-svg').getAttribute('aria-hidden')).toBe('true');
    const toggle = within(searches).getByRole('button', { name: t.showTable });
    fireEvent.click(toggle);
    const table = within(searches).getByRole('table', { name: t.searches.title });
    const headers = within(table)
      .getAllByRole('columnheader')
      .map((cell) => cell.textContent);
    expect(headers).toEqual([t.day, catalogues[language].analytics.series.searches, t.series.zeroResultSearches]);
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows.map((row) => within(row).getByRole('rowheader').textContent)).toEqual(DAYS.map(day));
    expect(
      within(rows[1] as HTMLElement)
        .getAllByRole('cell')
        .map((cell) => cell.textContent),
    ).toEqual([number(744), number(30)]);
    expect(within(searches).queryByTestId('chart-svg')).toBeNull();
    fireEvent.click(within(searches).getByRole('button', { name: t.showChart }));
    expect(within(searches).getByTestId('chart-svg')).toBeTruthy();

    // The CSV link asks the same endpoint for the same period.
    const csv = within(searches).getByRole('link', { name: t.downloadCsvNamed.replace('{{chart}}', t.searches.title) });
    const period = presetPeriod(30);
    expect(csv.getAttribute('href')).toBe(`/api/admin/analytics/daily?from=${period.from}&to=${period.to}&format=csv`);
  });

  it('checks a custom period before asking for it, and keeps the chosen period in the address', async () => {
    show();
    await screen.findByTestId('chart-searches');
    fireEvent.click(screen.getByRole('button', { name: t.period.custom }));
    const from = screen.getByLabelText(t.period.from);
    const to = screen.getByLabelText(t.period.to);
    const apply = screen.getByRole('button', { name: t.period.apply });

    changeValue(from, '2026-03-10');
    changeValue(to, '2026-03-01');
    fireEvent.click(apply);
    expect(screen.getByRole('alert').textContent).toBe(t.period.errors.order);
    expect(from.getAttribute('aria-invalid')).toBe('true');

    changeValue(from, '2025-01-01');
    changeValue(to, '2026-03-01');
    fireEvent.click(apply);
    expect(screen.getByRole('alert').textContent).toBe(t.period.errors.tooLong);

    changeValue(from, '');
    fireEvent.click(apply);
    expect(screen.getByRole('alert').textContent).toBe(t.period.errors.missing);
    expect(screen.getByTestId('location').textContent).toBe('');

    changeValue(from, '2026-02-01');
    fireEvent.click(apply);
    await waitFor(() => expect(screen.getByTestId('location').textContent).toBe('?from=2026-02-01&to=2026-03-01'));
    expect(screen.queryByRole('alert')).toBeNull();
    await waitFor(() => expect(requested).toContain('/api/admin/analytics/daily?from=2026-02-01&to=2026-03-01'));

    fireEvent.click(screen.getByRole('button', { name: t.period.days7 }));
    await waitFor(() => expect(screen.getByTestId('location').textContent).toBe('?days=7'));
    const week = presetPeriod(7);
    expect(screen.getByTestId('period-shown').textContent).toBe(
      t.period.showing.replace('{{from}}', day(week.from)).replace('{{to}}', day(week.to)),
    );
  });
});

describe('the period in the address', () => {
  const now = new Date('2026-11-27T15:00:00Z');
  it('reads a preset, a custom period and a broken one (falling back to 30 days)', () => {
    expect(readPeriod(new URLSearchParams(''), now)).toMatchObject({
      kind: 'preset',
      days: 30,
      period: { from: '2026-10-29', to: '2026-11-27' },
    });
    expect(readPeriod(new URLSearchParams('days=7'), now).period).toEqual({ from: '2026-11-21', to: '2026-11-27' });
    expect(readPeriod(new URLSearchParams('from=2026-01-01&to=2026-01-31'), now)).toMatchObject({ kind: 'custom' });
    expect(readPeriod(new URLSearchParams('from=2026-02-01&to=2026-01-31'), now)).toMatchObject({
      kind: 'invalid',
      error: 'order',
      period: { from: '2026-10-29', to: '2026-11-27' },
    });
  });
  it('allows 366 days and no more, and only real days', () => {
    expect(validatePeriod('2025-01-01', '2026-01-01')).toBeNull();
    expect(validatePeriod('2025-01-01', '2026-01-02')).toBe('tooLong');
    expect(validatePeriod('2026-02-30', '2026-03-01')).toBe('missing');
  });
});
