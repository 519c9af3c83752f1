import { useTranslation } from 'react-i18next';
import { useFeaturedCollections } from '../api/featured-collections';
import { CollectionCard } from './collection-card';

/** The home page's "Featured collections": public ones the librarians chose; nothing at all when there are none. */
export function FeaturedCollections() {
  const { t } = useTranslation();
  const featured = useFeaturedCollections();
  const items = featured.data?.items ?? [];
  if (items.length === 0) return null;
  return (
    <section aria-labelledby="featured-collections" className="flex flex-col gap-4" data-testid="featured-collections">
      <div className="flex flex-col gap-1">
        <h2 id="featured-collections" className="font-display text-2xl font-bold">
          {t('collections.featured.title')}
        </h2>
        <p className="text-muted">{t('collections.featured.subtitle')}</p>
      </div>
      <ul className="grid grid-cols-1 gap-4 sm:grid-cols-2 lg:grid-cols-3">
        {items.map((collection) => (
          <li key={collection.id}>
            <CollectionCard collection={collection} showOwner showVisibility={false} />
          </li>
        ))}
      </ul>
    </section>
  );
}
