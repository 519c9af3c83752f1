import { CATEGORY_NETWORK_LIMITS } from '@maktaba/shared/schemas/category-network';
import { Network, PanelRight, Search, Table2 } from 'lucide-react';
import { type FormEvent, useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { inputClass } from '../../../components/ui/form-field';
import { Sheet } from '../../../components/ui/sheet';
import { Skeleton } from '../../../components/ui/skeleton';
import { apiErrorKey } from '../../../lib/api-error-text';
import { formatNumber } from '../../../lib/format';
import { usePageLanguage } from '../../../lib/hooks/use-page-language';
import { useCategoryNetwork } from '../api/network';
import { degrees, findCategories, nodeName } from '../lib/network-model';
import { CategoryPanel } from './category-panel';
import { NetworkGraph } from './network-graph';
import { NetworkTables } from './network-tables';

const MIN_SHARED_CHOICES = [1, 2, 3, 5, 10];
/** Tailwind's lg: the side column beside the graph; narrower, the panel is a sheet. */
const WIDE = '(min-width: 64rem)';

function useWide() {
  const [wide, setWide] = useState(() => window.matchMedia(WIDE).matches);
  useEffect(() => {
    const query = window.matchMedia(WIDE);
    const onChange = () => setWide(query.matches);
    query.addEventListener('change', onChange);
    return () => query.removeEventListener('change', onChange);
  }, []);
  return wide;
}

/** /admin/category-network-explorer: how the library's categories hang together, as a graph or as tables. */
export function CategoryNetworkPage() {
  const { t } = useTranslation();
  const language = usePageLanguage();
  const number = (value: number) => formatNumber(value, language);
  const wide = useWide();
  const [minShared, setMinShared] = useState<number>(CATEGORY_NETWORK_LIMITS.minSharedDefault);
  const [asTable, setAsTable] = useState(false);
  const [selectedId, setSelectedId] = useState<string | null>(null);
  const [sheetOpen, setSheetOpen] = useState(false);
  const [query, setQuery] = useState('');
  const [notFound, setNotFound] = useState(false);
  /** The category whose panel heading takes focus once its panel has loaded. */
  const [focusFor, setFocusFor] = useState<string | null>(null);
  const network = useCategoryNetwork(minShared);

  const data = network.data;
  const degree = useMemo(() => (data ? degrees(data) : new Map<string, number>()), [data]);
  const selected = data?.nodes.find((node) => node.id === selectedId) ?? null;
  const matches = useMemo(() => (data ? findCategories(data.nodes, query, language) : []), [data, query, language]);

  // Turned into a wide screen, the side column shows the panel: a sheet left open would trap focus.
  useEffect(() => {
    if (wide) setSheetOpen(false);
  }, [wide]);

  /** Shows a category's panel: the sheet on a narrow screen, focus on the side column's heading on a wide one. */
  const open = (id: string, { focus = true } = {}) => {
    setSelectedId(id);
    if (!wide) setSheetOpen(true);
    else if (focus) setFocusFor(id);
  };
  const choose = (id: string) => {
    setSelectedId(id);
    setNotFound(false);
    if (!wide) setSheetOpen(true);
  };
  const onSearch = (event: FormEvent) => {
    event.preventDefault();
    const [first] = matches;
    if (first) {
      choose(first.id);
      setQuery('');
    } else setNotFound(query.trim() !== '');
  };
  const fromPanel = (id: string) => {
    setSelectedId(id);
    setSheetOpen(false);
  };

  const panel = selectedId ? (
    <CategoryPanel
      id={selectedId}
      onSelect={wide ? setSelectedId : fromPanel}
      focusHeading={focusFor === selectedId}
      onHeadingFocused={() => setFocusFor(null)}
    />
  ) : (
    <p className="text-muted">{t('categoryNetwork.panel.empty')}</p>
  );

  return (
    <div className="mx-auto flex max-w-7xl flex-col gap-6 px-4 py-8 sm:py-10">
      <div>
        <h1 className="font-display text-3xl font-bold">{t('pages.admin.categoryNetworkExplorer')}</h1>
        <p className="mt-1 text-muted">{t('categoryNetwork.intro')}</p>
      </div>

      <div className="flex flex-wrap items-end gap-4">
        <form onSubmit={onSearch} className="flex min-w-0 flex-col gap-1">
          <label htmlFor="network-search" className="text-sm font-semibold">
            {t('categoryNetwork.search.label')}
          </label>
          <div className="flex gap-2">
            <input
              id="network-search"
              type="search"
              value={query}
              onChange={(event) => {
                setQuery(event.target.value);
                setNotFound(false);
              }}
              placeholder={t('categoryNetwork.search.placeholder')}
              className={inputClass(false, 'w-56 min-w-0 sm:w-72')}
              autoComplete="off"
              list="network-search-matches"
            />
            <Button type="submit" variant="secondary" aria-label={t('categoryNetwork.search.submit')}>
              <Search aria-hidden className="size-4" />
            </Button>
          </div>
          <datalist id="network-search-matches">
            {matches.map((node) => (
              <option key={node.id} value={nodeName(node, language)} />
            ))}
          </datalist>
        </form>
        <div className="flex flex-col gap-1">
          <label htmlFor="network-min-shared" className="text-sm font-semibold">
            {t('categoryNetwork.minShared')}
          </label>
          <select
            id="network-min-shared"
            value={minShared}
            onChange={(event) => setMinShared(Number(event.target.value))}
            className={inputClass(false, 'w-28')}
          >
            {MIN_SHARED_CHOICES.map((choice) => (
              <option key={choice} value={choice}>
                {number(choice)}
              </option>
            ))}
          </select>
        </div>
        <Button variant="secondary" aria-pressed={asTable} onClick={() => setAsTable((value) => !value)}>
          {asTable ? <Network aria-hidden className="size-4" /> : <Table2 aria-hidden className="size-4" />}
          {asTable ? t('categoryNetwork.showGraph') : t('categoryNetwork.showTable')}
        </Button>
      </div>
      {notFound ? (
        <p role="alert" className="text-sm text-danger">
          {t('categoryNetwork.search.none')}
        </p>
      ) : null}

      {network.isPending ? (
        <Skeleton className="h-96 w-full" />
      ) : network.isError ? (
        <Alert variant="destructive" title={t('categoryNetwork.loadFailed')}>
          {t(apiErrorKey(network.error))}
        </Alert>
      ) : data ? (
        <>
          <p className="text-sm text-muted" data-testid="network-counts" data-nodes={data.nodes.length}>
            {t('categoryNetwork.counts', {
              categories: t('categoryNetwork.categoryCount', {
                count: data.nodes.length,
                formatted: number(data.nodes.length),
              }),
              connections: t('categoryNetwork.connectionCount', {
                count: data.edges.length,
                formatted: number(data.edges.length),
              }),
            })}
          </p>
          <div className="grid min-w-0 gap-6 lg:grid-cols-[minmax(0,1fr)_22rem]">
            <div className="flex min-w-0 flex-col gap-3">
              {asTable ? (
                <NetworkTables network={data} selectedId={selectedId} onSelect={choose} />
              ) : (
                <NetworkGraph network={data} selectedId={selectedId} onSelect={setSelectedId} onOpen={open} />
              )}
              <div className="flex flex-wrap items-center justify-between gap-2">
                <p role="status" className="min-h-6 text-sm font-medium" data-testid="network-announcer">
                  {selected
                    ? t('categoryNetwork.announce', {
                        name: nodeName(selected, language),
                        books: t('categoryNetwork.panel.books', {
                          count: selected.books,
                          formatted: number(selected.books),
                        }),
                        connections: t('categoryNetwork.connectionCount', {
                          count: degree.get(selected.id) ?? 0,
                          formatted: number(degree.get(selected.id) ?? 0),
                        }),
                      })
                    : ''}
                </p>
                {!wide ? (
                  <Sheet
                    open={sheetOpen}
                    onOpenChange={setSheetOpen}
                    title={selected ? nodeName(selected, language) : t('categoryNetwork.panel.title')}
                    closeLabel={t('categoryNetwork.panel.close')}
                    data-testid="category-sheet"
                    trigger={
                      <Button variant="secondary" disabled={!selectedId}>
                        <PanelRight aria-hidden className="size-4 rtl:-scale-x-100" />
                        {t('categoryNetwork.panel.open')}
                      </Button>
                    }
                  >
                    {panel}
                  </Sheet>
                ) : null}
              </div>
            </div>
            {wide ? (
              <aside
                aria-label={t('categoryNetwork.panel.title')}
                className="min-w-0 self-start rounded-app border border-border bg-surface p-4"
              >
                {panel}
              </aside>
            ) : null}
          </div>
        </>
      ) : null}
    </div>
  );
}
