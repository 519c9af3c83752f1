import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { i18n, initI18n } from '../../lib/i18n';
import { changeValue } from '../../lib/test-events';
import { ChartFigure, type ChartFigureProps, type ChartFigureTexts } from './chart-figure';
import { PeriodPicker } from './period-picker';
import type { QueryState } from './query-content';

beforeAll(async () => {
  if (!i18n.isInitialized) await initI18n();
});
afterEach(cleanup);

const texts: ChartFigureTexts = { loadError: 'Not loaded', retry: 'Again', loading: 'Loading', showTable: 'Table' };
const query = (state: Partial<QueryState<number[]>>): QueryState<number[]> => ({
  data: undefined,
  isError: false,
  error: null,
  isFetching: false,
  refetch: vi.fn(),
  ...state,
});

function showFigure(state: Partial<QueryState<number[]>>, extra: Partial<ChartFigureProps<number[]>> = {}) {
  return render(
    <ChartFigure<number[]>
      testId="figure"
      title="Sign-ins"
      texts={texts}
      query={query(state)}
      summaryTestId="figure-summary"
      summary={(data) => `${data.length} days`}
      chart={() => <div data-testid="drawing" />}
      table={(data) => <table aria-label="Figures" data-rows={data.length} />}
      {...extra}
    />,
  );
}

describe('the chart figure', () => {
  it('names itself after its heading, is described by its summary, and swaps the drawing for the table', () => {
    showFigure({ data: [1, 2, 3] });
    const figure = screen.getByRole('figure', { name: 'Sign-ins' });
    expect(screen.getByTestId('figure-summary').textContent).toBe('3 days');
    expect(figure.getAttribute('aria-describedby')).toBe(screen.getByTestId('figure-summary').id);
    const toggle = within(figure).getByRole('button', { name: 'Table' });
    expect(screen.getByTestId('drawing')).toBeTruthy();
    fireEvent.click(toggle);
    // Without a "show chart" text the toggle keeps its name; aria-pressed tells its state.
    expect(within(figure).getByRole('button', { name: 'Table' }).getAttribute('aria-pressed')).toBe('true');
    expect(screen.getByRole('table', { name: 'Figures' })).toBeTruthy();
    expect(screen.queryByTestId('drawing')).toBeNull();
  });

  it('names the toggle after what it shows next when given both texts, and links the CSV file', () => {
    showFigure(
      { data: [1] },
      {
        texts: { ...texts, showChart: 'Chart' },
        csv: { href: '/figures.csv', text: 'CSV', label: 'Download the sign-ins' },
      },
    );
    fireEvent.click(screen.getByRole('button', { name: 'Table' }));
    expect(screen.getByRole('button', { name: 'Chart' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Download the sign-ins' }).getAttribute('href')).toBe('/figures.csv');
  });

  it('keeps figures shown through a failed refresh unless told otherwise, and offers a retry', () => {
    const refetch = vi.fn();
    showFigure({ data: [1], isError: true, refetch });
    expect(screen.getByTestId('figure-summary')).toBeTruthy();
    cleanup();
    showFigure({ data: [1], isError: true, refetch }, { errorHidesData: true });
    expect(screen.queryByTestId('figure-summary')).toBeNull();
    expect(screen.queryByRole('button', { name: 'Table' })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Again' }));
    expect(refetch).toHaveBeenCalled();
  });

  it('says it is loading, and says so in a sentence when the period has no figures', () => {
    showFigure({});
    expect(screen.getByRole('status').textContent).toBe('Loading');
    cleanup();
    showFigure({ data: [] }, { isEmpty: (data) => data.length === 0, emptyText: 'Nothing yet' });
    expect(screen.getByTestId('chart-empty').textContent).toBe('Nothing yet');
    expect(screen.queryByRole('button', { name: 'Table' })).toBeNull();
  });
});

describe('the period picker without dates of one’s own', () => {
  it('is a labelled select of the presets', () => {
    const onPreset = vi.fn();
    render(
      <PeriodPicker
        id="period"
        label="Period"
        presets={[7, 30, 90] as const}
        presetLabel={(days) => `Last ${days} days`}
        days={7}
        onPreset={onPreset}
      />,
    );
    const select = screen.getByLabelText('Period') as HTMLSelectElement;
    expect(select.value).toBe('7');
    expect([...select.options].map((option) => option.textContent)).toEqual([
      'Last 7 days',
      'Last 30 days',
      'Last 90 days',
    ]);
    changeValue(select, '30');
    expect(onPreset).toHaveBeenCalledWith(30);
  });
});
