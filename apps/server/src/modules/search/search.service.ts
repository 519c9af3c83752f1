import type { BookStatus } from '@maktaba/shared/schemas/catalogue';
import {
  FACETS,
  type Facet,
  type FacetValue,
  SEARCH_LIMITS,
  type SearchFacets,
  type SearchHit,
  type SearchQuery,
  type SearchResult,
} from '@maktaba/shared/schemas/search';
import { publicObjectUrl } from '@maktaba/shared/schemas/storage';
import { highlightRanges } from '@maktaba/shared/search-text';
import type { Queryable } from '../../db/queryable.js';
import { authorLine } from '../catalogue/catalogue.mapper.js';
import { didYouMean, offersCorrection } from './hints.service.js';
import { countUpTo, findFacets, findHits, type HitRow, type SearchFilters } from './search.repository.js';
import type { SearchMemory } from './search-memory.js';
import { checkedPrefix, planQuery, type QueryPlan, readerSpellings, type Term, typosAllowed } from './search-plan.js';
import type { Vocabulary } from './vocabulary.js';

/** Fewer matches than this and the query's words are checked for typos. */
const TOO_FEW = 3;
/** Corrections kept per word, best first. */
const CORRECTIONS_PER_WORD = 2;
const SNIPPET_RADIUS = 70;

export type SearchOptions = { seesUnpublished: boolean; memory: Pick<SearchMemory, 'vocabulary' | 'popularBooks'> };

function statusesFor(query: SearchQuery, options: SearchOptions): BookStatus[] {
  // Patrons and visitors see approved books whatever they ask; editors may ask for another status.
  if (options.seesUnpublished && query.status) return [query.status];
  return ['approved'];
}

function filtersOf(query: SearchQuery): SearchFilters {
  const { q: _q, type: _type, sort: _sort, page: _page, per_page: _perPage, ...filters } = query;
  return filters;
}

function selectedFacets(filters: SearchFilters): Set<Facet> {
  return new Set(FACETS.filter((facet) => filters[facet] !== undefined && filters[facet] !== null));
}

/**
 * Corrects the words that the vocabulary does not hold, against the words it does: first a
 * Persian or Urdu reader's spelling (readerSpellings), else one typo from 4 letters, two from 8,
 * a transposition counting as one. Corrections become alternatives of the
 * word (the word as typed still counts). Returns the corrected plan, or null when nothing changed.
 */
export function correctTypos(vocabulary: Vocabulary, plan: QueryPlan, known: boolean[]): QueryPlan | null {
  let changed = false;
  const terms: Term[] = plan.terms.map((term, index) => {
    if (known[index]) return term;
    // A reader's spelling the catalogue writes otherwise (Tahzeeb: Tahdhib) before any typo.
    // A word being typed is corrected to the commonest word it begins, as a typo is: "Did you
    // mean" then offers a word, not a beginning ("tahzee": tahdhib, not "tahdhi").
    const spelled = readerSpellings(term.base)
      .filter((form) => vocabulary.knows(form, term.prefix))
      .sort((a, b) => vocabulary.booksWith(b, term.prefix) - vocabulary.booksWith(a, term.prefix))
      .slice(0, CORRECTIONS_PER_WORD)
      .map((form) => (term.prefix ? (vocabulary.commonestWith(form) ?? form) : form));
    const max = typosAllowed(term.base.length);
    if (spelled.length === 0 && max === 0) return term;
    const ranked =
      spelled.length > 0
        ? spelled
        : vocabulary.corrections(term.base, term.prefix, max, CORRECTIONS_PER_WORD).map((found) => found.word);
    if (ranked.length === 0) return term;
    changed = true;
    return { ...term, alternatives: [...term.alternatives, ...ranked] };
  });
  return changed ? { ...plan, terms } : null;
}

/** Whether the vocabulary holds each word of the plan (the word being typed: as a beginning). */
export const vocabularyKnows = (vocabulary: Vocabulary, plan: QueryPlan) =>
  plan.terms.map((term) => vocabulary.knows(term.base, term.prefix));

/**
 * The words to leave out, one more each time, when the whole query finds nothing: unknown words
 * first, then from the end. `known` is vocabularyKnows of the plan (corrections keep its words' order).
 */
export function dropOrder(plan: QueryPlan, known: boolean[]): number[] {
  const indexes = plan.terms.map((_, index) => index).reverse();
  return [...indexes.filter((index) => !known[index]), ...indexes.filter((index) => known[index])];
}

/** The plan without the words at `leave`. */
export const withoutTerms = (plan: QueryPlan, leave: ReadonlySet<number>): QueryPlan => ({
  ...plan,
  terms: plan.terms.filter((_, index) => !leave.has(index)),
});

/** About how many books hold a word in one of its forms. */
export const booksOf = (vocabulary: Vocabulary, term: Term) =>
  [term.base, ...term.alternatives].reduce((sum, form) => sum + vocabulary.booksWith(form, term.prefix), 0);

/**
 * A word being typed, of SHORT_PREFIX letters or more, is checked on the books the other words
 * find only when this many times more books hold a word that begins with it: reading an entry of
 * the index costs far less than reading a book to check it.
 */
const CHECK_TYPED_FACTOR = 8;

/**
 * The word being typed after others: through the index, or checked on the books the others find,
 * whichever reads less. A short one ("ibn ba") goes through the index when fewer books hold a word
 * that begins with it than hold the rarest of the others (thousands hold "ibn", fewer a word
 * beginning with "ba"). A longer one is checked when far more books hold it ("بحار الا": few hold
 * "بحار", and the words that begin with "الا" have entries for most books).
 */
export function matchTypedWordCheaper(decided: QueryPlan, vocabulary: Vocabulary): QueryPlan {
  // Decided again from the words: a corrected plan's words are found in other numbers of books.
  const { typing: _decidedBefore, ...plan } = decided;
  const typed = plan.terms.at(-1);
  if (plan.terms.length < 2 || !typed?.prefix) return plan;
  const others = Math.min(...plan.terms.slice(0, -1).map((term) => booksOf(vocabulary, term)));
  const books = booksOf(vocabulary, typed);
  if (checkedPrefix(plan)) return books <= others ? { ...plan, typing: 'indexed' } : plan;
  return books > others * CHECK_TYPED_FACTOR ? { ...plan, typing: 'checked' } : plan;
}

type Resolved = {
  plan: QueryPlan;
  corrections: Array<{ from: string; to: string }>;
  dropped: string[];
  /** "Did you mean …" (from 3 characters), when the corrections find more than the query as typed. */
  suggestion: string | null;
};

/**
 * The plan actually searched: as typed; with typos corrected when that finds too little; and,
 * when even that finds nothing, without its least important words.
 */
async function resolvePlan(
  db: Queryable,
  memory: SearchOptions['memory'],
  plan: QueryPlan,
  filters: SearchFilters,
  statuses: BookStatus[],
  found: number,
): Promise<Resolved> {
  const resolved: Resolved = { plan, corrections: [], dropped: [], suggestion: null };
  if (plan.terms.length === 0 || found >= TOO_FEW) return resolved;
  const vocabulary = await memory.vocabulary();
  const known = vocabularyKnows(vocabulary, plan);
  const typo = correctTypos(vocabulary, plan, known);
  const corrected = typo && matchTypedWordCheaper(typo, vocabulary);
  if (corrected && (await countUpTo(db, corrected, filters, statuses, TOO_FEW)) > found) {
    resolved.plan = corrected;
    resolved.corrections = corrected.terms.flatMap((term, index) => {
      const before = plan.terms[index];
      const added = term.alternatives.filter((form) => !before?.alternatives.includes(form));
      return added.length > 0 ? [{ from: term.typed, to: added[0] as string }] : [];
    });
    if (offersCorrection(plan.normalized))
      resolved.suggestion = await didYouMean(db, plan, corrected, await memory.popularBooks());
    return resolved;
  }
  if (found > 0 || plan.terms.length < 2) return resolved;
  const base = corrected ?? plan;
  const order = dropOrder(base, known);
  for (let count = 1; count < base.terms.length; count++) {
    const leave = new Set(order.slice(0, count));
    const kept = matchTypedWordCheaper(withoutTerms(base, leave), vocabulary);
    if ((await countUpTo(db, kept, filters, statuses, 1)) > 0) {
      resolved.plan = kept;
      resolved.dropped = base.terms.filter((_, index) => leave.has(index)).map((term) => term.typed);
      return resolved;
    }
  }
  return resolved;
}

function highlightTerms(plan: QueryPlan): string[] {
  return plan.terms.flatMap((term) => [term.base, ...term.alternatives]);
}

/** A passage of the description around its first match, cut at word boundaries. */
function snippet(row: HitRow, plan: QueryPlan, terms: string[], prefix: boolean): SearchHit['highlights']['snippet'] {
  const candidates: Array<['en' | 'ar', string | null]> =
    plan.script === 'ar'
      ? [
          ['ar', row.description_ar],
          ['en', row.description_en],
        ]
      : [
          ['en', row.description_en],
          ['ar', row.description_ar],
        ];
  for (const [lang, text] of candidates) {
    if (!text) continue;
    const first = highlightRanges(text, terms, prefix)[0];
    if (!first) continue;
    let start = Math.max(0, first[0] - SNIPPET_RADIUS);
    let end = Math.min(text.length, first[1] + SNIPPET_RADIUS);
    if (start > 0) start = text.indexOf(' ', start) + 1 || start;
    if (end < text.length) end = text.lastIndexOf(' ', end) > first[1] ? text.lastIndexOf(' ', end) : end;
    const passage = `${start > 0 ? '…' : ''}${text.slice(start, end).trim()}${end < text.length ? '…' : ''}`;
    return { text: passage, lang, ranges: highlightRanges(passage, terms, prefix) };
  }
  return null;
}

function toHit(row: HitRow, plan: QueryPlan): SearchHit {
  const terms = highlightTerms(plan);
  const prefix = plan.terms.at(-1)?.prefix ?? false;
  const first = row.categories[0];
  return {
    id: row.id,
    external_id: row.external_id,
    title: row.title_en,
    title_ar: row.title_ar,
    authors: row.authors,
    author_name: authorLine(row.authors, 'en'),
    author_name_ar: authorLine(row.authors, 'ar'),
    category: first?.name ?? null,
    category_ar: first?.name_ar ?? null,
    categories: row.categories,
    cover_image: publicObjectUrl('covers', row.cover_key),
    publication_year: row.publication_year,
    language: row.language,
    format: row.format,
    is_digital: row.is_digital,
    available: row.available,
    status: row.status,
    highlights: {
      title: highlightRanges(row.title_en, terms, prefix),
      title_ar: highlightRanges(row.title_ar, terms, prefix),
      authors: row.authors.map((author) => ({
        name: highlightRanges(author.name, terms, prefix),
        name_ar: highlightRanges(author.name_ar, terms, prefix),
      })),
      snippet: plan.terms.length > 0 ? snippet(row, plan, terms, prefix) : null,
    },
  };
}

async function facetsOf(
  db: Queryable,
  plan: QueryPlan,
  filters: SearchFilters,
  statuses: BookStatus[],
): Promise<{ total: number; facets: SearchFacets }> {
  const rows = await findFacets(
    db,
    plan,
    filters,
    statuses,
    FACETS,
    selectedFacets(filters),
    SEARCH_LIMITS.facetValues,
  );
  const facets = Object.fromEntries(FACETS.map((facet) => [facet, [] as FacetValue[]])) as SearchFacets;
  let total = 0;
  for (const row of rows) {
    if (row.facet === 'total') total = row.count;
    else if (row.value !== null)
      facets[row.facet].push({ value: row.value, count: row.count, label: row.label, label_ar: row.label_ar });
  }
  return { total, facets };
}

/** GET /api/search: hits of one page, the total, facet counts, and what was done to the query. */
export async function searchBooks(db: Queryable, query: SearchQuery, options: SearchOptions): Promise<SearchResult> {
  const statuses = statusesFor(query, options);
  const filters = filtersOf(query);
  // The word being typed after others goes through the index or is checked on the books the
  // others find, whichever reads less, as in suggestions ("تفسير المي": 79k books hold "تفسير",
  // 14k a word beginning "مي"; checking "مي" on every one of the 79k took 2 s at a million books).
  const planned = planQuery(query.q, query.type);
  const typed = planned.terms.at(-1)?.prefix
    ? matchTypedWordCheaper(planned, await options.memory.vocabulary())
    : planned;
  const page = { sort: query.sort, limit: query.per_page, offset: (query.page - 1) * query.per_page };
  const run = (plan: QueryPlan) =>
    Promise.all([findHits(db, plan, filters, statuses, page), facetsOf(db, plan, filters, statuses)]);
  // The query as typed first: it is what finds enough nearly always, and its total says whether
  // corrections or fewer words are worth trying.
  let [rows, { total, facets }] = await run(typed);
  const { plan, corrections, dropped, suggestion } = await resolvePlan(
    db,
    options.memory,
    typed,
    filters,
    statuses,
    total,
  );
  if (plan !== typed) [rows, { total, facets }] = await run(plan);
  return {
    hits: rows.map((row) => toHit(row, plan)),
    total,
    page: query.page,
    per_page: query.per_page,
    facets,
    query: { normalized: typed.normalized, script: typed.script, corrections, dropped, suggestion },
  };
}
