import { ChevronLeft, ChevronRight } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button';

type PagerProps = { page: number; total: number; perPage: number; onPage: (page: number) => void };

/** Previous / next with "Page x of y"; the chevrons point the reading direction. */
export function Pager({ page, total, perPage, onPage }: PagerProps) {
  const { t, i18n } = useTranslation();
  const pages = Math.max(1, Math.ceil(total / perPage));
  const number = (value: number) => new Intl.NumberFormat(i18n.language).format(value);
  if (pages <= 1) return null;
  return (
    <nav aria-label={t('catalogueAdmin.pager.label')} className="flex items-center justify-center gap-3">
      <Button variant="secondary" disabled={page <= 1} onClick={() => onPage(page - 1)}>
        <ChevronLeft aria-hidden className="size-4 rtl:rotate-180" />
        {t('catalogueAdmin.pager.previous')}
      </Button>
      <span className="text-sm" aria-live="polite">
        {t('catalogueAdmin.pager.status', { page: number(page), pages: number(pages) })}
      </span>
      <Button variant="secondary" disabled={page >= pages} onClick={() => onPage(page + 1)}>
        {t('catalogueAdmin.pager.next')}
        <ChevronRight aria-hidden className="size-4 rtl:rotate-180" />
      </Button>
    </nav>
  );
}
