import { RefreshCw, Trash2 } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { useRouteError } from 'react-router';
import { Button } from '../../components/ui/button';
import { useReportRouteError } from '../../lib/telemetry/use-report-error';

function clearStorageAndReload() {
  for (const storage of [window.localStorage, window.sessionStorage]) {
    try {
      storage.clear();
    } catch {
      // Storage unavailable: nothing to clear.
    }
  }
  window.location.reload();
}

/** The application error page: shown when the app itself cannot continue. */
export function AppErrorPage() {
  const { t } = useTranslation();
  useReportRouteError(useRouteError());
  return (
    <main className="flex min-h-dvh items-center justify-center bg-bg p-6">
      <section className="flex max-w-lg flex-col items-center gap-4 text-center" data-error-variant="app">
        <h1 className="font-display text-2xl font-bold">{t('errors.app.title')}</h1>
        <p className="text-muted">{t('errors.app.description')}</p>
        <div className="flex flex-wrap justify-center gap-3">
          <Button onClick={() => window.location.reload()}>
            <RefreshCw aria-hidden className="size-4" />
            {t('errors.app.refresh')}
          </Button>
          <Button variant="secondary" onClick={clearStorageAndReload}>
            <Trash2 aria-hidden className="size-4" />
            {t('errors.app.clearStorage')}
          </Button>
        </div>
      </section>
    </main>
  );
}
