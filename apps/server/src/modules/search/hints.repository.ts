import { normalizeSearchText } from '@maktaba/shared/search-text';
import { sql } from 'drizzle-orm';
import { escapeLike } from '../../db/like.js';
import type { Queryable } from '../../db/queryable.js';
import { rowsOf } from '../../db/raw.js';

export type PopularRow = { normalized: string; query: string; readers: number };

/**
 * Searches that at least `minReaders` distinct readers made (a reader has one row per distinct
 * search: rows are readers), each as most of its readers wrote it, the most widely searched first;
 * only those whose normalised text is in `only` when it is given. A search fewer readers made is
 * never returned: it would show one reader's words to another.
 */
export async function findPopularSearches(
  db: Queryable,
  minReaders: number,
  only?: readonly string[],
): Promise<PopularRow[]> {
  if (only?.length === 0) return [];
  const among = only
    ? sql`where normalized in (${sql.join(
        only.map((text) => sql`${text}`),
        sql`, `,
      )})`
    : sql``;
  return rowsOf<PopularRow>(
    db,
    sql`
    select normalized, mode() within group (order by query) as query, count(*)::int as readers
      from search_history
      ${among}
     group by normalized
    having count(*) >= ${minReaders}
     order by readers desc, normalized`,
  );
}

/** Leading and trailing punctuation of a word as written in a title ("(Al-Kafi)," → Al-Kafi). */
const EDGE_PUNCTUATION = /^[\p{P}\p{S}]+|[\p{P}\p{S}]+$/gu;
const WORD_SEPARATORS = /[\s\-_\u2010-\u2015\u00ad]+/u;

/** The word of `texts` whose normalised form is `word`, as it is written there, or null. */
export function writtenWord(texts: ReadonlyArray<string | null>, word: string): string | null {
  for (const text of texts) {
    if (!text) continue;
    for (const token of text.split(WORD_SEPARATORS)) {
      for (const form of [token, token.replace(EDGE_PUNCTUATION, '')]) {
        if (form && normalizeSearchText(form) === word) return form;
      }
    }
  }
  return null;
}

/**
 * How a vocabulary word (normalised) is written in the catalogue's titles and author names:
 * "مرآة" rather than the folded "مراه", "Wasa'il" rather than "wasail". Looked up through the trigram indexes of titles with authors, and of author names.
 */
/** How many books (the most popular that hold the word) the written form is looked for in, and as many authors. */
export const WRITTEN_FORM_ROWS = 5;

export async function findWrittenForm(db: Queryable, word: string): Promise<string | null> {
  const pattern = `%${escapeLike(word)}%`;
  const rows = await rowsOf<{ a: string | null; b: string | null }>(
    db,
    sql`
    (select title_en as a, title_ar as b from books
      where status = 'approved' and (search_title || ' ' || search_authors) like ${pattern}
      order by popularity desc nulls last, id limit ${WRITTEN_FORM_ROWS})
    union all
    (select name_en as a, name_ar as b from authors
      where search_name like ${pattern}
      order by book_count desc, id limit ${WRITTEN_FORM_ROWS})`,
  );
  return writtenWord(
    rows.flatMap((row) => [row.a, row.b]),
    word,
  );
}
