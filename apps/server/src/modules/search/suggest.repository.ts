import { queryWords, withoutArticle } from '@maktaba/shared/search-text';
import { type SQL, sql } from 'drizzle-orm';
import { escapeLike } from '../../db/like.js';
import type { Queryable } from '../../db/queryable.js';
import { rowsOf } from '../../db/raw.js';
import type { DeepMatch, DeepPool, DeepPoolBook } from './deep-pool.js';
import {
  checkedPrefix,
  checkedPrefixMatch,
  isBroad,
  memoryMatcher,
  type QueryPlan,
  titleStarts,
  toTsquery,
} from './search-plan.js';

export type BookSuggestionRow = {
  id: string;
  title_en: string | null;
  title_ar: string | null;
  cover_key: string | null;
  publication_year: number | null;
  author_en: string | null;
  author_ar: string | null;
  category_en: string | null;
  category_ar: string | null;
};

const bookColumns = sql`id, title_en, title_ar, cover_key, publication_year, popularity, search_title`;

/**
 * A broad query (one word of up to three letters being typed, or one word thousands of books
 * hold) is looked for among this many of the most popular books first: among its matches the
 * well-read books are the ones worth suggesting. Only when they give too few is the whole
 * catalogue searched.
 */
export const BROAD_POOL = 2000;

/** Words that each about this many books hold or more make a broad query too (Vocabulary.booksWith). */
export const BROAD_BOOKS = 1000;

/** A book of the popular pool, with its search text: a broad prefix is looked for among these in memory. */
export type PopularBook = BookSuggestionRow & { popularity: number; search_title: string; search_authors: string };

/** The BROAD_POOL most popular approved books, most popular first (the index on status and popularity). */
export function findPopularBooks(db: Queryable): Promise<PopularBook[]> {
  return rowsOf<PopularBook>(
    db,
    sql`
    select b.id, b.title_en, b.title_ar, b.cover_key, b.publication_year, b.popularity, b.search_title, b.search_authors,
           a.name_en as author_en, a.name_ar as author_ar, c.name_en as category_en, c.name_ar as category_ar
      from (select id, title_en, title_ar, cover_key, publication_year, popularity, search_title, search_authors
              from books where status = 'approved'
             order by popularity desc nulls last, id limit ${BROAD_POOL}) b
      left join lateral (select a.name_en, a.name_ar from book_authors ba join authors a on a.id = ba.author_id
                          where ba.book_id = b.id order by ba.position limit 1) a on true
      left join lateral (select c.name_en, c.name_ar from book_categories bc join categories c on c.id = bc.category_id
                          where bc.book_id = b.id order by bc.position limit 1) c on true
     order by b.popularity desc nulls last, b.id`,
  );
}

/** The vocabulary's words and the number of books each is in. */
export function findVocabulary(db: Queryable): Promise<Array<{ word: string; books: number }>> {
  return rowsOf(db, sql`select word, books from search_words`);
}

/** A suggestion row's fields, without whatever else `row` holds. */
const suggestionRow = (row: BookSuggestionRow): BookSuggestionRow => ({
  id: row.id,
  title_en: row.title_en,
  title_ar: row.title_ar,
  cover_key: row.cover_key,
  publication_year: row.publication_year,
  author_en: row.author_en,
  author_ar: row.author_ar,
  category_en: row.category_en,
  category_ar: row.category_ar,
});

/**
 * The popular books that hold every word of the plan (the word being typed: a word that begins
 * with it) in the title or an author's name, as the suggestion query orders them: titles that
 * begin with the text, then titles with a word that does, then the others; by popularity within each.
 */
export function popularMatches(
  pool: readonly PopularBook[],
  plan: QueryPlan,
  limit: number,
): Array<BookSuggestionRow & { tier: number }> {
  if (plan.terms.length === 0) return [];
  const matcher = memoryMatcher(plan);
  const found: Array<{ book: PopularBook; tier: number }> = [];
  for (const book of pool) {
    if (matcher.holds(` ${book.search_title} ${book.search_authors} `)) {
      found.push({ book, tier: matcher.tier(book.search_title) });
    }
  }
  // The pool is in order of popularity already: a stable sort by tier keeps it within each.
  found.sort((a, b) => a.tier - b.tier);
  return found.slice(0, limit).map(({ book, tier }) => ({ ...suggestionRow(book), tier }));
}

/** The books read into the deep pool (DeepPool): a common word's well-read books are among them. */
export const DEEP_POOL = 50_000;

/** The DEEP_POOL most popular approved books' search text, most popular first; `complete`: that is every approved book. */
export async function findDeepPool(
  db: Queryable,
  size = DEEP_POOL,
): Promise<{ books: DeepPoolBook[]; complete: boolean }> {
  const books = await rowsOf<DeepPoolBook>(
    db,
    sql`select id, search_title, search_authors from books where status = 'approved'
         order by popularity desc nulls last, id limit ${size + 1}`,
  );
  return { books: books.slice(0, size), complete: books.length <= size };
}

/** Where suggestions look for a broad query's books before the whole catalogue. */
export type SuggestionPools = {
  /** The BROAD_POOL most popular books, kept whole. */
  popular: () => Promise<readonly PopularBook[]>;
  /** The DEEP_POOL most popular books' search text, when this instance has it for the catalogue as it is. */
  deep: DeepPool | null;
};

const poolIds = new WeakMap<readonly PopularBook[], Map<string, PopularBook>>();

/** The deep pool's matches as suggestion rows, in its order: rows the popular pool holds whole, the others read by id. */
async function deepRows(
  db: Queryable,
  matches: readonly DeepMatch[],
  pool: readonly PopularBook[],
): Promise<Array<BookSuggestionRow & { tier: number }>> {
  let whole = poolIds.get(pool);
  if (!whole) {
    whole = new Map(pool.map((book) => [book.id, book]));
    poolIds.set(pool, whole);
  }
  const missing = matches.filter((match) => !whole.has(match.id)).map((match) => match.id);
  // A book withdrawn since the pool was read is not found here: only approved books are read.
  const read =
    missing.length === 0
      ? []
      : await hydrate(
          db,
          sql`select ${bookColumns}, 0 as tier from books where status = 'approved'
               and id = any(array(select value::uuid from json_array_elements_text(${JSON.stringify(missing)}::json)))`,
        );
  const found = new Map<string, BookSuggestionRow>(read.map((row) => [row.id, row]));
  return matches.flatMap((match) => {
    const row = whole.get(match.id) ?? found.get(match.id);
    return row ? [{ ...suggestionRow(row), tier: match.tier }] : [];
  });
}

/**
 * Approved books whose titles and authors hold every word (the last as a prefix), titles that
 * begin with the query first, then by popularity. No ts_rank. A broad query (words that each
 * thousands of books hold) is looked for among the popular books (`pools`, kept in memory) first:
 * ordering all its matches would cost more than it tells.
 */
export async function suggestBooks(
  db: Queryable,
  plan: QueryPlan,
  limit: number,
  pools: SuggestionPools | null,
): Promise<BookSuggestionRow[]> {
  const starts = titleStarts(plan);
  const checked = checkedPrefix(plan);
  // The words of titles and authors' names, through their own index (books_suggest_words_idx).
  const matches = sql`status = 'approved'
                      and to_tsvector('simple'::regconfig, search_title || ' ' || search_authors)
                          @@ to_tsquery('simple', ${toTsquery({ ...plan, type: undefined })})
                      ${checked ? sql`and ${checkedPrefixMatch(checked, 'books')}` : sql``}`;
  const begins = sql`(${sql.join(
    starts.map((start) => sql`search_title like ${`${escapeLike(start)}%`}`),
    sql` or `,
  )})`;
  const wordBegins = sql`(${sql.join(
    starts.map((start) => sql`search_title like ${`% ${escapeLike(start)}%`}`),
    sql` or `,
  )})`;
  const tier = sql`(case when ${begins} then 0 when ${wordBegins} then 1 else 2 end)`;
  // Twice the places: a title that is exactly the query is then moved up (wholeTitleFirst).
  const wanted = limit * 2;
  const everywhere = sql`select ${bookColumns}, ${tier} as tier from books where ${matches}
                          order by tier, popularity desc, id limit ${wanted}`;
  // A title that is exactly the word comes first; a broad prefix is no word yet.
  const ordered = (rows: BookSuggestionRow[]) => (isBroad(plan) ? rows : wholeTitleFirst(rows, plan));
  if (!pools) return ordered(await hydrate(db, everywhere)).slice(0, limit);
  const pool = await pools.popular();
  const head = popularMatches(pool, plan, wanted);
  // Any book outside a pool is less popular than those in it, so it would come first only with a
  // better tier. When the pool fills the places with titles that begin with the text, there is none.
  if (head.length >= limit && head.slice(0, limit).every((row) => row.tier === 0)) {
    return ordered(head).slice(0, limit);
  }
  // Further down the popular books, in memory: a common word's best-known books are there.
  const deeper = pools.deep?.matches(plan, wanted);
  // How many matches of each tier or better the pool looked in holds.
  const upTo = (tier: number) => head.filter((row) => row.tier <= tier).length;
  const [beginning, , all] = deeper?.counts ?? [upTo(0), upTo(1), head.length];
  const candidates = () => (deeper ? deepRows(db, deeper.rows, pool) : Promise.resolve(head));
  if (pools.deep?.complete || beginning >= limit) return ordered(await candidates()).slice(0, limit);
  if (all < limit) {
    // A rare word or prefix after all: the index finds its few books cheaply, the popular ones
    // among them in their places (a famous title outside the pool before the pool's lesser matches).
    return ordered(await hydrate(db, everywhere)).slice(0, limit);
  }
  // Otherwise the titles that begin with the text are looked up (few, through the title index).
  // The search text holds an Arabic title after the Latin one, so an Arabic query begins no title
  // there: unless it is a broad prefix, the titles with a word that begins with it are looked up
  // instead, so that a whole Arabic title ("الكافي": Al-Kafi) can come first (wholeTitleFirst).
  // Not with the deep pool: that lookup reads every book that holds the words (1.5 s for "ابن ط"
  // at 1M), and such a title would have to be less read than the 50,000 most popular books and
  // still come among the best places (ADR 0027).
  const widened = plan.script === 'ar' && !isBroad(plan) && beginning === 0 && !deeper;
  // A title that begins with the text holds every word of it: those are read through the title
  // index alone, never through the word index, which would read every book that holds a common
  // word ("al": 115,000 books at 1M). Nor along the popularity index until enough are found: the
  // pool of popular books gave too few of them, so that walk would read thousands of books (the
  // planner cannot tell, as it misjudges how many titles begin with a prefix). A word of a title
  // that begins with the text is no prefix of the title: the word index narrows those down first.
  const [starting, rest] = await Promise.all([
    hydrate(
      db,
      widened
        ? sql`select ${bookColumns}, ${tier} as tier from books where ${matches} and (${begins} or ${wordBegins})
               order by tier, popularity desc, id limit ${wanted}`
        : sql`with beginning as materialized (
                 select ${bookColumns}, 0 as tier from books where status = 'approved' and ${begins})
               select * from beginning order by popularity desc nulls last, id limit ${wanted}`,
    ),
    candidates(),
  ]);
  const seen = new Set(starting.map((row) => row.id));
  const lookedUp = widened ? 1 : 0;
  return ordered([...starting, ...rest.filter((row) => row.tier > lookedUp && !seen.has(row.id))]).slice(0, limit);
}

/** A title's words as matched: normalised, Arabic without the article, a Latin al/el left out. */
const titleWords = (title: string | null) =>
  title ? queryWords(title).map((word) => withoutArticle(word) ?? word) : [];

/**
 * Books whose English or Arabic title is the query itself (the last word possibly still being
 * typed) before the others, in order otherwise: "al-kafi" suggests Al-Kafi before Al-Kafi Fawaid.
 */
export function wholeTitleFirst<T extends { title_en: string | null; title_ar: string | null }>(
  rows: T[],
  plan: QueryPlan,
): T[] {
  const wanted = plan.terms.map((term) => term.base);
  const last = plan.terms.at(-1);
  const whole = (title: string | null) => {
    const words = titleWords(title);
    return (
      words.length === wanted.length &&
      words.every((word, index) =>
        index === wanted.length - 1 && last?.prefix ? word.startsWith(wanted[index] ?? '') : word === wanted[index],
      )
    );
  };
  const first = rows.filter((row) => whole(row.title_en) || whole(row.title_ar));
  return [...first, ...rows.filter((row) => !first.includes(row))];
}

/** The candidates with their first author and category, in the candidates' order. */
function hydrate(db: Queryable, candidates: SQL): Promise<BookSuggestionRow[]> {
  return rowsOf<BookSuggestionRow>(
    db,
    sql`
    select b.id, b.title_en, b.title_ar, b.cover_key, b.publication_year,
           a.name_en as author_en, a.name_ar as author_ar, c.name_en as category_en, c.name_ar as category_ar
      from (${candidates}) b
      left join lateral (select a.name_en, a.name_ar from book_authors ba join authors a on a.id = ba.author_id
                          where ba.book_id = b.id order by ba.position limit 1) a on true
      left join lateral (select c.name_en, c.name_ar from book_categories bc join categories c on c.id = bc.category_id
                          where bc.book_id = b.id order by bc.position limit 1) c on true
     order by b.tier, b.popularity desc, b.id`,
  );
}

/** Each word in a name: at the start of one of its words (the last word as typed, as a prefix). */
function nameMatches(plan: QueryPlan, column: 'a' | 'c') {
  const name = sql.raw(`(' ' || ${column}.search_name || ' ')`);
  return sql.join(
    plan.terms.map((term) => {
      const forms = [term.base, ...term.alternatives];
      return sql`(${sql.join(
        forms.map((form) => sql`${name} like ${term.prefix ? `% ${form}%` : `% ${form} %`}`),
        sql` or `,
      )})`;
    }),
    sql` and `,
  );
}

export type NameSuggestionRow = {
  id: string;
  key: string | null;
  name_en: string | null;
  name_ar: string | null;
  books: number;
};

type NameKind = 'authors' | 'categories';

/** A name kept in memory: what a suggestion shows, and the normalised words it is matched on. */
export type PoolName = NameSuggestionRow & { search_name: string };

/** How many authors, and how many categories, with books are kept in memory: those with the most books. */
export const NAME_POOL = 20_000;

/**
 * The authors and the categories with approved books, those with the most books first, up to
 * NAME_POOL of each; `complete`: that is all of them.
 */
export type NamePool = Record<NameKind, { names: PoolName[]; complete: boolean }>;

const byBooks = (a: PoolName, b: PoolName) => b.books - a.books || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0);

export async function findNamePool(db: Queryable, size = NAME_POOL): Promise<NamePool> {
  const part = (table: NameKind) =>
    sql`(select ${table}::text as kind, id, key, name_en, name_ar, book_count as books, search_name
           from ${sql.identifier(table)} where book_count > 0
          order by book_count desc, id limit ${size + 1})`;
  const rows = await rowsOf<PoolName & { kind: NameKind }>(db, sql`${part('authors')} union all ${part('categories')}`);
  const of = (kind: NameKind) => {
    const names = rows
      .filter((row) => row.kind === kind)
      .map(({ kind: _kind, ...row }) => row)
      .sort(byBooks);
    return { names: names.slice(0, size), complete: names.length <= size };
  };
  return { authors: of('authors'), categories: of('categories') };
}

/** The names in `names` (most books first) that hold every word of the plan as `nameMatches` does, up to `limit`. */
export function matchingNames(names: readonly PoolName[], plan: QueryPlan, limit: number): NameSuggestionRow[] {
  const matcher = memoryMatcher(plan);
  const found: NameSuggestionRow[] = [];
  for (const name of names) {
    if (found.length >= limit) break;
    if (matcher.holds(` ${name.search_name} `)) {
      found.push({ id: name.id, key: name.key, name_en: name.name_en, name_ar: name.name_ar, books: name.books });
    }
  }
  return found;
}

/**
 * Authors and categories with approved books whose names match, those with the most books first,
 * up to `limit` of each. The counts are kept on the rows (recounted with the vocabulary), not
 * counted per keystroke. Each kind is answered from `pool` (in memory) when it holds all the names
 * of that kind, or `limit` matches (a name outside it has fewer books); else in one statement.
 */
export async function suggestNames(
  db: Queryable,
  plan: QueryPlan,
  limit: number,
  pool?: NamePool,
): Promise<{ authors: NameSuggestionRow[]; categories: NameSuggestionRow[] }> {
  const answer = { authors: [] as NameSuggestionRow[], categories: [] as NameSuggestionRow[] };
  const asked: NameKind[] = [];
  for (const kind of ['authors', 'categories'] as const) {
    const kept = pool?.[kind];
    const found = kept ? matchingNames(kept.names, plan, limit) : [];
    if (kept && (kept.complete || found.length >= limit)) answer[kind] = found;
    else asked.push(kind);
  }
  if (asked.length === 0) return answer;
  const part = (table: NameKind) => {
    const alias = sql.raw(table === 'authors' ? 'a' : 'c');
    return sql`(select ${table}::text as kind, ${alias}.id, ${alias}.key, ${alias}.name_en, ${alias}.name_ar,
                       ${alias}.book_count as books
                  from ${sql.identifier(table)} ${alias}
                 where ${alias}.book_count > 0 and ${nameMatches(plan, table === 'authors' ? 'a' : 'c')}
                 order by ${alias}.book_count desc, ${alias}.id
                 limit ${limit})`;
  };
  const rows = await rowsOf<NameSuggestionRow & { kind: NameKind }>(
    db,
    sql.join(
      asked.map((kind) => part(kind)),
      sql` union all `,
    ),
  );
  for (const kind of asked) {
    answer[kind] = rows.filter((row) => row.kind === kind).map(({ kind: _kind, ...row }) => row);
  }
  return answer;
}

export type RecentRow = { id: string; query: string };

/** The reader's own recent searches that begin with what is typed, newest first. */
export async function findRecentSearches(
  db: Queryable,
  userId: string,
  normalized: string,
  limit: number,
): Promise<RecentRow[]> {
  return rowsOf<RecentRow>(
    db,
    sql`
    select id, query from search_history
     where user_id = ${userId} and normalized like ${`${escapeLike(normalized)}%`}
     order by searched_at desc limit ${limit}`,
  );
}

/**
 * Records a reader's search (one row per distinct search, moved to the top when repeated); keeps
 * the newest few. Returns the searches whose readers this may have changed: the one recorded and
 * those pushed out of the list (normalised).
 */
export async function recordSearch(
  db: Queryable,
  userId: string,
  query: string,
  normalized: string,
  keep: number,
): Promise<string[]> {
  // One statement: the trim reads the table as it was before the insert, so the row just written
  // (new or moved to the top) is named by its id and the newest `keep - 1` others are kept.
  const trimmed = await rowsOf<{ normalized: string }>(
    db,
    sql`
    with saved as (
      insert into search_history (user_id, query, normalized) values (${userId}, ${query}, ${normalized})
      on conflict (user_id, normalized) do update set query = excluded.query, searched_at = now()
      returning id)
    delete from search_history
     where user_id = ${userId}
       and id not in (select id from saved)
       and id not in (
         select id from search_history
          where user_id = ${userId} and id not in (select id from saved)
          order by searched_at desc limit ${Math.max(0, keep - 1)})
    returning normalized`,
  );
  return [normalized, ...trimmed.map((row) => row.normalized)];
}

/** Clears a reader's recent searches; returns those cleared (normalised). */
export async function clearSearches(db: Queryable, userId: string): Promise<string[]> {
  const rows = await rowsOf<{ normalized: string }>(
    db,
    sql`delete from search_history where user_id = ${userId} returning normalized`,
  );
  return rows.map((row) => row.normalized);
}
