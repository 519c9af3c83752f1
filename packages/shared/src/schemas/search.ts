import { z } from 'zod';
import { SEARCH_LIMITS } from '../search-limits.js';
import {
  BOOK_DIFFICULTIES,
  BOOK_STATUSES,
  BookAuthorSchema,
  CATALOGUE_LIMITS,
  CategoryRefSchema,
} from './catalogue.js';

/**
 * Library search (reader-area §2.1 /search, §2.4 autocomplete, §3 suggestion shape, §9 constants).
 * The /search route's query parameters are the API's: the page keeps its whole state in the URL
 * and passes it on as it is.
 */

export const SEARCH_SORTS = ['relevance', 'newest', 'title', 'year'] as const;
export type SearchSort = (typeof SEARCH_SORTS)[number];

/**
 * Where the words of `q` are looked for: `book` titles, `author` names, `category` names, or
 * everywhere when absent. This is the `type` of the suggestion a reader chose (§3).
 */
export const SEARCH_TYPES = ['book', 'author', 'category'] as const;
export type SearchType = (typeof SEARCH_TYPES)[number];

/**
 * `popular`: what many readers searched (a search hint); `correction`: "Did you mean …", the text
 * with its mistyped words corrected, offered first when the text as typed matches nothing.
 */
export const SUGGESTION_TYPES = [
  'book',
  'author',
  'category',
  'recent',
  'suggestion',
  'popular',
  'correction',
] as const;
export type SuggestionType = (typeof SUGGESTION_TYPES)[number];

// The limits and timings, in a module without zod: the search boxes of every page import them.
export { AUTOCOMPLETE_TIMING, autocompleteDebounce, SEARCH_LIMITS } from '../search-limits.js';

/** A query-string value that may be given several times (?category=a&category=b) or once. */
const many = (max: number) =>
  z
    .union([z.string(), z.array(z.string())])
    .transform((value) => (Array.isArray(value) ? value : [value]))
    .pipe(z.array(z.string().trim().min(1).max(max)).max(SEARCH_LIMITS.filterValuesMax))
    .optional();

const booleanParam = z.enum(['true', 'false', '1', '0']).transform((value) => value === 'true' || value === '1');

/**
 * `publication_year`: one year (`1990`) or an inclusive range (`1990-2000`, either end optional:
 * `-1990`, `1990-`). Years before the common era are not searchable this way.
 */
export const YearRangeSchema = z
  .string()
  .trim()
  .regex(/^(\d{1,4})?(-(\d{1,4})?)?$/)
  .refine((value) => /\d/.test(value))
  .transform((value) => {
    const [from, to] = value.includes('-') ? value.split('-') : [value, value];
    return { from: from ? Number(from) : null, to: to ? Number(to) : null };
  });
export type YearRange = z.infer<typeof YearRangeSchema>;

/**
 * GET /api/search. Unknown parameters are ignored; a bad value of a known one is a 400 with the
 * field named. `status` is honoured for librarians and admins only: everyone else sees approved
 * books whatever they ask.
 */
export const SearchQuerySchema = z.object({
  q: z.string().max(SEARCH_LIMITS.queryMax).optional().default(''),
  category: many(CATALOGUE_LIMITS.keyMax),
  author: many(CATALOGUE_LIMITS.keyMax),
  difficulty: z.enum(BOOK_DIFFICULTIES).optional(),
  language: z.string().trim().max(10).optional(),
  format: z.string().trim().max(40).optional(),
  available: booleanParam.optional(),
  is_digital: booleanParam.optional(),
  publisher: z.string().trim().max(CATALOGUE_LIMITS.publisherMax).optional(),
  publication_year: YearRangeSchema.optional(),
  content_type: z.string().trim().max(40).optional(),
  status: z.enum(BOOK_STATUSES).optional(),
  type: z.enum(SEARCH_TYPES).optional(),
  sort: z.enum(SEARCH_SORTS).optional().default('relevance'),
  page: z.coerce.number().int().min(1).max(SEARCH_LIMITS.pageMax).optional().default(1),
  per_page: z.coerce
    .number()
    .int()
    .min(1)
    .max(SEARCH_LIMITS.perPageMax)
    .optional()
    .default(SEARCH_LIMITS.perPageDefault),
});
export type SearchQuery = z.infer<typeof SearchQuerySchema>;
export type SearchQueryInput = z.input<typeof SearchQuerySchema>;

/** [start, end) offsets, in UTF-16 code units, of the matched words of one field's original text. */
export const HighlightRangesSchema = z.array(z.tuple([z.number().int(), z.number().int()]));
export type HighlightRanges = z.infer<typeof HighlightRangesSchema>;

export const SearchHitSchema = z.object({
  id: z.uuid(),
  external_id: z.string().nullable(),
  title: z.string().nullable(),
  title_ar: z.string().nullable(),
  authors: z.array(BookAuthorSchema),
  author_name: z.string().nullable(),
  author_name_ar: z.string().nullable(),
  /** The first category's names, as the search index record's category_names (§3). */
  category: z.string().nullable(),
  category_ar: z.string().nullable(),
  categories: z.array(CategoryRefSchema),
  cover_image: z.string().nullable(),
  publication_year: z.number().int().nullable(),
  language: z.string().nullable(),
  format: z.string().nullable(),
  is_digital: z.boolean(),
  available: z.boolean(),
  status: z.enum(BOOK_STATUSES),
  /** Matched words per field; `authors` is indexed like `authors[]`, each with its two names. */
  highlights: z.object({
    title: HighlightRangesSchema,
    title_ar: HighlightRangesSchema,
    authors: z.array(z.object({ name: HighlightRangesSchema, name_ar: HighlightRangesSchema })),
    /** A short passage of the description around the first match, when the match is there. */
    snippet: z.object({ text: z.string(), lang: z.enum(['en', 'ar']), ranges: HighlightRangesSchema }).nullable(),
  }),
});
export type SearchHit = z.infer<typeof SearchHitSchema>;

export const FacetValueSchema = z.object({
  value: z.string(),
  count: z.number().int(),
  /** Display names where the value is a record (category key, author id). */
  label: z.string().nullable(),
  label_ar: z.string().nullable(),
});
export type FacetValue = z.infer<typeof FacetValueSchema>;

export const FACETS = [
  'category',
  'author',
  'language',
  'format',
  'difficulty',
  'content_type',
  'is_digital',
  'available',
] as const;
export type Facet = (typeof FACETS)[number];

/**
 * Counts per value over the books that match the query and every *other* filter, so a reader
 * can widen a choice within a facet as well as narrow it.
 */
export const SearchFacetsSchema = z.object(
  Object.fromEntries(FACETS.map((facet) => [facet, z.array(FacetValueSchema)])) as Record<
    Facet,
    z.ZodArray<typeof FacetValueSchema>
  >,
);
export type SearchFacets = z.infer<typeof SearchFacetsSchema>;

export const SearchResultSchema = z.object({
  hits: z.array(SearchHitSchema),
  total: z.number().int(),
  page: z.number().int(),
  per_page: z.number().int(),
  facets: SearchFacetsSchema,
  query: z.object({
    /** The query as searched, after normalisation. */
    normalized: z.string(),
    script: z.enum(['ar', 'en', 'mixed', 'none']),
    /** Words corrected for typos, as { from, to } (from as typed, normalised). */
    corrections: z.array(z.object({ from: z.string(), to: z.string() })),
    /** Words left out because the whole query found nothing. */
    dropped: z.array(z.string()),
    /**
     * "Did you mean …": the query with its mistyped words replaced by the closest words of the
     * catalogue's titles and names, as they are written there. Only for 3 characters or more, and
     * only when the query as typed found too little and the suggestion finds more; otherwise null.
     */
    suggestion: z.string().nullable(),
  }),
});
export type SearchResult = z.infer<typeof SearchResultSchema>;

export const SuggestQuerySchema = z.object({
  q: z.string().max(SEARCH_LIMITS.queryMax).optional().default(''),
  limit: z.coerce.number().int().min(1).max(SEARCH_LIMITS.suggestMax).optional().default(SEARCH_LIMITS.suggestDefault),
});
export type SuggestQuery = z.infer<typeof SuggestQuerySchema>;

/** reader-area §3 "Search suggestion". */
export const SearchSuggestionSchema = z.object({
  id: z.string(),
  query: z.string(),
  query_ar: z.string().nullable(),
  type: z.enum(SUGGESTION_TYPES),
  category: z.string().nullable(),
  category_ar: z.string().nullable(),
  metadata: z.object({
    /** Book: its authors' names; author: their death year; category: its key. */
    author: z.string().nullable().optional(),
    author_ar: z.string().nullable().optional(),
    cover_image: z.string().nullable().optional(),
    publication_year: z.number().int().nullable().optional(),
    key: z.string().nullable().optional(),
    books: z.number().int().optional(),
    /** Where choosing the suggestion leads: /book/{id}, /author/{id} or a /search address. */
    href: z.string(),
  }),
});
export type SearchSuggestion = z.infer<typeof SearchSuggestionSchema>;

export const SuggestResultSchema = z.object({
  suggestions: z.array(SearchSuggestionSchema),
  script: z.enum(['ar', 'en', 'mixed', 'none']),
  /** "Did you mean …" (also the first suggestion, of type `correction`), or null. */
  correction: z.string().nullable(),
});
export type SuggestResult = z.infer<typeof SuggestResultSchema>;

/**
 * The /search query string (and the API's) for a state, without the leading "?": defaults dropped,
 * repeatable filters repeated, in a stable order so equal states give equal addresses.
 */
export function searchQueryString(state: Partial<Record<keyof SearchQueryInput, unknown>>): string {
  const parts: string[] = [];
  const add = (key: string, value: unknown) =>
    parts.push(`${encodeURIComponent(key)}=${encodeURIComponent(String(value))}`);
  for (const key of Object.keys(SearchQuerySchema.shape) as Array<keyof SearchQueryInput>) {
    const value = state[key];
    if (value === undefined || value === null || value === '') continue;
    if (key === 'sort' && value === 'relevance') continue;
    if (key === 'page' && Number(value) === 1) continue;
    if (key === 'per_page' && Number(value) === SEARCH_LIMITS.perPageDefault) continue;
    if (Array.isArray(value)) for (const item of value) add(key, item);
    else add(key, value);
  }
  return parts.join('&');
}
