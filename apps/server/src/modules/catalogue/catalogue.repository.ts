import type { BookStatus, ShelfType } from '@maktaba/shared/schemas/catalogue';
import { and, asc, count, desc, eq, exists, ilike, inArray, isNotNull, max, or, type SQL, sql } from 'drizzle-orm';
import { escapeLike } from '../../db/like.js';
import type { Queryable } from '../../db/queryable.js';
import {
  authors,
  bookAuthors,
  bookCategories,
  bookmarks,
  books,
  bookViews,
  categories,
  checkouts,
  scholars,
} from '../../db/schema/index.js';

export type AuthorRef = { id: string; name: string | null; name_ar: string | null };
export type CategoryRefRow = { id: string; key: string; name: string; name_ar: string };

/**
 * A book's authors in order, as one JSON array (one round trip for a whole shelf). The outer
 * table is named in full: Drizzle renders a column interpolated here without its table.
 */
export const authorsJson = sql<AuthorRef[]>`coalesce((
  select json_agg(json_build_object('id', a.id, 'name', a.name_en, 'name_ar', a.name_ar) order by ba.position, a.id)
    from ${bookAuthors} ba join ${authors} a on a.id = ba.author_id
   where ba.book_id = "books"."id"), '[]'::json)`;

const categoriesJson = sql<CategoryRefRow[]>`coalesce((
  select json_agg(json_build_object('id', c.id, 'key', c.key, 'name', c.name_en, 'name_ar', c.name_ar) order by bc.position, c.id)
    from ${bookCategories} bc join ${categories} c on c.id = bc.category_id
   where bc.book_id = "books"."id"), '[]'::json)`;

const summaryColumns = {
  id: books.id,
  titleEn: books.titleEn,
  titleAr: books.titleAr,
  coverKey: books.coverKey,
  publicationYear: books.publicationYear,
  createdAt: books.createdAt,
  authors: authorsJson,
};
export type BookSummaryRow = {
  id: string;
  titleEn: string | null;
  titleAr: string | null;
  coverKey: string | null;
  publicationYear: number | null;
  createdAt: Date;
  authors: AuthorRef[];
};

const approved = eq(books.status, 'approved');

export async function findShelf(
  db: Queryable,
  type: ShelfType,
  page: { limit: number; offset: number },
  userId: string | null,
): Promise<{ rows: BookSummaryRow[]; total: number }> {
  switch (type) {
    case 'recent':
    case 'popular': {
      const order =
        type === 'recent' ? [desc(books.createdAt), asc(books.id)] : [desc(books.popularity), asc(books.id)];
      const [rows, [total]] = await Promise.all([
        db
          .select(summaryColumns)
          .from(books)
          .where(approved)
          .orderBy(...order)
          .limit(page.limit)
          .offset(page.offset),
        db.select({ n: count() }).from(books).where(approved),
      ]);
      return { rows, total: total?.n ?? 0 };
    }
    case 'bookmarked': {
      if (!userId) return { rows: [], total: 0 };
      const mine = and(eq(bookmarks.userId, userId), approved);
      const [rows, [total]] = await Promise.all([
        db
          .select(summaryColumns)
          .from(bookmarks)
          .innerJoin(books, eq(books.id, bookmarks.bookId))
          .where(mine)
          .orderBy(desc(bookmarks.createdAt), asc(books.id))
          .limit(page.limit)
          .offset(page.offset),
        db.select({ n: count() }).from(bookmarks).innerJoin(books, eq(books.id, bookmarks.bookId)).where(mine),
      ]);
      return { rows, total: total?.n ?? 0 };
    }
    case 'returned': {
      const returned = db
        .select({ bookId: checkouts.bookId, lastReturned: max(checkouts.returnedAt).as('last_returned') })
        .from(checkouts)
        .where(isNotNull(checkouts.returnedAt))
        .groupBy(checkouts.bookId)
        .as('returned');
      const [rows, [total]] = await Promise.all([
        db
          .select(summaryColumns)
          .from(returned)
          .innerJoin(books, eq(books.id, returned.bookId))
          .where(approved)
          .orderBy(desc(returned.lastReturned), asc(books.id))
          .limit(page.limit)
          .offset(page.offset),
        db.select({ n: count() }).from(returned).innerJoin(books, eq(books.id, returned.bookId)).where(approved),
      ]);
      return { rows, total: total?.n ?? 0 };
    }
  }
}

export type BookRow = typeof books.$inferSelect & { authors: AuthorRef[]; categories: CategoryRefRow[] };

export async function findBook(db: Queryable, id: string): Promise<BookRow | undefined> {
  const [row] = await db
    .select({ book: books, authors: authorsJson, categories: categoriesJson })
    .from(books)
    .where(eq(books.id, id));
  return row ? { ...row.book, authors: row.authors, categories: row.categories } : undefined;
}

/** Counts one view per viewer per book per day; the trigger on book_views bumps the counter. */
export async function recordView(db: Queryable, bookId: string, viewer: string): Promise<boolean> {
  const inserted = await db
    .insert(bookViews)
    .values({ bookId, viewer })
    .onConflictDoNothing()
    .returning({ bookId: bookViews.bookId });
  return inserted.length > 0;
}

export async function bookIsApproved(db: Queryable, id: string): Promise<boolean> {
  const [row] = await db
    .select({ id: books.id })
    .from(books)
    .where(and(eq(books.id, id), approved));
  return row !== undefined;
}

const authorBookCount = sql<number>`(
  select count(*)::int from ${bookAuthors} ba join ${books} b on b.id = ba.book_id
   where ba.author_id = "authors"."id" and b.status = 'approved')`;

export type AuthorRow = typeof authors.$inferSelect & { bookCount: number };

export async function findAuthor(db: Queryable, id: string): Promise<AuthorRow | undefined> {
  const [row] = await db
    .select({ author: authors, bookCount: authorBookCount })
    .from(authors)
    .where(eq(authors.id, id));
  return row ? { ...row.author, bookCount: row.bookCount } : undefined;
}

export async function findAuthors(
  db: Queryable,
  query: { q?: string; limit: number; offset: number },
): Promise<{ rows: AuthorRow[]; total: number }> {
  const where = query.q
    ? or(ilike(authors.nameEn, `%${escapeLike(query.q)}%`), ilike(authors.nameAr, `%${escapeLike(query.q)}%`))
    : undefined;
  const [rows, [total]] = await Promise.all([
    db
      .select({ author: authors, bookCount: authorBookCount })
      .from(authors)
      .where(where)
      .orderBy(asc(sql`coalesce(${authors.nameEn}, ${authors.nameAr})`), asc(authors.id))
      .limit(query.limit)
      .offset(query.offset),
    db.select({ n: count() }).from(authors).where(where),
  ]);
  return { rows: rows.map((row) => ({ ...row.author, bookCount: row.bookCount })), total: total?.n ?? 0 };
}

/** An author's approved books, newest first. */
export async function findBooksByAuthor(db: Queryable, authorId: string, limit: number): Promise<BookSummaryRow[]> {
  return db
    .select(summaryColumns)
    .from(books)
    .where(
      and(
        approved,
        exists(
          db
            .select({ one: sql`1` })
            .from(bookAuthors)
            .where(and(eq(bookAuthors.bookId, books.id), eq(bookAuthors.authorId, authorId))),
        ),
      ),
    )
    .orderBy(asc(sql`coalesce(${books.titleEn}, ${books.titleAr})`), asc(books.id))
    .limit(limit);
}

export type ScholarRow = typeof scholars.$inferSelect;

export async function findScholars(db: Queryable): Promise<ScholarRow[]> {
  return db.select().from(scholars).orderBy(asc(scholars.sortOrder), asc(scholars.nameEn), asc(scholars.id));
}

export async function findScholar(db: Queryable, id: string): Promise<ScholarRow | undefined> {
  const [row] = await db.select().from(scholars).where(eq(scholars.id, id));
  return row;
}

export async function findScholarIdByAuthor(db: Queryable, authorId: string): Promise<string | null> {
  const [row] = await db
    .select({ id: scholars.id })
    .from(scholars)
    .where(eq(scholars.authorId, authorId))
    .orderBy(asc(scholars.sortOrder))
    .limit(1);
  return row?.id ?? null;
}

const categoryBookCount = sql<number>`(
  select count(*)::int from ${bookCategories} bc join ${books} b on b.id = bc.book_id
   where bc.category_id = "categories"."id" and b.status = 'approved')`;

export type CategoryRow = typeof categories.$inferSelect & { bookCount: number };

export async function findCategories(db: Queryable): Promise<CategoryRow[]> {
  const rows = await db
    .select({ category: categories, bookCount: categoryBookCount })
    .from(categories)
    .orderBy(asc(categories.nameEn), asc(categories.id));
  return rows.map((row) => ({ ...row.category, bookCount: row.bookCount }));
}

/** get_bilingual_category_suggestions: the categories holding the most approved books first. */
export async function findCategorySuggestions(db: Queryable, limit: number): Promise<CategoryRow[]> {
  const rows = await db
    .select({ category: categories, bookCount: categoryBookCount })
    .from(categories)
    .orderBy(desc(categoryBookCount), asc(categories.nameEn), asc(categories.id))
    .limit(limit);
  return rows.map((row) => ({ ...row.category, bookCount: row.bookCount }));
}

// ——— Editors ———

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

export type BookValues = Omit<
  typeof books.$inferInsert,
  'id' | 'popularity' | 'viewCount' | 'bookmarkCount' | 'checkoutCount' | 'createdAt' | 'updatedAt'
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

export async function deleteBook(db: Queryable, id: string): Promise<boolean> {
  const rows = await db.delete(books).where(eq(books.id, id)).returning({ id: books.id });
  return rows.length > 0;
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

export async function deleteAuthor(db: Queryable, id: string): Promise<boolean> {
  const rows = await db.delete(authors).where(eq(authors.id, id)).returning({ id: authors.id });
  return rows.length > 0;
}

export async function findCategory(db: Queryable, id: string): Promise<CategoryRow | undefined> {
  const [row] = await db
    .select({ category: categories, bookCount: categoryBookCount })
    .from(categories)
    .where(eq(categories.id, id));
  return row ? { ...row.category, bookCount: row.bookCount } : undefined;
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

/** Kept here too for the modules that import it from the catalogue. */
export { escapeLike };
