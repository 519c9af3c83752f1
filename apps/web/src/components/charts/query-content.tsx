import type { UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { apiErrorKey } from '../../lib/api-error-text';
import { Alert } from '../ui/alert';
import { Button } from '../ui/button';
import { Skeleton } from '../ui/skeleton';

export type QueryState<T> = Pick<UseQueryResult<T>, 'data' | 'isError' | 'error' | 'isFetching' | 'refetch'>;

/** The words of a part that loads its own figures, in its feature's namespace. */
export type LoadTexts = { loadError: string; retry: string; loading: string };

type QueryContentProps<T> = {
  query: QueryState<T>;
  texts: LoadTexts;
  /**
   * A failed refresh hides figures already shown (the analytics charts); otherwise the last
   * figures stay and the error shows only when there is nothing to show.
   */
  errorHidesData?: boolean;
  skeletonClassName?: string;
  children: (data: T) => ReactNode;
};

/** What a query has to show: a skeleton while loading, the error with a retry, or its content. */
export function QueryContent<T>({
  query,
  texts,
  errorHidesData = false,
  skeletonClassName = 'h-32 w-full',
  children,
}: QueryContentProps<T>) {
  const { t } = useTranslation();
  if (query.isError && (errorHidesData || query.data === undefined)) {
    return (
      <Alert
        variant="destructive"
        title={texts.loadError}
        action={
          <Button variant="secondary" onClick={() => void query.refetch()}>
            {texts.retry}
          </Button>
        }
      >
        {t(apiErrorKey(query.error))}
      </Alert>
    );
  }
  if (query.data === undefined) {
    return (
      <div>
        <span className="sr-only" role="status">
          {texts.loading}
        </span>
        <Skeleton className={skeletonClassName} />
      </div>
    );
  }
  return <>{children(query.data)}</>;
}
