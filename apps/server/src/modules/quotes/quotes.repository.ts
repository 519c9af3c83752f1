import type { QuoteStatus } from '@maktaba/shared/schemas/quotes';
import { searchTerms } from '@maktaba/shared/search-text';
import { and, eq, inArray, type SQL, sql } from 'drizzle-orm';
import { escapeLike } from '../../db/like.js';
import type { Queryable } from '../../db/queryable.js';
import { affectedBy, rowsOf } from '../../db/raw.js';
import { quoteCategories, quoteSaves, quotes } from '../../db/schema/index.js';

/** A quote as read, with its links resolved (raw SQL row). */
export type QuoteRow = {
  id: string;
  text_en: string | null;
  text_ar: string | null;
  speaker_en: string | null;
  speaker_ar: string | null;
  author_id: string | null;
  author_name_en: string | null;
  author_name_ar: string | null;
  scholar_id: string | null;
  scholar_name_en: string | null;
  scholar_name_ar: string | null;
  source_title: string | null;
  source_book_id: string | null;
  book_title_en: string | null;
  book_title_ar: string | null;
  source_reference: string | null;
  translator: string | null;
  source_url: string | null;
  status: QuoteStatus;
  featured: boolean;
  review_note: string | null;
  created_by: string | null;
  contributor_name: string | null;
  contributor_language: string | null;
  created_at: Date | string;
  approved_at: Date | string | null;
  topics: Array<{ id: string; key: string; name_en: string; name_ar: string }> | string;
  saved: boolean;
};

/** The facet values, spelled once: a linked speaker or book by its id, else the text as written. */
export const SPEAKER_KEY = sql.raw(`(case when q.author_id is not null then 'author:' || q.author_id
  when q.scholar_id is not null then 'scholar:' || q.scholar_id
  else 'name:' || coalesce(q.speaker_en, q.speaker_ar, '') end)`);
export const SOURCE_KEY = sql.raw(`(case when q.source_book_id is not null then 'book:' || q.source_book_id
  else 'title:' || coalesce(q.source_title, '') end)`);

function selectQuotes(viewerId: string | null): SQL {
  return sql`
    select q.id, q.text_en, q.text_ar, q.speaker_en, q.speaker_ar,
           q.author_id, a.name_en as author_name_en, a.name_ar as author_name_ar,
           q.scholar_id, s.name_en as scholar_name_en, s.name_ar as scholar_name_ar,
           q.source_title, q.source_book_id, b.title_en as book_title_en, b.title_ar as book_title_ar,
           q.source_reference, q.translator, q.source_url, q.status, q.featured, q.review_note,
           q.created_by, p.display_name as contributor_name, p.preferred_language as contributor_language,
           q.created_at, q.approved_at,
           coalesce((select json_agg(json_build_object('id', c.id, 'key', c.key, 'name_en', c.name_en, 'name_ar', c.name_ar)
                                     order by c.sort_order, c.name_en)
                       from quote_categories qc join categories c on c.id = qc.category_id
                      where qc.quote_id = q.id), '[]'::json) as topics,
           ${viewerId ? sql`exists (select 1 from quote_saves qs where qs.quote_id = q.id and qs.user_id = ${viewerId})` : sql`false`} as saved
      from quotes q
      left join authors a on a.id = q.author_id
      left join scholars s on s.id = q.scholar_id
      left join books b on b.id = q.source_book_id
      left join profiles p on p.id = q.created_by`;
}

export async function findQuote(db: Queryable, id: string, viewerId: string | null): Promise<QuoteRow | undefined> {
  const [row] = await rowsOf<QuoteRow>(db, sql`${selectQuotes(viewerId)} where q.id = ${id}`);
  return row;
}

async function page(
  db: Queryable,
  viewerId: string | null,
  where: SQL,
  order: SQL,
  limit: number,
  offset: number,
  from: SQL = sql``,
): Promise<{ rows: QuoteRow[]; total: number }> {
  const [rows, counted] = await Promise.all([
    rowsOf<QuoteRow>(
      db,
      sql`${selectQuotes(viewerId)} ${from} where ${where} order by ${order} limit ${limit} offset ${offset}`,
    ),
    rowsOf<{ n: number }>(db, sql`select count(*)::int as n from quotes q ${from} where ${where}`),
  ]);
  return { rows, total: counted[0]?.n ?? 0 };
}

export type QuoteFilters = {
  words: string[];
  normalized: string;
  speaker?: string;
  source?: string;
  topic?: string;
};

/** Approved quotes, filtered; by relevance when searching (each word found at a word's start), else newest approved first. */
export async function listApproved(
  db: Queryable,
  viewerId: string,
  filters: QuoteFilters,
  limit: number,
  offset: number,
) {
  const conditions: SQL[] = [sql`q.status = 'approved'`];
  for (const word of filters.words) {
    conditions.push(sql`(' ' || q.search_text) like ${`% ${escapeLike(word)}%`}`);
  }
  if (filters.speaker) conditions.push(sql`${SPEAKER_KEY} = ${filters.speaker}`);
  if (filters.source) conditions.push(sql`${SOURCE_KEY} = ${filters.source}`);
  if (filters.topic) {
    conditions.push(sql`exists (select 1 from quote_categories qc join categories c on c.id = qc.category_id
                                 where qc.quote_id = q.id and c.key = ${filters.topic})`);
  }
  const order =
    filters.words.length > 0
      ? sql`(case when (' ' || q.search_text || ' ') like ${`% ${escapeLike(filters.normalized)} %`} then 1 else 0 end) desc,
            similarity(q.search_text, ${filters.normalized}) desc, q.approved_at desc nulls last, q.id`
      : sql`q.approved_at desc nulls last, q.id`;
  return page(db, viewerId, sql.join(conditions, sql` and `), order, limit, offset);
}

export function listByContributor(db: Queryable, userId: string, limit: number, offset: number) {
  return page(db, userId, sql`q.created_by = ${userId}`, sql`q.created_at desc, q.id`, limit, offset);
}

export function listSaved(db: Queryable, userId: string, limit: number, offset: number) {
  return page(
    db,
    userId,
    sql`q.status = 'approved'`,
    sql`mine.created_at desc, q.id`,
    limit,
    offset,
    sql`join quote_saves mine on mine.quote_id = q.id and mine.user_id = ${userId}`,
  );
}

export function listForReview(db: Queryable, viewerId: string, status: QuoteStatus, limit: number, offset: number) {
  return page(db, viewerId, sql`q.status = ${status}`, sql`q.created_at, q.id`, limit, offset);
}

export async function countApproved(db: Queryable): Promise<number> {
  const [row] = await rowsOf<{ n: number }>(db, sql`select count(*)::int as n from quotes where status = 'approved'`);
  return row?.n ?? 0;
}

/** The approved quote at `index` in a stable order (id): the day's quote is picked by its index. */
export async function findApprovedAt(db: Queryable, viewerId: string, index: number): Promise<QuoteRow | undefined> {
  const [row] = await rowsOf<QuoteRow>(
    db,
    sql`${selectQuotes(viewerId)} where q.status = 'approved' order by q.id limit 1 offset ${index}`,
  );
  return row;
}

export function listFeatured(db: Queryable, limit: number): Promise<QuoteRow[]> {
  return rowsOf<QuoteRow>(
    db,
    sql`${selectQuotes(null)} where q.status = 'approved' and q.featured order by q.approved_at desc nulls last, q.id limit ${limit}`,
  );
}

export async function facets(db: Queryable) {
  const [speakers, sources, topics] = await Promise.all([
    rowsOf<{ value: string; label: string | null; label_ar: string | null; count: number }>(
      db,
      sql`select ${SPEAKER_KEY} as value,
                 max(coalesce(a.name_en, s.name_en, q.speaker_en, a.name_ar, q.speaker_ar)) as label,
                 max(coalesce(a.name_ar, s.name_ar, q.speaker_ar)) as label_ar,
                 count(*)::int as count
            from quotes q left join authors a on a.id = q.author_id left join scholars s on s.id = q.scholar_id
           where q.status = 'approved'
             and (q.author_id is not null or q.scholar_id is not null or q.speaker_en is not null or q.speaker_ar is not null)
           group by 1 order by count desc, label`,
    ),
    rowsOf<{ value: string; label: string | null; count: number }>(
      db,
      sql`select ${SOURCE_KEY} as value, max(coalesce(b.title_en, b.title_ar, q.source_title)) as label,
                 count(*)::int as count
            from quotes q left join books b on b.id = q.source_book_id
           where q.status = 'approved' and (q.source_book_id is not null or q.source_title is not null)
           group by 1 order by count desc, label`,
    ),
    rowsOf<{ key: string; name_en: string; name_ar: string; count: number }>(
      db,
      sql`select c.key, c.name_en, c.name_ar, count(*)::int as count
            from quote_categories qc join categories c on c.id = qc.category_id
            join quotes q on q.id = qc.quote_id and q.status = 'approved'
           group by c.id, c.key, c.name_en, c.name_ar, c.sort_order order by c.sort_order, c.name_en`,
    ),
  ]);
  return { speakers, sources, topics };
}

// ——— Writes ———

export type QuoteValues = Partial<typeof quotes.$inferInsert>;

/** The normalised words of a quote (texts, speaker, linked names, source): `quotes.search_text`. */
export function quoteSearchText(parts: Array<string | null | undefined>): string {
  return searchTerms(parts.filter((part): part is string => Boolean(part)).join(' ')).join(' ');
}

/** The names and title a quote links to, for its search text. */
export async function linkedNames(
  db: Queryable,
  links: { authorId?: string | null; scholarId?: string | null; sourceBookId?: string | null },
): Promise<{ author: string[] | null; scholar: string[] | null; book: string[] | null }> {
  const [author, scholar, book] = await Promise.all([
    links.authorId
      ? rowsOf<{ a: string | null; b: string | null }>(
          db,
          sql`select name_en as a, name_ar as b from authors where id = ${links.authorId}`,
        )
      : [],
    links.scholarId
      ? rowsOf<{ a: string | null; b: string | null }>(
          db,
          sql`select name_en as a, name_ar as b from scholars where id = ${links.scholarId}`,
        )
      : [],
    links.sourceBookId
      ? rowsOf<{ a: string | null; b: string | null }>(
          db,
          sql`select title_en as a, title_ar as b from books where id = ${links.sourceBookId}`,
        )
      : [],
  ]);
  const names = (rows: Array<{ a: string | null; b: string | null }>) =>
    rows[0] ? [rows[0].a ?? '', rows[0].b ?? ''] : null;
  return { author: names(author), scholar: names(scholar), book: names(book) };
}

/** Which of `ids` exist in `table`. */
export async function existingIds(
  db: Queryable,
  table: 'authors' | 'scholars' | 'books' | 'categories',
  ids: readonly string[],
): Promise<Set<string>> {
  if (ids.length === 0) return new Set();
  const rows = await rowsOf<{ id: string }>(
    db,
    sql`select id from ${sql.identifier(table)} where id in (select value::uuid from json_array_elements_text(${JSON.stringify(ids)}::json))`,
  );
  return new Set(rows.map((row) => row.id));
}

export async function insertQuote(db: Queryable, values: typeof quotes.$inferInsert): Promise<string> {
  const [row] = await db.insert(quotes).values(values).returning({ id: quotes.id });
  if (!row) throw new Error('quote not inserted');
  return row.id;
}

export async function updateQuote(db: Queryable, id: string, values: QuoteValues): Promise<boolean> {
  const rows = await db
    .update(quotes)
    .set({ ...values, updatedAt: sql`now()` })
    .where(eq(quotes.id, id))
    .returning({ id: quotes.id });
  return rows.length > 0;
}

/** Moves a quote from one status to another; false when it is not (any longer) in `from`. */
export async function transition(
  db: Queryable,
  id: string,
  from: readonly QuoteStatus[],
  values: QuoteValues,
): Promise<boolean> {
  const rows = await db
    .update(quotes)
    .set({ ...values, updatedAt: sql`now()` })
    .where(and(eq(quotes.id, id), inArray(quotes.status, [...from])))
    .returning({ id: quotes.id });
  return rows.length > 0;
}

export async function replaceTopics(db: Queryable, quoteId: string, categoryIds: readonly string[]): Promise<void> {
  await db.delete(quoteCategories).where(eq(quoteCategories.quoteId, quoteId));
  if (categoryIds.length > 0) {
    await db.insert(quoteCategories).values([...new Set(categoryIds)].map((categoryId) => ({ quoteId, categoryId })));
  }
}

export async function deleteQuote(db: Queryable, id: string): Promise<boolean> {
  return (await affectedBy(db, sql`delete from quotes where id = ${id}`)) > 0;
}

export async function saveQuote(db: Queryable, userId: string, quoteId: string): Promise<void> {
  await db.insert(quoteSaves).values({ userId, quoteId }).onConflictDoNothing();
}

export async function unsaveQuote(db: Queryable, userId: string, quoteId: string): Promise<void> {
  await db.delete(quoteSaves).where(and(eq(quoteSaves.userId, userId), eq(quoteSaves.quoteId, quoteId)));
}

export async function findStatus(
  db: Queryable,
  id: string,
): Promise<{ status: QuoteStatus; created_by: string | null } | undefined> {
  const [row] = await rowsOf<{ status: QuoteStatus; created_by: string | null }>(
    db,
    sql`select status, created_by from quotes where id = ${id}`,
  );
  return row;
}
