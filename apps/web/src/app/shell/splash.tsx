import { TIMINGS } from '@maktaba/shared/constants';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { create } from 'zustand';
import { Logo } from '../../components/logo';
import { RecoveryLink } from '../../features/auth/components/recovery-link';
import { useRecoveryStore } from '../../features/auth/hooks/use-recovery';

/** Whether the splash is up, so the loading fallbacks under it do not offer a second recovery link. */
export const useSplashStore = create<{ isVisible: boolean }>(() => ({ isVisible: true }));

/**
 * Full-screen splash: the logo at once, 'Initializing' after 800 ms, and never shorter than 800 ms
 * each time it is shown, so it does not flash. It shows at once for an active sign-in, OAuth
 * hand-over or logout (`busy`). While the app is only getting ready at start-up (`starting`: the
 * web fonts and the first session check), a plain cover in the page's colour hides the half-ready
 * page, and the splash appears only when that takes longer than 300 ms: a reader whose page is ready
 * at once is not held behind a logo for 800 ms on every visit. The spec names sign-in, OAuth and
 * logout for the 800 ms minimum, and start-up for the splash itself; this keeps both.
 * After 5 s it offers 'Stuck? Click here to reset'; it stays up through the recovery countdown.
 */
export function Splash({ busy, starting = false }: { busy: boolean; starting?: boolean }) {
  const { t } = useTranslation();
  const isRecovering = useRecoveryStore((state) => state.reloadIn !== null);
  const isBusy = busy || isRecovering;
  // When the current showing began; null while hidden.
  const [shownAt, setShownAt] = useState<number | null>(() => (isBusy ? Date.now() : null));
  const [showText, setShowText] = useState(false);
  // Start-up has lasted long enough to show the splash itself.
  const [slowStart, setSlowStart] = useState(false);

  useEffect(() => {
    if (!starting) return;
    const timer = window.setTimeout(() => setSlowStart(true), TIMINGS.splashStartupDelay);
    return () => window.clearTimeout(timer);
  }, [starting]);

  const wanted = isBusy || (starting && slowStart);
  useEffect(() => {
    if (wanted) {
      setShownAt((current) => current ?? Date.now());
      return;
    }
    if (shownAt === null) return;
    const remaining = Math.max(0, TIMINGS.splashMin - (Date.now() - shownAt));
    const timer = window.setTimeout(() => setShownAt(null), remaining);
    return () => window.clearTimeout(timer);
  }, [wanted, shownAt]);

  const covering = shownAt === null && starting;
  useEffect(() => {
    useSplashStore.setState({ isVisible: shownAt !== null || covering });
  }, [shownAt, covering]);

  useEffect(() => {
    setShowText(false);
    if (shownAt === null) return;
    const timer = window.setTimeout(() => setShowText(true), TIMINGS.splashInitializingText);
    return () => window.clearTimeout(timer);
  }, [shownAt]);

  if (covering) return <div className="fixed inset-0 z-50 bg-bg" aria-hidden="true" data-testid="splash-cover" />;
  if (shownAt === null) return null;
  return (
    <div
      className="fixed inset-0 z-50 flex flex-col items-center justify-center gap-4 bg-bg"
      role="status"
      aria-label={t('splash.label')}
      data-testid="splash"
    >
      <Logo className="size-16 animate-pulse" />
      <p className={showText ? 'text-muted' : 'invisible text-muted'}>{t('splash.initializing')}</p>
      {/* A new showing starts a new 5 s wait. */}
      <RecoveryLink key={shownAt} />
    </div>
  );
}
