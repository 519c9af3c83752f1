import { TIMINGS } from '@maktaba/shared/constants';
import { Suspense, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Outlet, useLocation, useMatches } from 'react-router';
import './toaster.css';
import { useSessionMonitor } from '../../features/auth/hooks/use-auth-session';
import { useAuthStore } from '../../lib/auth/use-auth';
import { lazyWhenOnline } from '../../lib/network';
import { usePageTitleStore } from '../../lib/page-title';
import { checkStorageQuota } from '../../lib/storage';
import { watchSystemTheme } from '../../lib/theme';
import { loadToasts, toast, useToasterStore } from '../../lib/toast';
import type { RouteHandle } from '../route-handle';
import { NetworkBanners } from './network-banners';
import { Splash } from './splash';

const ToasterHost = lazyWhenOnline(() => import('./toaster-host'), 'ToasterHost');

/**
 * The Toaster (and sonner) load with the first toast of the shell, with the first page other than
 * home (their code brings sonner), or a moment after start, like the code of the likely next pages.
 * A toast shown before it mounts waits in sonner and appears then.
 */
function useToaster(pathname: string): boolean {
  const wanted = useToasterStore((state) => state.wanted);
  useEffect(() => {
    if (pathname !== '/') void loadToasts();
  }, [pathname]);
  useEffect(() => {
    const timer = window.setTimeout(() => void loadToasts(), TIMINGS.routePrefetchDelay);
    return () => window.clearTimeout(timer);
  }, []);
  return wanted;
}

function useDocumentTitle() {
  const { t } = useTranslation();
  const matches = useMatches();
  const handle = [...matches].reverse().find((match) => (match.handle as RouteHandle | undefined)?.titleKey)?.handle as
    | RouteHandle
    | undefined;
  const title = handle ? t(handle.titleKey) : null;
  const name = usePageTitleStore((state) => state.name);
  const appName = t('app.name');
  useEffect(() => {
    document.title = [name, title, appName].filter(Boolean).join(' · ');
  }, [name, title, appName]);
}

/** Wraps every page: splash, network banners, toasts, title, session checks, scroll to top on each page change. */
export function RootLayout() {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const toasterWanted = useToaster(pathname);
  const [fontsReady, setFontsReady] = useState(false);

  // The splash covers every active sign-in, OAuth hand-over and logout, and a slow start-up (the first session check).
  const authBusy = useAuthStore(
    (state) => state.isPerformingActiveSignIn || state.isOAuthInProgress || state.isLoggingOut,
  );
  const initializing = useAuthStore((state) => !state.isInitialized);

  useDocumentTitle();
  useSessionMonitor();
  useEffect(() => watchSystemTheme(), []);
  useEffect(() => {
    // Keep the splash until the web fonts are in, so the first real paint does not jump.
    let cancelled = false;
    document.fonts.ready.then(() => !cancelled && setFontsReady(true));
    return () => {
      cancelled = true;
    };
  }, []);
  useEffect(() => {
    const percent = checkStorageQuota();
    if (percent !== null) toast.warning(t('storage.nearlyFull', { percent }));
  }, [t]);
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs on every page change by design.
  useEffect(() => {
    window.scrollTo(0, 0);
  }, [pathname]);

  return (
    <>
      <Splash busy={authBusy} starting={!fontsReady || initializing} />
      <NetworkBanners />
      <Outlet />
      {toasterWanted ? (
        <Suspense fallback={null}>
          <ToasterHost />
        </Suspense>
      ) : null}
    </>
  );
}
