import type { CollectionSummary } from '@maktaba/shared/schemas/collections';
import { Globe, Lock, Star } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { formatNumber } from '../../../lib/format';
import { usePageLanguage } from '../../../lib/hooks/use-page-language';
import { collectionTitles } from '../lib/collection-text';
import { CoverMosaic } from './cover-mosaic';

/**
 * A collection in a grid: its covers, its title in the reader's language with the other one
 * under it, how many books, and whether it is public. `showOwner` names who made it (home page).
 */
export function CollectionCard({
  collection,
  showOwner = false,
  showVisibility = true,
}: {
  collection: CollectionSummary;
  showOwner?: boolean;
  showVisibility?: boolean;
}) {
  const { t } = useTranslation();
  const language = usePageLanguage();
  const { title, secondary } = collectionTitles(collection, language);
  const Visibility = collection.is_public ? Globe : Lock;
  return (
    <Link
      to={`/collections/${collection.id}`}
      data-testid="collection-card"
      className="group flex h-full flex-col gap-3 rounded-app border border-border bg-surface p-3 transition hover:border-primary"
    >
      <CoverMosaic covers={collection.covers} />
      <div className="flex min-w-0 flex-col gap-1">
        <span
          lang={title?.lang}
          dir="auto"
          className="line-clamp-2 font-semibold leading-snug group-hover:text-primary"
          data-testid="collection-title"
        >
          {title?.text ?? t('collections.untitled')}
        </span>
        {secondary ? (
          <span lang={secondary.lang} dir="auto" className="line-clamp-1 text-sm text-muted">
            {secondary.text}
          </span>
        ) : null}
        {showOwner && collection.owner.display_name ? (
          <span className="line-clamp-1 text-sm text-muted">
            {t('collections.byOwner')} <bdi>{collection.owner.display_name}</bdi>
          </span>
        ) : null}
        <span className="mt-1 flex flex-wrap items-center gap-2 text-xs text-muted">
          <span data-testid="collection-count">
            {t('collections.count', {
              count: collection.book_count,
              formatted: formatNumber(collection.book_count, language),
            })}
          </span>
          {showVisibility ? (
            <span className="inline-flex items-center gap-1 rounded-full border border-border px-2 py-0.5">
              <Visibility aria-hidden className="size-3.5" />
              {t(collection.is_public ? 'collections.visibility.public' : 'collections.visibility.private')}
            </span>
          ) : null}
          {showVisibility && collection.featured ? (
            <span className="inline-flex items-center gap-1 rounded-full bg-primary-soft px-2 py-0.5 text-primary">
              <Star aria-hidden className="size-3.5" />
              {t('collections.featuredBadge')}
            </span>
          ) : null}
        </span>
      </div>
    </Link>
  );
}
