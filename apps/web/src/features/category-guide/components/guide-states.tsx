import { SearchX } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Alert } from '../../../components/ui/alert';
import { Button, buttonClass } from '../../../components/ui/button';
import { ApiError } from '../../../lib/api-client';

export const isNotFound = (error: unknown) => error instanceof ApiError && error.code === 'NOT_FOUND';

/** A category key that names no category: say so, and offer the guide and the search. */
export function CategoryNotFound() {
  const { t } = useTranslation();
  return (
    <div className="mx-auto flex max-w-xl flex-col items-center gap-4 px-4 py-16 text-center" data-testid="not-found">
      <SearchX aria-hidden className="size-12 text-muted" />
      <h1 className="font-display text-2xl font-bold">{t('categoryGuide.notFound.title')}</h1>
      <p className="text-muted">{t('categoryGuide.notFound.description')}</p>
      <div className="flex flex-wrap justify-center gap-3">
        <Link to="/category-guide" className={buttonClass('primary')}>
          {t('categoryGuide.backToGuide')}
        </Link>
        <Link to="/search" className={buttonClass('secondary')}>
          {t('categoryGuide.searchLibrary')}
        </Link>
      </div>
    </div>
  );
}

/** Any other failure loading the guide: the reason in the reader's language and a retry. */
export function GuideLoadError({ error, onRetry }: { error: unknown; onRetry: () => void }) {
  const { t } = useTranslation();
  const code = error instanceof ApiError ? error.code : 'UNKNOWN';
  return (
    <div className="mx-auto w-full max-w-xl py-6">
      <Alert
        variant="destructive"
        title={t('categoryGuide.loadError')}
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
