import { AlertCircle, Loader2 } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { useAuthCallback } from '../hooks/use-auth-callback';

/**
 * /auth/callback (reader-area §2.6): a progress state while Google sign-in completes, and on
 * failure an error panel that says what went wrong and that sign-in is coming back.
 */
export function AuthCallbackPage() {
  const { t } = useTranslation();
  const view = useAuthCallback();

  return (
    <main className="flex flex-1 flex-col items-center justify-center gap-6 px-4 py-10">
      <div className="w-full max-w-md rounded-app border border-border bg-surface p-6 text-center shadow-sm sm:p-8">
        <h1 className="font-display text-2xl font-bold">
          {view.status === 'failed' ? t('auth.callback.failedTitle') : t('auth.callback.title')}
        </h1>
        {view.status === 'working' ? (
          <p role="status" aria-live="polite" className="mt-4 flex items-center justify-center gap-2 text-muted">
            <Loader2 aria-hidden className="size-5 animate-spin" />
            {t('auth.callback.working')}
          </p>
        ) : (
          <div role="alert" className="mt-4 flex flex-col items-center gap-2">
            <AlertCircle aria-hidden className="size-6 text-danger" />
            <p data-testid="callback-error" dir="auto">
              {'text' in view.failure.message ? view.failure.message.text : t(view.failure.message.key)}
            </p>
            {view.failure.hint ? <p className="text-muted">{t(view.failure.hint)}</p> : null}
            <p className="text-sm text-muted">{t('auth.callback.redirecting')}</p>
          </div>
        )}
      </div>
    </main>
  );
}
