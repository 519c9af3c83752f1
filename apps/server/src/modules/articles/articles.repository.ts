import type { ArticleStatus } from '@maktaba/shared/schemas/articles';
import { searchTerms } from '@maktaba/shared/search-text';
import { and, asc, eq, type SQL, sql } from 'drizzle-orm';
import { escapeLike } from '../../db/like.js';
import type { Queryable } from '../../db/queryable.js';
import { affectedBy, rowsOf } from '../../db/raw.js';
import { articleAuthors, articleBooks, articleCategories, articles, books } from '../../db/schema/index.js';
import { type BookSummaryRow, summaryColumns } from '../catalogue/catalogue.repository.js';

/** An article as read (raw SQL row), with its topics and its writer's display name. */
export type ArticleRow = {
  id: string;
  title_en: string | null;
  title_ar: string | null;
  summary_en: string | null;
  summary_ar: string | null;
  body_en: string | null;
  body_ar: string | null;
  cover_key: string | null;
  status: ArticleStatus;
  published_at: Date | string | null;
  author_id: string | null;
  author_name: string | null;
  updated_at: Date | string;
  topics: Array<{ id: string; name: string; name_ar: string }> | string;
};

const SELECT_ARTICLES = sql`
  select a.id, a.title_en, a.title_ar, a.summary_en, a.summary_ar, a.body_en, a.body_ar, a.cover_key,
         a.status, a.published_at, a.author_id, p.display_name as author_name, a.updated_at,
         coalesce((select json_agg(json_build_object('id', c.id, 'name', c.name_en, 'name_ar', c.name_ar)
                                   order by c.sort_order, c.name_en)
                     from article_categories ac join categories c on c.id = ac.category_id
                    where ac.article_id = a.id), '[]'::json) as topics
    from articles a
    left join profiles p on p.id = a.author_id`;

export async function findArticle(db: Queryable, id: string): Promise<ArticleRow | undefined> {
  const [row] = await rowsOf<ArticleRow>(db, sql`${SELECT_ARTICLES} where a.id = ${id}`);
  return row;
}

export type ArticleFilters = {
  /** Normalised query words (Arabic ones without their article). */
  words: string[];
  status?: ArticleStatus;
  topic?: string;
  language?: 'en' | 'ar';
};

function conditionsOf(filters: ArticleFilters): SQL {
  const conditions: SQL[] = [sql`true`];
  if (filters.status) conditions.push(sql`a.status = ${filters.status}`);
  for (const word of filters.words) {
    conditions.push(sql`(' ' || a.search_text) like ${`% ${escapeLike(word)}%`}`);
  }
  if (filters.topic) {
    conditions.push(
      sql`exists (select 1 from article_categories ac where ac.article_id = a.id and ac.category_id = ${filters.topic})`,
    );
  }
  if (filters.language === 'en') conditions.push(sql`a.body_en is not null`);
  if (filters.language === 'ar') conditions.push(sql`a.body_ar is not null`);
  return sql.join(conditions, sql` and `);
}

/** A page of articles: published ones newest first, or (staff) the most recently updated first. */
export async function listArticles(
  db: Queryable,
  filters: ArticleFilters,
  order: 'published' | 'updated',
  limit: number,
  offset: number,
): Promise<{ rows: ArticleRow[]; total: number }> {
  const where = conditionsOf(filters);
  const orderBy = order === 'published' ? sql`a.published_at desc nulls last, a.id` : sql`a.updated_at desc, a.id`;
  const [rows, counted] = await Promise.all([
    rowsOf<ArticleRow>(db, sql`${SELECT_ARTICLES} where ${where} order by ${orderBy} limit ${limit} offset ${offset}`),
    rowsOf<{ n: number }>(db, sql`select count(*)::int as n from articles a where ${where}`),
  ]);
  return { rows, total: counted[0]?.n ?? 0 };
}

/** The topics that have published articles, with how many. */
export function publishedTopics(db: Queryable) {
  return rowsOf<{ id: string; name: string; name_ar: string; count: number }>(
    db,
    sql`select c.id, c.name_en as name, c.name_ar, count(*)::int as count
          from article_categories ac
          join categories c on c.id = ac.category_id
          join articles a on a.id = ac.article_id and a.status = 'published'
         group by c.id, c.name_en, c.name_ar, c.sort_order
         order by c.sort_order, c.name_en`,
  );
}

/** The article's books in its order, as catalogue cards; approved books only unless `drafts`. */
export async function articleBookCards(db: Queryable, articleId: string, drafts: boolean): Promise<BookSummaryRow[]> {
  const rows = await db
    .select({ ...summaryColumns, position: articleBooks.position })
    .from(articleBooks)
    .innerJoin(books, eq(books.id, articleBooks.bookId))
    .where(
      drafts
        ? eq(articleBooks.articleId, articleId)
        : and(eq(articleBooks.articleId, articleId), eq(books.status, 'approved')),
    )
    .orderBy(asc(articleBooks.position), asc(books.id));
  return rows.map(({ position: _position, ...row }) => row as BookSummaryRow);
}

export function articleAuthorRefs(db: Queryable, articleId: string) {
  return rowsOf<{ id: string; name: string | null; name_ar: string | null }>(
    db,
    sql`select au.id, au.name_en as name, au.name_ar
          from article_authors aa join authors au on au.id = aa.author_id
         where aa.article_id = ${articleId}
         order by aa.position, au.id`,
  );
}

export function articleBookRefs(db: Queryable, articleId: string) {
  return rowsOf<{ id: string; title: string | null; title_ar: string | null }>(
    db,
    sql`select b.id, b.title_en as title, b.title_ar
          from article_books ab join books b on b.id = ab.book_id
         where ab.article_id = ${articleId}
         order by ab.position, b.id`,
  );
}

export async function articleTopicIds(db: Queryable, articleId: string): Promise<string[]> {
  const rows = await rowsOf<{ id: string }>(
    db,
    sql`select ac.category_id as id from article_categories ac join categories c on c.id = ac.category_id
         where ac.article_id = ${articleId} order by c.sort_order, c.name_en`,
  );
  return rows.map((row) => row.id);
}

/** Which of `ids` exist in `table`. */
export async function existingIds(
  db: Queryable,
  table: 'authors' | 'books' | 'categories',
  ids: readonly string[],
): Promise<Set<string>> {
  if (ids.length === 0) return new Set();
  const rows = await rowsOf<{ id: string }>(
    db,
    sql`select id from ${sql.identifier(table)} where id in (select value::uuid from json_array_elements_text(${JSON.stringify(ids)}::json))`,
  );
  return new Set(rows.map((row) => row.id));
}

// ——— Writes ———

/** The normalised words of both languages' titles, summaries and bodies: `articles.search_text`. */
export function articleSearchText(parts: Array<string | null | undefined>): string {
  return searchTerms(parts.filter((part): part is string => Boolean(part)).join('\n')).join(' ');
}

export type ArticleValues = Partial<typeof articles.$inferInsert>;

export async function insertArticle(db: Queryable, values: typeof articles.$inferInsert): Promise<string> {
  const [row] = await db.insert(articles).values(values).returning({ id: articles.id });
  if (!row) throw new Error('article not inserted');
  return row.id;
}

export async function updateArticle(db: Queryable, id: string, values: ArticleValues): Promise<boolean> {
  const rows = await db
    .update(articles)
    .set({ ...values, updatedAt: sql`now()` })
    .where(eq(articles.id, id))
    .returning({ id: articles.id });
  return rows.length > 0;
}

export async function replaceTopics(db: Queryable, articleId: string, ids: readonly string[]): Promise<void> {
  await db.delete(articleCategories).where(eq(articleCategories.articleId, articleId));
  if (ids.length > 0) await db.insert(articleCategories).values(ids.map((categoryId) => ({ articleId, categoryId })));
}

export async function replaceBooks(db: Queryable, articleId: string, ids: readonly string[]): Promise<void> {
  await db.delete(articleBooks).where(eq(articleBooks.articleId, articleId));
  if (ids.length > 0) {
    await db.insert(articleBooks).values(ids.map((bookId, position) => ({ articleId, bookId, position })));
  }
}

export async function replaceAuthors(db: Queryable, articleId: string, ids: readonly string[]): Promise<void> {
  await db.delete(articleAuthors).where(eq(articleAuthors.articleId, articleId));
  if (ids.length > 0) {
    await db.insert(articleAuthors).values(ids.map((authorId, position) => ({ articleId, authorId, position })));
  }
}

export async function deleteArticle(db: Queryable, id: string): Promise<boolean> {
  return (await affectedBy(db, sql`delete from articles where id = ${id}`)) > 0;
}

/** Points the article at a new cover key; answers the previous one (undefined: no such article). */
export async function swapCover(
  db: Queryable,
  id: string,
  key: string | null,
): Promise<{ previous: string | null } | undefined> {
  const [row] = await rowsOf<{ previous: string | null }>(
    db,
    sql`update articles a set cover_key = ${key}, updated_at = now()
          from (select id, cover_key from articles where id = ${id} for update) old
         where a.id = old.id
     returning old.cover_key as previous`,
  );
  return row;
}
