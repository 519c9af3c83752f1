import { ArrowRight, Plus } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Alert } from '../../../components/ui/alert';
import { Button, buttonClass } from '../../../components/ui/button';
import { Skeleton } from '../../../components/ui/skeleton';
import { usePageLanguage } from '../../../lib/hooks/use-page-language';
import { useMyCollections } from '../api/get-my-collections';
import { collectionErrorText } from '../lib/collection-errors';
import { CollectionCard } from './collection-card';

const SHOWN = 6;

/** My Imam's "My collections": the six most recently updated, and the way to all of them. */
export function MyImamCollections() {
  const { t } = useTranslation();
  const language = usePageLanguage();
  const collections = useMyCollections();
  const items = collections.data?.items ?? [];
  return (
    <section aria-labelledby="my-imam-collections" className="flex flex-col gap-4">
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h2 id="my-imam-collections" className="font-display text-2xl font-bold">
          {t('collections.mine.title')}
        </h2>
        {items.length > 0 ? (
          <Link
            to="/collections"
            className="inline-flex min-h-11 items-center gap-1 font-semibold text-primary hover:underline"
          >
            {t('collections.myImam.viewAll')}
            <ArrowRight aria-hidden className="flip-rtl size-4" />
          </Link>
        ) : null}
      </div>
      {collections.isPending ? (
        <div className="grid grid-cols-1 gap-4 sm:grid-cols-2 lg:grid-cols-3">
          <p role="status" className="sr-only">
            {t('common.loading')}
          </p>
          <Skeleton className="aspect-[4/3] w-full" />
          <Skeleton className="aspect-[4/3] w-full" />
        </div>
      ) : collections.isError ? (
        <Alert
          variant="destructive"
          title={collectionErrorText(t, collections.error, language)}
          action={
            <Button variant="secondary" onClick={() => void collections.refetch()}>
              {t('common.retry')}
            </Button>
          }
        />
      ) : items.length === 0 ? (
        <div className="flex flex-col items-start gap-3 rounded-app border border-dashed border-border p-6">
          <p className="font-semibold">{t('collections.mine.emptyTitle')}</p>
          <p className="text-muted">{t('collections.mine.emptyDescription')}</p>
          <Link to="/collections" className={buttonClass('secondary')}>
            <Plus aria-hidden className="size-4" />
            {t('collections.mine.new')}
          </Link>
        </div>
      ) : (
        <ul className="grid grid-cols-1 gap-4 sm:grid-cols-2 lg:grid-cols-3" data-testid="my-imam-collections">
          {items.slice(0, SHOWN).map((collection) => (
            <li key={collection.id}>
              <CollectionCard collection={collection} />
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
