import { can } from '@maktaba/shared/permissions';
import { GUIDE_LIMITS } from '@maktaba/shared/schemas/guides';
import { Route, SearchX } from 'lucide-react';
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { LoadErrorState } from '../../../components/page-states';
import { Pagination } from '../../../components/pagination';
import { Button, buttonClass } from '../../../components/ui/button';
import { Skeleton } from '../../../components/ui/skeleton';
import { useAuthStore } from '../../../lib/auth/use-auth';
import { formatNumber } from '../../../lib/format';
import { useSearchParamsPatch } from '../../../lib/hooks/use-search-params-patch';
import { pageCount, parsePage } from '../../../lib/paging';
import { useGuides } from '../api/guides';
import { parseLevel } from '../lib/filters';
import { EmptyState } from './empty-state';
import { GuideCard } from './guide-card';
import { LevelSelect } from './level-select';
import { SearchBox } from './search-box';

/** /guides: published study guides with the reader's progress; search and level in the address. */
export function GuidesPage() {
  const { t, i18n } = useTranslation();
  const role = useAuthStore((state) => state.role);
  const isStaff = can(role, 'books.edit');
  const [params, update] = useSearchParamsPatch();
  const q = params.get('q') ?? '';
  const filter = { q: q || undefined, level: parseLevel(params.get('level')), page: parsePage(params.get('page')) };
  const guides = useGuides(filter);
  const onSearch = useCallback((value: string | null) => update({ q: value, page: null }), [update]);
  const isFiltered = Boolean(filter.q || filter.level);
  const clearAll = () => update({ q: null, level: null, page: null });
  const hrefFor = (page: number) => {
    const next = new URLSearchParams(params);
    if (page > 1) next.set('page', String(page));
    else next.delete('page');
    return `?${next}`;
  };
  const data = guides.data;

  return (
    <div className="mx-auto flex max-w-5xl flex-col gap-6 px-4 py-8 sm:py-10">
      <header className="flex flex-wrap items-start justify-between gap-4">
        <div className="min-w-0">
          <h1 className="font-display text-3xl font-bold">{t('guides.list.title')}</h1>
          <p className="mt-1 text-muted">{t('guides.list.description')}</p>
        </div>
        {isStaff ? (
          <div className="flex flex-wrap gap-2">
            <Link to="/library/guides" className={buttonClass('secondary')}>
              {t('guides.list.manage')}
            </Link>
            <Link to="/library/guides/new" className={buttonClass('primary')}>
              {t('guides.list.new')}
            </Link>
          </div>
        ) : null}
      </header>
      <search aria-label={t('guides.list.searchRegion')} className="flex flex-col gap-3 sm:flex-row sm:items-end">
        <SearchBox id="guide-search" label={t('guides.list.searchLabel')} value={q} onSearch={onSearch} />
        <div className="sm:w-56">
          <LevelSelect id="guide-level" value={filter.level} onChange={(level) => update({ level, page: null })} />
        </div>
      </search>
      {guides.isPending ? (
        <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3" aria-busy="true" aria-label={t('common.loading')}>
          {[0, 1, 2].map((key) => (
            <li key={key}>
              <Skeleton className="h-48 w-full" />
            </li>
          ))}
        </ul>
      ) : guides.isError ? (
        <LoadErrorState error={guides.error} onRetry={() => void guides.refetch()} titleKey="guides.list.loadError" />
      ) : data && data.items.length > 0 ? (
        <>
          <div className="flex flex-wrap items-center justify-between gap-2">
            <p className="text-sm text-muted" aria-live="polite" data-testid="guides-total">
              {t('guides.list.total', { count: data.total, formatted: formatNumber(data.total, i18n.language) })}
            </p>
            {isFiltered ? (
              <Button variant="ghost" onClick={clearAll}>
                {t('guides.list.clear')}
              </Button>
            ) : null}
          </div>
          <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3" aria-label={t('guides.list.title')}>
            {data.items.map((guide) => (
              <GuideCard key={guide.id} guide={guide} />
            ))}
          </ul>
          <Pagination page={filter.page} pages={pageCount(data.total, GUIDE_LIMITS.pageSize)} hrefFor={hrefFor} />
        </>
      ) : isFiltered ? (
        <EmptyState
          icon={SearchX}
          title={t('guides.list.noMatch.title')}
          description={t('guides.list.noMatch.description')}
          action={<Button onClick={clearAll}>{t('guides.list.clear')}</Button>}
        />
      ) : (
        <EmptyState
          icon={Route}
          title={t('guides.list.none.title')}
          description={t('guides.list.none.description')}
          action={
            isStaff ? (
              <Link to="/library/guides/new" className={buttonClass('primary')}>
                {t('guides.list.new')}
              </Link>
            ) : null
          }
        />
      )}
    </div>
  );
}
