import { X } from 'lucide-react';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import type { AppliedFilter } from '../lib/applied-filters';

/**
 * The applied filters above the results, each removable on its own; "Clear all" from two on.
 * A removed chip's button disappears with it, so focus moves to the chip now in its place (or the
 * one before), and to `fallbackFocusId` when none is left, never to the page's start.
 */
export function AppliedFilterChips({
  filters,
  fallbackFocusId,
  onRemove,
  onClearAll,
}: {
  filters: AppliedFilter[];
  fallbackFocusId: string;
  onRemove: (filter: AppliedFilter) => void;
  onClearAll: () => void;
}) {
  const { t } = useTranslation();
  const listRef = useRef<HTMLUListElement>(null);
  const focusIndex = useRef<number | null>(null);

  // biome-ignore lint/correctness/useExhaustiveDependencies: runs when the applied filters change.
  useEffect(() => {
    const index = focusIndex.current;
    if (index === null) return;
    focusIndex.current = null;
    const chips = listRef.current?.querySelectorAll<HTMLElement>('[data-testid="filter-chip"]') ?? [];
    (chips[Math.min(index, chips.length - 1)] ?? document.getElementById(fallbackFocusId))?.focus();
  }, [filters]);

  const removeAt = (index: number, next: () => void) => {
    focusIndex.current = index;
    next();
  };

  if (filters.length === 0) return null;
  return (
    <div className="flex flex-wrap items-center gap-2" data-testid="applied-filters">
      <ul ref={listRef} aria-label={t('search.filters.applied')} className="flex min-w-0 max-w-full flex-wrap gap-2">
        {filters.map((filter, index) => (
          <li key={filter.id} className="min-w-0 max-w-full">
            <button
              type="button"
              className="inline-flex min-h-9 max-w-full items-center gap-1.5 rounded-full border border-border bg-surface-2 ps-3 pe-2 text-sm text-fg hover:border-primary"
              data-testid="filter-chip"
              onClick={() => removeAt(index, () => onRemove(filter))}
            >
              {/* The name says what the button does and still contains the words it shows. */}
              <span className="sr-only">{t('search.chips.remove')} </span>
              <span className={filter.value === undefined ? 'font-semibold' : 'text-muted'}>{filter.filter}</span>{' '}
              {filter.value === undefined ? null : (
                <bdi lang={filter.lang} className="min-w-0 truncate font-semibold">
                  {filter.value}
                </bdi>
              )}
              <X aria-hidden className="size-4 shrink-0" />
            </button>
          </li>
        ))}
      </ul>
      {filters.length >= 2 ? (
        <button
          type="button"
          className="min-h-9 rounded-app px-2 text-sm font-semibold text-primary hover:underline"
          onClick={() => removeAt(0, onClearAll)}
        >
          {t('search.filters.clearAll')}
        </button>
      ) : null}
    </div>
  );
}
