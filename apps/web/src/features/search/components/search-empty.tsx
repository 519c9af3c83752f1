import { SearchX } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button';

/** No hits: say so, and suggest what might find something. */
export function SearchEmpty({
  hasFilters,
  hasType,
  onClearFilters,
  onSearchEverywhere,
}: {
  hasFilters: boolean;
  hasType: boolean;
  onClearFilters: () => void;
  onSearchEverywhere: () => void;
}) {
  const { t } = useTranslation();
  return (
    <div
      className="flex flex-col items-center gap-4 rounded-app border border-dashed border-border px-4 py-10 text-center"
      data-testid="search-empty"
    >
      <SearchX aria-hidden className="size-12 text-muted" />
      <h2 className="font-display text-xl font-bold">{t('search.empty.title')}</h2>
      <div className="flex max-w-md flex-col gap-2 text-sm text-muted">
        <p>{t('search.empty.intro')}</p>
        <ul className="list-disc ps-5 text-start">
          <li>{t('search.empty.spelling')}</li>
          <li>{t('search.empty.fewerWords')}</li>
        </ul>
      </div>
      <div className="flex flex-wrap justify-center gap-3">
        {hasFilters ? (
          <Button variant="primary" onClick={onClearFilters}>
            {t('search.empty.clearFilters')}
          </Button>
        ) : null}
        {hasType ? (
          <Button variant="secondary" onClick={onSearchEverywhere}>
            {t('search.empty.searchEverywhere')}
          </Button>
        ) : null}
      </div>
    </div>
  );
}
