import { LIMITS } from '@maktaba/shared/constants';
import type { ShelfType } from '@maktaba/shared/schemas/catalogue';
import { ChevronRight } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useShelf } from '../api/get-shelf';
import { BookCard } from './book-card';
import { BookListSkeleton } from './book-list';
import { ShelfErrorAlert } from './shelf-error-alert';

const HOME_LIMITS: Partial<Record<ShelfType, number>> = { recent: LIMITS.recentShelf, popular: LIMITS.popularShelf };

/**
 * A home shelf (reader-area §2.3, §4.5): a row of covers and one action, 'show more', to
 * /books/{type}, which pages through the whole shelf as a grid or a list.
 */
export function HomeShelf({ type }: { type: ShelfType }) {
  const { t } = useTranslation();
  const limit = HOME_LIMITS[type] ?? LIMITS.defaultShelfBatch;
  const shelf = useShelf(type, { limit }, { isHome: true });
  const title = t(`bookTypes.${type}`);
  const headingId = `shelf-${type}`;
  const books = shelf.data?.books ?? [];
  return (
    <section aria-labelledby={headingId} className="flex flex-col gap-4" data-testid={`shelf-${type}`}>
      <div className="flex flex-wrap items-center gap-x-2 gap-y-1">
        <h2 id={headingId} className="me-auto font-display text-2xl font-bold">
          {title}
        </h2>
        <Link
          to={`/books/${type}`}
          className="-me-3 inline-flex min-h-11 items-center gap-1 rounded-app px-3 text-sm font-semibold text-primary hover:bg-surface-2"
        >
          {t('home.showMore')}
          <ChevronRight aria-hidden className="flip-rtl size-4" />
        </Link>
      </div>
      {shelf.isPending ? (
        <>
          <p role="status" className="sr-only">
            {t('common.loading')}
          </p>
          <BookListSkeleton count={6} />
        </>
      ) : shelf.isError ? (
        <ShelfErrorAlert error={shelf.error} onRetry={() => void shelf.refetch()} />
      ) : books.length === 0 ? (
        <p className="text-muted">{t('catalogue.books.empty')}</p>
      ) : (
        <ul className="-mx-1 flex snap-x gap-3 overflow-x-auto pb-3">
          {books.map((book) => (
            <li key={book.id} className="w-36 shrink-0 snap-start sm:w-40">
              <BookCard book={book} />
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
