import { COLLECTIONS_PER_READER_MAX } from '@maktaba/shared/schemas/collections';
import { Plus, Search } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { Alert } from '../../../components/ui/alert';
import { Button, buttonClass } from '../../../components/ui/button';
import { Skeleton } from '../../../components/ui/skeleton';
import { formatNumber } from '../../../lib/format';
import { usePageLanguage } from '../../../lib/hooks/use-page-language';
import { useMyCollections } from '../api/get-my-collections';
import { collectionErrorText } from '../lib/collection-errors';
import { CollectionCard } from './collection-card';
import { CollectionFormDialog } from './collection-form-dialog';

/** /collections: the reader's collections as a grid, "New collection", and what to do when there are none. */
export function MyCollectionsPage() {
  const { t } = useTranslation();
  const language = usePageLanguage();
  const navigate = useNavigate();
  const collections = useMyCollections();
  const [creating, setCreating] = useState(false);
  const count = collections.data?.items.length ?? 0;
  const isFull = count >= COLLECTIONS_PER_READER_MAX;
  const number = (value: number) => formatNumber(value, language);

  return (
    <div className="mx-auto flex max-w-6xl flex-col gap-6 px-4 py-8 sm:py-10">
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div className="flex flex-col gap-1">
          <h1 className="font-display text-3xl font-bold">{t('collections.mine.title')}</h1>
          <p className="max-w-2xl text-muted">{t('collections.mine.description')}</p>
        </div>
        <Button onClick={() => setCreating(true)} disabled={isFull} data-testid="new-collection">
          <Plus aria-hidden className="size-4" />
          {t('collections.mine.new')}
        </Button>
      </div>
      {collections.isSuccess && count > 0 ? (
        <p className="text-sm text-muted" data-testid="collections-usage">
          {t('collections.mine.usage', { used: number(count), max: number(COLLECTIONS_PER_READER_MAX) })}
        </p>
      ) : null}
      {isFull ? (
        <Alert title={t('errors.codes.COLLECTION_LIMIT_REACHED', { max: number(COLLECTIONS_PER_READER_MAX) })} />
      ) : null}
      {collections.isPending ? (
        <div className="grid grid-cols-1 gap-4 sm:grid-cols-2 lg:grid-cols-3">
          <p role="status" className="sr-only">
            {t('common.loading')}
          </p>
          {[0, 1, 2].map((item) => (
            <Skeleton key={item} className="aspect-[4/3] w-full" />
          ))}
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
      ) : count === 0 ? (
        <div className="flex flex-col items-start gap-3 rounded-app border border-dashed border-border p-6">
          <p className="font-semibold">{t('collections.mine.emptyTitle')}</p>
          <p className="max-w-2xl text-muted">{t('collections.mine.emptyDescription')}</p>
          <div className="flex flex-wrap gap-2">
            <Button onClick={() => setCreating(true)}>
              <Plus aria-hidden className="size-4" />
              {t('collections.mine.new')}
            </Button>
            <Link to="/search" className={buttonClass('secondary')}>
              <Search aria-hidden className="size-4" />
              {t('collections.mine.findBooks')}
            </Link>
          </div>
        </div>
      ) : (
        <ul className="grid grid-cols-1 gap-4 sm:grid-cols-2 lg:grid-cols-3" data-testid="my-collections">
          {collections.data.items.map((collection) => (
            <li key={collection.id}>
              <CollectionCard collection={collection} />
            </li>
          ))}
        </ul>
      )}
      <CollectionFormDialog
        open={creating}
        onOpenChange={setCreating}
        onSaved={(collection) => void navigate(`/collections/${collection.id}`)}
      />
    </div>
  );
}
