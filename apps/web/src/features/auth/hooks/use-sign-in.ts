import { AUTH_CALL_POLICIES, TIMINGS } from '@maktaba/shared/constants';
import type { SignInInput } from '@maktaba/shared/schemas/auth';
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { ApiError } from '../../../lib/api-client';
import type { ServerAuthState } from '../../../lib/auth/auth-types';
import { completenessOf } from '../../../lib/auth/completeness-cache';
import { trackRequest } from '../../../lib/auth/pending-requests';
import { dispatchAuth, scheduleFlagsClear } from '../../../lib/auth/use-auth';
import { checkSecurity } from '../api/check-security';
import { signInWithPassword } from '../api/sign-in';
import { completeAuthState, ProfileSetupError } from '../lib/complete-auth-state';
import { AuthFlowError, mapAuthError } from '../lib/map-auth-error';
import { prepareSignIn } from '../lib/prepare-input';
import { markTwoFactorSetupRequired } from '../lib/two-factor-setup';
import { callWithPolicy, sleep } from '../lib/with-retries';
import { endServerSession } from './use-sign-out';

export type FlowResult = { ok: true } | { ok: false; error: unknown; twoFactorRequired?: boolean };

/**
 * The end of every sign-in (password, its two-factor step, passkey): the server's answer, then
 * the profile check, the toast and the store. `call` runs after the sign-in has started.
 */
export function useCompleteSignIn() {
  const { t } = useTranslation();
  return useCallback(
    async (
      call: (signal: AbortSignal) => Promise<ServerAuthState>,
      options: { fallback?: string } = {},
    ): Promise<FlowResult> => {
      dispatchAuth({ type: 'SIGN_IN_STARTED', method: 'password' });
      const { signal, release } = trackRequest();
      try {
        const answer = await call(signal);
        // The password was right, and the second step (two-factor sign-in) comes next: the form
        // asks for it, without an error.
        if (answer.twoFactorRequired) {
          dispatchAuth({ type: 'FLAGS_CLEARED' });
          return { ok: false, error: null, twoFactorRequired: true };
        }
        // The answer had no profile: it is set up now (with retries), and the next step depends on it.
        const neededSetup = Boolean(answer.user && answer.session && !answer.profile);
        // The setup's 5 tries take up to 15 s, longer than the 10 s kill switch that cancels the
        // tracked requests to give the page back: they run on their own, and their failure is
        // still told ('Profile setup failed after login.') after the page came back.
        const auth = await completeAuthState(answer, neededSetup ? undefined : signal);
        if (!auth.user || !auth.session || !auth.profile) {
          throw new AuthFlowError('Sign in failed - no user data returned', 'auth.errors.noUserData');
        }
        const profileComplete = completenessOf(auth);
        markTwoFactorSetupRequired(Boolean(answer.twoFactorSetupRequired));
        // Both texts of accounts-and-auth §8 are kept: a returning reader whose profile is already
        // complete goes straight on, so 'Sign In Successful / Welcome back!'; when the profile still
        // has to be checked (just set up, or incomplete and about to be asked for) 'Signed in /
        // Checking your profile...'.
        if (profileComplete && !neededSetup) {
          toast.success(t('auth.toasts.signInSuccessful'), { description: t('auth.toasts.welcomeBack') });
        } else {
          toast.success(t('auth.toasts.signedIn'), { description: t('auth.toasts.checkingProfile') });
        }
        // The toast stays at least 150 ms (accounts-and-auth §9) before the store change lets the
        // portal navigate or show the next toast, which would replace it (one toast at a time).
        await sleep(TIMINGS.signInToastMin, signal);
        dispatchAuth({ type: 'SIGN_IN_SUCCEEDED', auth, profileComplete });
        return { ok: true };
      } catch (error) {
        // A failure without a message of its own: 'Unknown error signing in' (reader-area §8).
        const message = mapAuthError(error, 'login', { fallback: options.fallback ?? 'auth.errors.unknownSignIn' });
        dispatchAuth({ type: 'SIGN_IN_FAILED', error: message });
        // Signed in, but without a profile the app cannot go on: the session the server started ends
        // here too, so a reload does not meet a half-signed-in account.
        if (error instanceof ProfileSetupError) void endServerSession('local');
        // accounts-and-auth §8: 'Sign In Failed' (5 s, destructive), or 'Profile setup failed after
        // login.'. The toast names what failed; why is told once, by the form's alert (FormAlert).
        const title =
          error instanceof ProfileSetupError ? 'auth.toasts.profileSetupFailed' : 'auth.toasts.signInFailed';
        toast.error(t(title), { duration: 5_000 });
        scheduleFlagsClear(TIMINGS.errorRecoveryDelay);
        return { ok: false, error };
      } finally {
        release();
      }
    },
    [t],
  );
}

/**
 * The sign-in flow of accounts-and-auth §4: security check, password sign-in, profile check.
 * The portal watches the store and moves on (to the return URL, or to complete-profile). With
 * two-factor sign-in on, the answer says so and the form asks for the code next.
 */
export function useSignIn() {
  const { t } = useTranslation();
  const complete = useCompleteSignIn();
  return useCallback(
    async (values: SignInInput): Promise<FlowResult> => {
      const prepared = prepareSignIn(values);
      if (!prepared.ok) {
        toast.error(t('validation.invalidInput'));
        return { ok: false, error: null };
      }
      const { email, password } = prepared.value;
      return complete(async (signal) => {
        const check = await checkSecurity('login', email, signal);
        if (!check.allowed) {
          throw new ApiError('SECURITY_BLOCKED', 'Login blocked for security reasons', 403, { reasons: check.reasons });
        }
        // Twice more on a lost connection or a server error (accounts-and-auth §7).
        return callWithPolicy(
          AUTH_CALL_POLICIES.signIn,
          (attemptSignal) => signInWithPassword({ email, password }, attemptSignal),
          { signal },
        );
      });
    },
    [t, complete],
  );
}
