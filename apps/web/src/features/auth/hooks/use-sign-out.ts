import { STORAGE_KEYS, TIMINGS } from '@maktaba/shared/constants';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { toast } from 'sonner';
import { deleteOwnProfile } from '../api/delete-own-profile';
import { signOut } from '../api/sign-out';
import { completenessCache } from '../lib/completeness-cache';
import { cancelPendingRequests } from '../lib/pending-requests';
import { clearRegisterDraft } from '../lib/register-draft';
import { sleep } from '../lib/with-retries';
import { dispatchAuth, scheduleFlagsClear } from './use-auth';

function clearOAuthState() {
  try {
    window.sessionStorage.removeItem(STORAGE_KEYS.oauthState);
  } catch {
    // Session storage can be unavailable; there is then nothing to clear.
  }
}

/** Ends the session on the server; the local state is cleared whatever the server answers. */
async function endSession(onError: () => void) {
  try {
    await signOut();
  } catch {
    onError();
  }
}

/**
 * Sign out from the account menu (accounts-and-auth §4): the splash covers the short logout
 * delay and the request, then 'Signed out successfully' and /signin after 1.5 s.
 */
export function useSignOut() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  return useCallback(async () => {
    cancelPendingRequests();
    dispatchAuth({ type: 'SIGN_OUT_STARTED' });
    await sleep(TIMINGS.logoutDelay);
    await endSession(() => toast.error(t('auth.toasts.signOutError')));
    completenessCache.clear();
    queryClient.clear();
    dispatchAuth({ type: 'SIGNED_OUT' });
    toast.success(t('auth.toasts.signedOut'));
    setTimeout(() => {
      void navigate('/signin', { replace: true });
      scheduleFlagsClear(0);
    }, TIMINGS.signOutRedirect);
  }, [navigate, queryClient, t]);
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
    await endSession(() => toast.error(t('auth.toasts.signOutError')));
    clearOAuthState();
    clearRegisterDraft();
    completenessCache.clear();
    queryClient.clear();
    dispatchAuth({ type: 'SIGNED_OUT' });
    dispatchAuth({ type: 'FLAGS_CLEARED' });
    toast.success(t('auth.toasts.signedOut'));
  }, [queryClient, t]);
}
