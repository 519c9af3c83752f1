import { TIMINGS } from '@maktaba/shared/constants';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Logo } from './logo';

/**
 * Full-screen splash: the logo at once, 'Initializing' after 800 ms, and never shorter than
 * 800 ms each time it is shown (start-up, sign-in, logout), so it does not flash.
 */
export function Splash({ busy }: { busy: boolean }) {
  const { t } = useTranslation();
  // When the current showing began; null while hidden.
  const [shownAt, setShownAt] = useState<number | null>(() => Date.now());
  const [showText, setShowText] = useState(false);

  useEffect(() => {
    if (busy) {
      setShownAt((current) => current ?? Date.now());
      return;
    }
    if (shownAt === null) return;
    const remaining = Math.max(0, TIMINGS.splashMin - (Date.now() - shownAt));
    const timer = window.setTimeout(() => setShownAt(null), remaining);
    return () => window.clearTimeout(timer);
  }, [busy, shownAt]);

  useEffect(() => {
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
    </div>
  );
}
