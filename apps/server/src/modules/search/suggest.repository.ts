import { queryWords, withoutArticle } from '@maktaba/shared/search-text';
import { type SQL, sql } from 'drizzle-orm';
import { escapeLike } from '../../db/like.js';
import type { Queryable } from '../../db/queryable.js';
import { affectedBy, rowsOf } from '../../db/raw.js';
import {
  isBroad,
  type QueryPlan,
  shortPrefix,
  shortPrefixMatch,
  titleStartPatterns,
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
 * A broad prefix (one word of up to three letters) is looked for among this many of the most
 * popular books first: it begins thousands of words, and among its matches the well-read books
 * are the ones worth suggesting. Only when they give too few is the whole catalogue searched.
 */
export const BROAD_POOL = 2000;

/**
 * Approved books whose titles and authors hold every word (the last as a prefix), titles that
 * begin with the query first, then by popularity. No ts_rank.
 */
export async function suggestBooks(db: Queryable, plan: QueryPlan, limit: number): Promise<BookSuggestionRow[]> {
  const [typedStart, bareStart] = titleStartPatterns(plan);
  const short = shortPrefix(plan);
  const matches = sql`status = 'approved' and search_vector @@ to_tsquery('simple', ${toTsquery({ ...plan, type: undefined }, 'AB')})
                      ${short ? sql`and ${shortPrefixMatch(short, 'books')}` : sql``}`;
  const begins = sql`(search_title like ${typedStart} or search_title like ${bareStart})`;
  const tier = sql`(case when ${begins} then 0 when search_title like ${`% ${bareStart}`} then 1 else 2 end)`;
  // Twice the places: a title that is exactly the query is then moved up (wholeTitleFirst).
  const everywhere = sql`select ${bookColumns}, ${tier} as tier from books where ${matches}
                          order by tier, popularity desc, id limit ${limit * 2}`;
  if (!isBroad(plan)) return wholeTitleFirst(await hydrate(db, everywhere), plan).slice(0, limit);
  const wordStart = sql`(' ' || search_title || ' ' || search_authors) like ${`% ${bareStart}`}`;
  const popular = await hydrate(
    db,
    sql`select ${bookColumns}, ${tier} as tier from (
          select ${bookColumns}, search_authors from books where status = 'approved'
           order by popularity desc, id limit ${BROAD_POOL}) pool
         where ${wordStart} order by tier, popularity desc, id limit ${limit}`,
  );
  if (popular.length >= limit) return popular;
  // A rare prefix: few words begin with it, so the index finds them cheaply.
  const seen = new Set(popular.map((row) => row.id));
  const rest = await hydrate(db, everywhere);
  return [...popular, ...rest.filter((row) => !seen.has(row.id))].slice(0, limit);
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
 * Authors or categories with approved books whose names match, those with the most books first.
 * The counts are kept on the rows (recounted with the vocabulary), not counted per keystroke.
 */
export async function suggestNames(
  db: Queryable,
  table: 'authors' | 'categories',
  plan: QueryPlan,
  limit: number,
): Promise<NameSuggestionRow[]> {
  const alias = table === 'authors' ? 'a' : 'c';
  return rowsOf<NameSuggestionRow>(
    db,
    sql`
    select ${sql.raw(alias)}.id, ${sql.raw(alias)}.key, ${sql.raw(alias)}.name_en, ${sql.raw(alias)}.name_ar,
           ${sql.raw(alias)}.book_count as books
      from ${sql.identifier(table)} ${sql.raw(alias)}
     where ${sql.raw(alias)}.book_count > 0 and ${nameMatches(plan, alias)}
     order by ${sql.raw(alias)}.book_count desc, ${sql.raw(alias)}.id
     limit ${limit}`,
  );
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

/** Records a reader's search (one row per distinct search, moved to the top when repeated); keeps the newest few. */
export async function recordSearch(
  db: Queryable,
  userId: string,
  query: string,
  normalized: string,
  keep: number,
): Promise<void> {
  // One statement: the trim reads the table as it was before the insert, so the row just written
  // (new or moved to the top) is named by its id and the newest `keep - 1` others are kept.
  await db.execute(sql`
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
          order by searched_at desc limit ${Math.max(0, keep - 1)})`);
}

export async function clearSearches(db: Queryable, userId: string): Promise<number> {
  return affectedBy(db, sql`delete from search_history where user_id = ${userId}`);
}
