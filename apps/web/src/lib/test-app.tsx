import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render } from '@testing-library/react';
import type { ReactNode } from 'react';
import { I18nextProvider } from 'react-i18next';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeAll, vi } from 'vitest';
import { i18n, initI18n } from './i18n';

/** A client that does not retry: a test's failed request fails at once. */
export const testQueryClient = () => new QueryClient({ defaultOptions: { queries: { retry: false } } });

/**
 * Renders `ui` as the app would hold it: translations, a query client (a fresh one unless given)
 * and a router at `path`.
 */
export function renderInApp(
  ui: ReactNode,
  { path = '/', queryClient }: { path?: string; queryClient?: QueryClient } = {},
) {
  return render(
    <I18nextProvider i18n={i18n}>
      <QueryClientProvider client={queryClient ?? testQueryClient()}>
        <MemoryRouter initialEntries={[path]}>{ui}</MemoryRouter>
      </QueryClientProvider>
    </I18nextProvider>,
  );
}

/** For a test file: translations started before its tests; spies, stubbed globals and the page cleared after each. */
export function resetAppBetweenTests() {
  beforeAll(async () => {
    if (!i18n.isInitialized) await initI18n();
  });
  afterEach(() => {
    cleanup();
    vi.restoreAllMocks();
    vi.unstubAllGlobals();
    document.body.innerHTML = '';
  });
}
