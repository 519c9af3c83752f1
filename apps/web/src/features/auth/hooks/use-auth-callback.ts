import { TIMINGS } from '@maktaba/shared/constants';
import { isProfileComplete } from '@maktaba/shared/profile-completeness';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import { toast } from 'sonner';
import type { ServerAuthState } from '../../../lib/auth/auth-types';
import { completenessCache, completenessOf } from '../../../lib/auth/completeness-cache';
import { dispatchAuth, scheduleFlagsClear, useAuthStore } from '../../../lib/auth/use-auth';
import { reportError } from '../../../lib/telemetry/error-reporter';
import { getOwnProfile } from '../api/get-own-profile';
import { getSession } from '../api/get-session';
import { markProfileComplete } from '../api/mark-profile-complete';
import { completeAuthState } from '../lib/complete-auth-state';
import {
  CALLBACK_FAILED,
  CALLBACK_TIMED_OUT,
  type CallbackFailure,
  describeCallbackError,
  getSessionWithRetries,
  readCallbackError,
} from '../lib/oauth-callback';
import {
  clearOAuthState,
  readOAuthReturnUrl,
  readProfileCompleteMarker,
  saveProfileCompleteMarker,
} from '../lib/oauth-state';

export type CallbackView = { status: 'working' } | { status: 'failed'; failure: CallbackFailure };

/**
 * A first Google sign-in whose profile is still incomplete is marked registration-complete
 * (reader-area §4.6 step 4). If marking fails, the profile stays as it is and /signin asks for it.
 */
async function ensureGoogleCompletion(auth: ServerAuthState, signal: AbortSignal): Promise<ServerAuthState> {
  if (auth.user?.provider !== 'google' || auth.profile?.registration_completed) return auth;
  try {
    await markProfileComplete(signal);
    const profile = await getOwnProfile(signal);
    completenessCache.set(auth.user.id, isProfileComplete(profile, auth.user.provider));
    return { ...auth, profile };
  } catch {
    return auth;
  }
}

/**
 * The OAuth return page (reader-area §4.6): an error in the URL is shown at once; otherwise the
 * session the callback started is fetched (with retries) or arrives through the auth store, the
 * profile is checked, and the reader goes on to the stored return URL, or to /signin when the
 * profile needs more. Everything ends within 30 s; a failure shows the error panel, a toast, and
 * goes to /signin after 3 s.
 */
export function useAuthCallback(): CallbackView {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { search, hash } = useLocation();
  const [view, setView] = useState<CallbackView>({ status: 'working' });
  // The flow runs once per visit; switching the language must not start it again.
  const translate = useRef(t);
  translate.current = t;

  useEffect(() => {
    const startedAt = Date.now();
    const controller = new AbortController();
    const timers: number[] = [];
    const later = (run: () => void, delay: number) => timers.push(window.setTimeout(run, delay));
    let claimed = false;
    let done = false;
    let unsubscribe = () => {};

    const fail = (failure: CallbackFailure, flowStarted: boolean) => {
      if (done) return;
      done = true;
      controller.abort();
      unsubscribe();
      clearOAuthState();
      if (flowStarted) {
        // A return from the provider that did not end signed in (timed out, no session): worth
        // knowing about. An error the provider named in the URL (the reader said no) is not ours.
        const reason = 'key' in failure.message ? failure.message.key : 'unexpected';
        reportError(new Error(`Google sign-in return failed: ${reason}`), {
          type: 'auth',
          metadata: { stage: 'oauth-callback', reason },
        });
        dispatchAuth({ type: 'SIGN_IN_FAILED', error: { key: 'auth.callback.failed' } });
        // The error panel must be seen: no splash over it.
        dispatchAuth({ type: 'FLAGS_CLEARED' });
      }
      setView({ status: 'failed', failure });
      const { message } = failure;
      toast.error(translate.current('auth.callback.failedTitle'), {
        description: 'text' in message ? message.text : translate.current(message.key),
        duration: 5_000,
      });
      later(() => void navigate('/signin', { replace: true }), TIMINGS.oauthErrorRedirect);
    };

    const succeed = async (signedIn: ServerAuthState) => {
      if (claimed || done || !signedIn.user) return;
      claimed = true;
      const userId = signedIn.user.id;
      let auth = signedIn;
      let complete = readProfileCompleteMarker(userId);
      if (complete === null) {
        auth = await ensureGoogleCompletion(await completeAuthState(auth, controller.signal), controller.signal);
        complete = completenessOf(auth);
        saveProfileCompleteMarker(userId, complete);
      }
      if (done) return;
      done = true;
      unsubscribe();
      dispatchAuth({ type: 'SIGN_IN_SUCCEEDED', auth, profileComplete: complete });
      const returnUrl = readOAuthReturnUrl() ?? '/';
      const finish = () => {
        clearOAuthState();
        if (complete) void navigate(returnUrl, { replace: true });
        else void navigate('/signin', { replace: true, state: { from: returnUrl } });
        scheduleFlagsClear(TIMINGS.oauthSafety);
      };
      later(finish, Math.max(0, TIMINGS.oauthMinSplash - (Date.now() - startedAt)));
    };

    const urlError = readCallbackError(search, hash);
    if (urlError) {
      fail(describeCallbackError(urlError), false);
    } else {
      dispatchAuth({ type: 'SIGN_IN_STARTED', method: 'oauth' });
      later(() => fail(CALLBACK_TIMED_OUT, true), TIMINGS.oauthCallbackTimeout);
      const onStore = (state: ReturnType<typeof useAuthStore.getState>) => {
        // The app's own session check (or any other sign-in event) answered first: same check.
        if (state.isAuthenticated && state.user && state.session) {
          void succeed({ user: state.user, session: state.session, profile: state.profile }).catch(() =>
            fail(CALLBACK_FAILED, true),
          );
        }
      };
      unsubscribe = useAuthStore.subscribe(onStore);
      onStore(useAuthStore.getState());
      getSessionWithRetries(getSession, controller.signal)
        .then((auth) => (auth ? succeed(auth) : fail(CALLBACK_FAILED, true)))
        .catch(() => fail(CALLBACK_FAILED, true));
    }

    return () => {
      done = true;
      controller.abort();
      unsubscribe();
      for (const timer of timers) window.clearTimeout(timer);
    };
  }, [search, hash, navigate]);

  return view;
}
