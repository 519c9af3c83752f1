import { AUTH_CALL_POLICIES, STORAGE_KEYS, TIMINGS } from '@maktaba/shared/constants';
import { type QueryClient, useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { type NavigateFunction, useNavigate } from 'react-router';
import { completenessCache } from '../../../lib/auth/completeness-cache';
import { cancelPendingRequests } from '../../../lib/auth/pending-requests';
import { dispatchAuth, scheduleFlagsClear } from '../../../lib/auth/use-auth';
import { toast } from '../../../lib/toast';
import { deleteOwnProfile } from '../api/delete-own-profile';
import { type SignOutScope, signOut } from '../api/sign-out';
import { clearRegisterDraft } from '../lib/register-draft';
import { clearFingerprints, getLocalStorage } from '../lib/session-security';
import { callWithPolicy, sleep } from '../lib/with-retries';

function clearOAuthState() {
  try {
    window.sessionStorage.removeItem(STORAGE_KEYS.oauthState);
  } catch {
    // Session storage can be unavailable; there is then nothing to clear.
  }
}

/** Ends the session on the server: 10 s at most, no retry (accounts-and-auth §7). True when it worked. */
export async function endServerSession(scope: SignOutScope): Promise<boolean> {
  try {
    await callWithPolicy(AUTH_CALL_POLICIES.signOut, (signal) => signOut(scope, signal));
    return true;
  } catch {
    return false;
  }
}

/** What this browser keeps about the session: profile completeness, the fingerprint, cached queries. */
export function clearLocalSession(queryClient?: QueryClient) {
  completenessCache.clear();
  clearFingerprints(getLocalStorage());
  queryClient?.clear();
}

export type SignOutOptions = {
  scope: SignOutScope;
  /** Shown once the local state is cleared; `serverOk` says whether the server confirmed. */
  announce: (serverOk: boolean) => void;
  /** How long the toast is read before /signin: 1.5 s normally, 1 s after a security sign-out. */
  redirectAfter: number;
};

/**
 * The sign-out sequence (accounts-and-auth §4, reader-area §4.4): the splash covers the 300 ms
 * logout delay and the request; the local state is cleared whatever the server answers; then the
 * toast, and /signin after `redirectAfter`.
 */
export async function runSignOut(navigate: NavigateFunction, queryClient: QueryClient, options: SignOutOptions) {
  cancelPendingRequests();
  dispatchAuth({ type: 'SIGN_OUT_STARTED' });
  await sleep(TIMINGS.logoutDelay);
  const serverOk = await endServerSession(options.scope);
  clearLocalSession(queryClient);
  dispatchAuth({ type: 'SIGNED_OUT' });
  options.announce(serverOk);
  setTimeout(() => {
    // The flags clear once /signin is shown (its code may still be loading): cleared earlier, the
    // guard of the page being left would send the reader to /signin with a way back to it.
    void Promise.resolve(navigate('/signin', { replace: true })).finally(() => scheduleFlagsClear(0));
  }, options.redirectAfter);
}

/**
 * Sign out from the account menu. The scope is 'global': accounts-and-auth §7 lists the call as
 * "sign out (global, or local scope for invalid sessions)", which we read as global being the
 * default and local kept for clearing a session the server no longer accepts. Signing out thus
 * ends the account's sessions in every browser, which is what a reader leaving a shared computer
 * expects; ending one device's session is done from the session list in Settings.
 */
export function useSignOut() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  return useCallback(
    () =>
      runSignOut(navigate, queryClient, {
        scope: 'global',
        redirectAfter: TIMINGS.signOutRedirect,
        announce: (serverOk) => {
          if (serverOk) {
            toast.success(t('auth.lifecycle.signOutSuccessTitle'), {
              description: t('auth.lifecycle.signOutSuccessDescription'),
            });
          } else {
            toast.error(t('auth.toasts.signOutError'));
          }
        },
      }),
    [navigate, queryClient, t],
  );
}

/**
 * Sign out from the complete-profile step: the unfinished profile is deleted, the session ended,
 * the saved OAuth return address and the draft cleared; the portal goes back to welcome.
 */
export function useAbandonRegistration() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  return useCallback(async () => {
    dispatchAuth({ type: 'SIGN_OUT_STARTED' });
    try {
      await deleteOwnProfile();
    } catch {
      // The profile may already be gone, or be complete after all: signing out still proceeds.
    }
    const serverOk = await endServerSession('local');
    clearOAuthState();
    clearRegisterDraft();
    clearLocalSession(queryClient);
    dispatchAuth({ type: 'SIGNED_OUT' });
    dispatchAuth({ type: 'FLAGS_CLEARED' });
    if (serverOk) toast.success(t('auth.toasts.signedOut'));
    else toast.error(t('auth.toasts.signOutError'));
  }, [queryClient, t]);
}
