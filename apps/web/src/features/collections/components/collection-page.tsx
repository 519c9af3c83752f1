import { Compass } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { Alert } from '../../../components/ui/alert';
import { Button, buttonClass } from '../../../components/ui/button';
import { Skeleton } from '../../../components/ui/skeleton';
import { ApiError } from '../../../lib/api-client';
import { usePageLanguage } from '../../../lib/hooks/use-page-language';
import { usePageTitle } from '../../../lib/page-title';
import { useCollection } from '../api/get-collection';
import { collectionErrorText } from '../lib/collection-errors';
import { collectionTitleText } from '../lib/collection-text';
import { CollectionBookList } from './collection-book-list';
import { CollectionHeader } from './collection-header';

/**
 * /collections/{id}: a collection's page, open to visitors when it is public. Its owner switches
 * to editing: the details, a note per book, removing books and putting them in order (by dragging,
 * or with Move up / Move down from the keyboard). A private or missing one is not found.
 */
export function CollectionPage() {
  const { collectionId = '' } = useParams();
  const { t } = useTranslation();
  const language = usePageLanguage();
  const collection = useCollection(collectionId);
  const [isEditing, setEditing] = useState(false);
  usePageTitle(collection.data ? collectionTitleText(collection.data, language, t('collections.untitled')) : null);

  if (collection.isPending) {
    return (
      <div className="mx-auto flex max-w-4xl flex-col gap-4 px-4 py-8">
        <p role="status" className="sr-only">
          {t('common.loading')}
        </p>
        <Skeleton className="h-10 w-2/3" />
        <Skeleton className="h-5 w-1/2" />
        <Skeleton className="h-28 w-full" />
        <Skeleton className="h-28 w-full" />
      </div>
    );
  }
  if (collection.isError) {
    const error = collection.error;
    if (error instanceof ApiError && (error.status === 404 || error.status === 422)) return <CollectionNotFound />;
    return (
      <div className="mx-auto max-w-4xl px-4 py-8">
        <Alert
          variant="destructive"
          title={collectionErrorText(t, error, language)}
          action={
            <Button variant="secondary" onClick={() => void collection.refetch()}>
              {t('common.retry')}
            </Button>
          }
        />
      </div>
    );
  }
  const data = collection.data;
  return (
    <div className="mx-auto flex max-w-4xl flex-col gap-8 px-4 py-8 sm:py-10">
      <CollectionHeader collection={data} isEditing={isEditing} onEditingChange={setEditing} />
      <CollectionBookList collection={data} isEditing={isEditing && data.can_edit} />
    </div>
  );
}

function CollectionNotFound() {
  const { t } = useTranslation();
  return (
    <div className="mx-auto flex max-w-2xl flex-col items-start gap-4 px-4 py-12" data-testid="collection-not-found">
      <h1 className="font-display text-3xl font-bold">{t('collections.page.notFoundTitle')}</h1>
      <p className="text-muted">{t('collections.page.notFoundDescription')}</p>
      <Link to="/" className={buttonClass('primary')}>
        <Compass aria-hidden className="size-4" />
        {t('collections.page.browse')}
      </Link>
    </div>
  );
}
