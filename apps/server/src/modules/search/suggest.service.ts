import {
  SEARCH_LIMITS,
  type SearchSuggestion,
  type SuggestQuery,
  type SuggestResult,
} from '@maktaba/shared/schemas/search';
import { publicObjectUrl } from '@maktaba/shared/schemas/storage';
import { normalizeSearchText } from '@maktaba/shared/search-text';
import type { Queryable } from '../../db/queryable.js';
import { correctTypos, dropOrder, vocabularyKnows, withoutTerms } from './search.service.js';

/** Words a suggestion lookup may leave out when nothing matches. */
const SUGGEST_DROP_MAX = 1;

import { didYouMean, offersCorrection, offersHints, popularHints } from './hints.service.js';
import type { SearchCache } from './search-cache.js';
import { planQuery, type QueryPlan } from './search-plan.js';
import {
  type BookSuggestionRow,
  findRecentSearches,
  type NameSuggestionRow,
  suggestBooks,
  suggestNames,
} from './suggest.repository.js';

const searchHref = (params: Record<string, string>) => `/search?${new URLSearchParams(params).toString()}`;

function bookSuggestion(row: BookSuggestionRow): SearchSuggestion {
  return {
    id: row.id,
    query: row.title_en ?? row.title_ar ?? '',
    query_ar: row.title_ar,
    type: 'book',
    category: row.category_en,
    category_ar: row.category_ar,
    metadata: {
      author: row.author_en ?? row.author_ar,
      author_ar: row.author_ar ?? row.author_en,
      cover_image: publicObjectUrl('covers', row.cover_key),
      publication_year: row.publication_year,
      href: `/book/${row.id}`,
    },
  };
}

function authorSuggestion(row: NameSuggestionRow): SearchSuggestion {
  return {
    id: row.id,
    query: row.name_en ?? row.name_ar ?? '',
    query_ar: row.name_ar,
    type: 'author',
    category: null,
    category_ar: null,
    metadata: { key: row.key, books: row.books, href: `/author/${row.id}` },
  };
}

function categorySuggestion(row: NameSuggestionRow): SearchSuggestion {
  return {
    id: row.id,
    query: row.name_en ?? row.name_ar ?? '',
    query_ar: row.name_ar,
    type: 'category',
    category: row.name_en,
    category_ar: row.name_ar,
    metadata: { key: row.key, books: row.books, href: searchHref({ category: row.key ?? row.id }) },
  };
}

/**
 * Splits `limit` places about 50 % books, 30 % authors, 20 % categories (reader-area §9); a kind
 * with fewer matches leaves its places to the others, in that order.
 */
export function splitSuggestions<T>(limit: number, lists: { book: T[]; author: T[]; category: T[] }): T[] {
  const share = SEARCH_LIMITS.suggestShare;
  const quota = {
    book: Math.round(limit * share.book),
    author: Math.round(limit * share.author),
    category: 0,
  };
  quota.category = Math.max(0, limit - quota.book - quota.author);
  const taken = {
    book: lists.book.slice(0, quota.book),
    author: lists.author.slice(0, quota.author),
    category: lists.category.slice(0, quota.category),
  };
  let left = limit - taken.book.length - taken.author.length - taken.category.length;
  for (const kind of ['book', 'author', 'category'] as const) {
    if (left <= 0) break;
    const more = lists[kind].slice(taken[kind].length, taken[kind].length + left);
    taken[kind].push(...more);
    left -= more.length;
  }
  return [...taken.book, ...taken.author, ...taken.category];
}

async function catalogueSuggestions(db: Queryable, plan: QueryPlan, limit: number): Promise<SearchSuggestion[]> {
  const [books, authors, categories] = await Promise.all([
    suggestBooks(db, plan, limit),
    suggestNames(db, 'authors', plan, limit),
    suggestNames(db, 'categories', plan, limit),
  ]);
  return splitSuggestions(limit, {
    book: books.map(bookSuggestion),
    author: authors.map(authorSuggestion),
    category: categories.map(categorySuggestion),
  });
}

const searchSuggestion = (type: 'recent' | 'popular' | 'correction', id: string, query: string): SearchSuggestion => ({
  id: `${type}:${id}`,
  query,
  query_ar: null,
  type,
  category: null,
  category_ar: null,
  metadata: { href: searchHref({ q: query }) },
});

type CatalogueAnswer = { found: SearchSuggestion[]; correction: string | null };

/**
 * GET /api/search/suggest: "Did you mean …" when the text as typed matches nothing but its
 * corrected words do (from 3 characters); the reader's own recent searches that begin with the
 * text; from 2 characters, searches many readers made (search hints); then books, authors and
 * categories. When nothing matches as typed, mistyped words are corrected.
 */
export async function suggest(
  db: Queryable,
  query: SuggestQuery,
  options: { userId: string | null; cache?: SearchCache },
): Promise<SuggestResult> {
  const plan = planQuery(query.q);
  if (plan.terms.length === 0) return { suggestions: [], script: plan.script, correction: null };
  const normalized = normalizeSearchText(query.q);
  const recent = options.userId
    ? await findRecentSearches(db, options.userId, normalized, Math.min(SEARCH_LIMITS.recentOffered, query.limit))
    : [];
  const popular = offersHints(normalized)
    ? await popularHints(
        db,
        normalized,
        Math.min(SEARCH_LIMITS.popularOffered, query.limit - recent.length),
        new Set(recent.map((row) => normalizeSearchText(row.query))),
      )
    : [];
  const room = query.limit - recent.length - popular.length;
  const lookUp = async (): Promise<CatalogueAnswer> => {
    const found = await catalogueSuggestions(db, plan, room);
    if (found.length > 0) return { found, correction: null };
    const known = await vocabularyKnows(db, plan);
    const corrected = await correctTypos(db, plan, known);
    const base = corrected ?? plan;
    if (corrected) {
      const again = await catalogueSuggestions(db, corrected, room);
      if (again.length > 0) {
        const correction = offersCorrection(plan.normalized) ? await didYouMean(db, plan, corrected) : null;
        return { found: again, correction };
      }
    }
    // Still nothing: leave out a word as the full search does, an unknown one first.
    const order = dropOrder(base, known);
    for (let count = 1; count < base.terms.length && count <= SUGGEST_DROP_MAX; count++) {
      const again = await catalogueSuggestions(db, withoutTerms(base, new Set(order.slice(0, count))), room);
      if (again.length > 0) return { found: again, correction: null };
    }
    return { found, correction: null };
  };
  const typing = plan.terms.at(-1)?.prefix ? '…' : '';
  const answer: CatalogueAnswer =
    room <= 0
      ? { found: [], correction: null }
      : await (options.cache?.get(`suggest:${room}:${plan.normalized}${typing}`, lookUp) ?? lookUp());
  const suggestions = [
    ...(answer.correction ? [searchSuggestion('correction', answer.correction, answer.correction)] : []),
    ...recent.map((row) => searchSuggestion('recent', row.id, row.query)),
    ...popular.map((row) => searchSuggestion('popular', row.normalized, row.query)),
    ...answer.found,
  ].slice(0, query.limit);
  return { suggestions, script: plan.script, correction: answer.correction };
}
