import { AUTH_CALL_POLICIES, TIMINGS } from '@maktaba/shared/constants';
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useSearchParams } from 'react-router';
import { toast } from 'sonner';
import { dispatchAuth, scheduleFlagsClear } from '../../../lib/auth/use-auth';
import { getPublicConfig } from '../../../lib/public-config';
import { startGoogleSignIn } from '../api/start-google-sign-in';
import { mapAuthError } from '../lib/map-auth-error';
import { clearOAuthState, saveOAuthReturnUrl } from '../lib/oauth-state';
import { resolveReturnUrl } from '../lib/return-url';
import { callWithPolicy } from '../lib/with-retries';

/** Leaves the page for Google's; a function so tests can watch it. */
export const browser = { assign: (url: string) => window.location.assign(url) };

/**
 * The Google button of the welcome card (accounts-and-auth §2, §4, §7): remembers where to come
 * back to, shows the splash, and sends the browser to Google. A server without Google sign-in
 * says so instead.
 */
export function useGoogleSignIn() {
  const { t } = useTranslation();
  const location = useLocation();
  const [params] = useSearchParams();
  const returnUrl = resolveReturnUrl(params.get('returnUrl'), location.state);

  return useCallback(async () => {
    const fail = (error: unknown) => {
      clearOAuthState();
      const message = mapAuthError(error);
      dispatchAuth({ type: 'SIGN_IN_FAILED', error: message });
      toast.error(t('auth.toasts.signInFailed'), {
        description: t(message.key, message.values ?? {}),
        duration: 5_000,
      });
      scheduleFlagsClear(TIMINGS.errorRecoveryDelay);
    };
    try {
      if (!(await getPublicConfig()).googleSignInEnabled) {
        toast.info(t('auth.welcome.googleUnavailable'));
        return;
      }
      saveOAuthReturnUrl(returnUrl);
      dispatchAuth({ type: 'SIGN_IN_STARTED', method: 'oauth' });
      // OAuth retries once (accounts-and-auth §7).
      const { url } = await callWithPolicy(AUTH_CALL_POLICIES.oauth, (signal) => startGoogleSignIn(signal));
      browser.assign(url);
    } catch (error) {
      fail(error);
    }
  }, [returnUrl, t]);
}
