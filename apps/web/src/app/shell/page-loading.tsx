import { useTranslation } from 'react-i18next';
import { RecoveryLink } from '../../features/auth/components/recovery-link';

/**
 * The 'Loading...' fallback shown while a page's code or data loads. With `recovery` (the guard
 * waiting for auth), 'Stuck? Click here to reset' appears after 5 s.
 */
export function PageLoading({ fullScreen = false, recovery = false }: { fullScreen?: boolean; recovery?: boolean }) {
  const { t } = useTranslation();
  return (
    <div
      className={
        fullScreen
          ? 'flex min-h-dvh flex-col items-center justify-center gap-3 text-muted'
          : 'flex flex-col items-center gap-3 p-8 text-center text-muted'
      }
    >
      <p role="status" aria-live="polite">
        {t('common.loading')}
      </p>
      {recovery ? <RecoveryLink /> : null}
    </div>
  );
}
