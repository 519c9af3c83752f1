import type { Language } from '@maktaba/shared/constants';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Skeleton } from '../../../components/ui/skeleton';
import { numberFormat } from '../../../lib/format';
import type { FacetOption } from '../lib/facet-options';

const LEGEND = 'mb-2 text-sm font-semibold text-fg';
const CONTROL =
  'min-h-10 w-full rounded-app border border-border bg-surface px-3 text-sm text-fg focus-visible:border-primary';

/** "Name (12)" in the reader's digits (the brackets mirror in Arabic); a value the search does not count has no number. */
export function optionFormatter(language: Language) {
  const format = numberFormat(language);
  return (option: FacetOption) =>
    option.count === null ? option.label : `${option.label} (${format.format(option.count)})`;
}

/** How many values a long list shows before "Show more". */
export const SHORT_LIST = 6;

/** The values a collapsed list shows: the first few, and any chosen value further down. */
export function shortList(options: FacetOption[], selected: readonly string[]): FacetOption[] {
  return options.filter((option, index) => index < SHORT_LIST || selected.includes(option.value));
}

/**
 * Checkboxes for a filter that takes several values (categories, authors), each with its count.
 * A long list shows its first values and a toggle for the rest. Before the counts arrive
 * (`isCounted` false) it shows placeholders rather than "none".
 */
export function FacetChecklist({
  legend,
  options,
  selected,
  language,
  isCounted,
  onToggle,
  testId,
}: {
  legend: string;
  options: FacetOption[];
  selected: readonly string[];
  language: Language;
  isCounted: boolean;
  onToggle: (value: string) => void;
  testId: string;
}) {
  const { t } = useTranslation();
  const listId = useId();
  const [isExpanded, setExpanded] = useState(false);
  const format = numberFormat(language);
  const isLong = options.length > SHORT_LIST;
  const shown = isLong && !isExpanded ? shortList(options, selected) : options;
  return (
    <fieldset data-testid={testId}>
      <legend className={LEGEND}>{legend}</legend>
      {options.length === 0 ? (
        isCounted ? (
          <p className="text-sm text-muted">{t('search.filters.noValues')}</p>
        ) : (
          <div className="flex flex-col gap-2 py-1" data-testid="facet-loading">
            <Skeleton className="h-5 w-3/4" />
            <Skeleton className="h-5 w-2/3" />
            <Skeleton className="h-5 w-1/2" />
          </div>
        )
      ) : (
        <ul id={listId} className="flex flex-col gap-0.5">
          {shown.map((option) => (
            <li key={option.value}>
              <label className="flex min-h-9 cursor-pointer items-center gap-2 rounded-app px-1 text-sm hover:bg-surface-2">
                <input
                  type="checkbox"
                  className="size-4 shrink-0 accent-primary"
                  checked={selected.includes(option.value)}
                  onChange={() => onToggle(option.value)}
                />
                <bdi lang={option.lang} className="min-w-0 flex-1 break-words">
                  {option.label}
                </bdi>
                {option.count !== null ? (
                  <span className="shrink-0 text-xs text-muted" data-testid="facet-count">
                    {format.format(option.count)}
                  </span>
                ) : null}
              </label>
            </li>
          ))}
        </ul>
      )}
      {isLong ? (
        <button
          type="button"
          className="mt-1 min-h-9 rounded-app px-1 text-sm font-semibold text-primary hover:underline"
          aria-expanded={isExpanded}
          aria-controls={listId}
          onClick={() => setExpanded((expanded) => !expanded)}
        >
          {t(isExpanded ? 'search.filters.showFewer' : 'search.filters.showMore')}
        </button>
      ) : null}
    </fieldset>
  );
}

/** A filter with one value at a time, or any: a native select, each value with its count. */
export function FacetSelect({
  label,
  options,
  value,
  language,
  onChange,
  anyLabel,
}: {
  label: string;
  options: FacetOption[];
  value: string | undefined;
  language: Language;
  onChange: (value: string | undefined) => void;
  anyLabel?: string;
}) {
  const { t } = useTranslation();
  const id = useId();
  const optionText = optionFormatter(language);
  return (
    <div className="flex flex-col">
      <label htmlFor={id} className={LEGEND}>
        {label}
      </label>
      <select
        id={id}
        className={CONTROL}
        value={value ?? ''}
        onChange={(event) => onChange(event.target.value || undefined)}
      >
        <option value="">{anyLabel ?? t('search.filters.any')}</option>
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {optionText(option)}
          </option>
        ))}
      </select>
    </div>
  );
}
