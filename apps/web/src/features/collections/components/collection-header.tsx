import { can } from '@maktaba/shared/permissions';
import type { Collection } from '@maktaba/shared/schemas/collections';
import { Check, Globe, Lock, Pencil, Settings2, Star, StarOff, Trash2 } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { toast } from 'sonner';
import { Button } from '../../../components/ui/button';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { useAuthStore } from '../../../lib/auth/use-auth';
import { formatDate, formatNumber } from '../../../lib/format';
import { usePageLanguage } from '../../../lib/hooks/use-page-language';
import { useDeleteCollection } from '../api/delete-collection';
import { useSetCollectionFeatured } from '../api/featured-collections';
import { collectionErrorText } from '../lib/collection-errors';
import { collectionDescriptions, collectionTitles, collectionTitleText } from '../lib/collection-text';
import { CollectionFormDialog } from './collection-form-dialog';
import { ShareButtons } from './share-buttons';

type Props = { collection: Collection; isEditing: boolean; onEditingChange: (editing: boolean) => void };

/** A collection's titles and descriptions (each marked with its language), who made it, and what the viewer may do. */
export function CollectionHeader({ collection, isEditing, onEditingChange }: Props) {
  const { t } = useTranslation();
  const language = usePageLanguage();
  const role = useAuthStore((state) => state.role);
  const navigate = useNavigate();
  const [isFormOpen, setFormOpen] = useState(false);
  const [isDeleting, setDeleting] = useState(false);
  const featured = useSetCollectionFeatured();
  const remove = useDeleteCollection();
  const { title, secondary } = collectionTitles(collection, language);
  const descriptions = collectionDescriptions(collection, language);
  const plainTitle = collectionTitleText(collection, language, t('collections.untitled'));
  const canFeature = can(role, 'collections.view_all') && collection.is_public;
  const canDelete = collection.can_edit || can(role, 'collections.delete');
  const Visibility = collection.is_public ? Globe : Lock;

  const onFeature = () =>
    featured.mutate(
      { id: collection.id, featured: !collection.featured },
      {
        onSuccess: () =>
          toast.success(t(collection.featured ? 'collections.page.unfeatured' : 'collections.page.featured')),
        onError: (error) => toast.error(collectionErrorText(t, error, language)),
      },
    );
  const onDelete = () =>
    remove.mutate(collection.id, {
      onSuccess: () => {
        toast.success(t('collections.page.deleted'));
        void navigate(collection.can_edit ? '/collections' : '/library/collections');
      },
    });

  return (
    <header className="flex flex-col gap-4">
      <div className="flex flex-col gap-1">
        <h1 lang={title?.lang} dir="auto" className="font-display text-3xl font-bold break-words sm:text-4xl">
          {title?.text ?? t('collections.untitled')}
        </h1>
        {secondary ? (
          <p lang={secondary.lang} dir="auto" className="text-xl text-muted break-words">
            {secondary.text}
          </p>
        ) : null}
      </div>
      <p className="flex flex-wrap items-center gap-x-3 gap-y-1 text-sm text-muted">
        {collection.owner.display_name ? (
          <span>
            {t('collections.byOwner')} <bdi className="font-semibold text-fg">{collection.owner.display_name}</bdi>
          </span>
        ) : null}
        <span data-testid="collection-book-count">
          {t('collections.count', {
            count: collection.book_count,
            formatted: formatNumber(collection.book_count, language),
          })}
        </span>
        <span>{t('collections.page.updated', { date: formatDate(collection.updated_at, language) })}</span>
        <span className="inline-flex items-center gap-1 rounded-full border border-border px-2 py-0.5 text-xs">
          <Visibility aria-hidden className="size-3.5" />
          {t(collection.is_public ? 'collections.visibility.public' : 'collections.visibility.private')}
        </span>
        {collection.featured ? (
          <span className="inline-flex items-center gap-1 rounded-full bg-primary-soft px-2 py-0.5 text-xs text-primary">
            <Star aria-hidden className="size-3.5" />
            {t('collections.featuredBadge')}
          </span>
        ) : null}
      </p>
      {descriptions.description ? (
        <div className="flex flex-col gap-2">
          <p lang={descriptions.description.lang} dir="auto" className="whitespace-pre-line break-words">
            {descriptions.description.text}
          </p>
          {descriptions.secondary ? (
            <p lang={descriptions.secondary.lang} dir="auto" className="whitespace-pre-line break-words text-muted">
              {descriptions.secondary.text}
            </p>
          ) : null}
        </div>
      ) : null}
      {collection.is_public ? null : (
        <p className="rounded-app border border-border bg-surface-2 p-3 text-sm">
          {t(collection.can_edit ? 'collections.page.privateOwner' : 'collections.page.privateStaff')}
        </p>
      )}
      <div className="flex flex-wrap gap-2">
        {collection.is_public ? <ShareButtons title={plainTitle} /> : null}
        {collection.can_edit ? (
          <Button
            variant={isEditing ? 'primary' : 'secondary'}
            aria-pressed={isEditing}
            onClick={() => onEditingChange(!isEditing)}
            data-testid="collection-edit-toggle"
          >
            {isEditing ? <Check aria-hidden className="size-4" /> : <Pencil aria-hidden className="size-4" />}
            {t(isEditing ? 'collections.page.doneEditing' : 'collections.page.edit')}
          </Button>
        ) : null}
        {collection.can_edit && isEditing ? (
          <Button variant="secondary" onClick={() => setFormOpen(true)}>
            <Settings2 aria-hidden className="size-4" />
            {t('collections.page.editDetails')}
          </Button>
        ) : null}
        {canFeature ? (
          <Button
            variant="secondary"
            onClick={onFeature}
            disabled={featured.isPending}
            data-testid="collection-feature"
          >
            {collection.featured ? <StarOff aria-hidden className="size-4" /> : <Star aria-hidden className="size-4" />}
            {t(collection.featured ? 'collections.page.unfeature' : 'collections.page.feature')}
          </Button>
        ) : null}
        {canDelete && (isEditing || !collection.can_edit) ? (
          <Button variant="ghost" className="text-danger" onClick={() => setDeleting(true)}>
            <Trash2 aria-hidden className="size-4" />
            {t('collections.page.delete')}
          </Button>
        ) : null}
      </div>
      {collection.can_edit ? (
        <CollectionFormDialog open={isFormOpen} onOpenChange={setFormOpen} collection={collection} />
      ) : null}
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
    </header>
  );
}
