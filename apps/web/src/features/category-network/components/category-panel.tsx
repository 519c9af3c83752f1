import { Pencil } from 'lucide-react';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Alert } from '../../../components/ui/alert';
import { buttonClass } from '../../../components/ui/button';
import { Skeleton } from '../../../components/ui/skeleton';
import { apiErrorKey } from '../../../lib/api-error-text';
import { formatNumber } from '../../../lib/format';
import { usePageLanguage } from '../../../lib/hooks/use-page-language';
import { pickLocalized } from '../../../lib/localized-text';
import { useCategoryPanel } from '../api/network';
import { nodeName } from '../lib/network-model';

type CategoryPanelProps = {
  id: string;
  /** A connected category (or the parent) chosen: select it in the graph. */
  onSelect: (id: string) => void;
  /** Move focus to the heading as soon as the panel has loaded (it may still be loading when asked). */
  focusHeading?: boolean;
  onHeadingFocused?: () => void;
};

const listClass = 'flex flex-col gap-1';
const linkClass = 'inline-flex min-h-11 items-center text-primary underline-offset-2 hover:underline';

/** One category's side panel: its names and books, top books and authors, and the categories it shares books with. */
export function CategoryPanel({ id, onSelect, focusHeading = false, onHeadingFocused }: CategoryPanelProps) {
  const { t } = useTranslation();
  const language = usePageLanguage();
  const query = useCategoryPanel(id);
  const headingRef = useRef<HTMLHeadingElement>(null);
  const loaded = query.data?.category.id === id;

  useEffect(() => {
    if (!focusHeading || !loaded || !headingRef.current) return;
    headingRef.current.focus();
    onHeadingFocused?.();
  }, [focusHeading, loaded, onHeadingFocused]);
  const number = (value: number) => formatNumber(value, language);

  if (query.isPending) {
    return (
      <div className="flex flex-col gap-3" aria-busy="true">
        <Skeleton className="h-7 w-2/3" />
        <Skeleton className="h-4 w-1/2" />
        <Skeleton className="h-32 w-full" />
      </div>
    );
  }
  if (query.isError) {
    return (
      <Alert variant="destructive" title={t('categoryNetwork.loadFailed')}>
        {t(apiErrorKey(query.error))}
      </Alert>
    );
  }
  const { category, topBooks, topAuthors, connected } = query.data;
  const other = language === 'ar' ? category.nameEn : category.nameAr;
  const text = (en: string | null, ar: string | null) => {
    const picked = pickLocalized(en, ar, language);
    return picked ? (
      <bdi lang={picked.lang} dir="auto">
        {picked.text}
      </bdi>
    ) : (
      t('categoryNetwork.panel.untitled')
    );
  };

  return (
    <div className="flex flex-col gap-5" data-testid="category-panel">
      <div>
        <h2
          ref={headingRef}
          tabIndex={-1}
          className="font-display text-2xl font-bold outline-none focus-visible:outline-3"
          data-testid="category-panel-name"
        >
          <bdi dir="auto">{nodeName(category, language)}</bdi>
        </h2>
        {other ? (
          <p className="text-muted" lang={language === 'ar' ? 'en' : 'ar'} dir="auto">
            {other}
          </p>
        ) : null}
        <p className="mt-2 text-sm">
          {t('categoryNetwork.panel.books', { count: category.books, formatted: number(category.books) })}
        </p>
        {category.parent ? (
          <p className="text-sm">
            {t('categoryNetwork.panel.parent')}{' '}
            <button
              type="button"
              className="min-h-11 font-semibold text-primary underline-offset-2 hover:underline"
              onClick={() => category.parent && onSelect(category.parent.id)}
            >
              <bdi dir="auto">{nodeName(category.parent, language)}</bdi>
            </button>
          </p>
        ) : null}
        <Link to="/admin/book-catalog?tab=categories" className={buttonClass('secondary', 'mt-3')}>
          <Pencil aria-hidden className="size-4" />
          {t('categoryNetwork.panel.edit')}
        </Link>
      </div>

      <section aria-labelledby={`${id}-books`}>
        <h3 id={`${id}-books`} className="font-semibold">
          {t('categoryNetwork.panel.topBooks')}
        </h3>
        {topBooks.length === 0 ? (
          <p className="text-sm text-muted">{t('categoryNetwork.panel.noBooks')}</p>
        ) : (
          <ol className={listClass}>
            {topBooks.map((book) => (
              <li key={book.id} className="flex items-baseline justify-between gap-2 text-sm">
                <Link to={`/book/${book.id}`} className={`${linkClass} min-w-0`}>
                  {text(book.titleEn, book.titleAr)}
                </Link>
                <span className="shrink-0 text-muted">
                  {t('categoryNetwork.panel.views', { count: book.views, formatted: number(book.views) })}
                </span>
              </li>
            ))}
          </ol>
        )}
      </section>

      <section aria-labelledby={`${id}-authors`}>
        <h3 id={`${id}-authors`} className="font-semibold">
          {t('categoryNetwork.panel.topAuthors')}
        </h3>
        {topAuthors.length === 0 ? (
          <p className="text-sm text-muted">{t('categoryNetwork.panel.noAuthors')}</p>
        ) : (
          <ol className={listClass}>
            {topAuthors.map((author) => (
              <li key={author.id} className="flex items-baseline justify-between gap-2 text-sm">
                <Link to={`/author/${author.id}`} className={`${linkClass} min-w-0`}>
                  {text(author.nameEn, author.nameAr)}
                </Link>
                <span className="shrink-0 text-muted">
                  {t('categoryNetwork.panel.books', { count: author.books, formatted: number(author.books) })}
                </span>
              </li>
            ))}
          </ol>
        )}
      </section>

      <section aria-labelledby={`${id}-connected`}>
        <h3 id={`${id}-connected`} className="font-semibold">
          {t('categoryNetwork.panel.connected')}
        </h3>
        {connected.length === 0 ? (
          <p className="text-sm text-muted">{t('categoryNetwork.panel.noConnected')}</p>
        ) : (
          <ul className="flex flex-wrap gap-2" data-testid="category-panel-connected">
            {connected.map((row) => (
              <li key={row.id}>
                <button
                  type="button"
                  onClick={() => onSelect(row.id)}
                  className="inline-flex min-h-11 items-center gap-2 rounded-app border border-border px-3 text-sm hover:bg-surface-2"
                >
                  <bdi dir="auto">{nodeName(row, language)}</bdi>
                  <span className="text-muted">
                    {t('categoryNetwork.panel.sharedBooks', { count: row.shared, formatted: number(row.shared) })}
                  </span>
                </button>
              </li>
            ))}
          </ul>
        )}
      </section>
    </div>
  );
}
