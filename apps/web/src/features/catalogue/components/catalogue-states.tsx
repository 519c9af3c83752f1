import { SearchX } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Alert } from '../../../components/ui/alert';
import { Button, buttonClass } from '../../../components/ui/button';
import { ApiError } from '../../../lib/api-client';

export const isNotFound = (error: unknown) => error instanceof ApiError && error.code === 'NOT_FOUND';

/** A book, author or scholar that does not exist (or is not visible): say so, and offer a way on. */
export function NotFoundState({ titleKey, descriptionKey }: { titleKey: string; descriptionKey: string }) {
  const { t } = useTranslation();
  return (
    <div className="mx-auto flex max-w-xl flex-col items-center gap-4 px-4 py-16 text-center" data-testid="not-found">
      <SearchX aria-hidden className="size-12 text-muted" />
      <h1 className="font-display text-2xl font-bold">{t(titleKey)}</h1>
      <p className="text-muted">{t(descriptionKey)}</p>
      <div className="flex flex-wrap justify-center gap-3">
        <Link to="/" className={buttonClass('primary')}>
          {t('errors.goHome')}
        </Link>
        <Link to="/search" className={buttonClass('secondary')}>
          {t('errors.searchLibrary')}
        </Link>
      </div>
    </div>
  );
}

/** Any other failure loading a page's data: the reason in the reader's language and a retry. */
export function LoadErrorState({ error, onRetry }: { error: unknown; onRetry: () => void }) {
  const { t } = useTranslation();
  const code = error instanceof ApiError ? error.code : 'UNKNOWN';
  return (
    <div className="mx-auto max-w-xl px-4 py-12">
      <Alert
        variant="destructive"
        title={t('catalogue.loadError')}
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
