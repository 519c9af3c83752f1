import type { BulkResult, DeskLoan } from '@maktaba/shared/schemas/loans';
import { DESK_PAGE_SIZE, DESK_QUEUES, DESK_SORTS, type DeskQueue } from '@maktaba/shared/schemas/loans';
import { clsx } from 'clsx';
import { Search, Settings } from 'lucide-react';
import { type FormEvent, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { toast } from 'sonner';
import { Alert } from '../../../components/ui/alert';
import { Button, buttonClass } from '../../../components/ui/button';
import { inputClass } from '../../../components/ui/form-field';
import { Skeleton } from '../../../components/ui/skeleton';
import { apiErrorKey } from '../../../lib/api-error-text';
import { formatNumber } from '../../../lib/format';
import { usePageLanguage } from '../../../lib/hooks/use-page-language';
import { useSearchParamsPatch } from '../../../lib/hooks/use-search-params-patch';
import { pageCount, parsePage } from '../../../lib/paging';
import { type DeskFilter, useBulkAction, useDeskCounts, useDeskLoans } from '../api/desk';
import { bookTitle } from '../lib/loan-text';
import { DeskList } from './desk-list';

const oneOf = <T extends string>(values: readonly T[], value: string | null, fallback: T): T =>
  values.includes(value as T) ? (value as T) : fallback;

/** The queues with an action for many loans at once. */
const BULK: Partial<Record<DeskQueue, 'approve' | 'ship'>> = { requests: 'approve', to_ship: 'ship' };

/** Which way each queue reads best until the librarian picks another order. */
const DEFAULT_SORT: Record<DeskQueue, [DeskFilter['sort'], 'asc' | 'desc']> = {
  requests: ['requested_at', 'asc'],
  to_ship: ['updated_at', 'asc'],
  in_transit: ['updated_at', 'asc'],
  on_loan: ['due_date', 'asc'],
  returning: ['updated_at', 'asc'],
  overdue: ['due_date', 'asc'],
  closed: ['updated_at', 'desc'],
};

type Failure = { loan: DeskLoan | undefined; id: string; code: string | null };

/** /library: the lending desk, its queue, search, order and page in the address. */
export function LendingDeskPage() {
  const { t, i18n } = useTranslation();
  const language = usePageLanguage();
  const [params, update] = useSearchParamsPatch();
  const queue = oneOf(DESK_QUEUES, params.get('queue'), 'requests');
  const [defaultSort, defaultOrder] = DEFAULT_SORT[queue];
  const page = parsePage(params.get('page'));
  const filter: DeskFilter = {
    queue,
    q: params.get('q')?.trim() || undefined,
    user_id: params.get('user_id') || undefined,
    sort: oneOf(DESK_SORTS, params.get('sort'), defaultSort),
    order: oneOf(['asc', 'desc'] as const, params.get('order'), defaultOrder),
    limit: DESK_PAGE_SIZE,
    offset: (page - 1) * DESK_PAGE_SIZE,
  };
  const loans = useDeskLoans(filter);
  const counts = useDeskCounts();
  const bulk = useBulkAction();
  const bulkAction = BULK[queue];
  const number = (value: number) => formatNumber(value, i18n.language);

  const [query, setQuery] = useState(filter.q ?? '');
  useEffect(() => setQuery(params.get('q') ?? ''), [params]);

  const [selected, setSelected] = useState<Set<string>>(new Set());
  const [failures, setFailures] = useState<Failure[]>([]);
  const listKey = `${queue}|${filter.q}|${filter.user_id}|${page}|${filter.sort}|${filter.order}`;
  // biome-ignore lint/correctness/useExhaustiveDependencies: a new queue, search or page starts with nothing chosen.
  useEffect(() => {
    setSelected(new Set());
  }, [listKey]);
  // biome-ignore lint/correctness/useExhaustiveDependencies: the failures belong to the queue they happened in.
  useEffect(() => {
    setFailures([]);
  }, [queue]);

  const items = loans.data?.items ?? [];
  const pages = loans.data ? pageCount(loans.data.total, DESK_PAGE_SIZE) : 1;

  const onSearch = (event: FormEvent) => {
    event.preventDefault();
    update({ q: query.trim() || null, page: null });
  };

  const runBulk = () => {
    if (!bulkAction || selected.size === 0) return;
    const ids = [...selected];
    bulk.mutate(
      { action: bulkAction, ids },
      {
        onSuccess: ({ results }: BulkResult) => {
          const done = results.filter((result) => result.ok).length;
          const refused = results.filter((result) => !result.ok);
          if (done > 0) toast.success(t('desk.bulk.done', { formatted: number(done) }));
          setFailures(refused.map(({ id, code }) => ({ id, code, loan: items.find((loan) => loan.id === id) })));
          setSelected(new Set(refused.map((result) => result.id)));
        },
        onError: (error) => toast.error(`${t('desk.bulk.error')}: ${t(apiErrorKey(error))}`),
      },
    );
  };

  return (
    <div className="mx-auto max-w-6xl px-4 py-8 sm:py-10">
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div>
          <h1 className="font-display text-3xl font-bold">{t('desk.title')}</h1>
          <p className="mt-1 text-muted">{t('desk.description')}</p>
        </div>
        <div className="flex flex-wrap gap-2">
          <Link to="/library/reports" className={buttonClass('secondary')}>
            {t('desk.reportsLink')}
          </Link>
          <Link to="/library/settings" className={buttonClass('secondary')}>
            <Settings aria-hidden className="size-4" />
            {t('desk.settingsLink')}
          </Link>
          <Link to="/library/catalogue" className={buttonClass('secondary')}>
            {t('desk.catalogueLink')}
          </Link>
        </div>
      </div>

      <nav aria-label={t('desk.queuesLabel')} className="mt-6">
        <ul className="flex flex-wrap gap-2">
          {DESK_QUEUES.map((name) => {
            const count = counts.data?.[name];
            const current = name === queue;
            return (
              <li key={name}>
                <button
                  type="button"
                  aria-current={current ? 'page' : undefined}
                  onClick={() =>
                    update({ queue: name === 'requests' ? null : name, page: null, sort: null, order: null })
                  }
                  className={clsx(
                    'inline-flex min-h-10 items-center gap-2 rounded-full border px-3 py-1.5 text-sm font-semibold',
                    current
                      ? 'border-primary bg-primary-soft text-primary'
                      : 'border-border bg-surface hover:bg-surface-2',
                  )}
                  data-queue={name}
                >
                  {t(`desk.queues.${name}`)}
                  <span
                    className={clsx(
                      'min-w-6 rounded-full px-1.5 text-center text-xs',
                      name === 'overdue' && count ? 'bg-danger text-danger-fg' : 'bg-surface-2 text-fg',
                    )}
                    data-testid="queue-count"
                  >
                    {count === undefined ? '…' : number(count)}
                  </span>
                </button>
              </li>
            );
          })}
        </ul>
      </nav>

      <search className="mt-4 block">
        <form onSubmit={onSearch} className="flex flex-wrap items-end gap-2">
          <div className="flex min-w-0 flex-1 flex-col gap-1">
            <label htmlFor="desk-search" className="text-sm font-semibold">
              {t('desk.search.label')}
            </label>
            <input
              id="desk-search"
              type="search"
              value={query}
              onChange={(event) => setQuery(event.target.value)}
              placeholder={t('desk.search.placeholder')}
              className={inputClass(false)}
            />
          </div>
          <Button type="submit" variant="secondary" className="min-h-11">
            <Search aria-hidden className="size-4" />
            {t('desk.search.submit')}
          </Button>
        </form>
      </search>

      <div className="mt-6 flex flex-col gap-4">
        {failures.length > 0 ? (
          <Alert variant="destructive" title={t('desk.bulk.failedTitle', { formatted: number(failures.length) })}>
            <ul className="list-disc ps-5" data-testid="bulk-failures">
              {failures.map((failure) => (
                <li key={failure.id}>
                  {t('desk.bulk.failureLine', {
                    book: failure.loan ? (bookTitle(failure.loan, language)?.text ?? failure.id) : failure.id,
                    patron: failure.loan ? failure.loan.patron.name || failure.loan.patron.email : '',
                    reason: t(failure.code ? `errors.codes.${failure.code}` : 'errors.codes.INTERNAL'),
                  })}
                </li>
              ))}
            </ul>
          </Alert>
        ) : null}
        {loans.isError ? (
          <Alert
            variant="destructive"
            title={t('desk.loadError')}
            action={
              <Button variant="secondary" onClick={() => void loans.refetch()}>
                {t('desk.retry')}
              </Button>
            }
          >
            {t(apiErrorKey(loans.error))}
          </Alert>
        ) : loans.data ? (
          <>
            <div className="flex flex-wrap items-center justify-between gap-3">
              <p className="text-sm text-muted" aria-live="polite" data-testid="desk-total">
                {t('desk.total', { formatted: number(loans.data.total) })}
              </p>
              {bulkAction && items.length > 0 ? (
                <div className="flex flex-wrap items-center gap-3">
                  <span className="text-sm" aria-live="polite">
                    {t('desk.selected', { formatted: number(selected.size) })}
                  </span>
                  <Button disabled={selected.size === 0 || bulk.isPending} onClick={runBulk}>
                    {t(`desk.bulk.${bulkAction}`)}
                  </Button>
                </div>
              ) : null}
            </div>
            {items.length > 0 ? (
              <DeskList
                loans={items}
                sort={filter.sort}
                order={filter.order}
                onSort={(sort, order) => update({ sort, order, page: null })}
                selection={
                  bulkAction
                    ? {
                        ids: selected,
                        toggle: (id) =>
                          setSelected((current) => {
                            const next = new Set(current);
                            if (next.has(id)) next.delete(id);
                            else next.add(id);
                            return next;
                          }),
                        setAll: (on) => setSelected(on ? new Set(items.map((loan) => loan.id)) : new Set()),
                      }
                    : undefined
                }
              />
            ) : (
              <p className="rounded-app border border-border bg-surface p-6 text-center text-muted">
                {filter.q ? t('desk.emptySearch') : t('desk.empty')}
              </p>
            )}
            {pages > 1 ? (
              <nav aria-label={t('desk.pagination')} className="flex items-center justify-between gap-3">
                <Button
                  variant="secondary"
                  disabled={page <= 1}
                  onClick={() => update({ page: page > 2 ? String(page - 1) : null })}
                >
                  {t('desk.previous')}
                </Button>
                <span className="text-sm text-muted">
                  {t('desk.page', { page: number(page), pages: number(pages) })}
                </span>
                <Button variant="secondary" disabled={page >= pages} onClick={() => update({ page: String(page + 1) })}>
                  {t('desk.next')}
                </Button>
              </nav>
            ) : null}
          </>
        ) : (
          <Skeleton className="h-64 w-full" />
        )}
      </div>
    </div>
  );
}
