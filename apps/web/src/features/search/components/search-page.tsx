import { DEFAULT_LANGUAGE } from '@maktaba/shared/constants';
import { isLanguage } from '@maktaba/shared/i18n/index';
import { meetsGuard } from '@maktaba/shared/permissions';
import { SEARCH_LIMITS } from '@maktaba/shared/schemas/search';
import { clsx } from 'clsx';
import { SlidersHorizontal } from 'lucide-react';
import { useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Pagination } from '../../../components/pagination';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { ApiError } from '../../../lib/api-client';
import { useAuthStore } from '../../../lib/auth/use-auth';
import { numberFormat } from '../../../lib/format';
import { pageCount } from '../../../lib/paging';
import { useSearchResults } from '../api/search-books';
import { useSearchState } from '../hooks/use-search-state';
import { EMPTY_FACETS } from '../lib/facet-options';
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
import { SearchEmpty } from './search-empty';
import { SearchFilters } from './search-filters';
import { SearchForm } from './search-form';
import { SearchNotes } from './search-notes';
import { SearchResultList, SearchResultsSkeleton } from './search-results';
import { SortSelect } from './sort-select';

/**
 * /search (reader-area §2.1): words, filters with counts, order and page, all in the address.
 * Without words or filters it lists the newest books. The filters are a side column on wide
 * screens and a panel opened by a button on phones.
 */
export function SearchPage() {
  const { t, i18n } = useTranslation();
  const language = isLanguage(i18n.language) ? i18n.language : DEFAULT_LANGUAGE;
  const { state, setState, hrefFor } = useSearchState();
  const results = useSearchResults(state);
  const canFilterStatus = meetsGuard(
    useAuthStore((auth) => auth.role),
    'librarianOrAdmin',
  );
  const [isFilterPanelOpen, setFilterPanelOpen] = useState(false);
  const panelId = useId();
  const filterCount = activeFilterCount(state);
  const data = results.data;
  const number = numberFormat(language);

  // A new page of results starts at its top.
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs on a change of page.
  useEffect(() => {
    window.scrollTo({ top: 0 });
  }, [state.page]);

  const pages = data ? Math.min(pageCount(data.total, data.per_page), SEARCH_LIMITS.pageMax) : 1;
  const errorCode = results.error instanceof ApiError ? results.error.code : 'UNKNOWN';

  return (
    <div className="mx-auto flex max-w-7xl flex-col gap-6 px-4 py-8 sm:px-6">
      <div className="flex flex-col gap-4">
        <h1 className="font-display text-3xl font-bold">{t('pages.search')}</h1>
        <SearchForm key={state.q} query={state.q} onSearch={(q) => setState(withQuery(state, q))} />
      </div>

      <div className="flex flex-col gap-6 md:flex-row md:items-start">
        <Button
          variant="secondary"
          className="self-start md:hidden"
          aria-expanded={isFilterPanelOpen}
          aria-controls={panelId}
          onClick={() => setFilterPanelOpen((open) => !open)}
        >
          <SlidersHorizontal aria-hidden className="size-4" />
          {t(isFilterPanelOpen ? 'search.filters.hide' : 'search.filters.show')}
          {filterCount > 0 ? (
            <span className="rounded-full bg-primary px-2 text-xs text-primary-fg">{number.format(filterCount)}</span>
          ) : null}
        </Button>
        <aside
          id={panelId}
          aria-label={t('search.filters.title')}
          className={clsx(
            'rounded-app border border-border bg-surface p-4 md:block md:w-64 md:shrink-0',
            isFilterPanelOpen ? 'block' : 'hidden',
          )}
          data-testid="search-filters"
        >
          <SearchFilters
            state={state}
            facets={data?.facets ?? EMPTY_FACETS}
            language={language}
            canFilterStatus={canFilterStatus}
            onChange={setState}
          />
        </aside>

        <section className="flex min-w-0 flex-1 flex-col gap-4" aria-labelledby={`${panelId}-results`}>
          <div className="flex flex-wrap items-center gap-3">
            <div className="me-auto">
              <h2 id={`${panelId}-results`} className="font-display text-xl font-bold">
                {isBrowsing(state) ? t('search.results.newest') : t('search.results.label')}
              </h2>
              <p className="text-sm text-muted" aria-live="polite" data-testid="search-count">
                {data
                  ? t('search.results.count', { count: data.total, formatted: number.format(data.total) })
                  : t('search.results.loading')}
              </p>
            </div>
            <SortSelect
              value={effectiveSort(state)}
              hasWords={hasWords(state)}
              onChange={(sort) => setState(withSort(state, sort))}
            />
          </div>
          {isBrowsing(state) ? <p className="text-sm text-muted">{t('search.results.newestHint')}</p> : null}
          {data ? <SearchNotes query={data.query} language={language} /> : null}

          {results.isError ? (
            <Alert
              variant="destructive"
              title={t('search.error.title')}
              action={
                <Button variant="secondary" onClick={() => void results.refetch()}>
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
