import { STORAGE_KEYS, TIMINGS } from '@maktaba/shared/constants';
import { create } from 'zustand';
import { cancelPendingRequests } from '../../../lib/auth/pending-requests';
import { dispatchAuth } from '../../../lib/auth/use-auth';
import { checkSession } from './use-auth-session';
import { clearLocalSession } from './use-sign-out';

type RecoveryState = {
  /** Whole seconds left before the reload; null when no recovery is under way. */
  reloadIn: number | null;
};

export const useRecoveryStore = create<RecoveryState>(() => ({ reloadIn: null }));

function clearAuthStorage() {
  try {
    window.sessionStorage.removeItem(STORAGE_KEYS.oauthState);
    window.sessionStorage.removeItem(STORAGE_KEYS.oauthProfileComplete);
  } catch {
    // Session storage unavailable: nothing stored there.
  }
  clearLocalSession();
}

/**
 * The recovery action behind 'Stuck? Click here to reset' (accounts-and-auth §4): cancels the
 * pending requests, clears the flags and the auth-related storage, checks the session again, and
 * reloads the page after a 3 s countdown. The countdown lives here, outside any component, so the
 * reload happens even when the screen that offered the link goes away.
 */
export function startRecovery(reload: () => void = () => window.location.reload()) {
  if (useRecoveryStore.getState().reloadIn !== null) return;
  cancelPendingRequests();
  dispatchAuth({ type: 'RECOVERY_STARTED' });
  clearAuthStorage();
  checkSession();
  const seconds = Math.round(TIMINGS.recoveryReloadCountdown / 1000);
  useRecoveryStore.setState({ reloadIn: seconds });
  const tick = setInterval(() => {
    const left = (useRecoveryStore.getState().reloadIn ?? 1) - 1;
    if (left > 0) {
      useRecoveryStore.setState({ reloadIn: left });
      return;
    }
    clearInterval(tick);
    reload();
  }, 1000);
}
