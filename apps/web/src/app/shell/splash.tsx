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
 * Full-screen splash: the logo at once, 'Initializing' after 800 ms, and never shorter than
 * 800 ms each time it is shown (start-up, sign-in, OAuth, logout), so it does not flash. After
 * 5 s it offers 'Stuck? Click here to reset'; it stays up through the recovery countdown.
 */
export function Splash({ busy }: { busy: boolean }) {
  const { t } = useTranslation();
  const isRecovering = useRecoveryStore((state) => state.reloadIn !== null);
  const isBusy = busy || isRecovering;
  // When the current showing began; null while hidden.
  const [shownAt, setShownAt] = useState<number | null>(() => Date.now());
  const [showText, setShowText] = useState(false);

  useEffect(() => {
    if (isBusy) {
      setShownAt((current) => current ?? Date.now());
      return;
    }
    if (shownAt === null) return;
    const remaining = Math.max(0, TIMINGS.splashMin - (Date.now() - shownAt));
    const timer = window.setTimeout(() => setShownAt(null), remaining);
    return () => window.clearTimeout(timer);
  }, [isBusy, shownAt]);

  useEffect(() => {
    useSplashStore.setState({ isVisible: shownAt !== null });
    setShowText(false);
    if (shownAt === null) return;
    const timer = window.setTimeout(() => setShowText(true), TIMINGS.splashInitializingText);
    return () => window.clearTimeout(timer);
  }, [shownAt]);

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
