import type { CollectionSummary } from '@maktaba/shared/schemas/collections';
import { Globe, Lock, Star, StarOff, Trash2 } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { toast } from 'sonner';
import { Button } from '../../../components/ui/button';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { formatDate, formatNumber } from '../../../lib/format';
import { usePageLanguage } from '../../../lib/hooks/use-page-language';
import { useDeleteCollection } from '../api/delete-collection';
import { useSetCollectionFeatured } from '../api/featured-collections';
import { collectionErrorText } from '../lib/collection-errors';
import { collectionTitles, collectionTitleText } from '../lib/collection-text';
import { CoverMosaic } from './cover-mosaic';

/** One reader's collection in the librarians' list, with feature / unfeature (public ones) and delete (admins). */
export function StaffCollectionRow({ collection, canDelete }: { collection: CollectionSummary; canDelete: boolean }) {
  const { t } = useTranslation();
  const language = usePageLanguage();
  const featured = useSetCollectionFeatured();
  const remove = useDeleteCollection();
  const [isDeleting, setDeleting] = useState(false);
  const { title, secondary } = collectionTitles(collection, language);
  const plainTitle = collectionTitleText(collection, language, t('collections.untitled'));
  const Visibility = collection.is_public ? Globe : Lock;

  // Told through the promises, not mutate's callbacks: those are dropped once this row is gone,
  // and the answer may take it out of the list (deleted, or no longer featured under "Featured only").
  const onFeature = () =>
    featured.mutateAsync({ id: collection.id, featured: !collection.featured }).then(
      () => toast.success(t(collection.featured ? 'collections.page.unfeatured' : 'collections.page.featured')),
      (error: unknown) => toast.error(collectionErrorText(t, error, language)),
    );
  // A refusal shows in the dialog, from the mutation's state.
  const onDelete = () =>
    remove.mutateAsync(collection.id).then(
      () => {
        setDeleting(false);
        toast.success(t('collections.page.deleted'));
      },
      () => undefined,
    );

  return (
    <li
      className="flex flex-col gap-3 rounded-app border border-border bg-surface p-3 sm:flex-row sm:items-center"
      data-testid="staff-collection"
    >
      <CoverMosaic covers={collection.covers} className="w-full shrink-0 sm:w-36" />
      <div className="flex min-w-0 flex-1 flex-col gap-1">
        <Link
          to={`/collections/${collection.id}`}
          lang={title?.lang}
          dir="auto"
          className="font-semibold break-words hover:text-primary hover:underline"
        >
          {title?.text ?? t('collections.untitled')}
        </Link>
        {secondary ? (
          <span lang={secondary.lang} dir="auto" className="text-sm text-muted">
            {secondary.text}
          </span>
        ) : null}
        <span className="flex flex-wrap items-center gap-x-3 gap-y-1 text-sm text-muted">
          <span>
            {t('collections.byOwner')} <bdi className="text-fg">{collection.owner.display_name ?? '—'}</bdi>
          </span>
          <span>
            {t('collections.count', {
              count: collection.book_count,
              formatted: formatNumber(collection.book_count, language),
            })}
          </span>
          <span>{t('collections.page.updated', { date: formatDate(collection.updated_at, language) })}</span>
          <span className="inline-flex items-center gap-1">
            <Visibility aria-hidden className="size-3.5" />
            {t(collection.is_public ? 'collections.visibility.public' : 'collections.visibility.private')}
          </span>
          {collection.featured ? (
            <span className="inline-flex items-center gap-1 text-primary">
              <Star aria-hidden className="size-3.5" />
              {t('collections.featuredBadge')}
            </span>
          ) : null}
        </span>
      </div>
      <div className="flex shrink-0 flex-wrap gap-2">
        {collection.is_public ? (
          <Button
            variant="secondary"
            onClick={onFeature}
            disabled={featured.isPending}
            aria-label={t(collection.featured ? 'collections.staff.unfeatureFor' : 'collections.staff.featureFor', {
              title: plainTitle,
            })}
          >
            {collection.featured ? <StarOff aria-hidden className="size-4" /> : <Star aria-hidden className="size-4" />}
            {t(collection.featured ? 'collections.staff.unfeature' : 'collections.staff.feature')}
          </Button>
        ) : null}
        {canDelete ? (
          <Button
            variant="ghost"
            className="text-danger"
            onClick={() => setDeleting(true)}
            aria-label={t('collections.staff.deleteFor', { title: plainTitle })}
          >
            <Trash2 aria-hidden className="size-4" />
            {t('collections.staff.delete')}
          </Button>
        ) : null}
      </div>
      <ConfirmDialog
        open={isDeleting}
        onOpenChange={(open) => {
          setDeleting(open);
          if (!open) remove.reset();
        }}
        title={t('collections.page.deleteTitle')}
        description={t('collections.page.deleteDescription', { title: plainTitle })}
        confirmLabel={t('collections.page.delete')}
        cancelLabel={t('collections.form.cancel')}
        isPending={remove.isPending}
        error={remove.isError ? collectionErrorText(t, remove.error, language) : null}
        onConfirm={onDelete}
      />
    </li>
  );
}
