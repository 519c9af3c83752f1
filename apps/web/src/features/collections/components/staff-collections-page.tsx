import { can } from '@maktaba/shared/permissions';
import { COLLECTION_VISIBILITIES, type CollectionVisibility } from '@maktaba/shared/schemas/collections';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Pagination } from '../../../components/pagination';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { inputClass } from '../../../components/ui/form-field';
import { Skeleton } from '../../../components/ui/skeleton';
import { useAuthStore } from '../../../lib/auth/use-auth';
import { formatNumber } from '../../../lib/format';
import { usePageLanguage } from '../../../lib/hooks/use-page-language';
import { useSearchParamsPatch } from '../../../lib/hooks/use-search-params-patch';
import { pageCount, parsePage } from '../../../lib/paging';
import { STAFF_PAGE_SIZE, useStaffCollections } from '../api/list-collections';
import { collectionErrorText } from '../lib/collection-errors';
import { StaffCollectionRow } from './staff-collection-row';

const SEARCH_DELAY_MS = 300;

const visibilityOf = (value: string | null): CollectionVisibility =>
  COLLECTION_VISIBILITIES.includes(value as CollectionVisibility) ? (value as CollectionVisibility) : 'all';

/** /library/collections: every reader's collections, searched and filtered, featured or deleted from here. */
export function StaffCollectionsPage() {
  const { t } = useTranslation();
  const language = usePageLanguage();
  const role = useAuthStore((state) => state.role);
  const [params, update] = useSearchParamsPatch();
  const q = params.get('q') ?? '';
  const visibility = visibilityOf(params.get('visibility'));
  const featured = params.get('featured') === 'true';
  const page = parsePage(params.get('page'));
  const list = useStaffCollections({ q, visibility, featured, page });
  const [search, setSearch] = useState(q);
  const number = (value: number) => formatNumber(value, language);

  // The search waits for the typing to stop before it changes the address (and the query).
  useEffect(() => {
    const trimmed = search.trim();
    if (trimmed === q) return;
    const timer = setTimeout(() => update({ q: trimmed || null, page: null }), SEARCH_DELAY_MS);
    return () => clearTimeout(timer);
  });

  const pages = list.data ? pageCount(list.data.total, STAFF_PAGE_SIZE) : 1;
  return (
    <div className="mx-auto max-w-5xl px-4 py-8 sm:py-10">
      <h1 className="font-display text-3xl font-bold">{t('collections.staff.title')}</h1>
      <p className="mt-1 text-muted">{t('collections.staff.description')}</p>
      <div className="mt-6 flex flex-wrap items-end gap-3">
        <div className="flex min-w-0 flex-1 basis-60 flex-col gap-1">
          <label htmlFor="collections-search" className="text-sm font-semibold">
            {t('collections.staff.search')}
          </label>
          <input
            id="collections-search"
            type="search"
            dir="auto"
            value={search}
            onChange={(event) => setSearch(event.target.value)}
            className={inputClass(false)}
          />
        </div>
        <div className="flex flex-col gap-1">
          <label htmlFor="collections-visibility" className="text-sm font-semibold">
            {t('collections.staff.visibility')}
          </label>
          <select
            id="collections-visibility"
            value={visibility}
            onChange={(event) =>
              update({ visibility: event.target.value === 'all' ? null : event.target.value, page: null })
            }
            className="min-h-11 rounded-app border border-border bg-surface px-3"
          >
            {COLLECTION_VISIBILITIES.map((value) => (
              <option key={value} value={value}>
                {t(`collections.staff.visibilities.${value}`)}
              </option>
            ))}
          </select>
        </div>
        <label className="flex min-h-11 items-center gap-2 text-sm font-semibold">
          <input
            type="checkbox"
            checked={featured}
            onChange={(event) => update({ featured: event.target.checked ? 'true' : null, page: null })}
            className="size-5 accent-primary"
          />
          {t('collections.staff.featuredOnly')}
        </label>
      </div>
      <div className="mt-6 flex flex-col gap-4">
        {list.isError ? (
          <Alert
            variant="destructive"
            title={collectionErrorText(t, list.error, language)}
            action={
              <Button variant="secondary" onClick={() => void list.refetch()}>
                {t('common.retry')}
              </Button>
            }
          />
        ) : list.data ? (
          <>
            <p className="text-sm text-muted" aria-live="polite" data-testid="staff-collections-total">
              {t('collections.staff.total', { count: list.data.total, formatted: number(list.data.total) })}
            </p>
            {list.data.items.length > 0 ? (
              <ul className="flex flex-col gap-3" data-testid="staff-collections">
                {list.data.items.map((collection) => (
                  <StaffCollectionRow
                    key={collection.id}
                    collection={collection}
                    canDelete={can(role, 'collections.delete')}
                  />
                ))}
              </ul>
            ) : (
              <p className="rounded-app border border-border bg-surface p-6 text-center text-muted">
                {t(
                  q || visibility !== 'all' || featured ? 'collections.staff.emptyFiltered' : 'collections.staff.empty',
                )}
              </p>
            )}
            <Pagination page={page} pages={pages} onPage={(next) => update({ page: next > 1 ? String(next) : null })} />
          </>
        ) : (
          <>
            <p role="status" className="sr-only">
              {t('common.loading')}
            </p>
            <Skeleton className="h-64 w-full" />
          </>
        )}
      </div>
    </div>
  );
}
