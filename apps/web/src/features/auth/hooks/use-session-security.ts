import { TIMINGS } from '@maktaba/shared/constants';
import { useQueryClient } from '@tanstack/react-query';
import type { TFunction } from 'i18next';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useAuthStore } from '../../../lib/auth/use-auth';
import { warnInEnglish } from '../../../lib/i18n';
import { toast } from '../../../lib/toast';
import {
  canWriteStorage,
  decideSecurityAction,
  findSecurityIssues,
  getLocalStorage,
  loadFingerprint,
  readFingerprint,
  saveFingerprint,
} from '../lib/session-security';
import { runSignOut } from './use-sign-out';

/** The toasts of reader-area §8: tampering is told for 10 s, an old session with the default time. */
function announceSecuritySignOut(reason: 'tamper' | 'expired', t: TFunction) {
  if (reason === 'tamper') {
    toast.error(t('auth.securityMonitor.suspiciousTitle'), {
      description: t('auth.securityMonitor.suspiciousDescription'),
      duration: 10_000,
    });
  } else {
    toast.warning(t('auth.securityMonitor.expiredTitle'), {
      description: t('auth.securityMonitor.expiredDescription'),
    });
  }
}

function currentFingerprint() {
  return readFingerprint({
    navigator: window.navigator,
    screen: window.screen,
    timezone: Intl.DateTimeFormat().resolvedOptions().timeZone,
  });
}

/** Sessions already warned about plain HTTP: the warning is given once per session. */
const warnedInsecure = new Set<string>();

/**
 * The session security monitor (reader-area §4.4): while signed in, every 60 s, checks cookies,
 * the connection, storage, the session's age and the browser's fingerprint. Disabled cookies or
 * another browser's fingerprint sign out ('Suspicious activity detected', 10 s) and go to /signin
 * after 1 s; a session older than 24 h signs out with 'Session Expired'; plain HTTP away from
 * this machine warns once; restricted storage (private browsing is legitimate) only logs.
 */
export function useSessionSecurity() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const sessionId = useAuthStore((state) => (state.isAuthenticated ? (state.session?.id ?? null) : null));

  useEffect(() => {
    if (!sessionId) return;
    const storage = getLocalStorage();
    // The fingerprint of the browser the session started in (or was first seen in) is the baseline.
    if (canWriteStorage(storage) && storage && !loadFingerprint(storage, sessionId)) {
      saveFingerprint(storage, sessionId, currentFingerprint(), Date.now());
    }

    const check = () => {
      const state = useAuthStore.getState();
      if (!state.session || state.session.id !== sessionId || state.isLoggingOut) return;
      const storageAvailable = canWriteStorage(storage);
      const verdict = decideSecurityAction(
        findSecurityIssues({
          cookiesEnabled: window.navigator.cookieEnabled,
          protocol: window.location.protocol,
          hostname: window.location.hostname,
          storageAvailable,
          sessionCreatedAt: state.session.createdAt,
          now: Date.now(),
          stored: storageAvailable && storage ? loadFingerprint(storage, sessionId) : null,
          current: currentFingerprint(),
        }),
      );
      if (verdict.storageRestricted) warnInEnglish('auth.securityMonitor.storageRestricted');
      if (verdict.signOut) {
        const reason = verdict.signOut;
        void runSignOut(navigate, queryClient, {
          scope: 'local',
          redirectAfter: TIMINGS.tamperRedirect,
          announce: () => announceSecuritySignOut(reason, t),
        });
        return;
      }
      if (verdict.warnInsecure && !warnedInsecure.has(sessionId)) {
        warnedInsecure.add(sessionId);
        toast.warning(t('auth.securityMonitor.insecureTitle'), {
          description: t('auth.securityMonitor.insecureDescription'),
        });
      }
    };

    const interval = setInterval(check, TIMINGS.sessionMonitorInterval);
    return () => clearInterval(interval);
  }, [sessionId, navigate, queryClient, t]);
}
