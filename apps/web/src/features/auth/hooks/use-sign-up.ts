import { LIMITS, TIMINGS } from '@maktaba/shared/constants';
import { isLanguage } from '@maktaba/shared/i18n/index';
import type { CompleteProfileInput } from '@maktaba/shared/schemas/auth';
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { ApiError } from '../../../lib/api-client';
import { completenessOf } from '../../../lib/auth/completeness-cache';
import { trackRequest } from '../../../lib/auth/pending-requests';
import { dispatchAuth, scheduleFlagsClear } from '../../../lib/auth/use-auth';
import { checkSecurity } from '../api/check-security';
import { signUp } from '../api/sign-up';
import { AuthFlowError, mapAuthError } from '../lib/map-auth-error';
import type { Credentials } from '../lib/prepare-input';
import { clearRegisterDraft } from '../lib/register-draft';
import { withRetries } from '../lib/with-retries';
import type { FlowResult } from './use-sign-in';

/**
 * Registration step 2 (accounts-and-auth §4): security check, then the account with its complete
 * profile in one call. Up to 3 attempts, each waiting for the network; only a lost connection or
 * a server error is tried again. Email taken, invalid input or a security block end it at once.
 */
export function useSignUp() {
  const { t, i18n } = useTranslation();
  return useCallback(
    async (credentials: Credentials, address: CompleteProfileInput): Promise<FlowResult> => {
      dispatchAuth({ type: 'SIGN_IN_STARTED', method: 'registration' });
      const { signal, release } = trackRequest();
      try {
        const check = await checkSecurity('registration', credentials.email, signal);
        if (!check.allowed) {
          throw new ApiError('SECURITY_BLOCKED', 'Registration blocked for security reasons', 403, {
            reasons: check.reasons,
          });
        }
        const total = LIMITS.registrationAttempts;
        const locale = isLanguage(i18n.language) ? i18n.language : undefined;
        const auth = await withRetries(() => signUp({ ...credentials, ...address, locale }, signal), {
          attempts: total,
          signal,
          waitOnline: true,
          onAttempt: (attempt) => {
            if (attempt > 1) toast.info(t('auth.toasts.attempt', { attempt: String(attempt), total: String(total) }));
          },
        });
        if (!auth.user)
          throw new AuthFlowError('User creation failed unexpectedly (null user).', 'auth.errors.nullUser');
        if (!auth.session || !auth.profile) {
          throw new AuthFlowError('Sign up failed - no user data returned', 'auth.errors.signUpNoUserData');
        }
        clearRegisterDraft();
        dispatchAuth({ type: 'SIGN_IN_SUCCEEDED', auth, profileComplete: completenessOf(auth) });
        // accounts-and-auth §8: 'Sign Up Successful / Please check your email for verification.'
        toast.success(t('auth.toasts.signUpSuccessful'), {
          description: t('auth.toasts.checkEmailForVerification'),
          duration: 5_000,
        });
        return { ok: true };
      } catch (error) {
        // Not a known refusal, no recognised message: 'An unexpected error occurred during sign up.'
        const message = mapAuthError(error, 'registration', { fallback: 'auth.errors.signUpUnexpected' });
        dispatchAuth({ type: 'SIGN_IN_FAILED', error: message });
        // accounts-and-auth §8: 'Sign Up Failed' (5 s). The toast names what failed; why is told
        // once, by the address step's alert (FormAlert).
        toast.error(t('auth.toasts.signUpFailed'), { duration: 5_000 });
        scheduleFlagsClear(TIMINGS.errorRecoveryDelay);
        return { ok: false, error };
      } finally {
        release();
      }
    },
    [t, i18n],
  );
}
