import type { Quote } from '@maktaba/shared/schemas/quotes';
import type { UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { Skeleton } from '../../../components/ui/skeleton';
import { apiErrorKey } from '../../../lib/api-error-text';

/** Cards being loaded: the shape of a few quotes, and 'Loading...' for screen readers. */
export function QuoteListSkeleton({ count = 3 }: { count?: number }) {
  const { t } = useTranslation();
  return (
    <div className="flex flex-col gap-4">
      <span className="sr-only" role="status">
        {t('common.loading')}
      </span>
      {Array.from({ length: count }, (_, index) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: placeholders without identity.
        <Skeleton key={index} className="h-44 w-full" />
      ))}
    </div>
  );
}

/** A failed load: why, in the reader's language, and a retry. */
export function QuoteLoadError({ error, onRetry, title }: { error: unknown; onRetry: () => void; title?: string }) {
  const { t } = useTranslation();
  return (
    <Alert
      variant="destructive"
      title={title ?? t('quotes.loadError')}
      action={
        <Button variant="secondary" onClick={onRetry}>
          {t('common.retry')}
        </Button>
      }
    >
      {t(apiErrorKey(error))}
    </Alert>
  );
}

type QuoteListProps<T> = {
  query: UseQueryResult<T>;
  items: (data: T) => Quote[];
  renderItem: (quote: Quote) => ReactNode;
  empty: ReactNode;
  /** Above the list once loaded (a count). */
  summary?: (data: T) => ReactNode;
  /** Below the list once loaded (paging). */
  after?: (data: T) => ReactNode;
};

/** One list of quotes with its loading, error and empty states. */
export function QuoteList<T>({ query, items, renderItem, empty, summary, after }: QuoteListProps<T>) {
  if (query.isError && !query.data) return <QuoteLoadError error={query.error} onRetry={() => void query.refetch()} />;
  if (!query.data) return <QuoteListSkeleton />;
  const list = items(query.data);
  return (
    <div className="flex flex-col gap-4" aria-busy={query.isFetching || undefined}>
      {summary?.(query.data)}
      {list.length === 0 ? (
        empty
      ) : (
        <ul className="flex flex-col gap-4" data-testid="quote-list">
          {list.map((quote) => (
            <li key={quote.id}>{renderItem(quote)}</li>
          ))}
        </ul>
      )}
      {after?.(query.data)}
    </div>
  );
}
