import { can } from '@maktaba/shared/permissions';
import type {
  AuthorDetail,
  AuthorWriteSchema,
  Book,
  BookCreateSchema,
  BookList,
  BookListQuerySchema,
  BookStatus,
  BookWriteSchema,
  Category,
  CategoryWriteSchema,
  ScholarDetail,
  ScholarWriteSchema,
} from '@maktaba/shared/schemas/catalogue';
import type { z } from 'zod';
import type { Actor } from '../../actor.js';
import type { Database } from '../../db/client.js';
import { authors, categories } from '../../db/schema/index.js';
import { AppError } from '../../errors.js';
import type { RequestMetadata } from '../../request-metadata.js';
import { copiesFor, insertCopies } from '../copies/copies.repository.js';
import { toBookSummary, toCategory } from './catalogue.mapper.js';
import { findAuthor, findBook, findCategory, findScholar } from './catalogue.repository.js';
import { authorNotFound, bookNotFound, getAuthor, getBook, getScholar, scholarNotFound } from './catalogue.service.js';
import {
  type AuditedRecord,
  auditCreated,
  auditDeleted,
  auditedAuthor,
  auditedBook,
  auditedScholar,
  auditUpdated,
} from './catalogue-editor.audit.js';
import * as repo from './catalogue-editor.repository.js';

/**
 * Librarian and admin changes to the catalogue (permission matrix of accounts-and-auth §6; the
 * routes guard, the rules live here). Each change answers with the record as readers' reads
 * build it (catalogue.service.ts). Changes to books, authors and scholars are audited in the
 * transaction that makes them.
 */

/** Who makes a change, and from where (for the audit log). */
export type Editor = { actor: Actor; request: RequestMetadata };

type Tx = Parameters<Parameters<Database['transaction']>[0]>[0];
const asDatabase = (tx: Tx) => tx as unknown as Database;

const categoryNotFound = () => new AppError('NOT_FOUND', 'Category not found');

type BookInput = z.output<typeof BookWriteSchema>;
type NewBookInput = z.output<typeof BookCreateSchema>;

export async function listBooksForEditors(
  db: Database,
  query: z.output<typeof BookListQuerySchema>,
): Promise<BookList> {
  const { rows, total } = await repo.findBookList(db, {
    status: query.status,
    q: query.q,
    limit: query.per_page,
    offset: (query.page - 1) * query.per_page,
  });
  return {
    books: rows.map((row) => ({
      ...toBookSummary(row),
      status: row.status as BookStatus,
      external_id: row.externalId,
      copies_total: row.copiesTotal,
      copies_available: row.copiesAvailable,
      updated_at: row.updatedAt.toISOString(),
    })),
    total,
    page: query.page,
    per_page: query.per_page,
  };
}

/** Field-level refusal in the shape the forms understand (`details.fieldErrors`). */
function fieldError(field: string, key: string): AppError {
  return new AppError('VALIDATION_FAILED', undefined, { details: { fieldErrors: { [field]: [key] } } });
}

async function checkBookReferences(db: Database, input: BookInput, exceptId?: string) {
  const authorIds = [...new Set(input.author_ids)];
  const categoryIds = [...new Set(input.category_ids)];
  const [foundAuthors, foundCategories] = await Promise.all([
    repo.existingIds(db, authors, authorIds),
    repo.existingIds(db, categories, categoryIds),
  ]);
  if (foundAuthors.size !== authorIds.length) throw fieldError('author_ids', 'validation.catalogue.unknownAuthor');
  if (foundCategories.size !== categoryIds.length) {
    throw fieldError('category_ids', 'validation.catalogue.unknownCategory');
  }
  if (input.external_id && (await repo.externalIdTaken(db, input.external_id, exceptId))) {
    throw fieldError('external_id', 'validation.catalogue.externalIdTaken');
  }
  return { authorIds, categoryIds };
}

function bookValues(input: BookInput): Omit<repo.BookValues, 'status' | 'createdBy' | 'coverKey' | 'approvedAt'> {
  return {
    externalId: input.external_id ?? null,
    titleEn: input.title ?? null,
    titleAr: input.title_ar ?? null,
    descriptionEn: input.description ?? null,
    descriptionAr: input.description_ar ?? null,
    publisher: input.publisher ?? null,
    publicationYear: input.publication_year ?? null,
    language: input.language ?? null,
    format: input.format ?? null,
    difficulty: input.difficulty ?? null,
    contentType: input.content_type ?? null,
    isDigital: input.is_digital,
  };
}

async function requireBook(tx: Tx, id: string) {
  return auditedBook((await findBook(tx, id)) ?? raise(bookNotFound()));
}

/**
 * A new book starts as a draft; it reaches readers only once approved. Its row starts with no
 * copies; the copies it arrives with are created in the same transaction and drive its counters.
 */
export async function createBook(db: Database, editor: Editor, input: NewBookInput): Promise<Book> {
  const { actor } = editor;
  const id = await createAudited(db, editor, 'book', async (tx) => {
    const links = await checkBookReferences(asDatabase(tx), input);
    const bookId = await repo.insertBook(tx, { ...bookValues(input), status: 'draft', createdBy: actor.id });
    await repo.setBookLinks(tx, bookId, links);
    await insertCopies(tx, copiesFor(bookId, input.copies_total, input.copies_available ?? null));
    return bookId;
  });
  return getBook(db, id, actor);
}

/** The book's fields, authors and categories; never its copies or their counts. */
export async function updateBook(db: Database, editor: Editor, id: string, input: BookInput): Promise<Book> {
  await changeAudited(db, editor, { type: 'book', id }, 'update', async (tx) => {
    const links = await checkBookReferences(asDatabase(tx), input, id);
    await repo.updateBook(tx, id, bookValues(input));
    await repo.setBookLinks(tx, id, links);
  });
  return getBook(db, id, editor.actor);
}

/**
 * draft ⇄ pending need books.edit; approving, archiving and taking an approved or archived book
 * back need books.approve (a librarian publishes; an editor without it can only submit).
 */
export async function changeBookStatus(db: Database, editor: Editor, id: string, status: BookStatus): Promise<Book> {
  const { actor } = editor;
  const current = await findBook(db, id);
  if (!current) throw bookNotFound();
  const publishing = status === 'approved' || status === 'archived' || current.status === 'approved';
  if (publishing && !can(actor.role, 'books.approve')) throw new AppError('FORBIDDEN');
  if (current.status !== status) {
    await changeAudited(db, editor, { type: 'book', id }, 'update', (tx) =>
      repo.updateBook(tx, id, { status, approvedAt: status === 'approved' ? new Date() : current.approvedAt }),
    );
  }
  return getBook(db, id, actor);
}

/**
 * Removes a book for good (admins). A book with loan history is archived instead. Returns the key of
 * the cover it had, for the caller to remove the file once the deletion is committed.
 */
export async function deleteBook(db: Database, editor: Editor, id: string): Promise<string | null> {
  if (await repo.bookHasCheckouts(db, id)) {
    throw new AppError('CONFLICT', 'This book has loan history; archive it instead.');
  }
  const deleted = await changeAudited(db, editor, { type: 'book', id }, 'delete', (tx) => repo.deleteBook(tx, id));
  return deleted?.coverKey ?? null;
}

type AuthorInput = z.output<typeof AuthorWriteSchema>;

function authorValues(input: AuthorInput) {
  return {
    key: input.key ?? null,
    nameEn: input.name ?? null,
    nameAr: input.name_ar ?? null,
    deathHijri: input.death_hijri ?? null,
    deathCe: input.death_ce ?? null,
    biographyEn: input.biography ?? null,
    biographyAr: input.biography_ar ?? null,
  };
}

async function requireAuthor(tx: Tx, id: string) {
  return auditedAuthor((await findAuthor(tx, id)) ?? raise(authorNotFound()));
}

export async function createAuthor(db: Database, editor: Editor, input: AuthorInput): Promise<AuthorDetail> {
  if (input.key && (await repo.authorKeyTaken(db, input.key))) throw fieldError('key', 'validation.catalogue.keyTaken');
  const id = await createAudited(db, editor, 'author', (tx) => repo.insertAuthor(tx, authorValues(input)));
  return getAuthor(db, id);
}

export async function updateAuthor(
  db: Database,
  editor: Editor,
  id: string,
  input: AuthorInput,
): Promise<AuthorDetail> {
  if (input.key && (await repo.authorKeyTaken(db, input.key, id))) {
    throw fieldError('key', 'validation.catalogue.keyTaken');
  }
  await changeAudited(db, editor, { type: 'author', id }, 'update', (tx) =>
    repo.updateAuthor(tx, id, authorValues(input)),
  );
  return getAuthor(db, id);
}

/** Removes an author without books. Returns the key of their photo, for the caller to remove the file. */
export async function deleteAuthor(db: Database, editor: Editor, id: string): Promise<string | null> {
  if (await repo.authorHasBooks(db, id)) {
    throw new AppError('CONFLICT', 'This author still has books; move or remove them first.');
  }
  const deleted = await changeAudited(db, editor, { type: 'author', id }, 'delete', (tx) => repo.deleteAuthor(tx, id));
  return deleted?.photoKey ?? null;
}

type CategoryInput = z.output<typeof CategoryWriteSchema>;

async function checkCategory(db: Database, input: CategoryInput, id?: string) {
  if (await repo.categoryKeyTaken(db, input.key, id)) throw fieldError('key', 'validation.catalogue.keyTaken');
  if (!input.parent_id) return;
  const ancestors = await repo.categoryAncestors(db, input.parent_id);
  if (ancestors.length === 0) throw fieldError('parent_id', 'validation.catalogue.unknownCategory');
  if (id && ancestors.includes(id)) throw fieldError('parent_id', 'validation.catalogue.categoryCycle');
}

export async function createCategory(db: Database, input: CategoryInput): Promise<Category> {
  await checkCategory(db, input);
  const id = await repo.insertCategory(db, {
    key: input.key,
    nameEn: input.name,
    nameAr: input.name_ar,
    parentId: input.parent_id ?? null,
    descriptionEn: input.description_en ?? null,
    descriptionAr: input.description_ar ?? null,
  });
  return toCategory((await findCategory(db, id)) ?? raise(categoryNotFound()));
}

export async function updateCategory(db: Database, id: string, input: CategoryInput): Promise<Category> {
  await checkCategory(db, input, id);
  const values = {
    key: input.key,
    nameEn: input.name,
    nameAr: input.name_ar,
    parentId: input.parent_id ?? null,
    // A description left out of the body stays as it is; null or empty text clears it.
    ...(input.description_en !== undefined && { descriptionEn: input.description_en }),
    ...(input.description_ar !== undefined && { descriptionAr: input.description_ar }),
  };
  if (!(await repo.updateCategory(db, id, values))) throw categoryNotFound();
  return toCategory((await findCategory(db, id)) ?? raise(categoryNotFound()));
}

/** Books keep existing; they only lose this category. Sub-categories move up to the top level. */
export async function deleteCategory(db: Database, id: string): Promise<void> {
  if (!(await repo.deleteCategory(db, id))) throw categoryNotFound();
}

type ScholarInput = z.output<typeof ScholarWriteSchema>;

async function scholarValues(db: Database, input: ScholarInput, id?: string) {
  if (input.key && (await repo.scholarKeyTaken(db, input.key, id))) {
    throw fieldError('key', 'validation.catalogue.keyTaken');
  }
  if (input.author_id && !(await findAuthor(db, input.author_id))) {
    throw fieldError('author_id', 'validation.catalogue.unknownAuthor');
  }
  return {
    key: input.key ?? null,
    nameEn: input.name,
    nameAr: input.name_ar,
    titleEn: input.title ?? null,
    titleAr: input.title_ar ?? null,
    externalLink: input.external_link ?? null,
    authorId: input.author_id ?? null,
    sortOrder: input.order,
  };
}

async function requireScholar(tx: Tx, id: string) {
  return auditedScholar((await findScholar(tx, id)) ?? raise(scholarNotFound()));
}

export async function createScholar(db: Database, editor: Editor, input: ScholarInput): Promise<ScholarDetail> {
  const values = await scholarValues(db, input);
  const id = await createAudited(db, editor, 'scholar', (tx) => repo.insertScholar(tx, values));
  return getScholar(db, id);
}

export async function updateScholar(
  db: Database,
  editor: Editor,
  id: string,
  input: ScholarInput,
): Promise<ScholarDetail> {
  const values = await scholarValues(db, input, id);
  await changeAudited(db, editor, { type: 'scholar', id }, 'update', (tx) => repo.updateScholar(tx, id, values));
  return getScholar(db, id);
}

export async function deleteScholar(db: Database, editor: Editor, id: string): Promise<void> {
  await changeAudited(db, editor, { type: 'scholar', id }, 'delete', (tx) => repo.deleteScholar(tx, id));
}

type AuditedType = 'book' | 'author' | 'scholar';
const loaders: Record<AuditedType, (tx: Tx, id: string) => Promise<AuditedRecord>> = {
  book: requireBook,
  author: requireAuthor,
  scholar: requireScholar,
};

/** Inserts a record and its audit entry (the fields it was given) in one transaction; returns its id. */
async function createAudited(db: Database, editor: Editor, type: AuditedType, insert: (tx: Tx) => Promise<string>) {
  return db.transaction(async (tx) => {
    const id = await insert(tx);
    await auditCreated(tx, editor, { type, id }, await loaders[type](tx, id));
    return id;
  });
}

/**
 * Changes or deletes an existing record with its audit entry in one transaction: the record is
 * read before (a missing one is 404) and, for an edit, after, so only the fields that differ count.
 */
async function changeAudited<T>(
  db: Database,
  editor: Editor,
  target: { type: AuditedType; id: string },
  kind: 'update' | 'delete',
  change: (tx: Tx) => Promise<T>,
): Promise<T> {
  const load = loaders[target.type];
  return db.transaction(async (tx) => {
    const before = await load(tx, target.id);
    const changed = await change(tx);
    if (kind === 'delete') await auditDeleted(tx, editor, target, before);
    else await auditUpdated(tx, editor, target, before, await load(tx, target.id));
    return changed;
  });
}

function raise(error: AppError): never {
  throw error;
}
