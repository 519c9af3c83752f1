import { searchTerms } from '@maktaba/shared/search-text';
import { sql } from 'drizzle-orm';
import type { Queryable } from '../../db/queryable.js';
import { affectedBy, rowsOf } from '../../db/raw.js';
import { CATEGORY_CLOSURE } from './search.repository.js';
import { SEARCH_WORDS_CHANNEL } from './search-memory.js';

/**
 * The search columns of books, authors and categories, written here with the one normaliser of
 * packages/shared. Triggers (migration 0006) mark a row stale by setting `search_version` to 0
 * whenever a change touches its text: a title, a link to an author or category, an author's or a
 * category's name. `refreshSearchIndex` rewrites the stale rows; it runs after each catalogue write,
 * at start-up, and now and then as a safety net. Changing the normaliser means raising
 * SEARCH_INDEX_VERSION: every row is rewritten at the next start.
 */
export const SEARCH_INDEX_VERSION = 2;

/** Rows rewritten per statement. */
const BATCH = 500;

type Names = { name_en: string | null; name_ar: string | null };

export type BookSearchInput = {
  title_en: string | null;
  title_ar: string | null;
  description_en: string | null;
  description_ar: string | null;
  publisher: string | null;
  authors: Names[];
  categories: Names[];
};

export type BookSearchColumns = {
  search_title: string;
  search_authors: string;
  search_categories: string;
  search_body: string;
};

const terms = (...texts: Array<string | null | undefined>) =>
  searchTerms(texts.filter((text): text is string => Boolean(text)).join(' ')).join(' ');
const namesTerms = (names: Names[]) => names.map((name) => terms(name.name_en, name.name_ar)).join(' ');

/** What a book's search columns hold: its words, normalised, with article-less Arabic forms. */
export function bookSearchColumns(book: BookSearchInput): BookSearchColumns {
  return {
    search_title: terms(book.title_en, book.title_ar),
    search_authors: namesTerms(book.authors),
    search_categories: namesTerms(book.categories),
    search_body: terms(book.publisher, book.description_en, book.description_ar),
  };
}

export const nameSearchColumn = (names: Names) => terms(names.name_en, names.name_ar);

type StaleBook = BookSearchInput & { id: string; approved: boolean; author_ids: string[]; category_ids: string[] };

async function staleBooks(db: Queryable, bookIds: readonly string[] | undefined): Promise<StaleBook[]> {
  const which = bookIds
    ? sql`b.id in (select value::uuid from json_array_elements_text(${JSON.stringify(bookIds)}::json))`
    : sql`b.search_version = 0`;
  return rowsOf<StaleBook>(
    db,
    sql`
    select b.id, b.title_en, b.title_ar, b.description_en, b.description_ar, b.publisher,
           b.status = 'approved' as approved,
           coalesce((select json_agg(json_build_object('name_en', a.name_en, 'name_ar', a.name_ar) order by ba.position)
                       from book_authors ba join authors a on a.id = ba.author_id where ba.book_id = b.id), '[]'::json) as authors,
           coalesce((select json_agg(json_build_object('name_en', c.name_en, 'name_ar', c.name_ar) order by bc.position)
                       from book_categories bc join categories c on c.id = bc.category_id where bc.book_id = b.id), '[]'::json) as categories,
           coalesce((select json_agg(ba.author_id order by ba.position, ba.author_id)
                       from book_authors ba where ba.book_id = b.id), '[]'::json) as author_ids,
           coalesce((select json_agg(bc.category_id order by bc.position, bc.category_id)
                       from book_categories bc where bc.book_id = b.id), '[]'::json) as category_ids
      from books b
     where ${which}
     order by b.id
     limit ${BATCH}`,
  );
}

async function writeBooks(db: Queryable, rows: StaleBook[]): Promise<void> {
  // The ids as array literals: json_to_recordset reads an array column from its text form.
  const ids = (list: string[]) => `{${list.join(',')}}`;
  const values = rows.map((row) => ({
    id: row.id,
    ...bookSearchColumns(row),
    author_ids: ids(row.author_ids),
    category_ids: ids(row.category_ids),
  }));
  await db.execute(sql`
    update books set search_title = v.search_title, search_authors = v.search_authors,
           search_categories = v.search_categories, search_body = v.search_body,
           author_ids = v.author_ids, category_ids = v.category_ids,
           search_version = ${SEARCH_INDEX_VERSION}
      from json_to_recordset(${JSON.stringify(values)}::json)
           as v(id uuid, search_title text, search_authors text, search_categories text, search_body text,
                author_ids uuid[], category_ids uuid[])
     where books.id = v.id`);
  // New words of approved books join the vocabulary at once; counts are made exact by rebuildSearchWords.
  const words = new Set<string>();
  for (const [index, value] of values.entries()) {
    if (!rows[index]?.approved) continue;
    for (const column of [value.search_title, value.search_authors, value.search_categories]) {
      for (const word of column.split(' ')) if (word) words.add(word);
    }
  }
  if (words.size > 0) {
    await db.execute(sql`
      insert into search_words (word, books)
      select value, 1 from json_array_elements_text(${JSON.stringify([...words])}::json)
      on conflict (word) do nothing`);
  }
}

async function refreshNames(db: Queryable, table: 'authors' | 'categories'): Promise<number> {
  let total = 0;
  for (;;) {
    const rows = await rowsOf<Names & { id: string }>(
      db,
      sql`select id, name_en, name_ar from ${sql.identifier(table)} where search_version = 0 order by id limit ${BATCH}`,
    );
    if (rows.length === 0) return total;
    const values = rows.map((row) => ({ id: row.id, search_name: nameSearchColumn(row) }));
    await db.execute(sql`
      update ${sql.identifier(table)} t set search_name = v.search_name, search_version = ${SEARCH_INDEX_VERSION}
        from json_to_recordset(${JSON.stringify(values)}::json) as v(id uuid, search_name text)
       where t.id = v.id`);
    total += rows.length;
  }
}

/**
 * Rewrites the search columns of every stale row (or of `bookIds`, stale or not). Returns how many
 * books were rewritten. Safe to run concurrently: a row is only ever rewritten with its own text.
 */
export async function refreshSearchIndex(db: Queryable, bookIds?: readonly string[]): Promise<number> {
  await refreshNames(db, 'authors');
  await refreshNames(db, 'categories');
  let total = 0;
  if (bookIds) {
    for (let start = 0; start < bookIds.length; start += BATCH) {
      const rows = await staleBooks(db, bookIds.slice(start, start + BATCH));
      await writeBooks(db, rows);
      total += rows.length;
    }
    return total;
  }
  for (;;) {
    const rows = await staleBooks(db, undefined);
    if (rows.length === 0) return total;
    await writeBooks(db, rows);
    total += rows.length;
  }
}

/** Marks every row written by an older normaliser as stale (start-up, before refreshSearchIndex). */
export async function markOutdatedSearchRows(db: Queryable): Promise<void> {
  for (const table of ['books', 'authors', 'categories'] as const) {
    await db.execute(
      sql`update ${sql.identifier(table)} set search_version = 0 where search_version not in (0, ${SEARCH_INDEX_VERSION})`,
    );
  }
}

/**
 * The vocabulary of approved books, with the number of books each word is in (from the search
 * vectors themselves), and the approved-book counts of authors and categories that order the
 * suggestions. Run in one transaction, so corrections never see the vocabulary half-built; the
 * instances are told at its commit (SEARCH_WORDS_CHANNEL).
 */
export async function rebuildSearchWords(db: Queryable): Promise<number> {
  await db.execute(sql`delete from search_words`);
  const words = await affectedBy(
    db,
    sql`insert into search_words (word, books)
        select word, ndoc from ts_stat($$select search_vector from books where status = 'approved'$$, 'ABC')
         where length(word) > 1`,
  );
  await db.execute(sql`
    update authors a set book_count = coalesce(n.count, 0)
      from authors x left join (
        select ba.author_id, count(*)::int as count from book_authors ba
          join books b on b.id = ba.book_id and b.status = 'approved' group by ba.author_id) n on n.author_id = x.id
     where a.id = x.id and a.book_count is distinct from coalesce(n.count, 0)`);
  await db.execute(sql`
    with recursive ${CATEGORY_CLOSURE},
    counts as (
      select cc.ancestor as id, count(distinct bc.book_id)::int as count
        from category_closure cc join book_categories bc on bc.category_id = cc.descendant
        join books b on b.id = bc.book_id and b.status = 'approved'
       group by cc.ancestor)
    update categories c set book_count = coalesce(counts.count, 0)
      from categories x left join counts on counts.id = x.id
     where c.id = x.id and c.book_count is distinct from coalesce(counts.count, 0)`);
  // Delivered at commit, to every instance: each reads the vocabulary into its memory again.
  await db.execute(sql`select pg_notify(${SEARCH_WORDS_CHANNEL}, '')`);
  return words;
}
