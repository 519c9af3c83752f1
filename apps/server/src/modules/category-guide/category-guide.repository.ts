import { and, asc, desc, eq, inArray, isNull, type SQL, sql } from 'drizzle-orm';
import type { Queryable } from '../../db/queryable.js';
import { affectedBy, rowsOf } from '../../db/raw.js';
import { authors, bookAuthors, books, categories } from '../../db/schema/index.js';
import { type BookSummaryRow, summaryColumns } from '../catalogue/catalogue.repository.js';

/** The guide's fields of a category; `book_count` is kept by the search vocabulary recount. */
const guideColumns = {
  id: categories.id,
  key: categories.key,
  nameEn: categories.nameEn,
  nameAr: categories.nameAr,
  descriptionEn: categories.descriptionEn,
  descriptionAr: categories.descriptionAr,
  bookCount: categories.bookCount,
  sortOrder: categories.sortOrder,
  parentId: categories.parentId,
};
export type GuideCategoryRow = {
  id: string;
  key: string;
  nameEn: string;
  nameAr: string;
  descriptionEn: string | null;
  descriptionAr: string | null;
  bookCount: number;
  sortOrder: number;
  parentId: string | null;
};

/** Guide order among siblings: the librarians' order, then by name. */
const guideOrder = [asc(categories.sortOrder), asc(categories.nameEn), asc(categories.id)];

export function findGuideCategories(db: Queryable): Promise<GuideCategoryRow[]> {
  return db
    .select(guideColumns)
    .from(categories)
    .orderBy(...guideOrder);
}

export async function findGuideCategoryByKey(db: Queryable, key: string): Promise<GuideCategoryRow | undefined> {
  const [row] = await db.select(guideColumns).from(categories).where(eq(categories.key, key));
  return row;
}

export function findChildren(db: Queryable, parentId: string | null): Promise<GuideCategoryRow[]> {
  return db
    .select(guideColumns)
    .from(categories)
    .where(parentId ? eq(categories.parentId, parentId) : isNull(categories.parentId))
    .orderBy(...guideOrder);
}

/** The category's ancestors, nearest last (the top-level category first). */
export async function findAncestors(db: Queryable, id: string): Promise<GuideCategoryRow[]> {
  const rows = await rowsOf<{ id: string; depth: number }>(
    db,
    sql`with recursive up(id, parent_id, depth) as (
          select c.id, c.parent_id, 0 from categories c where c.id = ${id}
          union all
          select c.id, c.parent_id, up.depth + 1 from categories c join up on c.id = up.parent_id where up.depth < 20)
        select id, depth from up where depth > 0`,
  );
  if (rows.length === 0) return [];
  const found = await db
    .select(guideColumns)
    .from(categories)
    .where(
      inArray(
        categories.id,
        rows.map((row) => row.id),
      ),
    );
  const depth = new Map(rows.map((row) => [row.id, row.depth]));
  return found.sort((a, b) => (depth.get(b.id) ?? 0) - (depth.get(a.id) ?? 0));
}

/** The category and every category under it, as a subquery of ids. */
const selfAndDescendants = (id: string): SQL => sql`(
  with recursive down(id, depth) as (
    select ${id}::uuid, 0
    union all
    select c.id, down.depth + 1 from categories c join down on c.parent_id = down.id where down.depth < 20)
  select id from down)`;

/** Approved books linked to the category or one of its sub-categories. */
const approvedInCategory = (id: string): SQL => sql`${books.status} = 'approved' and ${books.id} in (
  select bc.book_id from book_categories bc where bc.category_id in ${selfAndDescendants(id)})`;

export function findPopularBooks(db: Queryable, id: string, limit: number): Promise<BookSummaryRow[]> {
  return db
    .select(summaryColumns)
    .from(books)
    .where(approvedInCategory(id))
    .orderBy(desc(books.popularity), desc(books.createdAt), asc(books.id))
    .limit(limit);
}

export type GuideAuthorRow = {
  id: string;
  nameEn: string | null;
  nameAr: string | null;
  photoKey: string | null;
  bookCount: number;
};

/** Authors by their approved books in the category (sub-categories included), then by those books' popularity. */
export async function findTopAuthors(db: Queryable, id: string, limit: number): Promise<GuideAuthorRow[]> {
  const bookCount = sql<number>`count(distinct ${books.id})::int`;
  const popularity = sql<number>`coalesce(sum(${books.popularity}), 0)`;
  return db
    .select({
      id: authors.id,
      nameEn: authors.nameEn,
      nameAr: authors.nameAr,
      photoKey: authors.photoKey,
      bookCount,
    })
    .from(authors)
    .innerJoin(bookAuthors, eq(bookAuthors.authorId, authors.id))
    .innerJoin(books, and(eq(books.id, bookAuthors.bookId), approvedInCategory(id)))
    .groupBy(authors.id)
    .orderBy(desc(bookCount), desc(popularity), asc(authors.nameEn), asc(authors.id))
    .limit(limit);
}

/** Whether a category with this id exists. */
/** A category's names, or undefined when there is none with this id. */
export async function findCategoryNames(
  db: Queryable,
  id: string,
): Promise<{ en: string; ar: string | null } | undefined> {
  const [row] = await db
    .select({ en: categories.nameEn, ar: categories.nameAr })
    .from(categories)
    .where(eq(categories.id, id));
  return row;
}

/** The ids of one parent's children (the top level for null), locked until the transaction ends. */
export async function lockChildren(db: Queryable, parentId: string | null): Promise<string[]> {
  const rows = await db
    .select({ id: categories.id })
    .from(categories)
    .where(parentId ? eq(categories.parentId, parentId) : isNull(categories.parentId))
    .for('update');
  return rows.map((row) => row.id);
}

/** Gives each category its position in `ids` (0, 1, 2…) as its sort order, in one statement. */
export function writeOrder(db: Queryable, ids: readonly string[]): Promise<number> {
  return affectedBy(
    db,
    sql`update categories c set sort_order = v.position - 1, updated_at = now()
          from unnest(${`{${ids.join(',')}}`}::uuid[]) with ordinality as v(id, position)
         where c.id = v.id and c.sort_order is distinct from (v.position - 1)::int`,
  );
}
