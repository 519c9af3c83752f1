import { TIMINGS } from '@maktaba/shared/constants';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { i18n } from '../../../lib/i18n';
import { getSession } from '../api/get-session';
import type { ServerAuthState } from '../lib/auth-types';
import { completeAuthState } from '../lib/complete-auth-state';
import { completenessCache } from '../lib/completeness-cache';
import { dispatchAuth, startAuthWatchdog, useAuthStore } from './use-auth';

export function completenessOf(auth: ServerAuthState | null): boolean {
  if (!auth?.user) return false;
  return completenessCache.get(auth.user.id, auth.profile, auth.user.provider);
}

let started = false;

/**
 * Fetches the session once when the app starts. After 3 s without an answer the check is
 * abandoned and the app proceeds signed out (accounts-and-auth §4): a slow server must not keep
 * a visitor from the public pages.
 */
export function startAuth() {
  if (started) return;
  started = true;
  startAuthWatchdog();
  dispatchAuth({ type: 'INIT_STARTED' });
  const controller = new AbortController();
  let timedOut = false;
  const timer = setTimeout(() => {
    timedOut = true;
    controller.abort();
    // A notice for whoever reads the console, not an error: the app works on without a session.
    console.warn(i18n.t('auth.toasts.sessionCheckTimeout', { lng: 'en' }));
    dispatchAuth({ type: 'INIT_TIMEOUT' });
  }, TIMINGS.sessionCheckTimeout);

  getSession(controller.signal)
    .then((auth) => completeAuthState(auth, controller.signal))
    .then((auth) => {
      clearTimeout(timer);
      dispatchAuth({ type: 'INITIALIZED', auth, profileComplete: completenessOf(auth) });
    })
    .catch((error: unknown) => {
      clearTimeout(timer);
      if (timedOut) return;
      console.warn(i18n.t('auth.errors.initialSession', { lng: 'en' }), error);
      dispatchAuth({ type: 'INIT_FAILED', error: { key: 'auth.errors.initialSession' } });
    });
}

/**
 * Re-checks the session every minute and when the tab comes back into view. A session that has
 * gone (signed out elsewhere, expired, revoked by an admin) is treated as revoked: the user is
 * cleared and told 'Session expired. Please sign in again.' (accounts-and-auth §4).
 */
export function useSessionMonitor() {
  const { t } = useTranslation();
  const isAuthenticated = useAuthStore((state) => state.isAuthenticated);

  useEffect(() => {
    if (!isAuthenticated) return;
    let controller: AbortController | null = null;
    const check = async () => {
      const state = useAuthStore.getState();
      if (!state.user || state.isLoading || state.isLoggingOut || controller) return;
      controller = new AbortController();
      try {
        const auth = await completeAuthState(await getSession(controller.signal), controller.signal);
        const current = useAuthStore.getState();
        if (!current.user || current.isLoggingOut) return;
        if (!auth.user || !auth.session) {
          completenessCache.clear();
          dispatchAuth({ type: 'SESSION_EXPIRED' });
          toast.info(t('errors.codes.SESSION_EXPIRED'));
        } else {
          dispatchAuth({ type: 'SESSION_REFRESHED', auth, profileComplete: completenessOf(auth) });
        }
      } catch {
        // Offline or a server hiccup says nothing about the session: keep it and look again later.
      } finally {
        controller = null;
      }
    };
    const interval = setInterval(check, TIMINGS.sessionMonitorInterval);
    const onVisible = () => {
      if (document.visibilityState === 'visible') void check();
    };
    document.addEventListener('visibilitychange', onVisible);
    return () => {
      clearInterval(interval);
      document.removeEventListener('visibilitychange', onVisible);
      controller?.abort();
    };
  }, [isAuthenticated, t]);
}
