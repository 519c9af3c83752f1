import { FilePlus2, Newspaper, Search, SearchX } from 'lucide-react';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { LoadErrorState } from '../../../components/page-states';
import { Pagination } from '../../../components/pagination';
import { buttonClass } from '../../../components/ui/button';
import { inputClass } from '../../../components/ui/form-field';
import { Skeleton } from '../../../components/ui/skeleton';
import { dateTimeFormat } from '../../../lib/format';
import { usePageLanguage } from '../../../lib/hooks/use-page-language';
import { useSearchParamsPatch } from '../../../lib/hooks/use-search-params-patch';
import { pageCount, parsePage } from '../../../lib/paging';
import { useStaffArticles } from '../api/list-staff-articles';
import { articleTitle } from '../lib/article-text';
import type { ArticleStatus } from '../lib/types';
import { EmptyState } from './empty-state';
import { LanguageTag } from './language-tag';
import { StatusBadge } from './status-badge';

const SEARCH_DELAY_MS = 300;
const STATUSES = ['draft', 'published'] as const;

/** /library/articles: every article, drafts and published, with search and a status filter. */
export function StaffArticlesPage() {
  const { t } = useTranslation();
  const language = usePageLanguage();
  const [params, update] = useSearchParamsPatch();
  const q = params.get('q') ?? '';
  const statusParam = params.get('status');
  const status = STATUSES.includes(statusParam as ArticleStatus) ? (statusParam as ArticleStatus) : undefined;
  const page = parsePage(params.get('page'));
  const articles = useStaffArticles({ q: q || undefined, status, page });
  const [search, setSearch] = useState(q);

  useEffect(() => {
    const trimmed = search.trim();
    if (trimmed === q) return;
    const timer = setTimeout(() => update({ q: trimmed || null, page: null }), SEARCH_DELAY_MS);
    return () => clearTimeout(timer);
  }, [search, q, update]);
  useEffect(() => setSearch((current) => (current.trim() === q ? current : q)), [q]);

  const hrefFor = (next: number) => {
    const copy = new URLSearchParams(params);
    if (next > 1) copy.set('page', String(next));
    else copy.delete('page');
    return `?${copy}`;
  };
  const updated = (value: string) =>
    dateTimeFormat(language, { dateStyle: 'medium', timeStyle: 'short' }).format(new Date(value));
  const data = articles.data;

  return (
    <div className="mx-auto flex max-w-5xl flex-col gap-6 px-4 py-8 sm:py-10">
      <header className="flex flex-wrap items-start justify-between gap-4">
        <div className="min-w-0">
          <h1 className="font-display text-3xl font-bold">{t('articles.staff.title')}</h1>
          <p className="mt-1 text-muted">{t('articles.staff.description')}</p>
        </div>
        <Link to="/library/articles/new" className={buttonClass('primary')}>
          <FilePlus2 aria-hidden className="size-4" />
          {t('articles.staff.new')}
        </Link>
      </header>
      <search aria-label={t('articles.staff.searchRegion')} className="flex flex-col gap-3 sm:flex-row">
        <div className="relative flex-1">
          <label htmlFor="staff-article-search" className="sr-only">
            {t('articles.staff.searchLabel')}
          </label>
          <Search aria-hidden className="pointer-events-none absolute inset-y-0 start-3 my-auto size-5 text-muted" />
          <input
            id="staff-article-search"
            type="search"
            dir="auto"
            value={search}
            onChange={(event) => setSearch(event.target.value)}
            placeholder={t('articles.staff.searchPlaceholder')}
            className={inputClass(false, 'ps-11')}
          />
        </div>
        <div className="flex flex-col gap-1 sm:w-56">
          <label htmlFor="staff-article-status" className="sr-only">
            {t('articles.status.label')}
          </label>
          <select
            id="staff-article-status"
            value={status ?? ''}
            onChange={(event) => update({ status: event.target.value || null, page: null })}
            className={inputClass(false)}
          >
            <option value="">{t('articles.staff.allStatuses')}</option>
            {STATUSES.map((value) => (
              <option key={value} value={value}>
                {t(`articles.status.${value}`)}
              </option>
            ))}
          </select>
        </div>
      </search>
      {articles.isPending ? (
        <div className="flex flex-col gap-2" aria-busy="true">
          <p className="sr-only" role="status">
            {t('common.loading')}
          </p>
          <Skeleton className="h-16 w-full" />
          <Skeleton className="h-16 w-full" />
        </div>
      ) : articles.isError ? (
        <LoadErrorState
          error={articles.error}
          onRetry={() => void articles.refetch()}
          titleKey="articles.list.loadError"
        />
      ) : data && data.items.length > 0 ? (
        <>
          <ul className="flex flex-col divide-y divide-border rounded-app border border-border bg-surface">
            {data.items.map((article) => {
              const title = articleTitle(article, language);
              return (
                <li
                  key={article.id}
                  className="flex flex-wrap items-center gap-3 p-4"
                  data-testid="staff-article"
                  data-article-id={article.id}
                >
                  <div className="flex min-w-0 flex-1 flex-col gap-1">
                    <div className="flex flex-wrap items-center gap-2">
                      <Link
                        to={`/library/articles/${article.id}/edit`}
                        className="min-w-0 font-semibold break-words text-primary hover:underline"
                        lang={title?.lang}
                        dir="auto"
                      >
                        {title?.text ?? t('catalogue.unknownTitle')}
                      </Link>
                      {title && title.lang !== language ? <LanguageTag lang={title.lang} /> : null}
                    </div>
                    <p className="text-xs text-muted">
                      {t('articles.staff.updated', { date: updated(article.updated_at) })}
                      {article.author_name ? (
                        <>
                          {' · '}
                          <bdi>{article.author_name}</bdi>
                        </>
                      ) : null}
                    </p>
                  </div>
                  <StatusBadge status={article.status} />
                  {article.status === 'published' ? (
                    <Link to={`/articles/${article.id}`} className={buttonClass('ghost')}>
                      {t('articles.staff.view')}
                    </Link>
                  ) : null}
                </li>
              );
            })}
          </ul>
          <Pagination page={page} pages={pageCount(data.total, data.page_size)} hrefFor={hrefFor} />
        </>
      ) : q || status ? (
        <EmptyState icon={SearchX} title={t('articles.list.noMatch.title')} description={t('articles.staff.noMatch')} />
      ) : (
        <EmptyState
          icon={Newspaper}
          title={t('articles.staff.none.title')}
          description={t('articles.staff.none.description')}
          action={
            <Link to="/library/articles/new" className={buttonClass('primary')}>
              {t('articles.staff.new')}
            </Link>
          }
        />
      )}
    </div>
  );
}
