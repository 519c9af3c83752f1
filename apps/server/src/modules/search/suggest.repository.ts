import { sql } from 'drizzle-orm';
import { affectedBy, rowsOf } from '../../db/raw.js';
import type { Queryable } from '../profiles/profiles.repository.js';
import { type QueryPlan, titleStartPatterns, toTsquery } from './search-plan.js';

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

/**
 * Approved books whose title holds every word (the last as a prefix): titles beginning with the
 * query first, then by popularity. No ts_rank: an autocomplete answer must be quick even when a
 * two-letter prefix matches thousands of books.
 */
export async function suggestBooks(db: Queryable, plan: QueryPlan, limit: number): Promise<BookSuggestionRow[]> {
  const [typedStart, bareStart] = titleStartPatterns(plan);
  return rowsOf<BookSuggestionRow>(
    db,
    sql`
    select b.id, b.title_en, b.title_ar, b.cover_key, b.publication_year,
           a.name_en as author_en, a.name_ar as author_ar, c.name_en as category_en, c.name_ar as category_ar
      from (select id, title_en, title_ar, cover_key, publication_year, popularity, search_title from books
             where status = 'approved' and search_vector @@ to_tsquery('simple', ${toTsquery({ ...plan, type: 'book' })})
             order by (search_title like ${typedStart} or search_title like ${bareStart}) desc, popularity desc, id
             limit ${limit}) b
      left join lateral (select a.name_en, a.name_ar from book_authors ba join authors a on a.id = ba.author_id
                          where ba.book_id = b.id order by ba.position limit 1) a on true
      left join lateral (select c.name_en, c.name_ar from book_categories bc join categories c on c.id = bc.category_id
                          where bc.book_id = b.id order by bc.position limit 1) c on true
     order by (b.search_title like ${typedStart} or b.search_title like ${bareStart}) desc, b.popularity desc, b.id`,
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

/** Authors with approved books whose names match, those with the most books first. */
export async function suggestAuthors(db: Queryable, plan: QueryPlan, limit: number): Promise<NameSuggestionRow[]> {
  return rowsOf<NameSuggestionRow>(
    db,
    sql`
    select a.id, a.key, a.name_en, a.name_ar, count(*)::int as books
      from authors a join book_authors ba on ba.author_id = a.id join books b on b.id = ba.book_id and b.status = 'approved'
     where ${nameMatches(plan, 'a')}
     group by a.id
     order by count(*) desc, a.id
     limit ${limit}`,
  );
}

/** Categories whose names match, with their number of approved books (sub-categories not included). */
export async function suggestCategories(db: Queryable, plan: QueryPlan, limit: number): Promise<NameSuggestionRow[]> {
  return rowsOf<NameSuggestionRow>(
    db,
    sql`
    select c.id, c.key, c.name_en, c.name_ar,
           (select count(*)::int from book_categories bc join books b on b.id = bc.book_id and b.status = 'approved'
             where bc.category_id = c.id) as books
      from categories c
     where ${nameMatches(plan, 'c')}
     order by books desc, c.id
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
     where user_id = ${userId} and normalized like ${`${normalized.replace(/[\\%_]/g, (char) => `\\${char}`)}%`}
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
  await db.execute(sql`
    insert into search_history (user_id, query, normalized) values (${userId}, ${query}, ${normalized})
    on conflict (user_id, normalized) do update set query = excluded.query, searched_at = now()`);
  await db.execute(sql`
    delete from search_history where user_id = ${userId} and id not in (
      select id from search_history where user_id = ${userId} order by searched_at desc limit ${keep})`);
}

export async function clearSearches(db: Queryable, userId: string): Promise<number> {
  return affectedBy(db, sql`delete from search_history where user_id = ${userId}`);
}
