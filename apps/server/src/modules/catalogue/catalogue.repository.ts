import type { ShelfType } from '@maktaba/shared/schemas/catalogue';
import { and, asc, count, desc, eq, exists, ilike, isNotNull, max, or, sql } from 'drizzle-orm';
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

/** The key of a book's first category (the generated cover's colour). */
export const firstCategoryKey = sql<string | null>`(
  select c.key from ${bookCategories} bc join ${categories} c on c.id = bc.category_id
   where bc.book_id = "books"."id" order by bc.position, c.id limit 1)`;

export const summaryColumns = {
  id: books.id,
  titleEn: books.titleEn,
  titleAr: books.titleAr,
  coverKey: books.coverKey,
  publicationYear: books.publicationYear,
  createdAt: books.createdAt,
  authors: authorsJson,
  categoryKey: firstCategoryKey,
};
export type BookSummaryRow = {
  id: string;
  titleEn: string | null;
  titleAr: string | null;
  coverKey: string | null;
  publicationYear: number | null;
  createdAt: Date;
  authors: AuthorRef[];
  categoryKey: string | null;
};

const approved = eq(books.status, 'approved');

/** How many books are public. */
export async function countApprovedBooks(db: Queryable): Promise<number> {
  const [row] = await db.select({ n: count() }).from(books).where(approved);
  return row?.n ?? 0;
}

export async function findShelf(
  db: Queryable,
  type: ShelfType,
  page: { limit: number; offset: number },
  userId: string | null,
  approvedTotal: () => Promise<number> = () => countApprovedBooks(db),
): Promise<{ rows: BookSummaryRow[]; total: number }> {
  switch (type) {
    case 'recent':
    case 'popular': {
      const order =
        type === 'recent' ? [desc(books.createdAt), asc(books.id)] : [desc(books.popularity), asc(books.id)];
      const [rows, total] = await Promise.all([
        db
          .select(summaryColumns)
          .from(books)
          .where(approved)
          .orderBy(...order)
          .limit(page.limit)
          .offset(page.offset),
        approvedTotal(),
      ]);
      return { rows, total };
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

export async function findCategory(db: Queryable, id: string): Promise<CategoryRow | undefined> {
  const [row] = await db
    .select({ category: categories, bookCount: categoryBookCount })
    .from(categories)
    .where(eq(categories.id, id));
  return row ? { ...row.category, bookCount: row.bookCount } : undefined;
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
