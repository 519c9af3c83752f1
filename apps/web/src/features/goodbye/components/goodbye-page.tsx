import { Home } from 'lucide-react';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { buttonClass } from '../../../components/ui/button';
import { scheduleFlagsClear, useAuthStore } from '../../../lib/auth/use-auth';

/** Where a reader lands after deleting their own account: signed out, with a way back to the library. */
export function GoodbyePage() {
  const { t } = useTranslation();
  // Arriving from the deletion, the sign-out is over once this page shows (the settings page,
  // covered meanwhile, is gone).
  useEffect(() => {
    if (useAuthStore.getState().isLoggingOut) scheduleFlagsClear(0);
  }, []);
  return (
    <div className="mx-auto flex max-w-xl flex-col items-start gap-4 px-4 py-12">
      <h1 className="font-display text-3xl font-bold">{t('goodbye.title')}</h1>
      <p className="text-base">{t('goodbye.body')}</p>
      <p className="text-sm text-muted">{t('goodbye.kept')}</p>
      <Link to="/" className={buttonClass('primary', 'inline-flex items-center gap-2')}>
        <Home aria-hidden className="size-4" />
        {t('goodbye.home')}
      </Link>
    </div>
  );
}
