import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

/**
 * The 'Loading...' fallback shown while a page's code or data loads. `children` go under it: the
 * guard waiting for auth puts its 'Stuck? Click here to reset' link there.
 */
export function PageLoading({ fullScreen = false, children }: { fullScreen?: boolean; children?: ReactNode }) {
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
      {children}
    </div>
  );
}
