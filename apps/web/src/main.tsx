import './styles.css';
import { TIMINGS } from '@maktaba/shared/constants';
import { QueryClientProvider } from '@tanstack/react-query';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { I18nextProvider } from 'react-i18next';
import { RouterProvider } from 'react-router/dom';
import { GlobalErrorBoundary, GlobalErrorScreen } from './app/errors/global-error-boundary';
import { createRouter } from './app/router';
import { startAuth } from './features/auth/hooks/use-auth-session';
import { useAuthStore } from './lib/auth/use-auth';
import { i18n, initI18n } from './lib/i18n';
import { prefetchNextPages } from './lib/prefetch';
import { createQueryClient } from './lib/query-client';
import { followReaderPreferences } from './lib/reader-preferences';
import { installErrorReporter, reportError } from './lib/telemetry/error-reporter';
import './lib/theme';

async function start() {
  await initI18n();
  // The session check starts before the first render and runs while the page code loads.
  startAuth();
  // A signed-in reader's language, theme and style apply on every device they sign in on.
  followReaderPreferences();
  const router = createRouter();
  const queryClient = createQueryClient();
  const container = document.getElementById('root');
  if (!container) throw new Error('#root is missing from index.html');
  createRoot(container).render(
    <StrictMode>
      <GlobalErrorBoundary>
        <I18nextProvider i18n={i18n}>
          <QueryClientProvider client={queryClient}>
            <RouterProvider router={router} />
          </QueryClientProvider>
        </I18nextProvider>
      </GlobalErrorBoundary>
    </StrictMode>,
  );
  // Measured by code loaded after the first render: it stays out of the entry bundle.
  void import('./lib/telemetry/web-vitals').then(({ startWebVitals }) =>
    startWebVitals({ getUserId: () => useAuthStore.getState().user?.id ?? null }),
  );
  window.setTimeout(() => prefetchNextPages(i18n.resolvedLanguage ?? i18n.language), TIMINGS.routePrefetchDelay);
}

installErrorReporter();
// A failure before the first render (i18n could not start) still shows the error screen.
start().catch((error: unknown) => {
  reportError(error);
  const container = document.getElementById('root');
  if (container) createRoot(container).render(<GlobalErrorScreen error={error} />);
});
