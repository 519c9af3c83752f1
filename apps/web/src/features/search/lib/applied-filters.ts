import type { Language } from '@maktaba/shared/constants';
import type { TFunction } from 'i18next';
import { formatYear } from '../../../lib/format';
import { chosenValue, type FacetMemory, facetLabel } from './facet-options';
import { FILTER_KEYS, type FilterKey, type SearchState, splitYears, withFilter, withToggled } from './search-state';

/** One applied filter as a chip shows it: the filter's name, its value's name, and the state without it. */
export type AppliedFilter = {
  id: string;
  filter: string;
  /** Absent for a filter that is simply on (available now). */
  value?: string;
  /** The language of a record's name, when it is not the reader's. */
  lang?: Language;
  without: SearchState;
};

const FILTER_LABELS: Record<FilterKey, string> = {
  category: 'search.filters.category',
  author: 'search.filters.author',
  difficulty: 'search.filters.difficulty',
  language: 'search.filters.language',
  format: 'search.filters.format',
  available: 'search.filters.available',
  is_digital: 'search.filters.isDigital',
  publisher: 'search.filters.publisher',
  publication_year: 'search.filters.year',
  content_type: 'search.filters.contentType',
  status: 'search.filters.status',
  type: 'search.filters.type',
};

/** `1990`, `1990-2000`, `1990-` or `-2000` in words and the reader's digits. */
export function yearsText(value: string, language: Language, t: TFunction): string {
  const { from, to } = splitYears(value);
  const year = (text: string) => formatYear(Number(text), language);
  if (from && to) return from === to ? year(from) : t('search.chips.yearRange', { from: year(from), to: year(to) });
  return from ? t('search.chips.yearFrom', { year: year(from) }) : t('search.chips.yearTo', { year: year(to) });
}

/** The applied filters in the order the filter panel lists them, each value of a repeatable one apart. */
export function appliedFilters(
  state: SearchState,
  language: Language,
  t: TFunction,
  memory?: FacetMemory,
): AppliedFilter[] {
  const chips: AppliedFilter[] = [];
  for (const key of FILTER_KEYS) {
    const filter = t(FILTER_LABELS[key]);
    const value = state[key];
    if (value === undefined) continue;
    if (key === 'category' || key === 'author') {
      for (const item of value as string[]) {
        const { label, lang } = facetLabel(key, chosenValue(key, item, memory), language, t);
        chips.push({ id: `${key}:${item}`, filter, value: label, lang, without: withToggled(state, key, item) });
      }
      continue;
    }
    const without = withFilter(state, key, undefined);
    const id = `${key}:${String(value)}`;
    if (key === 'available') chips.push({ id, filter: value ? filter : t('search.chips.unavailable'), without });
    else if (key === 'publisher') chips.push({ id, filter, value: String(value), without });
    else if (key === 'publication_year')
      chips.push({ id, filter, value: yearsText(String(value), language, t), without });
    else if (key === 'type') chips.push({ id, filter, value: t(`search.filters.types.${String(value)}`), without });
    else {
      const label = facetLabel(key, chosenValue(key, String(value)), language, t).label;
      chips.push({ id, filter, value: label, without });
    }
  }
  return chips;
}
