import type { Language } from '@maktaba/shared/constants';
import type { SearchHit } from '@maktaba/shared/schemas/search';
import { clsx } from 'clsx';
import { Skeleton } from '../../../components/ui/skeleton';
import { SearchHitCard } from './search-hit';

/** The hits of one page, in the order the server ranked them. */
export function SearchResultList({
  hits,
  language,
  isStale,
  label,
}: {
  hits: SearchHit[];
  language: Language;
  /** The previous results, shown while the next ones load. */
  isStale: boolean;
  label: string;
}) {
  return (
    <ul
      aria-label={label}
      aria-busy={isStale}
      className={clsx('flex flex-col gap-3 transition-opacity', isStale && 'opacity-60')}
      data-testid="search-results"
    >
      {hits.map((hit) => (
        <li key={hit.id}>
          <SearchHitCard hit={hit} language={language} />
        </li>
      ))}
    </ul>
  );
}

/** Placeholders shaped like results while the first ones load. */
export function SearchResultsSkeleton({ count = 6 }: { count?: number }) {
  return (
    <ul aria-hidden className="flex flex-col gap-3" data-testid="search-skeleton">
      {Array.from({ length: count }, (_, index) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: placeholders have nothing else to tell them apart.
        <li key={index} className="flex gap-4 rounded-app border border-border p-3 sm:p-4">
          <Skeleton className="aspect-[2/3] w-16 shrink-0 sm:w-20" />
          <div className="flex flex-1 flex-col gap-2">
            <Skeleton className="h-4 w-3/4" />
            <Skeleton className="h-3 w-1/2" />
            <Skeleton className="h-3 w-1/3" />
            <Skeleton className="h-3 w-5/6" />
          </div>
        </li>
      ))}
    </ul>
  );
}
