import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Outlet, useLocation, useMatches } from 'react-router';
import { Toaster, toast } from 'sonner';
import './toaster.css';
import { useSessionMonitor } from '../../features/auth/hooks/use-auth-session';
import { useAuthStore } from '../../lib/auth/use-auth';
import { usePageTitleStore } from '../../lib/page-title';
import { checkStorageQuota } from '../../lib/storage';
import { useThemeStore, watchSystemTheme } from '../../lib/theme';
import type { RouteHandle } from '../route-handle';
import { NetworkBanners } from './network-banners';
import { Splash } from './splash';

const TOAST_TOP = '4.5rem';

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
  const { t, i18n } = useTranslation();
  const { pathname } = useLocation();
  const theme = useThemeStore((state) => state.theme);
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
      <Toaster
        visibleToasts={1}
        position="top-center"
        // Below the header (3.5 rem in the shell, 3.8 on the public pages): a toast never covers
        // the language switch, the bell or the account menu.
        offset={{ top: TOAST_TOP }}
        mobileOffset={{ top: TOAST_TOP }}
        dir={i18n.dir()}
        theme={theme === 'dark' ? 'dark' : 'light'}
        closeButton
        richColors
        // The library's own labels are English; ours follow the language.
        containerAriaLabel={t('header.notifications')}
        toastOptions={{ closeButtonAriaLabel: t('common.close') }}
      />
    </>
  );
}
