import {
  BOOK_DIFFICULTIES,
  BOOK_STATUSES,
  type BookDifficulty,
  type BookStatus,
  CATALOGUE_LIMITS,
} from '@maktaba/shared/schemas/catalogue';
import {
  SEARCH_LIMITS,
  SEARCH_SORTS,
  SEARCH_TYPES,
  type SearchSort,
  type SearchType,
  searchQueryString,
} from '@maktaba/shared/schemas/search';

/**
 * Everything the /search page shows, read from its address and written back to it: the address
 * is the page's only state, so back, forward, reload and shared links restore all of it.
 */
export type SearchState = {
  q: string;
  category: string[];
  author: string[];
  difficulty?: BookDifficulty;
  language?: string;
  format?: string;
  available?: boolean;
  is_digital?: boolean;
  publisher?: string;
  /** As the address writes it: `1990`, `1990-2000`, `-2000` or `1990-`. */
  publication_year?: string;
  content_type?: string;
  status?: BookStatus;
  type?: SearchType;
  sort: SearchSort;
  page: number;
};

/** The filters: every parameter but the words, the order and the page. */
export const FILTER_KEYS = [
  'category',
  'author',
  'difficulty',
  'language',
  'format',
  'available',
  'is_digital',
  'publisher',
  'publication_year',
  'content_type',
  'status',
  'type',
] as const satisfies readonly (keyof SearchState)[];
export type FilterKey = (typeof FILTER_KEYS)[number];

const YEAR_PARAM = /^(\d{1,4})?(-(\d{1,4})?)?$/;

const oneOf = <T extends string>(values: readonly T[], value: string | null): T | undefined =>
  value !== null && (values as readonly string[]).includes(value) ? (value as T) : undefined;

function text(value: string | null, max: number): string | undefined {
  const trimmed = value?.trim();
  return trimmed ? trimmed.slice(0, max) : undefined;
}

function flag(value: string | null): boolean | undefined {
  if (value === 'true' || value === '1') return true;
  if (value === 'false' || value === '0') return false;
  return undefined;
}

function list(params: URLSearchParams, key: string): string[] {
  const values = params
    .getAll(key)
    .map((value) => value.trim())
    .filter(Boolean);
  return [...new Set(values)].slice(0, SEARCH_LIMITS.filterValuesMax);
}

function year(value: string | null): string | undefined {
  const trimmed = value?.trim() ?? '';
  return YEAR_PARAM.test(trimmed) && /\d/.test(trimmed) ? trimmed : undefined;
}

function pageNumber(value: string | null): number {
  const page = Number(value);
  return Number.isInteger(page) && page >= 1 ? Math.min(page, SEARCH_LIMITS.pageMax) : 1;
}

/**
 * The state an address describes. Forgiving: a value the API would refuse (a typed-in address, an
 * old link) is left out rather than turned into an error page.
 */
export function parseSearchState(params: URLSearchParams): SearchState {
  return {
    q: (params.get('q') ?? '').slice(0, SEARCH_LIMITS.queryMax),
    category: list(params, 'category'),
    author: list(params, 'author'),
    difficulty: oneOf(BOOK_DIFFICULTIES, params.get('difficulty')),
    language: text(params.get('language'), 10),
    format: text(params.get('format'), 40),
    available: flag(params.get('available')),
    is_digital: flag(params.get('is_digital')),
    publisher: text(params.get('publisher'), CATALOGUE_LIMITS.publisherMax),
    publication_year: year(params.get('publication_year')),
    content_type: text(params.get('content_type'), 40),
    status: oneOf(BOOK_STATUSES, params.get('status')),
    type: oneOf(SEARCH_TYPES, params.get('type')),
    sort: oneOf(SEARCH_SORTS, params.get('sort')) ?? 'relevance',
    page: pageNumber(params.get('page')),
  };
}

/** The address's query string for a state (no leading "?"): equal states give equal addresses. */
export function searchStateString(state: SearchState): string {
  return searchQueryString({ ...state, q: state.q.trim() });
}

export const hasWords = (state: SearchState) => state.q.trim() !== '';

/** How many filters are set; a repeatable one counts once per value. */
export function activeFilterCount(state: SearchState): number {
  return FILTER_KEYS.reduce((count, key) => {
    const value = state[key];
    if (Array.isArray(value)) return count + value.length;
    return value === undefined ? count : count + 1;
  }, 0);
}

/** Neither words nor filters: the page shows the newest books. */
export const isBrowsing = (state: SearchState) => !hasWords(state) && activeFilterCount(state) === 0;

/** Without words there is nothing to rank by: relevance means newest first. */
export const effectiveSort = (state: SearchState): SearchSort =>
  !hasWords(state) && state.sort === 'relevance' ? 'newest' : state.sort;

/** The API's query string for a state: the address's, with the order actually wanted. */
export const searchApiString = (state: SearchState) => searchStateString({ ...state, sort: effectiveSort(state) });

/** A new search keeps the filters and starts at the first page. */
export const withQuery = (state: SearchState, q: string): SearchState => ({ ...state, q: q.trim(), page: 1 });

export const withSort = (state: SearchState, sort: SearchSort): SearchState => ({ ...state, sort, page: 1 });

export const withPage = (state: SearchState, page: number): SearchState => ({ ...state, page });

/** One filter set (or, with undefined, cleared); the results start again at the first page. */
export function withFilter<K extends FilterKey>(state: SearchState, key: K, value: SearchState[K]): SearchState {
  return { ...state, [key]: value, page: 1 };
}

/** A value of a repeatable filter added when absent, removed when present. */
export function withToggled(state: SearchState, key: 'category' | 'author', value: string): SearchState {
  const current = state[key];
  const next = current.includes(value) ? current.filter((item) => item !== value) : [...current, value];
  return withFilter(state, key, next);
}

/** Every filter cleared; the words and the order stay. */
export function withoutFilters(state: SearchState): SearchState {
  return { q: state.q, sort: state.sort, page: 1, category: [], author: [] };
}

export type YearBounds = { from: string; to: string };

/** The from/to inputs of a `publication_year` value: one year fills both. */
export function splitYears(value: string | undefined): YearBounds {
  if (!value) return { from: '', to: '' };
  if (!value.includes('-')) return { from: value, to: value };
  const [from = '', to = ''] = value.split('-');
  return { from, to };
}

/** The `publication_year` value of the from/to inputs; undefined when both are empty or not years. */
export function joinYears({ from, to }: YearBounds): string | undefined {
  const start = /^\d{1,4}$/.test(from.trim()) ? from.trim() : '';
  const end = /^\d{1,4}$/.test(to.trim()) ? to.trim() : '';
  if (!start && !end) return undefined;
  if (start === end) return start;
  return `${start}-${end}`;
}
