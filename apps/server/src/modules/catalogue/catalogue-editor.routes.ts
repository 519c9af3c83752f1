import { createRoute, OpenAPIHono, z } from '@hono/zod-openapi';
import type { Permission } from '@maktaba/shared/permissions';
import {
  AuthorDetailSchema,
  AuthorWriteSchema,
  BookCreateSchema,
  BookListQuerySchema,
  BookListSchema,
  BookSchema,
  BookStatusChangeSchema,
  BookWriteSchema,
  CategorySchema,
  CategoryWriteSchema,
  ScholarDetailSchema,
  ScholarWriteSchema,
} from '@maktaba/shared/schemas/catalogue';
import type { Context } from 'hono';
import { NO_STORE } from '../../http/cache.js';
import type { AppEnv } from '../../http/context.js';
import { requirePermission } from '../../http/guards.js';
import { errorJson, json, jsonBody } from '../../http/openapi.js';
import { requestMetadata } from '../../http/request-metadata.js';
import { discardImageOf } from '../storage/uploads.service.js';
import * as service from './catalogue-editor.service.js';

/**
 * Librarian and admin writes to the catalogue. Each route names its permission from the matrix
 * of accounts-and-auth §6 and the server refuses everyone else, whatever the client shows.
 */
const Id = z.object({ id: z.uuid().openapi({ param: { name: 'id', in: 'path' } }) });
const refusals = {
  401: errorJson('User not authenticated'),
  403: errorJson('Not allowed for this role'),
  422: errorJson('Invalid; details.fieldErrors names each field'),
};
const withId = { 404: errorJson('Not found'), ...refusals };
const route = <M extends 'get' | 'post' | 'put' | 'delete', P extends string>(
  method: M,
  path: P,
  permission: Permission,
  summary: string,
) => ({
  method,
  path,
  tags: ['Catalogue editing'],
  summary: `${summary} (${permission})`,
  middleware: requirePermission(permission),
});

const db = (c: Context<AppEnv>) => c.get('deps').database.db;
const noStore = (c: Context<AppEnv>) => c.header('Cache-Control', NO_STORE);
/** Who asks, and from where: what the audit log records of a change. */
const editor = (c: Context<AppEnv>): service.Editor => ({ actor: c.get('actor'), request: requestMetadata(c) });

const listBooks = createRoute({
  ...route('get', '/admin/books', 'books.edit', 'Every book in any status, newest change first'),
  request: { query: BookListQuerySchema },
  responses: { 200: json(BookListSchema, 'Books'), ...refusals },
});
const createBook = createRoute({
  ...route('post', '/books', 'books.create', 'Create a book (as a draft) with its copies'),
  request: jsonBody(BookCreateSchema),
  responses: { 201: json(BookSchema, 'Created'), ...refusals },
});
const updateBook = createRoute({
  ...route(
    'put',
    '/books/{id}',
    'books.edit',
    'Replace a book’s fields, authors and categories (its copies are changed under /admin/books/{id}/copies)',
  ),
  request: { params: Id, ...jsonBody(BookWriteSchema) },
  responses: { 200: json(BookSchema, 'Updated'), ...withId },
});
const changeStatus = createRoute({
  ...route(
    'post',
    '/books/{id}/status',
    'books.edit',
    'Move a book between draft, pending, approved and archived; approving, archiving and unpublishing also need books.approve',
  ),
  request: { params: Id, ...jsonBody(BookStatusChangeSchema) },
  responses: { 200: json(BookSchema, 'Book in its new status'), ...withId },
});
const deleteBook = createRoute({
  ...route('delete', '/books/{id}', 'books.delete', 'Delete a book without loan history'),
  request: { params: Id },
  responses: { 204: { description: 'Deleted' }, 409: errorJson('Has loan history'), ...withId },
});

const createAuthor = createRoute({
  ...route('post', '/authors', 'books.create', 'Create an author'),
  request: jsonBody(AuthorWriteSchema),
  responses: { 201: json(AuthorDetailSchema, 'Created'), ...refusals },
});
const updateAuthor = createRoute({
  ...route('put', '/authors/{id}', 'books.edit', 'Replace an author'),
  request: { params: Id, ...jsonBody(AuthorWriteSchema) },
  responses: { 200: json(AuthorDetailSchema, 'Updated'), ...withId },
});
const deleteAuthor = createRoute({
  ...route('delete', '/authors/{id}', 'books.delete', 'Delete an author who has no books'),
  request: { params: Id },
  responses: { 204: { description: 'Deleted' }, 409: errorJson('Still has books'), ...withId },
});

const createCategory = createRoute({
  ...route('post', '/categories', 'categories.create', 'Create a category'),
  request: jsonBody(CategoryWriteSchema),
  responses: { 201: json(CategorySchema, 'Created'), ...refusals },
});
const updateCategory = createRoute({
  ...route('put', '/categories/{id}', 'categories.edit', 'Replace a category (a parent may not be its own descendant)'),
  request: { params: Id, ...jsonBody(CategoryWriteSchema) },
  responses: { 200: json(CategorySchema, 'Updated'), ...withId },
});
const deleteCategory = createRoute({
  ...route('delete', '/categories/{id}', 'categories.delete', 'Delete a category (its books stay)'),
  request: { params: Id },
  responses: { 204: { description: 'Deleted' }, ...withId },
});

const createScholar = createRoute({
  ...route('post', '/scholars', 'scholars.create', 'Create an Our Scholars card'),
  request: jsonBody(ScholarWriteSchema),
  responses: { 201: json(ScholarDetailSchema, 'Created'), ...refusals },
});
const updateScholar = createRoute({
  ...route('put', '/scholars/{id}', 'scholars.edit', 'Replace a scholar card'),
  request: { params: Id, ...jsonBody(ScholarWriteSchema) },
  responses: { 200: json(ScholarDetailSchema, 'Updated'), ...withId },
});
const deleteScholar = createRoute({
  ...route('delete', '/scholars/{id}', 'scholars.delete', 'Delete a scholar card'),
  request: { params: Id },
  responses: { 204: { description: 'Deleted' }, ...withId },
});

export const catalogueEditorRoutes = new OpenAPIHono<AppEnv>()
  .openapi(listBooks, async (c) => {
    noStore(c);
    return c.json(await service.listBooksForEditors(db(c), c.req.valid('query')), 200);
  })
  .openapi(createBook, async (c) => c.json(await service.createBook(db(c), editor(c), c.req.valid('json')), 201))
  .openapi(updateBook, async (c) =>
    c.json(await service.updateBook(db(c), editor(c), c.req.valid('param').id, c.req.valid('json')), 200),
  )
  .openapi(changeStatus, async (c) =>
    c.json(await service.changeBookStatus(db(c), editor(c), c.req.valid('param').id, c.req.valid('json').status), 200),
  )
  .openapi(deleteBook, async (c) => {
    const { id } = c.req.valid('param');
    const cover = await service.deleteBook(db(c), editor(c), id);
    await discardImageOf(c.get('deps'), 'book-cover', id, cover);
    return c.body(null, 204);
  })
  .openapi(createAuthor, async (c) => c.json(await service.createAuthor(db(c), editor(c), c.req.valid('json')), 201))
  .openapi(updateAuthor, async (c) =>
    c.json(await service.updateAuthor(db(c), editor(c), c.req.valid('param').id, c.req.valid('json')), 200),
  )
  .openapi(deleteAuthor, async (c) => {
    const { id } = c.req.valid('param');
    const photo = await service.deleteAuthor(db(c), editor(c), id);
    await discardImageOf(c.get('deps'), 'author-photo', id, photo);
    return c.body(null, 204);
  })
  .openapi(createCategory, async (c) => c.json(await service.createCategory(db(c), c.req.valid('json')), 201))
  .openapi(updateCategory, async (c) =>
    c.json(await service.updateCategory(db(c), c.req.valid('param').id, c.req.valid('json')), 200),
  )
  .openapi(deleteCategory, async (c) => {
    await service.deleteCategory(db(c), c.req.valid('param').id);
    return c.body(null, 204);
  })
  .openapi(createScholar, async (c) => c.json(await service.createScholar(db(c), editor(c), c.req.valid('json')), 201))
  .openapi(updateScholar, async (c) =>
    c.json(await service.updateScholar(db(c), editor(c), c.req.valid('param').id, c.req.valid('json')), 200),
  )
  .openapi(deleteScholar, async (c) => {
    await service.deleteScholar(db(c), editor(c), c.req.valid('param').id);
    return c.body(null, 204);
  });
