import { LOANS_PAGE_SIZE } from '@maktaba/shared/schemas/loans';
import { useQuery } from '@tanstack/react-query';
import { Search } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Pagination } from '../../../components/pagination';
import { Alert } from '../../../components/ui/alert';
import { Button, buttonClass } from '../../../components/ui/button';
import { Skeleton } from '../../../components/ui/skeleton';
import { useAuthStore } from '../../../lib/auth/use-auth';
import { pageCount } from '../../../lib/paging';
import { loansQueryOptions } from '../api/get-loans';
import type { LoanScope } from '../lib/query-keys';
import { LoanCard } from './loan-card';

/**
 * "My loans" (My Imam): the reader's current requests and loans, then the loans that are over,
 * 15 a page each. Both follow the reader's actions and the library's live notifications.
 */
export function MyLoans() {
  const { t } = useTranslation();
  return (
    <section aria-labelledby="my-loans" className="flex flex-col gap-6" data-testid="my-loans">
      <h2 id="my-loans" className="font-display text-2xl font-bold">
        {t('loans.my.title')}
      </h2>
      <LoanList scope="current" />
      <LoanList scope="history" />
    </section>
  );
}

function LoanList({ scope }: { scope: LoanScope }) {
  const { t } = useTranslation();
  const userId = useAuthStore((state) => (state.isAuthenticated ? (state.user?.id ?? null) : null));
  const [page, setPage] = useState(1);
  const query = useQuery({
    ...loansQueryOptions(userId, scope, (page - 1) * LOANS_PAGE_SIZE),
    enabled: userId !== null,
  });
  const headingId = `my-loans-${scope}`;
  const data = query.data;
  const pages = data ? pageCount(data.total, LOANS_PAGE_SIZE) : 1;
  // A page emptied by the reader's own action (the last loan on it moved on) falls back a page.
  if (data && data.items.length === 0 && page > 1 && !query.isPlaceholderData) setPage(Math.min(page - 1, pages));

  return (
    <section aria-labelledby={headingId} className="flex flex-col gap-3" data-testid={`loans-${scope}`}>
      <h3 id={headingId} className="font-display text-xl font-bold">
        {t(`loans.my.${scope}.title`)}
      </h3>
      {query.isError && !data ? (
        <Alert
          variant="destructive"
          title={t('loans.errors.list')}
          action={
            <Button variant="secondary" onClick={() => void query.refetch()}>
              {t('common.retry')}
            </Button>
          }
        />
      ) : !data ? (
        <LoansSkeleton />
      ) : data.items.length === 0 ? (
        <div
          className="flex flex-col items-start gap-3 rounded-app border border-dashed border-border p-6"
          data-testid={`loans-${scope}-empty`}
        >
          <p className="font-semibold">{t(`loans.my.${scope}.emptyTitle`)}</p>
          <p className="text-muted">{t(`loans.my.${scope}.emptyDescription`)}</p>
          {scope === 'current' ? (
            <Link to="/search" className={buttonClass('primary')}>
              <Search aria-hidden className="size-4" />
              {t('loans.my.findBooks')}
            </Link>
          ) : null}
        </div>
      ) : (
        <>
          <ul className="flex flex-col gap-3" aria-busy={query.isPlaceholderData || undefined}>
            {data.items.map((loan) => (
              <li key={loan.id}>
                <LoanCard loan={loan} />
              </li>
            ))}
          </ul>
          <Pagination page={page} pages={pages} onPage={setPage} />
        </>
      )}
    </section>
  );
}

function LoansSkeleton() {
  const { t } = useTranslation();
  return (
    <div className="flex flex-col gap-3">
      <p role="status" className="sr-only">
        {t('common.loading')}
      </p>
      {[0, 1].map((row) => (
        <div key={row} className="flex items-center gap-4 rounded-app border border-border p-3">
          <Skeleton className="h-24 w-16 shrink-0" />
          <div className="flex flex-1 flex-col gap-2">
            <Skeleton className="h-5 w-2/3" />
            <Skeleton className="h-4 w-1/3" />
          </div>
        </div>
      ))}
    </div>
  );
}
