import type { ImportBookStatus, ImportRecord } from '@maktaba/shared/schemas/catalogue-import';
import { inArray, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { authors, bookAuthors, bookCategories, books, categories } from '../../db/schema/index.js';

/** A database or one of its transactions. */
export type Tx = Pick<Database, 'select' | 'insert' | 'update' | 'delete' | 'execute'>;

export type NewAuthor = { importKey: string; nameEn: string | null; nameAr: string | null; deathHijri: number | null };

/** Authors by import key, creating the missing ones (a concurrent creator of the same key is tolerated). */
export async function findOrCreateAuthors(tx: Tx, wanted: NewAuthor[]): Promise<Map<string, string>> {
  const ids = new Map<string, string>();
  if (!wanted.length) return ids;
  const keys = wanted.map((author) => author.importKey);
  const lookUp = async (keyList: string[]) => {
    const rows = await tx
      .select({ id: authors.id, importKey: authors.importKey })
      .from(authors)
      .where(inArray(authors.importKey, keyList));
    for (const row of rows) if (row.importKey) ids.set(row.importKey, row.id);
  };
  await lookUp(keys);
  const missing = wanted.filter((author) => !ids.has(author.importKey));
  if (missing.length) {
    const created = await tx
      .insert(authors)
      .values(missing)
      .onConflictDoNothing({ target: authors.importKey })
      .returning({ id: authors.id, importKey: authors.importKey });
    for (const row of created) if (row.importKey) ids.set(row.importKey, row.id);
    const stillMissing = missing.filter((author) => !ids.has(author.importKey)).map((author) => author.importKey);
    if (stillMissing.length) await lookUp(stillMissing);
  }
  return ids;
}

export type CategoryRow = { id: string; key: string; nameEn: string; nameAr: string };

export function listCategories(tx: Tx): Promise<CategoryRow[]> {
  return tx
    .select({ id: categories.id, key: categories.key, nameEn: categories.nameEn, nameAr: categories.nameAr })
    .from(categories);
}

export async function createCategory(tx: Tx, category: Omit<CategoryRow, 'id'>): Promise<CategoryRow> {
  const [row] = await tx
    .insert(categories)
    .values(category)
    .returning({ id: categories.id, key: categories.key, nameEn: categories.nameEn, nameAr: categories.nameAr });
  if (!row) throw new Error('category not created');
  return row;
}

/** The book columns an import writes; a re-import updates a book only when one of them differs. */
const IMPORTED_COLUMNS = [
  'titleEn',
  'titleAr',
  'descriptionEn',
  'descriptionAr',
  'publisher',
  'publicationYear',
  'language',
  'format',
  'difficulty',
  'contentType',
  'isDigital',
] as const satisfies readonly (keyof typeof books.$inferInsert)[];

/** The value the conflicting insert proposed for a column. */
const excluded = (key: (typeof IMPORTED_COLUMNS)[number]) => sql.raw(`excluded.${books[key].name}`);

export type UpsertedBook = { id: string; externalId: string; isInserted: boolean };

/**
 * Inserts the books, or updates those whose columns differ from the record: an identical
 * re-import writes nothing (updated_at stays), and such books are not in the answer.
 * The status is the import's only for new books: an editor's later decision is kept.
 * The copy counters are not written here: a book starts with none and its copies drive them.
 */
export async function upsertBooks(
  tx: Tx,
  records: ImportRecord[],
  options: { status: ImportBookStatus; createdBy: string | null },
): Promise<UpsertedBook[]> {
  const now = new Date();
  const rows = await tx
    .insert(books)
    .values(
      records.map((record) => ({
        externalId: record.id,
        titleEn: record.title,
        titleAr: record.title_ar,
        descriptionEn: record.description,
        descriptionAr: record.description_ar,
        publisher: record.publisher,
        publicationYear: record.publication_year,
        language: record.language,
        format: record.format,
        difficulty: record.difficulty,
        contentType: record.content_type,
        isDigital: record.is_digital,
        status: options.status,
        createdBy: options.createdBy,
        approvedAt: options.status === 'approved' ? now : null,
      })),
    )
    .onConflictDoUpdate({
      target: books.externalId,
      set: { ...Object.fromEntries(IMPORTED_COLUMNS.map((key) => [key, excluded(key)])), updatedAt: sql`now()` },
      setWhere: sql`(${sql.join(
        IMPORTED_COLUMNS.map((key) => books[key]),
        sql`, `,
      )}) is distinct from (${sql.join(IMPORTED_COLUMNS.map(excluded), sql`, `)})`,
    })
    // xmax is 0 on a freshly inserted row version and set on an updated one.
    .returning({ id: books.id, externalId: books.externalId, isInserted: sql<boolean>`(xmax = 0)` });
  return rows.map((row) => ({ id: row.id, externalId: row.externalId ?? '', isInserted: Boolean(row.isInserted) }));
}

/** Each book's counters as its copies make them now (copies held, copies available). */
export async function findCopyCounts(
  tx: Tx,
  bookIds: string[],
): Promise<Map<string, { total: number; available: number }>> {
  if (!bookIds.length) return new Map();
  const rows = await tx
    .select({ id: books.id, total: books.copiesTotal, available: books.copiesAvailable })
    .from(books)
    .where(inArray(books.id, bookIds));
  return new Map(rows.map((row) => [row.id, { total: row.total, available: row.available }]));
}

export async function findBookIds(tx: Tx, externalIds: string[]): Promise<Map<string, string>> {
  const rows = await tx
    .select({ id: books.id, externalId: books.externalId })
    .from(books)
    .where(inArray(books.externalId, externalIds));
  return new Map(rows.map((row) => [row.externalId ?? '', row.id]));
}

/** Each book's linked ids in position order. */
export async function findLinks(tx: Tx, bookIds: string[]) {
  const [authorRows, categoryRows] = await Promise.all([
    tx
      .select({ bookId: bookAuthors.bookId, otherId: bookAuthors.authorId, position: bookAuthors.position })
      .from(bookAuthors)
      .where(inArray(bookAuthors.bookId, bookIds)),
    tx
      .select({ bookId: bookCategories.bookId, otherId: bookCategories.categoryId, position: bookCategories.position })
      .from(bookCategories)
      .where(inArray(bookCategories.bookId, bookIds)),
  ]);
  const group = (rows: { bookId: string; otherId: string; position: number }[]) => {
    const byBook = new Map<string, string[]>();
    for (const row of [...rows].sort((a, b) => a.position - b.position)) {
      byBook.set(row.bookId, [...(byBook.get(row.bookId) ?? []), row.otherId]);
    }
    return byBook;
  };
  return { authors: group(authorRows), categories: group(categoryRows) };
}

export type Links = { bookId: string; authorIds: string[]; categoryIds: string[] };

/** Replaces the author and category links of these books. */
export async function replaceLinks(tx: Tx, links: Links[]): Promise<void> {
  if (!links.length) return;
  const bookIds = links.map((link) => link.bookId);
  await tx.delete(bookAuthors).where(inArray(bookAuthors.bookId, bookIds));
  await tx.delete(bookCategories).where(inArray(bookCategories.bookId, bookIds));
  const authorRows = links.flatMap((link) =>
    link.authorIds.map((authorId, position) => ({ bookId: link.bookId, authorId, position })),
  );
  const categoryRows = links.flatMap((link) =>
    link.categoryIds.map((categoryId, position) => ({ bookId: link.bookId, categoryId, position })),
  );
  if (authorRows.length) await tx.insert(bookAuthors).values(authorRows);
  if (categoryRows.length) await tx.insert(bookCategories).values(categoryRows);
}

export async function touchBooks(tx: Tx, bookIds: string[]): Promise<void> {
  if (bookIds.length) await tx.update(books).set({ updatedAt: sql`now()` }).where(inArray(books.id, bookIds));
}
