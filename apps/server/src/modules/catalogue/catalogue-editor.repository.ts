import type { BookStatus } from '@maktaba/shared/schemas/catalogue';
import { and, asc, count, desc, eq, exists, ilike, inArray, or, type SQL, sql } from 'drizzle-orm';
import { escapeLike } from '../../db/like.js';
import type { Queryable } from '../../db/queryable.js';
import { authors, bookAuthors, bookCategories, books, categories, checkouts, scholars } from '../../db/schema/index.js';
import { type BookSummaryRow, summaryColumns } from './catalogue.repository.js';

/**
 * The catalogue as librarians and admins change it: the editors' book list and the writes. What
 * readers see is read in catalogue.repository.ts.
 */

export async function findBookList(
  db: Queryable,
  query: { status?: BookStatus; q?: string; limit: number; offset: number },
): Promise<{ rows: (BookSummaryRow & EditorColumns)[]; total: number }> {
  const filters: SQL[] = [];
  if (query.status) filters.push(eq(books.status, query.status));
  if (query.q) {
    const pattern = `%${escapeLike(query.q)}%`;
    const match = or(
      ilike(books.titleEn, pattern),
      ilike(books.titleAr, pattern),
      ilike(books.externalId, pattern),
      exists(
        db
          .select({ one: sql`1` })
          .from(bookAuthors)
          .innerJoin(authors, eq(authors.id, bookAuthors.authorId))
          .where(
            and(eq(bookAuthors.bookId, books.id), or(ilike(authors.nameEn, pattern), ilike(authors.nameAr, pattern))),
          ),
      ),
    );
    if (match) filters.push(match);
  }
  const where = filters.length > 0 ? and(...filters) : undefined;
  const [rows, [total]] = await Promise.all([
    db
      .select({ ...summaryColumns, ...editorColumns })
      .from(books)
      .where(where)
      .orderBy(desc(books.updatedAt), asc(books.id))
      .limit(query.limit)
      .offset(query.offset),
    db.select({ n: count() }).from(books).where(where),
  ]);
  return { rows, total: total?.n ?? 0 };
}

const editorColumns = {
  status: books.status,
  externalId: books.externalId,
  copiesTotal: books.copiesTotal,
  copiesAvailable: books.copiesAvailable,
  updatedAt: books.updatedAt,
};
type EditorColumns = {
  status: string;
  externalId: string | null;
  copiesTotal: number;
  copiesAvailable: number;
  updatedAt: Date;
};

/** A book's writable columns: not its counters, which its copies drive (book_copies trigger). */
export type BookValues = Omit<
  typeof books.$inferInsert,
  | 'id'
  | 'popularity'
  | 'viewCount'
  | 'bookmarkCount'
  | 'checkoutCount'
  | 'copiesTotal'
  | 'copiesAvailable'
  | 'createdAt'
  | 'updatedAt'
>;

export async function insertBook(db: Queryable, values: BookValues): Promise<string> {
  const [row] = await db.insert(books).values(values).returning({ id: books.id });
  if (!row) throw new Error('insert returned no row');
  return row.id;
}

export async function updateBook(db: Queryable, id: string, values: Partial<BookValues>): Promise<boolean> {
  const rows = await db
    .update(books)
    .set({ ...values, updatedAt: sql`now()` })
    .where(eq(books.id, id))
    .returning({ id: books.id });
  return rows.length > 0;
}

/** Deletes a book; its cover key is returned so the file can go after the commit (null: no such book). */
export async function deleteBook(db: Queryable, id: string): Promise<{ coverKey: string | null } | null> {
  const [row] = await db.delete(books).where(eq(books.id, id)).returning({ coverKey: books.coverKey });
  return row ?? null;
}

export async function bookHasCheckouts(db: Queryable, id: string): Promise<boolean> {
  const [row] = await db.select({ id: checkouts.id }).from(checkouts).where(eq(checkouts.bookId, id)).limit(1);
  return row !== undefined;
}

/** Replaces a book's author and category links, keeping the given order. */
export async function setBookLinks(
  db: Queryable,
  bookId: string,
  links: { authorIds: string[]; categoryIds: string[] },
): Promise<void> {
  await db.delete(bookAuthors).where(eq(bookAuthors.bookId, bookId));
  await db.delete(bookCategories).where(eq(bookCategories.bookId, bookId));
  if (links.authorIds.length > 0) {
    await db.insert(bookAuthors).values(links.authorIds.map((authorId, position) => ({ bookId, authorId, position })));
  }
  if (links.categoryIds.length > 0) {
    await db
      .insert(bookCategories)
      .values(links.categoryIds.map((categoryId, position) => ({ bookId, categoryId, position })));
  }
}

export async function existingIds(
  db: Queryable,
  table: typeof authors | typeof categories,
  ids: string[],
): Promise<Set<string>> {
  if (ids.length === 0) return new Set();
  const rows = await db.select({ id: table.id }).from(table).where(inArray(table.id, ids));
  return new Set(rows.map((row) => row.id));
}

export async function externalIdTaken(db: Queryable, externalId: string, exceptId?: string): Promise<boolean> {
  const [row] = await db.select({ id: books.id }).from(books).where(eq(books.externalId, externalId));
  return row !== undefined && row.id !== exceptId;
}

export async function insertAuthor(db: Queryable, values: typeof authors.$inferInsert): Promise<string> {
  const [row] = await db.insert(authors).values(values).returning({ id: authors.id });
  if (!row) throw new Error('insert returned no row');
  return row.id;
}

export async function updateAuthor(db: Queryable, id: string, values: Partial<typeof authors.$inferInsert>) {
  const rows = await db
    .update(authors)
    .set({ ...values, updatedAt: sql`now()` })
    .where(eq(authors.id, id))
    .returning({ id: authors.id });
  return rows.length > 0;
}

export async function authorHasBooks(db: Queryable, id: string): Promise<boolean> {
  const [row] = await db
    .select({ id: bookAuthors.bookId })
    .from(bookAuthors)
    .where(eq(bookAuthors.authorId, id))
    .limit(1);
  return row !== undefined;
}

/** Deletes an author; their photo key is returned so the file can go after the commit (null: no such author). */
export async function deleteAuthor(db: Queryable, id: string): Promise<{ photoKey: string | null } | null> {
  const [row] = await db.delete(authors).where(eq(authors.id, id)).returning({ photoKey: authors.photoKey });
  return row ?? null;
}

/** The ids from `id` up through its ancestors (to refuse a parent that would make a cycle). */
export async function categoryAncestors(db: Queryable, id: string): Promise<string[]> {
  // Both drivers (node-postgres, PGlite) answer raw statements with `rows`.
  const result = (await db.execute(sql`
    with recursive up(id, parent_id, depth) as (
      select id, parent_id, 0 from ${categories} where id = ${id}
      union all
      select c.id, c.parent_id, up.depth + 1 from ${categories} c join up on c.id = up.parent_id where up.depth < 100
    ) select id from up`)) as { rows: { id: string }[] };
  return result.rows.map((row) => row.id);
}

export async function insertCategory(db: Queryable, values: typeof categories.$inferInsert): Promise<string> {
  const [row] = await db.insert(categories).values(values).returning({ id: categories.id });
  if (!row) throw new Error('insert returned no row');
  return row.id;
}

export async function updateCategory(db: Queryable, id: string, values: Partial<typeof categories.$inferInsert>) {
  const rows = await db
    .update(categories)
    .set({ ...values, updatedAt: sql`now()` })
    .where(eq(categories.id, id))
    .returning({ id: categories.id });
  return rows.length > 0;
}

export async function deleteCategory(db: Queryable, id: string): Promise<boolean> {
  const rows = await db.delete(categories).where(eq(categories.id, id)).returning({ id: categories.id });
  return rows.length > 0;
}

export async function categoryKeyTaken(db: Queryable, key: string, exceptId?: string): Promise<boolean> {
  const [row] = await db.select({ id: categories.id }).from(categories).where(eq(categories.key, key));
  return row !== undefined && row.id !== exceptId;
}

export async function authorKeyTaken(db: Queryable, key: string, exceptId?: string): Promise<boolean> {
  const [row] = await db.select({ id: authors.id }).from(authors).where(eq(authors.key, key));
  return row !== undefined && row.id !== exceptId;
}

export async function scholarKeyTaken(db: Queryable, key: string, exceptId?: string): Promise<boolean> {
  const [row] = await db.select({ id: scholars.id }).from(scholars).where(eq(scholars.key, key));
  return row !== undefined && row.id !== exceptId;
}

export async function insertScholar(db: Queryable, values: typeof scholars.$inferInsert): Promise<string> {
  const [row] = await db.insert(scholars).values(values).returning({ id: scholars.id });
  if (!row) throw new Error('insert returned no row');
  return row.id;
}

export async function updateScholar(db: Queryable, id: string, values: Partial<typeof scholars.$inferInsert>) {
  const rows = await db
    .update(scholars)
    .set({ ...values, updatedAt: sql`now()` })
    .where(eq(scholars.id, id))
    .returning({ id: scholars.id });
  return rows.length > 0;
}

export async function deleteScholar(db: Queryable, id: string): Promise<boolean> {
  const rows = await db.delete(scholars).where(eq(scholars.id, id)).returning({ id: scholars.id });
  return rows.length > 0;
}
