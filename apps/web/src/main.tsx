import './styles.css';
import { TIMINGS } from '@maktaba/shared/constants';
import { QueryClientProvider } from '@tanstack/react-query';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { I18nextProvider } from 'react-i18next';
import { RouterProvider } from 'react-router/dom';
import { createRouter, prefetchRoutes } from './app/router';
import { startAuth } from './features/auth/hooks/use-auth-session';
import { i18n, initI18n } from './lib/i18n';
import { createQueryClient } from './lib/query-client';
import './lib/theme';

async function start() {
  await initI18n();
  // The session check starts before the first render and runs while the page code loads.
  startAuth();
  const router = createRouter();
  const queryClient = createQueryClient();
  const container = document.getElementById('root');
  if (!container) throw new Error('#root is missing from index.html');
  createRoot(container).render(
    <StrictMode>
      <I18nextProvider i18n={i18n}>
        <QueryClientProvider client={queryClient}>
          <RouterProvider router={router} />
        </QueryClientProvider>
      </I18nextProvider>
    </StrictMode>,
  );
  window.setTimeout(() => prefetchRoutes(['/search', '/book/prefetch']), TIMINGS.routePrefetchDelay);
}

void start();
