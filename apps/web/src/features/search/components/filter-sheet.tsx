import type { Language } from '@maktaba/shared/constants';
import { SlidersHorizontal } from 'lucide-react';
import { type ReactNode, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button, buttonClass } from '../../../components/ui/button';
import { Sheet } from '../../../components/ui/sheet';
import { numberFormat } from '../../../lib/format';

/** Tailwind's `md`: from here on the filters are a side column and the sheet is not offered. */
const WIDE = '(min-width: 48rem)';

/**
 * The filters on a phone: a button that opens them in a sheet. A change applies at once (the
 * results behind update); the sheet's main button says how many results the chosen filters give
 * (`resultCount`, undefined while they are counted) and closes it.
 */
export function FilterSheet({
  filterCount,
  resultCount,
  language,
  onClearAll,
  children,
}: {
  filterCount: number;
  resultCount: number | undefined;
  language: Language;
  onClearAll: () => void;
  children: ReactNode;
}) {
  const { t } = useTranslation();
  const [isOpen, setOpen] = useState(false);
  const primaryRef = useRef<HTMLButtonElement>(null);
  const number = numberFormat(language);

  // Turned into a wide screen, the page shows the side column: a sheet left open would trap focus.
  useEffect(() => {
    const wide = window.matchMedia(WIDE);
    const onChange = () => {
      if (wide.matches) setOpen(false);
    };
    wide.addEventListener('change', onChange);
    return () => wide.removeEventListener('change', onChange);
  }, []);

  return (
    <Sheet
      open={isOpen}
      onOpenChange={setOpen}
      title={t('search.filters.title')}
      closeLabel={t('search.filters.close')}
      data-testid="filter-sheet"
      trigger={
        <Button variant="secondary" className="md:hidden">
          <SlidersHorizontal aria-hidden className="size-4" />
          {t('search.filters.show')}
          {filterCount > 0 ? (
            <>
              <span aria-hidden className="rounded-full bg-primary px-2 text-xs text-primary-fg">
                {number.format(filterCount)}
              </span>
              <span className="sr-only">
                {t('search.filters.active', { count: filterCount, formatted: number.format(filterCount) })}
              </span>
            </>
          ) : null}
        </Button>
      }
      footer={
        <>
          {filterCount > 0 ? (
            <Button
              variant="secondary"
              onClick={() => {
                onClearAll();
                // This button goes away with the filters; focus stays in the sheet, on its main action.
                primaryRef.current?.focus();
              }}
            >
              {t('search.filters.clearAll')}
            </Button>
          ) : null}
          <button
            ref={primaryRef}
            type="button"
            className={buttonClass('primary', 'flex-1')}
            aria-busy={resultCount === undefined}
            onClick={() => setOpen(false)}
          >
            {resultCount === undefined
              ? t('search.filters.showResultsPending')
              : t('search.filters.showResults', { count: resultCount, formatted: number.format(resultCount) })}
          </button>
        </>
      }
    >
      {children}
    </Sheet>
  );
}
