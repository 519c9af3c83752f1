import { sql } from 'drizzle-orm';
import type { Queryable } from '../../db/queryable.js';
import { rowsOf } from '../../db/raw.js';

/** Rows of the network and the panel, read with one statement each. */

export type NodeRow = { id: string; nameEn: string; nameAr: string; parentId: string | null; books: number };
export type EdgeRow = { source: string; target: string; weight: number };

/** Every category with its approved books (linked to it directly), by English name. */
export function findNodes(db: Queryable): Promise<NodeRow[]> {
  return rowsOf<NodeRow>(
    db,
    sql`select c.id, c.name_en as "nameEn", c.name_ar as "nameAr", c.parent_id as "parentId",
          (select count(*)::int from book_categories bc join books b on b.id = bc.book_id
            where bc.category_id = c.id and b.status = 'approved') as books
        from categories c
        order by c.name_en, c.id`,
  );
}

/** Pairs of categories with at least `minShared` approved books in both, the smaller id first. */
export function findSharedEdges(db: Queryable, minShared: number): Promise<EdgeRow[]> {
  return rowsOf<EdgeRow>(
    db,
    sql`select a.category_id as source, b.category_id as target, count(*)::int as weight
        from book_categories a
        join book_categories b on b.book_id = a.book_id and a.category_id < b.category_id
        join books bk on bk.id = a.book_id and bk.status = 'approved'
        group by a.category_id, b.category_id
        having count(*) >= ${minShared}
        order by weight desc, source, target`,
  );
}

export type PanelCategoryRow = {
  id: string;
  nameEn: string;
  nameAr: string;
  parentId: string | null;
  parentNameEn: string | null;
  parentNameAr: string | null;
  books: number;
};

export async function findPanelCategory(db: Queryable, id: string): Promise<PanelCategoryRow | undefined> {
  const [row] = await rowsOf<PanelCategoryRow>(
    db,
    sql`select c.id, c.name_en as "nameEn", c.name_ar as "nameAr", c.parent_id as "parentId",
          p.name_en as "parentNameEn", p.name_ar as "parentNameAr",
          (select count(*)::int from book_categories bc join books b on b.id = bc.book_id
            where bc.category_id = c.id and b.status = 'approved') as books
        from categories c left join categories p on p.id = c.parent_id
        where c.id = ${id}`,
  );
  return row;
}

export type TopBookRow = { id: string; titleEn: string | null; titleAr: string | null; views: number };

/** Its approved books, most viewed first, then by title. */
export function findTopBooks(db: Queryable, id: string, limit: number): Promise<TopBookRow[]> {
  return rowsOf<TopBookRow>(
    db,
    sql`select b.id, b.title_en as "titleEn", b.title_ar as "titleAr", b.view_count as views
        from books b join book_categories bc on bc.book_id = b.id
        where bc.category_id = ${id} and b.status = 'approved'
        order by b.view_count desc, coalesce(b.title_en, b.title_ar), b.id
        limit ${limit}`,
  );
}

export type TopAuthorRow = { id: string; nameEn: string | null; nameAr: string | null; books: number };

/** Authors by their approved books in the category, most first, then by name. */
export function findTopAuthors(db: Queryable, id: string, limit: number): Promise<TopAuthorRow[]> {
  return rowsOf<TopAuthorRow>(
    db,
    sql`select a.id, a.name_en as "nameEn", a.name_ar as "nameAr", count(distinct b.id)::int as books
        from authors a
        join book_authors ba on ba.author_id = a.id
        join books b on b.id = ba.book_id and b.status = 'approved'
        join book_categories bc on bc.book_id = b.id and bc.category_id = ${id}
        group by a.id
        order by books desc, coalesce(a.name_en, a.name_ar), a.id
        limit ${limit}`,
  );
}

export type ConnectedRow = { id: string; nameEn: string; nameAr: string; shared: number };

/** Categories sharing approved books with it, most shared first, then by name. */
export function findConnected(db: Queryable, id: string): Promise<ConnectedRow[]> {
  return rowsOf<ConnectedRow>(
    db,
    sql`select c.id, c.name_en as "nameEn", c.name_ar as "nameAr", count(*)::int as shared
        from book_categories mine
        join books b on b.id = mine.book_id and b.status = 'approved'
        join book_categories other on other.book_id = mine.book_id and other.category_id <> mine.category_id
        join categories c on c.id = other.category_id
        where mine.category_id = ${id}
        group by c.id
        order by shared desc, c.name_en, c.id`,
  );
}
