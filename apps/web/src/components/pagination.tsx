import { ChevronLeft, ChevronRight } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

const LINK =
  'inline-flex min-h-10 items-center gap-1 rounded-app border border-border bg-surface px-3 text-sm font-semibold hover:bg-surface-2';

/** Previous / next links that keep the page in the address (?page=). */
export function Pagination({
  page,
  pages,
  hrefFor,
}: {
  page: number;
  pages: number;
  hrefFor: (page: number) => string;
}) {
  const { t, i18n } = useTranslation();
  const formatNumber = (value: number) => new Intl.NumberFormat(i18n.language).format(value);
  if (pages <= 1) return null;
  return (
    <nav aria-label={t('catalogue.pagination.label')} className="flex items-center justify-center gap-3">
      {page > 1 ? (
        <Link to={hrefFor(page - 1)} className={LINK} rel="prev">
          <ChevronLeft aria-hidden className="flip-rtl size-4" />
          {t('catalogue.pagination.previous')}
        </Link>
      ) : null}
      <span className="text-sm text-muted" aria-current="page">
        {t('catalogue.pagination.status', { page: formatNumber(page), pages: formatNumber(pages) })}
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
