import { SearchX } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ApiError } from '../lib/api-client';
import { Alert } from './ui/alert';
import { Button, buttonClass } from './ui/button';

export const isNotFound = (error: unknown) => error instanceof ApiError && error.code === 'NOT_FOUND';

/**
 * A record that does not exist (or is not visible): say so, and offer a way on — home by default,
 * or `back` (the category guide's page leads back to the guide) — and the search.
 */
export function NotFoundState({
  titleKey,
  descriptionKey,
  back = { to: '/', labelKey: 'errors.goHome' },
}: {
  titleKey: string;
  descriptionKey: string;
  back?: { to: string; labelKey: string };
}) {
  const { t } = useTranslation();
  return (
    <div className="mx-auto flex max-w-xl flex-col items-center gap-4 px-4 py-16 text-center" data-testid="not-found">
      <SearchX aria-hidden className="size-12 text-muted" />
      <h1 className="font-display text-2xl font-bold">{t(titleKey)}</h1>
      <p className="text-muted">{t(descriptionKey)}</p>
      <div className="flex flex-wrap justify-center gap-3">
        <Link to={back.to} className={buttonClass('primary')}>
          {t(back.labelKey)}
        </Link>
        <Link to="/search" className={buttonClass('secondary')}>
          {t('errors.searchLibrary')}
        </Link>
      </div>
    </div>
  );
}

/** Any other failure loading a page's data: the reason in the reader's language and a retry. */
export function LoadErrorState({
  error,
  onRetry,
  titleKey = 'catalogue.loadError',
  className = 'px-4 py-12',
}: {
  error: unknown;
  onRetry: () => void;
  titleKey?: string;
  className?: string;
}) {
  const { t } = useTranslation();
  const code = error instanceof ApiError ? error.code : 'UNKNOWN';
  return (
    <div className={`mx-auto w-full max-w-xl ${className}`}>
      <Alert
        variant="destructive"
        title={t(titleKey)}
        action={
          <Button variant="secondary" onClick={onRetry}>
            {t('common.retry')}
          </Button>
        }
      >
        {t(`errors.codes.${code}`)}
      </Alert>
    </div>
  );
}
