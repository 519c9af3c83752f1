import { ChevronLeft, ChevronRight } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { formatNumber } from '../lib/format';
import { Button } from './ui/button';

const LINK =
  'inline-flex min-h-11 min-w-11 items-center justify-center gap-1 rounded-app border border-border bg-surface px-3 text-sm font-semibold hover:bg-surface-2';

type PaginationProps = {
  page: number;
  pages: number;
  /** The navigation's name, where a page has more than one list to page through. */
  label?: string;
} & (
  | { /** Links that keep the page in the address (?page=). */ hrefFor: (page: number) => string; onPage?: never }
  | { /** Buttons for a page kept in a component's state. */ onPage: (page: number) => void; hrefFor?: never }
);

/**
 * Previous / next with 'Page x of y'; the chevrons point the reading direction. Nothing when
 * there is only one page.
 */
export function Pagination({ page, pages, label, hrefFor, onPage }: PaginationProps) {
  const { t, i18n } = useTranslation();
  const number = (value: number) => formatNumber(value, i18n.language);
  if (pages <= 1) return null;
  const status = t('catalogue.pagination.status', { page: number(page), pages: number(pages) });
  const name = label ?? t('catalogue.pagination.label');
  if (onPage) {
    return (
      <nav aria-label={name} className="flex items-center justify-center gap-3">
        <Button variant="secondary" disabled={page <= 1} onClick={() => onPage(page - 1)}>
          <ChevronLeft aria-hidden className="flip-rtl size-4" />
          {t('catalogue.pagination.previous')}
        </Button>
        <span className="text-sm" aria-live="polite">
          {status}
        </span>
        <Button variant="secondary" disabled={page >= pages} onClick={() => onPage(page + 1)}>
          {t('catalogue.pagination.next')}
          <ChevronRight aria-hidden className="flip-rtl size-4" />
        </Button>
      </nav>
    );
  }
  return (
    <nav aria-label={name} className="flex items-center justify-center gap-3">
      {page > 1 ? (
        <Link to={hrefFor(page - 1)} className={LINK} rel="prev">
          <ChevronLeft aria-hidden className="flip-rtl size-4" />
          {t('catalogue.pagination.previous')}
        </Link>
      ) : null}
      <span className="text-sm text-muted" aria-current="page">
        {status}
      </span>
      {page < pages ? (
        <Link to={hrefFor(page + 1)} className={LINK} rel="next">
          {t('catalogue.pagination.next')}
          <ChevronRight aria-hidden className="flip-rtl size-4" />
        </Link>
      ) : null}
    </nav>
  );
}
