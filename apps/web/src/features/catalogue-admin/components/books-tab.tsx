import { BOOK_STATUSES, type BookStatus } from '@maktaba/shared/schemas/catalogue';
import { Plus } from 'lucide-react';
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { Pagination } from '../../../components/pagination';
import { buttonClass } from '../../../components/ui/button';
import { pageCount } from '../../../lib/paging';
import { useEditorBooks } from '../api/list-editor-books';
import { useEditorContext } from '../hooks/use-editor-context';
import { BooksTable } from './books-table';
import { LoadError } from './record-row';
import { SearchBox } from './search-box';

const PER_PAGE = 25;

const toStatus = (value: string | null): BookStatus | undefined =>
  (BOOK_STATUSES as readonly string[]).includes(value ?? '') ? (value as BookStatus) : undefined;

/** Every book in any status: filter by status, search (kept in the URL), page, and act on each. */
export function BooksTab() {
  const { t } = useTranslation();
  const { editorPath } = useEditorContext();
  const [params, setParams] = useSearchParams();
  const status = toStatus(params.get('status'));
  const q = params.get('q') ?? '';
  const page = Math.max(1, Number(params.get('page')) || 1);
  const books = useEditorBooks({ status, q: q || undefined, page, perPage: PER_PAGE });

  const update = useCallback(
    (changes: Record<string, string | null>) =>
      setParams(
        (current) => {
          const next = new URLSearchParams(current);
          for (const [key, value] of Object.entries(changes)) {
            if (value) next.set(key, value);
            else next.delete(key);
          }
          return next;
        },
        { replace: true },
      ),
    [setParams],
  );
  const onSearch = useCallback((value: string) => update({ q: value || null, page: null }), [update]);

  return (
    <div className="flex flex-col gap-4">
      <div className="flex flex-col gap-3 sm:flex-row sm:flex-wrap sm:items-center">
        <SearchBox id="catalogue-books-search" label={t('catalogueAdmin.books.search')} value={q} onSearch={onSearch} />
        <div className="flex items-center gap-2">
          <label htmlFor="catalogue-books-status" className="text-sm font-semibold">
            {t('catalogueAdmin.books.statusFilter')}
          </label>
          <select
            id="catalogue-books-status"
            value={status ?? ''}
            onChange={(event) => update({ status: event.target.value || null, page: null })}
            className="min-h-11 rounded-app border border-border bg-surface px-3"
          >
            <option value="">{t('catalogueAdmin.books.allStatuses')}</option>
            {BOOK_STATUSES.map((value) => (
              <option key={value} value={value}>
                {t(`catalogueAdmin.status.${value}`)}
              </option>
            ))}
          </select>
        </div>
        <Link to={editorPath} className={buttonClass('primary')}>
          <Plus aria-hidden className="size-4" />
          {t('catalogueAdmin.books.new')}
        </Link>
      </div>
      <LoadError query={books} />
      {books.isError ? null : books.data ? (
        <>
          <p className="text-sm text-muted" aria-live="polite">
            {t('catalogueAdmin.books.count', { count: books.data.total })}
          </p>
          {books.data.books.length > 0 ? <BooksTable books={books.data.books} /> : null}
          <Pagination
            page={books.data.page}
            pages={pageCount(books.data.total, PER_PAGE)}
            onPage={(next) => update({ page: next > 1 ? String(next) : null })}
          />
        </>
      ) : (
        <p className="text-sm text-muted">{t('common.loading')}</p>
      )}
    </div>
  );
}
