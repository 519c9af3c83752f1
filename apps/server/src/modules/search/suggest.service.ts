import {
  SEARCH_LIMITS,
  type SearchSuggestion,
  type SuggestQuery,
  type SuggestResult,
} from '@maktaba/shared/schemas/search';
import { publicObjectUrl } from '@maktaba/shared/schemas/storage';
import { normalizeSearchText } from '@maktaba/shared/search-text';
import type { Queryable } from '../../db/queryable.js';
import {
  booksOf,
  correctTypos,
  dropOrder,
  matchTypedWordCheaper,
  vocabularyKnows,
  withoutTerms,
} from './search.service.js';
import type { SearchMemory } from './search-memory.js';
import type { Vocabulary } from './vocabulary.js';

/** Words a suggestion lookup may leave out when nothing matches. */
const SUGGEST_DROP_MAX = 1;

import { didYouMean, offersCorrection, offersHints, popularHints } from './hints.service.js';
import type { PopularSearches } from './popular-searches.js';
import { readerWritesSettled } from './reader-writes.js';
import type { SearchCache } from './search-cache.js';
import { checkedPrefix, isBroad, planQuery, type QueryPlan } from './search-plan.js';
import {
  type BookSuggestionRow,
  BROAD_BOOKS,
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

type CatalogueLists = { book: SearchSuggestion[]; author: SearchSuggestion[]; category: SearchSuggestion[] };

/** Up to `limit` books, authors and categories each, best first: splitSuggestions takes its share of each. */
async function catalogueLists(
  db: Queryable,
  memory: Pick<SearchMemory, 'popularBooks' | 'vocabulary' | 'deepPool' | 'names'>,
  plan: QueryPlan,
  limit: number,
): Promise<CatalogueLists> {
  const vocabulary = await memory.vocabulary();
  const sized = matchTypedWordCheaper(plan, vocabulary);
  // With the deep pool in memory, every query looks there first: a word a few thousand books hold
  // costs the database a read of each of them to order them, and its best-read ones are in the
  // pool. Without it, only a broad query is worth looking for among the few popular books.
  const deep = memory.deepPool();
  const broad = isBroad(plan) || rarestWordBooks(sized, vocabulary) >= BROAD_BOOKS;
  const [books, { authors, categories }] = await Promise.all([
    suggestBooks(db, sized, limit, deep || broad ? { popular: () => memory.popularBooks(), deep } : null),
    memory.names().then((names) => suggestNames(db, plan, limit, names)),
  ]);
  return {
    book: books.map(bookSuggestion),
    author: authors.map(authorSuggestion),
    category: categories.map(categorySuggestion),
  };
}

/** About how many books the rarest of the words looked up in the index is in: a bound on the matches. */
function rarestWordBooks(plan: QueryPlan, vocabulary: Vocabulary): number {
  const checked = checkedPrefix(plan);
  const indexed = plan.terms.filter((term) => term !== checked);
  return indexed.length === 0 ? 0 : Math.min(...indexed.map((term) => booksOf(vocabulary, term)));
}

const isEmpty = (lists: CatalogueLists) => lists.book.length + lists.author.length + lists.category.length === 0;

const searchSuggestion = (type: 'recent' | 'popular' | 'correction', id: string, query: string): SearchSuggestion => ({
  id: `${type}:${id}`,
  query,
  query_ar: null,
  type,
  category: null,
  category_ar: null,
  metadata: { href: searchHref({ q: query }) },
});

type CatalogueAnswer = { lists: CatalogueLists; correction: string | null };

/**
 * GET /api/search/suggest: "Did you mean …" when the text as typed matches nothing but its
 * corrected words do (from 3 characters); the reader's own recent searches that begin with the
 * text; from 2 characters, searches many readers made (search hints); then books, authors and
 * categories. When nothing matches as typed, mistyped words are corrected.
 */
export async function suggest(
  db: Queryable,
  query: SuggestQuery,
  options: {
    userId: string | null;
    cache?: SearchCache;
    memory: Pick<SearchMemory, 'vocabulary' | 'popularBooks' | 'deepPool' | 'names'>;
    popular: Pick<PopularSearches, 'matching'>;
  },
): Promise<SuggestResult> {
  const plan = planQuery(query.q);
  if (plan.terms.length === 0) return { suggestions: [], script: plan.script, correction: null };
  const normalized = normalizeSearchText(query.q);
  // The reader's recent searches and the popular ones at once: those of the reader's own recent
  // searches among the popular are left out after, as the reader's places come first.
  const recentLimit = Math.min(SEARCH_LIMITS.recentOffered, query.limit);
  const popularLimit = Math.min(SEARCH_LIMITS.popularOffered, query.limit);
  // The catalogue's part, for as many places as the answer has (fewer may be left after the
  // reader's recent and the popular searches: each list is best first, so a shorter split of the
  // same lists is what a lookup for fewer would find), kept with the search answers.
  const lookUp = async (): Promise<CatalogueAnswer> => {
    const { memory } = options;
    const found = await catalogueLists(db, memory, plan, query.limit);
    if (!isEmpty(found)) return { lists: found, correction: null };
    const vocabulary = await memory.vocabulary();
    const known = vocabularyKnows(vocabulary, plan);
    const corrected = correctTypos(vocabulary, plan, known);
    const base = corrected ?? plan;
    if (corrected) {
      const again = await catalogueLists(db, memory, corrected, query.limit);
      if (!isEmpty(again)) {
        const correction = offersCorrection(plan.normalized)
          ? await didYouMean(db, plan, corrected, await memory.popularBooks())
          : null;
        return { lists: again, correction };
      }
    }
    // Still nothing: leave out a word as the full search does, an unknown one first.
    const order = dropOrder(base, known);
    for (let count = 1; count < base.terms.length && count <= SUGGEST_DROP_MAX; count++) {
      const again = await catalogueLists(db, memory, withoutTerms(base, new Set(order.slice(0, count))), query.limit);
      if (!isEmpty(again)) return { lists: again, correction: null };
    }
    return { lists: found, correction: null };
  };
  const typing = plan.terms.at(-1)?.prefix ? '…' : '';
  // The three parts at once: one wait on the database for the whole answer, not three.
  const [recent, popularRows, catalogue] = await Promise.all([
    options.userId
      ? readerWritesSettled(db, options.userId).then(() =>
          findRecentSearches(db, options.userId as string, normalized, recentLimit),
        )
      : [],
    offersHints(normalized)
      ? popularHints(
          db,
          options.popular,
          normalized,
          popularLimit + (options.userId ? recentLimit : 0),
          new Set(),
          options.cache,
        )
      : [],
    options.cache?.get(`suggest:${query.limit}:${plan.normalized}${typing}`, lookUp) ?? lookUp(),
  ]);
  const mine = new Set(recent.map((row) => normalizeSearchText(row.query)));
  const popular = popularRows
    .filter((row) => !mine.has(row.normalized))
    .slice(0, Math.min(SEARCH_LIMITS.popularOffered, query.limit - recent.length));
  const room = query.limit - recent.length - popular.length;
  const answer = room > 0 ? catalogue : { lists: null, correction: null };
  const suggestions = [
    ...(answer.correction ? [searchSuggestion('correction', answer.correction, answer.correction)] : []),
    ...recent.map((row) => searchSuggestion('recent', row.id, row.query)),
    ...popular.map((row) => searchSuggestion('popular', row.normalized, row.query)),
    ...(answer.lists ? splitSuggestions(room, answer.lists) : []),
  ].slice(0, query.limit);
  return { suggestions, script: plan.script, correction: answer.correction };
}
