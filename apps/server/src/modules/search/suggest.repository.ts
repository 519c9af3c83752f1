import { queryWords, withoutArticle } from '@maktaba/shared/search-text';
import { type SQL, sql } from 'drizzle-orm';
import { escapeLike } from '../../db/like.js';
import type { Queryable } from '../../db/queryable.js';
import { rowsOf } from '../../db/raw.js';
import { isBroad, type QueryPlan, shortPrefix, shortPrefixMatch, titleStarts, toTsquery } from './search-plan.js';

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
  // Each word in one of its forms, at the start of a word (a finished word: a whole word).
  const words = plan.terms.map((term) =>
    [term.base, ...term.alternatives].map((form) => (term.prefix ? ` ${form}` : ` ${form} `)),
  );
  const starts = titleStarts(plan);
  const tier = (book: PopularBook) =>
    starts.some((start) => book.search_title.startsWith(start))
      ? 0
      : starts.some((start) => book.search_title.includes(` ${start}`))
        ? 1
        : 2;
  const found: Array<{ book: PopularBook; tier: number }> = [];
  for (const book of pool) {
    const text = ` ${book.search_title} ${book.search_authors} `;
    if (words.every((forms) => forms.some((form) => text.includes(form)))) found.push({ book, tier: tier(book) });
  }
  // The pool is in order of popularity already: a stable sort by tier keeps it within each.
  found.sort((a, b) => a.tier - b.tier);
  return found.slice(0, limit).map(({ book, tier }) => ({
    tier,
    id: book.id,
    title_en: book.title_en,
    title_ar: book.title_ar,
    cover_key: book.cover_key,
    publication_year: book.publication_year,
    author_en: book.author_en,
    author_ar: book.author_ar,
    category_en: book.category_en,
    category_ar: book.category_ar,
  }));
}

/**
 * Approved books whose titles and authors hold every word (the last as a prefix), titles that
 * begin with the query first, then by popularity. No ts_rank. A broad query (words that each
 * thousands of books hold) is looked for among the popular books (`pool`, kept in memory) first:
 * ordering all its matches would cost more than it tells.
 */
export async function suggestBooks(
  db: Queryable,
  plan: QueryPlan,
  limit: number,
  pool: (() => Promise<readonly PopularBook[]>) | null,
): Promise<BookSuggestionRow[]> {
  const starts = titleStarts(plan);
  const short = shortPrefix(plan);
  const matches = sql`status = 'approved' and search_vector @@ to_tsquery('simple', ${toTsquery({ ...plan, type: undefined }, 'AB')})
                      ${short ? sql`and ${shortPrefixMatch(short, 'books')}` : sql``}`;
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
  const everywhere = sql`select ${bookColumns}, ${tier} as tier from books where ${matches}
                          order by tier, popularity desc, id limit ${limit * 2}`;
  // A title that is exactly the word comes first; a broad prefix is no word yet.
  const ordered = (rows: BookSuggestionRow[]) => (isBroad(plan) ? rows : wholeTitleFirst(rows, plan));
  if (!pool) return ordered(await hydrate(db, everywhere)).slice(0, limit);
  const candidates = popularMatches(await pool(), plan, limit * 2);
  const found = ordered(candidates).slice(0, limit);
  if (found.length < limit) {
    // A rare word or prefix after all: the index finds its few books cheaply, the popular ones
    // among them in their places (a famous title outside the pool before the pool's lesser matches).
    return ordered(await hydrate(db, everywhere)).slice(0, limit);
  }
  // Any book outside the pool is less popular than those in it, so it would come first only with
  // a better tier. When the pool fills the places with titles that begin with the text, there is
  // none. Otherwise the titles that begin with it are looked up (few, through the title index).
  // The search text holds an Arabic title after the Latin one, so an Arabic query begins no title
  // there: unless it is a broad prefix, the titles with a word that begins with it are looked up
  // instead, so that a whole Arabic title ("الكافي": Al-Kafi) can come first (wholeTitleFirst).
  const places = candidates.slice(0, limit);
  if (places.every((row) => row.tier === 0)) return found;
  const widened = plan.script === 'ar' && !isBroad(plan) && !places.some((row) => row.tier === 0);
  // A title that begins with the text holds every word of it: those are read through the title
  // index alone, never through the word index, which would read every book that holds a common
  // word ("al": 115,000 books at 1M). Nor along the popularity index until enough are found: the
  // pool of popular books gave too few of them, so that walk would read thousands of books (the
  // planner cannot tell, as it misjudges how many titles begin with a prefix). A word of a title
  // that begins with the text is no prefix of the title: the word index narrows those down first.
  const starting = await hydrate(
    db,
    widened
      ? sql`select ${bookColumns}, ${tier} as tier from books where ${matches} and (${begins} or ${wordBegins})
             order by tier, popularity desc, id limit ${limit * 2}`
      : sql`with beginning as materialized (
               select ${bookColumns}, 0 as tier from books where status = 'approved' and ${begins})
             select * from beginning order by popularity desc nulls last, id limit ${limit * 2}`,
  );
  const seen = new Set(starting.map((row) => row.id));
  const lookedUp = widened ? 1 : 0;
  return ordered([...starting, ...candidates.filter((row) => row.tier > lookedUp && !seen.has(row.id))]).slice(
    0,
    limit,
  );
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

/**
 * Authors and categories with approved books whose names match, those with the most books first,
 * up to `limit` of each, in one statement. The counts are kept on the rows (recounted with the
 * vocabulary), not counted per keystroke.
 */
export async function suggestNames(
  db: Queryable,
  plan: QueryPlan,
  limit: number,
): Promise<{ authors: NameSuggestionRow[]; categories: NameSuggestionRow[] }> {
  const part = (table: 'authors' | 'categories') => {
    const alias = sql.raw(table === 'authors' ? 'a' : 'c');
    return sql`(select ${table}::text as kind, ${alias}.id, ${alias}.key, ${alias}.name_en, ${alias}.name_ar,
                       ${alias}.book_count as books
                  from ${sql.identifier(table)} ${alias}
                 where ${alias}.book_count > 0 and ${nameMatches(plan, table === 'authors' ? 'a' : 'c')}
                 order by ${alias}.book_count desc, ${alias}.id
                 limit ${limit})`;
  };
  const rows = await rowsOf<NameSuggestionRow & { kind: 'authors' | 'categories' }>(
    db,
    sql`${part('authors')} union all ${part('categories')}`,
  );
  const of = (kind: 'authors' | 'categories') =>
    rows.filter((row) => row.kind === kind).map(({ kind: _kind, ...row }) => row);
  return { authors: of('authors'), categories: of('categories') };
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
