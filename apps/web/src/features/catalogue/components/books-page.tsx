import { LIMITS } from '@maktaba/shared/constants';
import { toShelfType } from '@maktaba/shared/schemas/catalogue';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams, useSearchParams } from 'react-router';
import { Pagination } from '../../../components/pagination';
import { formatNumber } from '../../../lib/format';
import { usePageLanguage } from '../../../lib/hooks/use-page-language';
import { pageCount, parsePage } from '../../../lib/paging';
import { useShelf } from '../api/get-shelf';
import { useViewMode } from '../hooks/use-view-mode';
import { BookList, BookListSkeleton } from './book-list';
import { ShelfErrorAlert } from './shelf-error-alert';
import { ViewModeToggle } from './view-mode-toggle';

const PAGE_SIZE = LIMITS.shelfPageSize;

/** /books/{type}: the whole shelf, page by page (?page=), as a grid or a list. Unknown types show recent. */
export function BooksPage() {
  const { t } = useTranslation();
  const language = usePageLanguage();
  const type = toShelfType(useParams().type);
  const [searchParams] = useSearchParams();
  const page = parsePage(searchParams.get('page'));
  const [mode, setMode] = useViewMode();
  const shelf = useShelf(type, { limit: PAGE_SIZE, offset: (page - 1) * PAGE_SIZE });
  const total = shelf.data?.total ?? 0;

  // A new page starts at its top, not where the previous one was scrolled to.
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs on a change of page.
  useEffect(() => {
    window.scrollTo({ top: 0 });
  }, [page]);

  return (
    <div className="mx-auto flex max-w-7xl flex-col gap-6 px-4 py-8 sm:px-6">
      <div className="flex flex-wrap items-end gap-3">
        <div className="me-auto">
          <h1 className="font-display text-3xl font-bold">{t(`bookTypes.${type}`)}</h1>
          {shelf.data ? (
            <p className="text-muted">{t('catalogue.books.count', { formatted: formatNumber(total, language) })}</p>
          ) : null}
        </div>
        <ViewModeToggle mode={mode} onChange={setMode} />
      </div>
      {shelf.isPending ? (
        <>
          <p role="status" className="sr-only">
            {t('common.loading')}
          </p>
          <BookListSkeleton count={12} mode={mode} />
        </>
      ) : shelf.isError && !shelf.data ? (
        <ShelfErrorAlert error={shelf.error} onRetry={() => void shelf.refetch()} />
      ) : shelf.data && shelf.data.books.length === 0 ? (
        <p className="rounded-app border border-dashed border-border p-8 text-center text-muted">
          {t('catalogue.books.empty')}
        </p>
      ) : (
        <>
          {shelf.isError ? <ShelfErrorAlert error={shelf.error} onRetry={() => void shelf.refetch()} /> : null}
          <BookList
            books={shelf.data?.books ?? []}
            mode={mode}
            className={shelf.isPlaceholderData ? 'opacity-60' : undefined}
          />
          <Pagination
            page={page}
            pages={pageCount(total, PAGE_SIZE)}
            hrefFor={(target) => (target === 1 ? '?' : `?page=${target}`)}
          />
        </>
      )}
    </div>
  );
}
