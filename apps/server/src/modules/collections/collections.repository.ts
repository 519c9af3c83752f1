import type { CollectionVisibility } from '@maktaba/shared/schemas/collections';
import { and, asc, count, desc, eq, ilike, isNotNull, max, or, type SQL, sql } from 'drizzle-orm';
import { escapeLike } from '../../db/like.js';
import type { Queryable } from '../../db/queryable.js';
import { rowsOf } from '../../db/raw.js';
import { authUsers, books, collectionBooks, collections, profiles } from '../../db/schema/index.js';
import { type BookSummaryRow, firstCategoryKey, summaryColumns } from '../catalogue/catalogue.repository.js';

export type CollectionRow = {
  id: string;
  ownerId: string;
  ownerName: string | null;
  titleEn: string | null;
  titleAr: string | null;
  descriptionEn: string | null;
  descriptionAr: string | null;
  isPublic: boolean;
  featuredAt: Date | null;
  bookCount: number;
  createdAt: Date;
  updatedAt: Date;
};

export type CoverRow = {
  collectionId: string;
  id: string;
  titleEn: string | null;
  titleAr: string | null;
  coverKey: string | null;
  categoryKey: string | null;
};

export type CollectionBookRow = BookSummaryRow & {
  status: string;
  note: string | null;
  position: number;
  addedAt: Date;
};

const columns = {
  id: collections.id,
  ownerId: collections.ownerId,
  ownerName: profiles.displayName,
  titleEn: collections.titleEn,
  titleAr: collections.titleAr,
  descriptionEn: collections.descriptionEn,
  descriptionAr: collections.descriptionAr,
  isPublic: collections.isPublic,
  featuredAt: collections.featuredAt,
  bookCount: collections.bookCount,
  createdAt: collections.createdAt,
  updatedAt: collections.updatedAt,
};

const withOwner = (db: Queryable) =>
  db.select(columns).from(collections).leftJoin(profiles, eq(profiles.id, collections.ownerId));

const newestFirst = [desc(collections.updatedAt), asc(collections.id)];

export async function findCollection(db: Queryable, id: string): Promise<CollectionRow | undefined> {
  const [row] = await withOwner(db).where(eq(collections.id, id));
  return row;
}

/**
 * Locks the reader's account row until the transaction ends: two requests creating a collection
 * for one reader at once take turns, so the count each sees is the one it adds to.
 */
export async function lockOwner(db: Queryable, ownerId: string): Promise<void> {
  await db.select({ id: authUsers.id }).from(authUsers).where(eq(authUsers.id, ownerId)).for('no key update');
}

export async function countOwned(db: Queryable, ownerId: string): Promise<number> {
  const [row] = await db.select({ n: count() }).from(collections).where(eq(collections.ownerId, ownerId));
  return row?.n ?? 0;
}

/**
 * Locks a collection row until the transaction ends (adds, removals and reorders of one collection
 * take turns); undefined when there is none.
 */
export async function lockCollection(
  db: Queryable,
  id: string,
): Promise<{ id: string; ownerId: string; bookCount: number; isPublic: boolean } | undefined> {
  const [row] = await db
    .select({
      id: collections.id,
      ownerId: collections.ownerId,
      bookCount: collections.bookCount,
      isPublic: collections.isPublic,
    })
    .from(collections)
    .where(eq(collections.id, id))
    .for('no key update');
  return row;
}

export type CollectionValues = {
  titleEn?: string | null;
  titleAr?: string | null;
  descriptionEn?: string | null;
  descriptionAr?: string | null;
  isPublic?: boolean;
};

export async function insertCollection(
  db: Queryable,
  ownerId: string,
  values: CollectionValues,
): Promise<{ id: string }> {
  const [row] = await db
    .insert(collections)
    .values({ ownerId, ...values })
    .returning({ id: collections.id });
  if (!row) throw new Error('The collection was not inserted.');
  return row;
}

/** Changes the given fields; making a collection private also unfeatures it. */
export async function updateCollection(db: Queryable, id: string, values: CollectionValues): Promise<void> {
  await db
    .update(collections)
    .set({
      ...values,
      ...(values.isPublic === false ? { featuredAt: null, featuredBy: null } : {}),
      updatedAt: sql`now()`,
    })
    .where(eq(collections.id, id));
}

export async function touchCollection(db: Queryable, id: string): Promise<void> {
  await db.update(collections).set({ updatedAt: sql`now()` }).where(eq(collections.id, id));
}

export async function deleteCollection(db: Queryable, id: string): Promise<boolean> {
  const deleted = await db.delete(collections).where(eq(collections.id, id)).returning({ id: collections.id });
  return deleted.length > 0;
}

/** Features (now, by `by`) or unfeatures a collection; only a public one is featured. */
export async function setFeatured(db: Queryable, id: string, by: string | null): Promise<boolean> {
  const updated = await db
    .update(collections)
    .set(by ? { featuredAt: sql`now()`, featuredBy: by } : { featuredAt: null, featuredBy: null })
    .where(by ? and(eq(collections.id, id), eq(collections.isPublic, true)) : eq(collections.id, id))
    .returning({ id: collections.id });
  return updated.length > 0;
}

/** The reader's collections, most recently updated first; with `bookId`, whether each holds it. */
export async function findOwned(
  db: Queryable,
  ownerId: string,
  bookId?: string,
): Promise<Array<CollectionRow & { containsBook: boolean | null }>> {
  const containsBook = bookId
    ? sql<boolean>`exists (select 1 from ${collectionBooks} cb where cb.collection_id = ${collections.id} and cb.book_id = ${bookId})`
    : sql<null>`null`;
  return db
    .select({ ...columns, containsBook })
    .from(collections)
    .leftJoin(profiles, eq(profiles.id, collections.ownerId))
    .where(eq(collections.ownerId, ownerId))
    .orderBy(...newestFirst);
}

/** Every reader's collections (librarians), most recently updated first, and their exact count. */
export async function findAll(
  db: Queryable,
  query: { q?: string; visibility: CollectionVisibility; featured?: boolean; limit: number; offset: number },
): Promise<{ rows: CollectionRow[]; total: number }> {
  const conditions: SQL[] = [];
  if (query.q) {
    const pattern = `%${escapeLike(query.q)}%`;
    const match = or(
      ilike(collections.titleEn, pattern),
      ilike(collections.titleAr, pattern),
      ilike(profiles.displayName, pattern),
    );
    if (match) conditions.push(match);
  }
  if (query.visibility !== 'all') conditions.push(eq(collections.isPublic, query.visibility === 'public'));
  if (query.featured === true) conditions.push(isNotNull(collections.featuredAt));
  if (query.featured === false) conditions.push(sql`${collections.featuredAt} is null`);
  const where = conditions.length > 0 ? and(...conditions) : undefined;
  const [rows, [total]] = await Promise.all([
    withOwner(db)
      .where(where)
      .orderBy(...newestFirst)
      .limit(query.limit)
      .offset(query.offset),
    db.select({ n: count() }).from(collections).leftJoin(profiles, eq(profiles.id, collections.ownerId)).where(where),
  ]);
  return { rows, total: total?.n ?? 0 };
}

/** Featured public collections, newest featured first (an index scan of collections_featured_idx). */
export async function findFeatured(db: Queryable, limit: number): Promise<CollectionRow[]> {
  return withOwner(db)
    .where(and(isNotNull(collections.featuredAt), eq(collections.isPublic, true)))
    .orderBy(desc(collections.featuredAt), asc(collections.id))
    .limit(limit);
}

/** The first `perCollection` approved books of each collection, in order: the covers of its card. */
export async function findCovers(db: Queryable, collectionIds: string[], perCollection: number): Promise<CoverRow[]> {
  if (collectionIds.length === 0) return [];
  const ids = sql.join(
    collectionIds.map((id) => sql`${id}`),
    sql`, `,
  );
  return rowsOf<CoverRow>(
    db,
    sql`select first.collection_id as "collectionId", "books"."id" as "id", "books"."title_en" as "titleEn",
               "books"."title_ar" as "titleAr", "books"."cover_key" as "coverKey", ${firstCategoryKey} as "categoryKey"
          from (select cb.collection_id, cb.book_id, cb.position,
                       row_number() over (partition by cb.collection_id order by cb.position, cb.book_id) as n
                  from ${collectionBooks} cb join ${books} b on b.id = cb.book_id
                 where cb.collection_id in (${ids}) and b.status = 'approved') first
          join ${books} on "books"."id" = first.book_id
         where first.n <= ${perCollection}
         order by first.collection_id, first.n`,
  );
}

/** A collection's books in order, with the book card's fields and its status. */
export async function findCollectionBooks(db: Queryable, collectionId: string): Promise<CollectionBookRow[]> {
  return db
    .select({
      ...summaryColumns,
      status: books.status,
      note: collectionBooks.note,
      position: collectionBooks.position,
      addedAt: collectionBooks.addedAt,
    })
    .from(collectionBooks)
    .innerJoin(books, eq(books.id, collectionBooks.bookId))
    .where(eq(collectionBooks.collectionId, collectionId))
    .orderBy(asc(collectionBooks.position), asc(collectionBooks.bookId));
}

export async function findBookStatus(db: Queryable, bookId: string): Promise<string | undefined> {
  const [row] = await db.select({ status: books.status }).from(books).where(eq(books.id, bookId));
  return row?.status;
}

/**
 * Adds a book at the end (the last position + 1); false when it is in the collection already.
 * The caller holds the collection's lock, so two adds never take the same position.
 */
export async function appendBook(
  db: Queryable,
  collectionId: string,
  bookId: string,
  note: string | null,
): Promise<boolean> {
  const [last] = await db
    .select({ position: max(collectionBooks.position) })
    .from(collectionBooks)
    .where(eq(collectionBooks.collectionId, collectionId));
  const inserted = await db
    .insert(collectionBooks)
    .values({ collectionId, bookId, note, position: (last?.position ?? 0) + 1 })
    .onConflictDoNothing({ target: [collectionBooks.collectionId, collectionBooks.bookId] })
    .returning({ bookId: collectionBooks.bookId });
  return inserted.length > 0;
}

export async function updateNote(
  db: Queryable,
  collectionId: string,
  bookId: string,
  note: string | null,
): Promise<boolean> {
  const updated = await db
    .update(collectionBooks)
    .set({ note })
    .where(and(eq(collectionBooks.collectionId, collectionId), eq(collectionBooks.bookId, bookId)))
    .returning({ bookId: collectionBooks.bookId });
  return updated.length > 0;
}

/**
 * Removes a book and closes the gap it leaves (the books after it move up one), so positions stay
 * 1…n. A book deleted from the catalogue leaves its collections through the foreign key's cascade
 * and may leave a gap: positions are only ever compared, never counted on, so order is unchanged.
 */
export async function removeBook(db: Queryable, collectionId: string, bookId: string): Promise<boolean> {
  const [removed] = await db
    .delete(collectionBooks)
    .where(and(eq(collectionBooks.collectionId, collectionId), eq(collectionBooks.bookId, bookId)))
    .returning({ position: collectionBooks.position });
  if (!removed) return false;
  await db
    .update(collectionBooks)
    .set({ position: sql`${collectionBooks.position} - 1` })
    .where(and(eq(collectionBooks.collectionId, collectionId), sql`${collectionBooks.position} > ${removed.position}`));
  return true;
}

export async function findBookIds(db: Queryable, collectionId: string): Promise<string[]> {
  const rows = await db
    .select({ bookId: collectionBooks.bookId })
    .from(collectionBooks)
    .where(eq(collectionBooks.collectionId, collectionId))
    .orderBy(asc(collectionBooks.position), asc(collectionBooks.bookId));
  return rows.map((row) => row.bookId);
}

/**
 * Rewrites every position of the collection in one statement: the given books first, in the given
 * order, then any others (books the caller does not see) in their present order; 1…n.
 */
export async function reorder(db: Queryable, collectionId: string, bookIds: string[]): Promise<void> {
  const given =
    bookIds.length > 0
      ? sql`array[${sql.join(
          bookIds.map((id) => sql`${id}`),
          sql`, `,
        )}]::uuid[]`
      : sql`array[]::uuid[]`;
  await db.execute(sql`
    update ${collectionBooks} set position = numbered.n
      from (select cb.book_id,
                   row_number() over (order by g.ord nulls last, cb.position, cb.book_id) as n
              from ${collectionBooks} cb
              left join unnest(${given}) with ordinality as g(book_id, ord) on g.book_id = cb.book_id
             where cb.collection_id = ${collectionId}) numbered
     where ${collectionBooks.collectionId} = ${collectionId} and ${collectionBooks.bookId} = numbered.book_id`);
}
