import { TIMINGS } from '@maktaba/shared/constants';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { startRecovery, useRecoveryStore } from '../hooks/use-recovery';

/**
 * 'Stuck? Click here to reset' (accounts-and-auth §2), offered once auth loading has lasted 5 s;
 * after a click, 'Reloading in 3...' counts down to the reload.
 */
export function RecoveryLink() {
  const { t } = useTranslation();
  const reloadIn = useRecoveryStore((state) => state.reloadIn);
  const [isOffered, setOffered] = useState(false);

  useEffect(() => {
    const timer = window.setTimeout(() => setOffered(true), TIMINGS.recoveryLinkAfter);
    return () => window.clearTimeout(timer);
  }, []);

  if (reloadIn !== null) {
    return (
      <p className="text-sm text-muted" aria-live="assertive">
        {t('auth.lifecycle.reloadingIn', { seconds: reloadIn })}
      </p>
    );
  }
  if (!isOffered) return null;
  return (
    <button
      type="button"
      className="inline-flex min-h-11 items-center rounded-app px-2 py-1 text-sm text-primary underline underline-offset-4 hover:no-underline"
      onClick={() => startRecovery()}
    >
      {t('auth.lifecycle.stuck')}
    </button>
  );
}
