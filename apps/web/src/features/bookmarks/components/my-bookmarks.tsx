import { Loader2, Search } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Alert } from '../../../components/ui/alert';
import { Button, buttonClass } from '../../../components/ui/button';
import { Skeleton } from '../../../components/ui/skeleton';
import { formatNumber } from '../../../lib/format';
import { useBookmarks } from '../hooks/use-bookmarks';
import { BookmarkItem } from './bookmark-item';

/** 'My bookmarks': the reader's bookmarks, newest first, 20 more at a time, with the exact count. */
export function MyBookmarks() {
  const { t, i18n } = useTranslation();
  const { status, error, items, total, hasMore, isLoadingMore, loadMoreError, retry, loadMore } = useBookmarks();
  const formatted = formatNumber(total, i18n.language);

  return (
    <section aria-labelledby="my-bookmarks" className="flex flex-col gap-4">
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h2 id="my-bookmarks" className="font-display text-2xl font-bold">
          {t('myImam.bookmarks.title')}
        </h2>
        {/* With none, the empty state below says so: the count would repeat it. */}
        {status === 'ready' && total > 0 ? (
          <p className="text-sm text-muted" data-testid="bookmarks-count">
            {t('myImam.bookmarks.count', { count: total, formatted })}
          </p>
        ) : null}
      </div>
      {status === 'error' && error ? (
        <Alert
          variant="destructive"
          title={t(error)}
          action={
            <Button variant="secondary" onClick={() => void retry()}>
              {t('common.retry')}
            </Button>
          }
        />
      ) : status === 'ready' && items.length === 0 ? (
        <div className="flex flex-col items-start gap-3 rounded-app border border-dashed border-border p-6">
          <p className="font-semibold">{t('myImam.bookmarks.emptyTitle')}</p>
          <p className="text-muted">{t('myImam.bookmarks.emptyDescription')}</p>
          <Link to="/search" className={buttonClass('primary')}>
            <Search aria-hidden className="size-4" />
            {t('myImam.bookmarks.findBooks')}
          </Link>
        </div>
      ) : status === 'ready' ? (
        <>
          <ul className="flex flex-col gap-3" data-testid="my-bookmarks">
            {items.map((bookmark) => (
              <li key={bookmark.id}>
                <BookmarkItem bookmark={bookmark} />
              </li>
            ))}
          </ul>
          {loadMoreError ? <Alert variant="destructive" title={t(loadMoreError)} /> : null}
          {hasMore ? (
            <Button
              variant="secondary"
              className="self-center"
              onClick={() => void loadMore()}
              disabled={isLoadingMore}
              aria-busy={isLoadingMore || undefined}
            >
              {isLoadingMore ? <Loader2 aria-hidden className="size-4 animate-spin" /> : null}
              {t('myImam.bookmarks.loadMore')}
            </Button>
          ) : null}
        </>
      ) : (
        <BookmarksSkeleton />
      )}
    </section>
  );
}

function BookmarksSkeleton() {
  const { t } = useTranslation();
  return (
    <div className="flex flex-col gap-3">
      <p role="status" className="sr-only">
        {t('common.loading')}
      </p>
      {[0, 1, 2].map((row) => (
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
