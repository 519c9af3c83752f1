import { AUTH_CALL_POLICIES, TIMINGS } from '@maktaba/shared/constants';
import { useCallback, useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { type NavigateFunction, useNavigate } from 'react-router';
import { onUnauthenticated } from '../../../lib/api-client';
import type { SignedOutReason } from '../../../lib/auth/auth-types';
import { completenessOf } from '../../../lib/auth/completeness-cache';
import { trackRequest } from '../../../lib/auth/pending-requests';
import { dispatchAuth, startAuthWatchdog, useAuthStore } from '../../../lib/auth/use-auth';
import { i18n, warnInEnglish } from '../../../lib/i18n';
import { toast } from '../../../lib/toast';
import { getSession } from '../api/get-session';
import { completeAuthState } from '../lib/complete-auth-state';
import { callWithPolicy } from '../lib/with-retries';
import { useSessionSecurity } from './use-session-security';
import { clearLocalSession, endServerSession } from './use-sign-out';

let checkController: AbortController | null = null;

/**
 * Asks the server for the session, as on start-up. After 3 s without an answer the check is
 * abandoned and the app proceeds signed out (accounts-and-auth §4): a slow server must not keep a
 * visitor from the public pages. A failure (not a time-out) leaves `sessionCheckFailed` set, for
 * the Authentication Error screen, whose Retry calls this again.
 */
export function checkSession() {
  checkController?.abort();
  const controller = new AbortController();
  checkController = controller;
  dispatchAuth({ type: 'INIT_STARTED' });
  let timedOut = false;
  const timer = setTimeout(() => {
    timedOut = true;
    controller.abort();
    // A notice for whoever reads the console, not an error: the app works on without a session.
    warnInEnglish('auth.toasts.sessionCheckTimeout');
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
      if (timedOut || controller.signal.aborted) return;
      warnInEnglish('auth.errors.initialSession', error);
      dispatchAuth({ type: 'INIT_FAILED', error: { key: 'auth.errors.initialSession' } });
    })
    .finally(() => {
      if (checkController === controller) checkController = null;
    });
}

let started = false;

/** The first session check, once, when the app starts; also starts the kill-switch watchdog. */
export function startAuth() {
  if (started) return;
  started = true;
  startAuthWatchdog();
  checkSession();
}

function currentPath(): string {
  return `${window.location.pathname}${window.location.search}${window.location.hash}`;
}

/**
 * The session has gone on the server (accounts-and-auth §4, §8): 'revoked' (ended from elsewhere)
 * says 'Session expired due to newer login. Please sign in again.', anything else 'Session
 * expired. Please sign in again.'. The local state goes (store, completeness cache, fingerprint),
 * the stale cookie is cleared with a local-scope sign-out, and the user is sent to /signin with
 * the way back.
 */
export function endLostSession(reason: SignedOutReason | undefined, navigate: NavigateFunction) {
  if (!useAuthStore.getState().user) return;
  const returnUrl = currentPath();
  clearLocalSession();
  dispatchAuth({ type: 'SESSION_EXPIRED', reason });
  toast.error(i18n.t(reason === 'revoked' ? 'errors.codes.SESSION_REVOKED' : 'errors.codes.SESSION_EXPIRED'));
  void endServerSession('local');
  void navigate(`/signin?returnUrl=${encodeURIComponent(returnUrl)}`, { replace: true, state: { from: returnUrl } });
}

/** Reads the session again: gone → endLostSession; there → the store follows the server. */
async function reloadSession(navigate: NavigateFunction, signal: AbortSignal): Promise<'gone' | 'present'> {
  const auth = await callWithPolicy(
    AUTH_CALL_POLICIES.refresh,
    async (attemptSignal) => completeAuthState(await getSession(attemptSignal), attemptSignal),
    { signal },
  );
  const current = useAuthStore.getState();
  if (!current.user || current.isLoggingOut) return 'present';
  if (!auth.user || !auth.session) {
    endLostSession(auth.signedOutReason, navigate);
    return 'gone';
  }
  dispatchAuth({ type: 'SESSION_REFRESHED', auth, profileComplete: completenessOf(auth) });
  return 'present';
}

/** 'Refresh session' in the account menu (reader-area §2.2): 2 retries, 15 s each (§7). */
export function useRefreshSession() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  return useCallback(async () => {
    const { signal, release } = trackRequest();
    try {
      const outcome = await reloadSession(navigate, signal);
      if (outcome === 'present') toast.success(t('auth.lifecycle.sessionRefreshed'));
    } catch {
      toast.error(t('auth.lifecycle.refreshFailed'));
    } finally {
      release();
    }
  }, [navigate, t]);
}

/**
 * Re-checks the session every minute and when the tab comes back into view; a session that has
 * gone is handled by endLostSession. Also runs the session security monitor (reader-area §4.4).
 */
export function useSessionMonitor() {
  const navigate = useNavigate();
  const isAuthenticated = useAuthStore((state) => state.isAuthenticated);
  useSessionSecurity();

  useEffect(() => {
    if (!isAuthenticated) return;
    let controller: AbortController | null = null;
    const check = async () => {
      const state = useAuthStore.getState();
      if (!state.user || state.isLoading || state.isLoggingOut || controller) return;
      controller = new AbortController();
      try {
        await reloadSession(navigate, controller.signal);
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
    // Any API call refused as UNAUTHENTICATED means the session is probably gone: look now.
    const stopListening = onUnauthenticated(() => void check());
    return () => {
      clearInterval(interval);
      document.removeEventListener('visibilitychange', onVisible);
      stopListening();
      controller?.abort();
    };
  }, [isAuthenticated, navigate]);
}
