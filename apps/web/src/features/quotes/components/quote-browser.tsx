import { Search, SearchX, Sparkles } from 'lucide-react';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Pagination } from '../../../components/pagination';
import { Button } from '../../../components/ui/button';
import { inputClass } from '../../../components/ui/form-field';
import { formatNumber } from '../../../lib/format';
import { useSearchParamsPatch } from '../../../lib/hooks/use-search-params-patch';
import { pageCount, parsePage } from '../../../lib/paging';
import { useQuoteFacets } from '../api/get-quote-facets';
import { QUOTES_PAGE_SIZE, useQuotes } from '../api/list-quotes';
import { EmptyState } from './empty-state';
import { QuoteCard } from './quote-card';
import { type FilterKey, QuoteFilters } from './quote-filters';
import { QuoteList } from './quote-list';

const SEARCH_DELAY_MS = 300;

/** The All tab: search (Arabic-aware, on the server), filters and pages, all in the address. */
export function QuoteBrowser({ onContribute }: { onContribute?: () => void }) {
  const { t, i18n } = useTranslation();
  const [params, update] = useSearchParamsPatch();
  const q = params.get('q') ?? '';
  const filter = {
    q: q || undefined,
    speaker: params.get('speaker') || undefined,
    source: params.get('source') || undefined,
    topic: params.get('topic') || undefined,
    page: parsePage(params.get('page')),
  };
  const quotes = useQuotes(filter);
  const facets = useQuoteFacets();
  const [search, setSearch] = useState(q);

  // Typing waits for a pause before it changes the address (and the query)…
  useEffect(() => {
    const trimmed = search.trim();
    if (trimmed === q) return;
    const timer = setTimeout(() => update({ q: trimmed || null, page: null }), SEARCH_DELAY_MS);
    return () => clearTimeout(timer);
  }, [search, q, update]);
  // …and an address changed elsewhere (a topic link, Back) shows in the box; the box's own change
  // keeps what is typed, trailing space included.
  useEffect(() => setSearch((current) => (current.trim() === q ? current : q)), [q]);

  const isFiltered = Boolean(filter.q || filter.speaker || filter.source || filter.topic);
  const clearAll = () => {
    setSearch('');
    update({ q: null, speaker: null, source: null, topic: null, page: null });
  };
  const hrefFor = (page: number) => {
    const next = new URLSearchParams(params);
    if (page > 1) next.set('page', String(page));
    else next.delete('page');
    return `?${next}`;
  };

  return (
    <div className="flex flex-col gap-5">
      <search aria-label={t('quotes.search.region')} className="flex flex-col gap-4">
        <div className="relative">
          <label htmlFor="quote-search" className="sr-only">
            {t('quotes.search.label')}
          </label>
          <Search aria-hidden className="pointer-events-none absolute inset-y-0 start-3 my-auto size-5 text-muted" />
          <input
            id="quote-search"
            type="search"
            dir="auto"
            value={search}
            onChange={(event) => setSearch(event.target.value)}
            placeholder={t('quotes.search.placeholder')}
            className={inputClass(false, 'ps-11')}
          />
        </div>
        <QuoteFilters
          facets={facets.data}
          values={filter}
          onChange={(key: FilterKey, value) => update({ [key]: value, page: null })}
        />
      </search>
      <QuoteList
        query={quotes}
        items={(data) => data.items}
        summary={(data) => (
          <div className="flex flex-wrap items-center justify-between gap-2">
            <p className="text-sm text-muted" aria-live="polite" data-testid="quotes-total">
              {t('quotes.total', { formatted: formatNumber(data.total, i18n.language) })}
            </p>
            {isFiltered ? (
              <Button variant="ghost" onClick={clearAll}>
                {t('quotes.filters.clear')}
              </Button>
            ) : null}
          </div>
        )}
        renderItem={(quote) => <QuoteCard quote={quote} />}
        empty={
          isFiltered ? (
            <EmptyState
              icon={SearchX}
              title={t('quotes.empty.noMatch.title')}
              description={t('quotes.empty.noMatch.description')}
              action={<Button onClick={clearAll}>{t('quotes.empty.noMatch.action')}</Button>}
            />
          ) : (
            <EmptyState
              icon={Sparkles}
              title={t('quotes.empty.none.title')}
              description={t('quotes.empty.none.description')}
              action={onContribute ? <Button onClick={onContribute}>{t('quotes.contribute.open')}</Button> : null}
            />
          )
        }
        after={(data) => (
          <Pagination page={filter.page} pages={pageCount(data.total, QUOTES_PAGE_SIZE)} hrefFor={hrefFor} />
        )}
      />
    </div>
  );
}
