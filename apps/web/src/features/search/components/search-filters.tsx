import type { Language } from '@maktaba/shared/constants';
import { BOOK_STATUSES } from '@maktaba/shared/schemas/catalogue';
import { type Facet, SEARCH_TYPES, type SearchFacets } from '@maktaba/shared/schemas/search';
import { useTranslation } from 'react-i18next';
import { type FacetMemory, facetOptions } from '../lib/facet-options';
import { type SearchState, withFilter, withToggled } from '../lib/search-state';
import { FacetChecklist, FacetSelect, optionFormatter } from './filter-controls';
import { TextFiltersForm } from './text-filters';

type SingleFacet = 'difficulty' | 'language' | 'format' | 'content_type';

const SELECTS: [SingleFacet, string][] = [
  ['language', 'search.filters.language'],
  ['difficulty', 'search.filters.difficulty'],
  ['format', 'search.filters.format'],
  ['content_type', 'search.filters.contentType'],
];

const flagValue = (value: boolean | undefined) => (value === undefined ? undefined : String(value));

/**
 * Every filter of the /search route, with the facet counts of the current results (none before
 * the first answer: `facets` undefined). Chosen values stay listed even when the results no longer
 * count them. `status` is offered to librarians and admins only (the server ignores it for
 * everyone else).
 */
export function SearchFilters({
  state,
  facets,
  memory,
  language,
  canFilterStatus,
  onChange,
}: {
  state: SearchState;
  facets: SearchFacets | undefined;
  memory?: FacetMemory;
  language: Language;
  canFilterStatus: boolean;
  onChange: (next: SearchState) => void;
}) {
  const { t } = useTranslation();
  const optionText = optionFormatter(language);
  const options = (facet: Facet | 'status', selected: (string | undefined)[]) =>
    facetOptions(
      facet,
      facet === 'status'
        ? BOOK_STATUSES.map((value) => ({ value, count: 0, label: null, label_ar: null }))
        : facets?.[facet],
      selected.filter((value): value is string => value !== undefined),
      language,
      t,
      memory,
    ).map((option) => (facet === 'status' ? { ...option, count: null } : option));
  const availableCount = facets ? (facets.available.find((value) => value.value === 'true')?.count ?? 0) : null;
  const textFilters = { publisher: state.publisher, publication_year: state.publication_year };

  return (
    <div className="flex flex-col gap-6">
      <FacetSelect
        label={t('search.filters.type')}
        value={state.type}
        language={language}
        anyLabel={t('search.filters.types.all')}
        options={SEARCH_TYPES.map((type) => ({ value: type, count: null, label: t(`search.filters.types.${type}`) }))}
        onChange={(value) => onChange(withFilter(state, 'type', value as SearchState['type']))}
      />
      {(['category', 'author'] as const).map((facet) => (
        <FacetChecklist
          key={facet}
          legend={t(`search.filters.${facet}`)}
          testId={`facet-${facet}`}
          options={options(facet, state[facet])}
          selected={state[facet]}
          language={language}
          isCounted={facets !== undefined}
          onToggle={(value) => onChange(withToggled(state, facet, value))}
        />
      ))}
      <label className="flex min-h-10 cursor-pointer items-center gap-2 text-sm font-semibold">
        <input
          type="checkbox"
          className="size-4 accent-primary"
          checked={state.available === true}
          onChange={(event) => onChange(withFilter(state, 'available', event.target.checked ? true : undefined))}
        />
        {optionText({ value: 'true', count: availableCount, label: t('search.filters.available') })}
      </label>
      {SELECTS.map(([facet, labelKey]) => (
        <FacetSelect
          key={facet}
          label={t(labelKey)}
          value={state[facet]}
          language={language}
          options={options(facet, [state[facet]])}
          onChange={(value) => onChange(withFilter(state, facet, value as SearchState[typeof facet]))}
        />
      ))}
      <FacetSelect
        label={t('search.filters.isDigital')}
        value={flagValue(state.is_digital)}
        language={language}
        options={options('is_digital', [flagValue(state.is_digital)])}
        onChange={(value) =>
          onChange(withFilter(state, 'is_digital', value === undefined ? undefined : value === 'true'))
        }
      />
      {canFilterStatus ? (
        <FacetSelect
          label={t('search.filters.status')}
          value={state.status}
          language={language}
          options={options('status', [state.status])}
          onChange={(value) => onChange(withFilter(state, 'status', value as SearchState['status']))}
        />
      ) : null}
      <TextFiltersForm
        key={`${state.publisher ?? ''}|${state.publication_year ?? ''}`}
        value={textFilters}
        onApply={(next) => onChange({ ...state, ...next, page: 1 })}
      />
    </div>
  );
}
