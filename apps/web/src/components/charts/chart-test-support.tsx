import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render } from '@testing-library/react';
import type { ReactNode } from 'react';
import { I18nextProvider } from 'react-i18next';
import { MemoryRouter } from 'react-router';
import { vi } from 'vitest';
import { i18n } from '../../lib/i18n';

/**
 * For tests of pages with charts: jsdom measures every box as 0 × 0, so the chart library's
 * container needs a ResizeObserver to exist and warns that it has no room, which is not the
 * tests' concern. Call in `beforeEach`; `restoreChartEnvironment` in `afterEach` undoes it.
 */
export function stubChartEnvironment() {
  const warn = console.warn.bind(console);
  vi.spyOn(console, 'warn').mockImplementation((...args: unknown[]) => {
    if (!String(args[0]).startsWith('The width(0) and height(0) of chart')) warn(...args);
  });
  vi.stubGlobal(
    'ResizeObserver',
    class {
      observe() {}
      unobserve() {}
      disconnect() {}
    },
  );
}

/** An admin page as the app shows it: translated, with its own query cache (no retries) and a router at `path`. */
export function renderAdminPage(page: ReactNode, path = '/') {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <I18nextProvider i18n={i18n}>
      <QueryClientProvider client={queryClient}>
        <MemoryRouter initialEntries={[path]}>{page}</MemoryRouter>
      </QueryClientProvider>
    </I18nextProvider>,
  );
}

/** The days from `from` to `to` (`YYYY-MM-DD`, both included) that an API answer for the period covers. */
export function daysAsked(url: URL): number {
  const span = Date.parse(url.searchParams.get('to') ?? '') - Date.parse(url.searchParams.get('from') ?? '');
  return Math.round(span / 86_400_000) + 1;
}

/** Answers the page's API requests with `answer(url)`; the list it returns fills with the addresses asked for. */
export function stubFetch(answer: (url: URL) => unknown): string[] {
  const requested: string[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: string) => {
      requested.push(input);
      return new Response(JSON.stringify(answer(new URL(input, 'http://localhost'))), { status: 200 });
    }),
  );
  return requested;
}

/** Undoes `stubChartEnvironment` and `stubFetch`, and takes the page away. */
export function restoreChartEnvironment() {
  cleanup();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
}
