import type { Language } from '@maktaba/shared/constants';
import type { Facet, FacetValue, SearchFacets } from '@maktaba/shared/schemas/search';
import type { TFunction } from 'i18next';

/** A value to offer; `count` is null where the search does not count (status). */
export type FacetOption = { value: string; count: number | null; label: string; lang?: Language };

/** Where the words for a facet's values are, when the values are codes rather than records. */
const VALUE_KEYS: Partial<Record<Facet | 'status', string>> = {
  language: 'search.languages',
  format: 'catalogue.formats',
  difficulty: 'catalogue.difficulties',
  content_type: 'catalogue.contentTypes',
  status: 'catalogueAdmin.status',
};

function recordLabel(value: FacetValue, language: Language): { label: string; lang?: Language } {
  const ordered: [string | null, Language][] =
    language === 'ar'
      ? [
          [value.label_ar, 'ar'],
          [value.label, 'en'],
        ]
      : [
          [value.label, 'en'],
          [value.label_ar, 'ar'],
        ];
  for (const [label, lang] of ordered) if (label?.trim()) return { label: label.trim(), lang };
  return { label: value.value };
}

/** A facet value's name in the reader's language: a record's name, or the translated code. */
export function facetLabel(facet: Facet | 'status', value: FacetValue, language: Language, t: TFunction): FacetOption {
  const base = { value: value.value, count: value.count };
  if (facet === 'category' || facet === 'author') return { ...base, ...recordLabel(value, language) };
  if (facet === 'is_digital')
    return { ...base, label: t(value.value === 'true' ? 'search.filters.digital' : 'search.filters.print') };
  const key = VALUE_KEYS[facet];
  return { ...base, label: key ? t(`${key}.${value.value}`, { defaultValue: value.value }) : value.value };
}

/** Category and author values seen in earlier answers, so a chosen one keeps its name when an answer leaves it out. */
export type FacetMemory = Map<'category' | 'author', Map<string, FacetValue>>;

/** Adds the named values of an answer's facets to the memory. */
export function rememberFacets(memory: FacetMemory, facets: SearchFacets): FacetMemory {
  for (const facet of ['category', 'author'] as const) {
    const known = memory.get(facet) ?? new Map<string, FacetValue>();
    for (const value of facets[facet]) known.set(value.value, value);
    memory.set(facet, known);
  }
  return memory;
}

/** A chosen value as the facet or the memory knows it; without either, just its code. */
export function chosenValue(facet: Facet | 'status', value: string, memory?: FacetMemory): FacetValue {
  const known = facet === 'category' || facet === 'author' ? memory?.get(facet)?.get(value) : undefined;
  return { value, count: 0, label: known?.label ?? null, label_ar: known?.label_ar ?? null };
}

/**
 * The values a filter offers: those the facet counted, then any chosen value the facet did not
 * return (with a count of 0), so what the reader chose stays visible and can be unchosen. Before
 * the answer arrives (`values` undefined) the counts are unknown: null, never 0.
 */
export function facetOptions(
  facet: Facet | 'status',
  values: readonly FacetValue[] | undefined,
  selected: readonly string[],
  language: Language,
  t: TFunction,
  memory?: FacetMemory,
): FacetOption[] {
  const listed = values ?? [];
  const known = new Set(listed.map((value) => value.value));
  const missing = selected.filter((value) => !known.has(value)).map((value) => chosenValue(facet, value, memory));
  const options = [...listed, ...missing].map((value) => facetLabel(facet, value, language, t));
  return values === undefined ? options.map((option) => ({ ...option, count: null })) : options;
}

export const EMPTY_FACETS: SearchFacets = {
  category: [],
  author: [],
  language: [],
  format: [],
  difficulty: [],
  content_type: [],
  is_digital: [],
  available: [],
};
