import { meetsGuard } from '@maktaba/shared/permissions';
import { SEARCH_LIMITS } from '@maktaba/shared/schemas/search';
import { useEffect, useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Pagination } from '../../../components/pagination';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { ApiError } from '../../../lib/api-client';
import { useAuthStore } from '../../../lib/auth/use-auth';
import { numberFormat } from '../../../lib/format';
import { usePageLanguage } from '../../../lib/hooks/use-page-language';
import { pageCount } from '../../../lib/paging';
import { useSearchResults } from '../api/search-books';
import { useFacetMemory } from '../hooks/use-facet-memory';
import { useSearchState } from '../hooks/use-search-state';
import { appliedFilters } from '../lib/applied-filters';
import {
  activeFilterCount,
  effectiveSort,
  hasWords,
  isBrowsing,
  withFilter,
  withoutFilters,
  withPage,
  withQuery,
  withSort,
} from '../lib/search-state';
import { AppliedFilterChips } from './applied-filter-chips';
import { DidYouMean } from './did-you-mean';
import { FilterSheet } from './filter-sheet';
import { SearchEmpty } from './search-empty';
import { SearchFilters } from './search-filters';
import { SearchForm } from './search-form';
import { SearchNotes } from './search-notes';
import { SearchResultList, SearchResultsSkeleton } from './search-results';
import { SortSelect } from './sort-select';

/**
 * /search (reader-area §2.1): words, filters with counts, order and page, all in the address.
 * Without words or filters it lists the newest books. The filters are a side column on wide
 * screens and a sheet opened by a button on phones; the applied ones are chips above the results.
 */
export function SearchPage() {
  const { t } = useTranslation();
  const language = usePageLanguage();
  const { state, setState, hrefFor } = useSearchState();
  const results = useSearchResults(state);
  const canFilterStatus = meetsGuard(
    useAuthStore((auth) => auth.role),
    'librarianOrAdmin',
  );
  const headingId = useId();
  const filterCount = activeFilterCount(state);
  const data = results.data;
  const memory = useFacetMemory(data?.facets);
  const number = numberFormat(language);
  const clearFilters = () => setState(withoutFilters(state));

  // A new page of results starts at its top.
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs on a change of page.
  useEffect(() => {
    window.scrollTo({ top: 0 });
  }, [state.page]);

  const pages = data ? Math.min(pageCount(data.total, data.per_page), SEARCH_LIMITS.pageMax) : 1;
  const errorCode = results.error instanceof ApiError ? results.error.code : 'UNKNOWN';
  const filters = (
    <SearchFilters
      state={state}
      facets={data?.facets}
      memory={memory}
      language={language}
      canFilterStatus={canFilterStatus}
      onChange={setState}
    />
  );

  return (
    <div className="mx-auto flex max-w-7xl flex-col gap-6 px-4 py-8 sm:px-6">
      <div className="flex flex-col gap-4">
        <h1 className="font-display text-3xl font-bold">{t('pages.search')}</h1>
        <SearchForm key={state.q} query={state.q} onSearch={(q) => setState(withQuery(state, q))} />
      </div>

      <div className="flex flex-col gap-6 md:flex-row md:items-start">
        <aside
          aria-labelledby={`${headingId}-filters`}
          className="hidden rounded-app border border-border bg-surface p-4 md:block md:w-64 md:shrink-0"
          data-testid="search-filters"
        >
          <div className="mb-6 flex items-center justify-between gap-2">
            <h2 id={`${headingId}-filters`} className="font-display text-lg font-bold">
              {t('search.filters.title')}
            </h2>
            {filterCount > 0 ? (
              <Button variant="ghost" className="min-h-9 px-2 text-primary" onClick={clearFilters}>
                {t('search.filters.clear')}
              </Button>
            ) : null}
          </div>
          {filters}
        </aside>

        <section className="flex min-w-0 flex-1 flex-col gap-4" aria-labelledby={headingId}>
          <div className="flex flex-wrap items-center gap-3">
            <div className="me-auto">
              <h2 id={headingId} tabIndex={-1} className="font-display text-xl font-bold outline-none">
                {isBrowsing(state) ? t('search.results.newest') : t('search.results.label')}
              </h2>
              <p className="text-sm text-muted" aria-live="polite" data-testid="search-count">
                {results.isError
                  ? null
                  : data
                    ? t('search.results.count', { count: data.total, formatted: number.format(data.total) })
                    : t('search.results.loading')}
              </p>
            </div>
            <FilterSheet
              filterCount={filterCount}
              resultCount={data && !results.isPlaceholderData ? data.total : undefined}
              language={language}
              onClearAll={clearFilters}
            >
              {filters}
            </FilterSheet>
            <SortSelect
              value={effectiveSort(state)}
              hasWords={hasWords(state)}
              onChange={(sort) => setState(withSort(state, sort))}
            />
          </div>
          <AppliedFilterChips
            filters={appliedFilters(state, language, t, memory)}
            fallbackFocusId={headingId}
            onRemove={(filter) => setState(filter.without)}
            onClearAll={clearFilters}
          />
          {isBrowsing(state) ? <p className="text-sm text-muted">{t('search.results.newestHint')}</p> : null}
          {data?.query.suggestion ? (
            <DidYouMean suggestion={data.query.suggestion} href={hrefFor(withQuery(state, data.query.suggestion))} />
          ) : null}
          {data ? <SearchNotes query={data.query} language={language} /> : null}

          {results.isError ? (
            <Alert
              variant="destructive"
              title={t('search.error.title')}
              action={
                <Button variant="secondary" disabled={results.isFetching} onClick={() => void results.refetch()}>
                  {t('common.retry')}
                </Button>
              }
            >
              {t(`errors.codes.${errorCode}`)}
            </Alert>
          ) : null}
          {results.isPending ? (
            <>
              <p role="status" className="sr-only">
                {t('search.results.loading')}
              </p>
              <SearchResultsSkeleton />
            </>
          ) : data && data.total === 0 ? (
            <SearchEmpty
              hasFilters={filterCount > (state.type ? 1 : 0)}
              hasType={state.type !== undefined}
              onClearFilters={() => setState(withoutFilters(state))}
              onSearchEverywhere={() => setState(withFilter(state, 'type', undefined))}
            />
          ) : data ? (
            <>
              <SearchResultList
                hits={data.hits}
                language={language}
                isStale={results.isPlaceholderData}
                label={t('search.results.label')}
              />
              <Pagination page={data.page} pages={pages} hrefFor={(page) => hrefFor(withPage(state, page))} />
            </>
          ) : null}
        </section>
      </div>
    </div>
  );
}
