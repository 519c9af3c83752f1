import { useTranslation } from 'react-i18next';

/** The 'Loading...' fallback shown while a page's code or data loads. */
export function PageLoading({ fullScreen = false }: { fullScreen?: boolean }) {
  const { t } = useTranslation();
  return (
    <div
      role="status"
      aria-live="polite"
      className={fullScreen ? 'flex min-h-dvh items-center justify-center text-muted' : 'p-8 text-center text-muted'}
    >
      {t('common.loading')}
    </div>
  );
}
