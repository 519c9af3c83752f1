import { can } from '@maktaba/shared/permissions';
import { Plus, Search, SearchX, UsersRound } from 'lucide-react';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { Pagination } from '../../../components/pagination';
import { Button } from '../../../components/ui/button';
import { inputClass } from '../../../components/ui/form-field';
import { Skeleton } from '../../../components/ui/skeleton';
import { useAuthStore } from '../../../lib/auth/use-auth';
import { formatNumber } from '../../../lib/format';
import { useSearchParamsPatch } from '../../../lib/hooks/use-search-params-patch';
import { pageCount, parsePage } from '../../../lib/paging';
import { CIRCLES_PAGE_SIZE, useCircles } from '../api/circles';
import { CircleCard } from './circle-card';
import { CircleFormDialog } from './circle-form-dialog';
import { EmptyState } from './empty-state';
import { LoadError } from './load-error';

const SEARCH_DELAY_MS = 300;

/** /circles: the study circles, searched and filtered in the address; staff start new ones. */
export function CirclesPage() {
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  const role = useAuthStore((state) => state.role);
  const isStaff = can(role, 'books.edit');
  const [params, update] = useSearchParamsPatch();
  const q = params.get('q') ?? '';
  const language = params.get('language') === 'en' || params.get('language') === 'ar' ? params.get('language') : '';
  const mine = params.get('mine') === '1';
  const page = parsePage(params.get('page'));
  const circles = useCircles({ q: q || undefined, language: language || undefined, mine, page });
  const [search, setSearch] = useState(q);
  const [creating, setCreating] = useState(false);

  useEffect(() => {
    const trimmed = search.trim();
    if (trimmed === q) return;
    const timer = setTimeout(() => update({ q: trimmed || null, page: null }), SEARCH_DELAY_MS);
    return () => clearTimeout(timer);
  }, [search, q, update]);
  useEffect(() => setSearch((current) => (current.trim() === q ? current : q)), [q]);

  const isFiltered = Boolean(q || language || mine);
  const clearAll = () => {
    setSearch('');
    update({ q: null, language: null, mine: null, page: null });
  };
  const hrefFor = (next: number) => {
    const copy = new URLSearchParams(params);
    if (next > 1) copy.set('page', String(next));
    else copy.delete('page');
    return `?${copy}`;
  };

  return (
    <div className="mx-auto flex max-w-5xl flex-col gap-6 px-4 py-8 sm:py-10">
      <header className="flex flex-wrap items-start justify-between gap-4">
        <div className="min-w-0">
          <h1 className="font-display text-3xl font-bold">{t('circles.title')}</h1>
          <p className="mt-1 text-muted">{t('circles.description')}</p>
        </div>
        {isStaff ? (
          <Button onClick={() => setCreating(true)}>
            <Plus aria-hidden className="size-4" />
            {t('circles.create.open')}
          </Button>
        ) : null}
      </header>
      <search aria-label={t('circles.filters.region')} className="grid gap-3 sm:grid-cols-[1fr_auto_auto] sm:items-end">
        <div className="relative">
          <label htmlFor="circle-search" className="sr-only">
            {t('circles.filters.search')}
          </label>
          <Search aria-hidden className="pointer-events-none absolute inset-y-0 start-3 my-auto size-5 text-muted" />
          <input
            id="circle-search"
            type="search"
            dir="auto"
            value={search}
            onChange={(event) => setSearch(event.target.value)}
            placeholder={t('circles.filters.placeholder')}
            className={inputClass(false, 'ps-11')}
          />
        </div>
        <div className="flex flex-col gap-1">
          <label htmlFor="circle-language" className="text-sm font-semibold">
            {t('circles.filters.language')}
          </label>
          <select
            id="circle-language"
            value={language ?? ''}
            onChange={(event) => update({ language: event.target.value || null, page: null })}
            className={inputClass(false)}
          >
            <option value="">{t('circles.filters.anyLanguage')}</option>
            <option value="ar">{t('circles.languages.ar')}</option>
            <option value="en">{t('circles.languages.en')}</option>
          </select>
        </div>
        <label className="flex min-h-11 items-center gap-2 rounded-app border border-border bg-surface px-3 text-sm font-semibold">
          <input
            type="checkbox"
            className="size-5 accent-[var(--primary)]"
            checked={mine}
            onChange={(event) => update({ mine: event.target.checked ? '1' : null, page: null })}
          />
          {t('circles.filters.mine')}
        </label>
      </search>
      {circles.isError && !circles.data ? (
        <LoadError error={circles.error} onRetry={() => void circles.refetch()} />
      ) : !circles.data ? (
        <div className="grid gap-4 sm:grid-cols-2">
          <span className="sr-only" role="status">
            {t('common.loading')}
          </span>
          <Skeleton className="h-56 w-full" />
          <Skeleton className="h-56 w-full" />
        </div>
      ) : (
        <div className="flex flex-col gap-4" aria-busy={circles.isFetching || undefined}>
          <div className="flex flex-wrap items-center justify-between gap-2">
            <p className="text-sm text-muted" aria-live="polite" data-testid="circles-total">
              {t('circles.total', {
                count: circles.data.total,
                formatted: formatNumber(circles.data.total, i18n.language),
              })}
            </p>
            {isFiltered ? (
              <Button variant="ghost" onClick={clearAll}>
                {t('circles.filters.clear')}
              </Button>
            ) : null}
          </div>
          {circles.data.items.length === 0 ? (
            isFiltered ? (
              <EmptyState
                icon={SearchX}
                title={t('circles.empty.noMatch.title')}
                description={t('circles.empty.noMatch.description')}
                action={<Button onClick={clearAll}>{t('circles.filters.clear')}</Button>}
              />
            ) : (
              <EmptyState
                icon={UsersRound}
                title={t('circles.empty.none.title')}
                description={t(isStaff ? 'circles.empty.none.staff' : 'circles.empty.none.description')}
                action={isStaff ? <Button onClick={() => setCreating(true)}>{t('circles.create.open')}</Button> : null}
              />
            )
          ) : (
            <ul className="grid gap-4 sm:grid-cols-2" data-testid="circle-list">
              {circles.data.items.map((circle) => (
                <li key={circle.id} className="min-w-0">
                  <CircleCard circle={circle} />
                </li>
              ))}
            </ul>
          )}
          <Pagination page={page} pages={pageCount(circles.data.total, CIRCLES_PAGE_SIZE)} hrefFor={hrefFor} />
        </div>
      )}
      {isStaff ? (
        <CircleFormDialog
          open={creating}
          onOpenChange={setCreating}
          circle={null}
          isStaff
          onSaved={(circle) => navigate(`/circles/${circle.id}`)}
        />
      ) : null}
    </div>
  );
}
