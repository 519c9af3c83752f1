import { LogIn, RefreshCw } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import { Button } from '../../components/ui/button';
import { checkSession } from '../../features/auth/hooks/use-auth-session';
import { dispatchAuth, useAuthStore } from '../../lib/auth/use-auth';
import { ErrorPage } from './error-page';

/**
 * 'Authentication Error' (accounts-and-auth §2): the session check failed, so a page that needs a
 * signed-in reader cannot tell whether there is one. Retry checks again; 'Back to Sign In' goes to
 * /signin with the way back to this page.
 */
export function AuthErrorScreen() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const location = useLocation();
  const error = useAuthStore((state) => state.error);
  const from = `${location.pathname}${location.search}${location.hash}`;

  const backToSignIn = () => {
    dispatchAuth({ type: 'ERROR_CLEARED' });
    void navigate(`/signin?returnUrl=${encodeURIComponent(from)}`, { state: { from } });
  };

  return (
    <ErrorPage
      variant="auth"
      message={t(error?.key ?? 'errors.auth.description', error?.values ?? {})}
      actions={
        <>
          <Button onClick={() => checkSession()}>
            <RefreshCw aria-hidden className="size-4" />
            {t('common.retry')}
          </Button>
          <Button variant="secondary" onClick={backToSignIn}>
            <LogIn aria-hidden className="flip-rtl size-4" />
            {t('auth.lifecycle.backToSignIn')}
          </Button>
        </>
      }
    />
  );
}
