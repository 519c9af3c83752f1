import { BOOKS_PER_COLLECTION_MAX, COLLECTIONS_PER_READER_MAX } from '@maktaba/shared/constants';
import { can } from '@maktaba/shared/permissions';
import { PUBLIC_BOOK_STATUS } from '@maktaba/shared/schemas/catalogue';
import {
  COLLECTION_LIMITS,
  COLLECTION_MESSAGES,
  type Collection,
  type CollectionBookAddSchema,
  type CollectionCreateSchema,
  type CollectionList,
  type CollectionListQuerySchema,
  type CollectionSummary,
  type CollectionUpdateSchema,
  type MyCollection,
} from '@maktaba/shared/schemas/collections';
import { publicObjectUrl } from '@maktaba/shared/schemas/storage';
import type { z } from 'zod';
import type { Actor } from '../../actor.js';
import type { Database } from '../../db/client.js';
import type { Queryable } from '../../db/queryable.js';
import { AppError } from '../../errors.js';
import type { RequestMetadata } from '../../request-metadata.js';
import { toBookSummary } from '../catalogue/catalogue.mapper.js';
import { seesUnpublished } from '../catalogue/catalogue.service.js';
import { insertAudit } from '../users/users.repository.js';
import * as repo from './collections.repository.js';

/*
 * Readers' collections. Who may do what is decided here, for every action: a private collection is
 * its owner's and the librarians' (collections.view_all) to read; only its owner changes it; an
 * admin (collections.delete) may delete anyone's. Whatever a caller may not see answers 404, as
 * if it did not exist. The limits hold under concurrent requests: the count is read after taking
 * a row lock (the owner's account row for a new collection, the collection row for a new book),
 * so the requests that race for the last place take turns and exactly one gets it.
 */

const collectionNotFound = () => new AppError('NOT_FOUND', 'Collection not found');
const bookNotFound = () => new AppError('NOT_FOUND', 'Book not found');

type CreateInput = z.output<typeof CollectionCreateSchema>;
type UpdateInput = z.output<typeof CollectionUpdateSchema>;
type AddInput = z.output<typeof CollectionBookAddSchema>;
type ListQuery = z.output<typeof CollectionListQuerySchema>;

const iso = (date: Date | string) => new Date(date).toISOString();

const canSeeAll = (actor: Actor | null) => can(actor?.role, 'collections.view_all');

function toSummary(row: repo.CollectionRow, covers: repo.CoverRow[]): CollectionSummary {
  return {
    id: row.id,
    title_en: row.titleEn,
    title_ar: row.titleAr,
    description_en: row.descriptionEn,
    description_ar: row.descriptionAr,
    is_public: row.isPublic,
    featured: row.featuredAt !== null,
    book_count: row.bookCount,
    covers: covers
      .filter((cover) => cover.collectionId === row.id)
      .map((cover) => ({
        id: cover.id,
        title: cover.titleEn,
        title_ar: cover.titleAr,
        cover_url: publicObjectUrl('covers', cover.coverKey),
        category_key: cover.categoryKey,
      })),
    owner: { id: row.ownerId, display_name: row.ownerName },
    created_at: iso(row.createdAt),
    updated_at: iso(row.updatedAt),
  };
}

async function summaries(db: Queryable, rows: repo.CollectionRow[]): Promise<CollectionSummary[]> {
  const covers = await repo.findCovers(
    db,
    rows.map((row) => row.id),
    COLLECTION_LIMITS.coversMax,
  );
  return rows.map((row) => toSummary(row, covers));
}

/** Whether `actor` (null: a visitor) may read the collection. */
const canRead = (row: repo.CollectionRow, actor: Actor | null) =>
  row.isPublic || row.ownerId === actor?.id || canSeeAll(actor);

/**
 * The collection with its books in order. A book withdrawn from the catalogue stays in the
 * collection (and its count) but is shown only to those who may see unpublished books. Positions
 * are 1…n in the collection's order.
 */
async function assemble(db: Queryable, row: repo.CollectionRow, actor: Actor | null): Promise<Collection> {
  const [books, [summary]] = await Promise.all([repo.findCollectionBooks(db, row.id), summaries(db, [row])]);
  const seesAll = seesUnpublished(actor);
  return {
    ...(summary as CollectionSummary),
    books: books
      .map((book, index) => ({ book, position: index + 1 }))
      .filter(({ book }) => book.status === PUBLIC_BOOK_STATUS || seesAll)
      .map(({ book, position }) => ({
        book: toBookSummary(book),
        note: book.note,
        position,
        added_at: iso(book.addedAt),
      })),
    can_edit: row.ownerId === actor?.id,
  };
}

async function readable(db: Queryable, id: string, actor: Actor | null): Promise<repo.CollectionRow> {
  const row = await repo.findCollection(db, id);
  if (!row || !canRead(row, actor)) throw collectionNotFound();
  return row;
}

export async function getCollection(db: Database, id: string, actor: Actor | null): Promise<Collection> {
  return assemble(db, await readable(db, id, actor), actor);
}

/** The answer after a change: the collection as its owner now sees it. */
async function fresh(db: Queryable, id: string, actor: Actor): Promise<Collection> {
  const row = await repo.findCollection(db, id);
  if (!row) throw collectionNotFound();
  return assemble(db, row, actor);
}

export async function listMine(db: Database, actor: Actor, bookId?: string): Promise<{ items: MyCollection[] }> {
  const rows = await repo.findOwned(db, actor.id, bookId);
  const items = await summaries(db, rows);
  return {
    items: items.map((item, index) => (bookId ? { ...item, contains_book: Boolean(rows[index]?.containsBook) } : item)),
  };
}

export async function listAll(db: Database, query: ListQuery): Promise<CollectionList> {
  const { rows, total } = await repo.findAll(db, query);
  return { items: await summaries(db, rows), total, limit: query.limit, offset: query.offset };
}

export async function listFeatured(db: Database): Promise<{ items: CollectionSummary[] }> {
  return { items: await summaries(db, await repo.findFeatured(db, COLLECTION_LIMITS.featuredMax)) };
}

/** A new collection: 409 COLLECTION_LIMIT_REACHED (details.max) when the reader has as many as allowed. */
export async function createCollection(db: Database, actor: Actor, input: CreateInput): Promise<Collection> {
  const created = await db.transaction(async (tx) => {
    await repo.lockOwner(tx, actor.id);
    if ((await repo.countOwned(tx, actor.id)) >= COLLECTIONS_PER_READER_MAX) {
      throw new AppError('COLLECTION_LIMIT_REACHED', undefined, { details: { max: COLLECTIONS_PER_READER_MAX } });
    }
    return repo.insertCollection(tx, actor.id, {
      titleEn: input.title_en ?? null,
      titleAr: input.title_ar ?? null,
      descriptionEn: input.description_en ?? null,
      descriptionAr: input.description_ar ?? null,
      isPublic: input.is_public ?? false,
    });
  });
  return fresh(db, created.id, actor);
}

/**
 * Runs `work` on one of the caller's own collections, its row locked until the transaction ends.
 * Another reader's collection answers 404, whatever their role.
 */
async function withOwnCollection<T>(
  db: Database,
  actor: Actor,
  id: string,
  work: (tx: Queryable, row: NonNullable<Awaited<ReturnType<typeof repo.lockCollection>>>) => Promise<T>,
): Promise<T> {
  return db.transaction(async (tx) => {
    const row = await repo.lockCollection(tx, id);
    if (!row || row.ownerId !== actor.id) throw collectionNotFound();
    return work(tx, row);
  });
}

const nothingGiven = (value: unknown) => value === undefined;

export async function updateCollection(
  db: Database,
  actor: Actor,
  id: string,
  patch: UpdateInput,
): Promise<Collection> {
  await withOwnCollection(db, actor, id, async (tx) => {
    const current = await repo.findCollection(tx, id);
    if (!current) throw collectionNotFound();
    const titleEn = nothingGiven(patch.title_en) ? current.titleEn : (patch.title_en ?? null);
    const titleAr = nothingGiven(patch.title_ar) ? current.titleAr : (patch.title_ar ?? null);
    if (!titleEn && !titleAr) {
      throw new AppError('VALIDATION_FAILED', undefined, {
        details: { fieldErrors: { title_en: [COLLECTION_MESSAGES.titleRequired] } },
      });
    }
    const values: repo.CollectionValues = {};
    if (patch.title_en !== undefined) values.titleEn = patch.title_en ?? null;
    if (patch.title_ar !== undefined) values.titleAr = patch.title_ar ?? null;
    if (patch.description_en !== undefined) values.descriptionEn = patch.description_en ?? null;
    if (patch.description_ar !== undefined) values.descriptionAr = patch.description_ar ?? null;
    if (patch.is_public !== undefined) values.isPublic = patch.is_public;
    await repo.updateCollection(tx, id, values);
  });
  return fresh(db, id, actor);
}

/** Its owner deletes a collection; an admin (collections.delete) may delete anyone's. */
export async function deleteCollection(db: Database, actor: Actor, id: string): Promise<void> {
  const row = await repo.findCollection(db, id);
  if (!row || (row.ownerId !== actor.id && !can(actor.role, 'collections.delete'))) throw collectionNotFound();
  if (!(await repo.deleteCollection(db, id))) throw collectionNotFound();
}

/**
 * Adds an approved book at the end: 404 for a book that does not exist or is not published, 409
 * BOOK_ALREADY_IN_COLLECTION, 409 COLLECTION_FULL (details.max) when the collection holds as many
 * as allowed.
 */
export async function addBook(db: Database, actor: Actor, id: string, input: AddInput): Promise<Collection> {
  await withOwnCollection(db, actor, id, async (tx, row) => {
    if ((await repo.findBookStatus(tx, input.book_id)) !== PUBLIC_BOOK_STATUS) throw bookNotFound();
    if (row.bookCount >= BOOKS_PER_COLLECTION_MAX) {
      throw new AppError('COLLECTION_FULL', undefined, { details: { max: BOOKS_PER_COLLECTION_MAX } });
    }
    if (!(await repo.appendBook(tx, id, input.book_id, input.note ?? null))) {
      throw new AppError('BOOK_ALREADY_IN_COLLECTION');
    }
    await repo.touchCollection(tx, id);
  });
  return fresh(db, id, actor);
}

export async function updateNote(
  db: Database,
  actor: Actor,
  id: string,
  bookId: string,
  note: string | null,
): Promise<Collection> {
  await withOwnCollection(db, actor, id, async (tx) => {
    if (!(await repo.updateNote(tx, id, bookId, note))) throw bookNotFound();
    await repo.touchCollection(tx, id);
  });
  return fresh(db, id, actor);
}

export async function removeBook(db: Database, actor: Actor, id: string, bookId: string): Promise<void> {
  await withOwnCollection(db, actor, id, async (tx) => {
    if (!(await repo.removeBook(tx, id, bookId))) throw bookNotFound();
    await repo.touchCollection(tx, id);
  });
}

/**
 * The complete new order. It must name every book of the collection the caller sees, each once,
 * and nothing else (409 ORDER_MISMATCH otherwise: a book was added or removed meanwhile). Books
 * the caller does not see (withdrawn from the catalogue) keep their order after the others.
 */
export async function reorderBooks(db: Database, actor: Actor, id: string, bookIds: string[]): Promise<Collection> {
  await withOwnCollection(db, actor, id, async (tx) => {
    const books = await repo.findCollectionBooks(tx, id);
    const seesAll = seesUnpublished(actor);
    const expected = new Set(
      books.filter((book) => book.status === PUBLIC_BOOK_STATUS || seesAll).map((book) => book.id),
    );
    const given = new Set(bookIds);
    const mismatch =
      given.size !== bookIds.length || given.size !== expected.size || bookIds.some((bookId) => !expected.has(bookId));
    if (mismatch) throw new AppError('ORDER_MISMATCH');
    await repo.reorder(tx, id, bookIds);
    await repo.touchCollection(tx, id);
  });
  return fresh(db, id, actor);
}

/**
 * Features a public collection on the home page (409 COLLECTION_NOT_PUBLIC for a private one), or
 * stops; a change is written to the audit log in the same transaction.
 */
export async function setFeatured(
  db: Database,
  actor: Actor,
  id: string,
  featured: boolean,
  request: RequestMetadata,
): Promise<Collection> {
  const row = await repo.findCollection(db, id);
  if (!row) throw collectionNotFound();
  if (featured && !row.isPublic) throw new AppError('COLLECTION_NOT_PUBLIC');
  await db.transaction(async (tx) => {
    if (!(await repo.setFeatured(tx, id, featured ? actor.id : null))) {
      // Made private between the read and the write.
      throw new AppError('COLLECTION_NOT_PUBLIC');
    }
    if (featured === (row.featuredAt !== null)) return;
    await insertAudit(tx, {
      actorId: actor.id,
      actionType: featured ? 'feature_collection' : 'unfeature_collection',
      targetType: 'collection',
      targetId: id,
      ipAddress: request.clientIp ?? null,
      metadata: { label: { en: row.titleEn ?? row.titleAr, ar: row.titleAr ?? row.titleEn } },
    });
  });
  return fresh(db, id, actor);
}
