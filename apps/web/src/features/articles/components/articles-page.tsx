import { can } from '@maktaba/shared/permissions';
import { Newspaper, PenLine, Search, SearchX } from 'lucide-react';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { LoadErrorState } from '../../../components/page-states';
import { Pagination } from '../../../components/pagination';
import { Button, buttonClass } from '../../../components/ui/button';
import { inputClass } from '../../../components/ui/form-field';
import { Skeleton } from '../../../components/ui/skeleton';
import { useAuthStore } from '../../../lib/auth/use-auth';
import { formatNumber } from '../../../lib/format';
import { useSearchParamsPatch } from '../../../lib/hooks/use-search-params-patch';
import { pageCount, parsePage } from '../../../lib/paging';
import { ARTICLES_PAGE_SIZE, useArticles } from '../api/list-articles';
import { ArticleCard } from './article-card';
import { EmptyState } from './empty-state';
import { TopicChips } from './topic-chips';

const SEARCH_DELAY_MS = 300;

/** /articles: published articles, searched (Arabic-aware, on the server) and filtered by topic, all in the address. */
export function ArticlesPage() {
  const { t, i18n } = useTranslation();
  const role = useAuthStore((state) => state.role);
  const isStaff = can(role, 'books.edit');
  const [params, update] = useSearchParamsPatch();
  const q = params.get('q') ?? '';
  const filter = { q: q || undefined, topic: params.get('topic') || undefined, page: parsePage(params.get('page')) };
  const articles = useArticles(filter);
  const [search, setSearch] = useState(q);

  // Typing waits for a pause before it changes the address (and the query)…
  useEffect(() => {
    const trimmed = search.trim();
    if (trimmed === q) return;
    const timer = setTimeout(() => update({ q: trimmed || null, page: null }), SEARCH_DELAY_MS);
    return () => clearTimeout(timer);
  }, [search, q, update]);
  // …and an address changed elsewhere (Back) shows in the box.
  useEffect(() => setSearch((current) => (current.trim() === q ? current : q)), [q]);

  const isFiltered = Boolean(filter.q || filter.topic);
  const clearAll = () => {
    setSearch('');
    update({ q: null, topic: null, page: null });
  };
  const hrefFor = (page: number) => {
    const next = new URLSearchParams(params);
    if (page > 1) next.set('page', String(page));
    else next.delete('page');
    return `?${next}`;
  };
  const data = articles.data;

  return (
    <div className="mx-auto flex max-w-5xl flex-col gap-6 px-4 py-8 sm:py-10">
      <header className="flex flex-wrap items-start justify-between gap-4">
        <div className="min-w-0">
          <h1 className="font-display text-3xl font-bold">{t('articles.list.title')}</h1>
          <p className="mt-1 text-muted">{t('articles.list.description')}</p>
        </div>
        {isStaff ? (
          <div className="flex flex-wrap gap-2">
            <Link to="/library/articles" className={buttonClass('secondary')}>
              {t('articles.list.manage')}
            </Link>
            <Link to="/library/articles/new" className={buttonClass('primary')}>
              <PenLine aria-hidden className="size-4" />
              {t('articles.list.write')}
            </Link>
          </div>
        ) : null}
      </header>
      <search aria-label={t('articles.list.searchRegion')} className="flex flex-col gap-4">
        <div className="relative">
          <label htmlFor="article-search" className="sr-only">
            {t('articles.list.searchLabel')}
          </label>
          <Search aria-hidden className="pointer-events-none absolute inset-y-0 start-3 my-auto size-5 text-muted" />
          <input
            id="article-search"
            type="search"
            dir="auto"
            value={search}
            onChange={(event) => setSearch(event.target.value)}
            placeholder={t('articles.list.searchPlaceholder')}
            className={inputClass(false, 'ps-11')}
          />
        </div>
        {data ? (
          <TopicChips topics={data.topics} value={filter.topic} onChange={(topic) => update({ topic, page: null })} />
        ) : null}
      </search>
      {articles.isPending ? (
        <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3" aria-busy="true" aria-label={t('common.loading')}>
          {[0, 1, 2].map((key) => (
            <li key={key}>
              <Skeleton className="h-72 w-full" />
            </li>
          ))}
        </ul>
      ) : articles.isError ? (
        <LoadErrorState
          error={articles.error}
          onRetry={() => void articles.refetch()}
          titleKey="articles.list.loadError"
        />
      ) : data && data.items.length > 0 ? (
        <>
          <div className="flex flex-wrap items-center justify-between gap-2">
            <p className="text-sm text-muted" aria-live="polite" data-testid="articles-total">
              {t('articles.list.total', { count: data.total, formatted: formatNumber(data.total, i18n.language) })}
            </p>
            {isFiltered ? (
              <Button variant="ghost" onClick={clearAll}>
                {t('articles.list.clear')}
              </Button>
            ) : null}
          </div>
          <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3" aria-label={t('articles.list.title')}>
            {data.items.map((article) => (
              <ArticleCard key={article.id} article={article} />
            ))}
          </ul>
          <Pagination page={filter.page} pages={pageCount(data.total, ARTICLES_PAGE_SIZE)} hrefFor={hrefFor} />
        </>
      ) : isFiltered ? (
        <EmptyState
          icon={SearchX}
          title={t('articles.list.noMatch.title')}
          description={t('articles.list.noMatch.description')}
          action={<Button onClick={clearAll}>{t('articles.list.clear')}</Button>}
        />
      ) : (
        <EmptyState
          icon={Newspaper}
          title={t('articles.list.none.title')}
          description={t('articles.list.none.description')}
          action={
            isStaff ? (
              <Link to="/library/articles/new" className={buttonClass('primary')}>
                {t('articles.list.write')}
              </Link>
            ) : null
          }
        />
      )}
    </div>
  );
}
