import type { GuideNode } from '@maktaba/shared/schemas/category-guide';
import { FolderTree, Search, X } from 'lucide-react';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { LoadErrorState } from '../../../components/page-states';
import { buttonClass } from '../../../components/ui/button';
import { Skeleton } from '../../../components/ui/skeleton';
import { formatNumber } from '../../../lib/format';
import { usePageLanguage } from '../../../lib/hooks/use-page-language';
import { useCategoryGuideTree } from '../api/get-category-guide';
import { countNodes, filterTree, sortTree, withChildren } from '../lib/guide-tree';
import { GuideTree } from './guide-tree';

/** /category-guide: the category hierarchy as a guide, with a filter by name in either language. */
export function CategoryGuidePage() {
  const { t } = useTranslation();
  const tree = useCategoryGuideTree();
  return (
    <div className="mx-auto flex max-w-7xl flex-col gap-6 px-4 py-8 sm:px-6">
      <header className="flex flex-col gap-2">
        <h1 className="font-display text-3xl font-bold">{t('pages.categoryGuide')}</h1>
        <p className="max-w-3xl text-muted">{t('categoryGuide.intro')}</p>
      </header>
      {tree.isError ? (
        <LoadErrorState
          error={tree.error}
          onRetry={() => void tree.refetch()}
          titleKey="categoryGuide.loadError"
          className="py-6"
        />
      ) : tree.data ? (
        <GuideBrowser nodes={tree.data} />
      ) : (
        <div aria-hidden className="grid gap-4 lg:grid-cols-2" data-testid="page-skeleton">
          {[0, 1, 2, 3].map((index) => (
            <Skeleton key={index} className="h-40 w-full" />
          ))}
        </div>
      )}
    </div>
  );
}

/** The filter box and the tree it filters; a filtered tree is shown with every match opened. */
export function GuideBrowser({ nodes }: { nodes: readonly GuideNode[] }) {
  const { t } = useTranslation();
  const language = usePageLanguage();
  const [query, setQuery] = useState('');
  const [opened, setOpened] = useState<ReadonlySet<string>>(new Set());
  const sorted = useMemo(() => sortTree(nodes, language), [nodes, language]);
  const filtered = useMemo(() => filterTree(sorted, query), [sorted, query]);
  const filtering = query.trim() !== '';
  const openedByFilter = useMemo(() => new Set(filtering ? withChildren(filtered) : []), [filtered, filtering]);
  const [closedWhileFiltering, setClosedWhileFiltering] = useState<ReadonlySet<string>>(new Set());
  const disclosure = {
    isOpen: (id: string) => (filtering ? openedByFilter.has(id) && !closedWhileFiltering.has(id) : opened.has(id)),
    toggle: (id: string) => {
      const flip = (set: ReadonlySet<string>) => {
        const next = new Set(set);
        if (next.has(id)) next.delete(id);
        else next.add(id);
        return next;
      };
      if (filtering) setClosedWhileFiltering(flip);
      else setOpened(flip);
    },
  };
  const changeQuery = (value: string) => {
    setQuery(value);
    setClosedWhileFiltering(new Set());
  };

  if (nodes.length === 0) {
    return (
      <div className="flex flex-col items-center gap-4 py-12 text-center" data-testid="guide-empty">
        <FolderTree aria-hidden className="size-12 text-muted" />
        <h2 className="font-display text-xl font-bold">{t('categoryGuide.empty.title')}</h2>
        <p className="max-w-md text-muted">{t('categoryGuide.empty.description')}</p>
        <Link to="/search" className={buttonClass('primary')}>
          {t('categoryGuide.searchLibrary')}
        </Link>
      </div>
    );
  }
  return (
    <div className="flex flex-col gap-4">
      <div className="flex flex-col gap-1">
        <label htmlFor="category-guide-filter" className="text-sm font-semibold">
          {t('categoryGuide.filter.label')}
        </label>
        <div className="relative max-w-md">
          <Search
            aria-hidden
            className="pointer-events-none absolute start-3 top-1/2 size-4 -translate-y-1/2 text-muted"
          />
          <input
            id="category-guide-filter"
            type="search"
            dir="auto"
            value={query}
            onChange={(event) => changeQuery(event.target.value)}
            placeholder={t('categoryGuide.filter.placeholder')}
            aria-describedby="category-guide-filter-status"
            className="min-h-11 w-full rounded-app border border-border bg-surface ps-9 pe-3 text-fg"
            autoComplete="off"
          />
        </div>
        <p id="category-guide-filter-status" className="text-sm text-muted" aria-live="polite">
          {filtering
            ? t('categoryGuide.filter.status', {
                count: countNodes(filtered),
                number: formatNumber(countNodes(filtered), language),
              })
            : ''}
        </p>
      </div>
      {filtered.length > 0 ? (
        <GuideTree nodes={filtered} disclosure={disclosure} />
      ) : (
        <div className="flex flex-col items-center gap-3 py-10 text-center" data-testid="guide-no-match">
          <p className="font-semibold">{t('categoryGuide.filter.noMatch', { query: query.trim() })}</p>
          <p className="text-muted">{t('categoryGuide.filter.noMatchHint')}</p>
          <button type="button" className={buttonClass('secondary')} onClick={() => changeQuery('')}>
            <X aria-hidden className="size-4" />
            {t('categoryGuide.filter.clear')}
          </button>
        </div>
      )}
    </div>
  );
}
