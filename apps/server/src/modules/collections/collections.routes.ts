import { createRoute, OpenAPIHono, z } from '@hono/zod-openapi';
import {
  CollectionBookAddSchema,
  CollectionBookNoteSchema,
  CollectionCreateSchema,
  CollectionFeatureSchema,
  CollectionListQuerySchema,
  CollectionListSchema,
  CollectionOrderSchema,
  CollectionSchema,
  CollectionUpdateSchema,
  FeaturedCollectionsSchema,
  MyCollectionsQuerySchema,
  MyCollectionsSchema,
} from '@maktaba/shared/schemas/collections';
import type { Context, MiddlewareHandler } from 'hono';
import { NO_CACHE, PRIVATE_CACHE, PRIVATE_NO_STORE } from '../../http/cache.js';
import type { AppEnv } from '../../http/context.js';
import { weakEtag } from '../../http/etag.js';
import { optionalActor, requireActor, requirePermission } from '../../http/guards.js';
import { errorJson, json, jsonBody } from '../../http/openapi.js';
import { requestMetadata } from '../../http/request-metadata.js';
import {
  addBook,
  createCollection,
  deleteCollection,
  getCollection,
  listAll,
  listFeatured,
  listMine,
  removeBook,
  reorderBooks,
  setFeatured,
  updateCollection,
  updateNote,
} from './collections.service.js';

const Id = (name: string) => z.uuid().openapi({ param: { name, in: 'path' } });
const collectionParams = z.object({ id: Id('id') });
const bookParams = z.object({ id: Id('id'), bookId: Id('bookId') });

const route = <M extends 'get' | 'post' | 'put' | 'patch' | 'delete', P extends string>(
  method: M,
  path: P,
  summary: string,
  middleware: MiddlewareHandler<AppEnv>[],
) => ({ method, path, tags: ['Collections'], summary, middleware });

const signedIn = { 401: errorJson('User not authenticated'), 422: errorJson('Invalid') };
const staff = { ...signedIn, 403: errorJson('Not allowed') };
const notFound = { 404: errorJson('Collection (or book) not found, or not yours') };
const conflict = (what: string) => ({ 409: errorJson(what) });

const mineRoute = createRoute({
  ...route('get', '/collections/mine', 'Your collections, most recently updated first', [requireActor()]),
  request: { query: MyCollectionsQuerySchema },
  responses: { 200: json(MyCollectionsSchema, 'Your collections (with book_id: whether each holds it)'), ...signedIn },
});
const featuredRoute = createRoute({
  ...route('get', '/collections/featured', 'Up to 6 featured public collections, newest featured first', [weakEtag()]),
  responses: { 200: json(FeaturedCollectionsSchema, 'Featured collections') },
});
const listRoute = createRoute({
  ...route('get', '/collections', "Every reader's collections (librarians)", [
    requirePermission('collections.view_all'),
  ]),
  request: { query: CollectionListQuerySchema },
  responses: { 200: json(CollectionListSchema, 'Collections'), ...staff },
});
const createCollectionRoute = createRoute({
  ...route('post', '/collections', 'Make a collection (at most 100 per reader)', [
    requirePermission('collections.create'),
  ]),
  request: jsonBody(CollectionCreateSchema),
  responses: {
    201: json(CollectionSchema, 'Created'),
    ...staff,
    ...conflict('COLLECTION_LIMIT_REACHED (details.max)'),
  },
});
const getRoute = createRoute({
  ...route(
    'get',
    '/collections/{id}',
    'A collection with its books in order: a public one to anyone, a private one to its owner and librarians',
    [],
  ),
  request: { params: collectionParams },
  responses: { 200: json(CollectionSchema, 'Collection'), ...notFound, 422: signedIn[422] },
});
const updateRoute = createRoute({
  ...route('patch', '/collections/{id}', 'Change your collection (making it private also unfeatures it)', [
    requirePermission('collections.edit'),
  ]),
  request: { params: collectionParams, ...jsonBody(CollectionUpdateSchema) },
  responses: { 200: json(CollectionSchema, 'Changed'), ...staff, ...notFound },
});
const deleteRoute = createRoute({
  ...route('delete', '/collections/{id}', 'Delete your collection (admins: anyone’s)', [requireActor()]),
  request: { params: collectionParams },
  responses: { 204: { description: 'Deleted' }, ...signedIn, ...notFound },
});
const addBookRoute = createRoute({
  ...route('post', '/collections/{id}/books', 'Add an approved book at the end of your collection', [
    requirePermission('collections.edit'),
  ]),
  request: { params: collectionParams, ...jsonBody(CollectionBookAddSchema) },
  responses: {
    201: json(CollectionSchema, 'Added'),
    ...staff,
    ...notFound,
    ...conflict('BOOK_ALREADY_IN_COLLECTION, or COLLECTION_FULL (details.max)'),
  },
});
const noteRoute = createRoute({
  ...route('patch', '/collections/{id}/books/{bookId}', "Change a book's note in your collection", [
    requirePermission('collections.edit'),
  ]),
  request: { params: bookParams, ...jsonBody(CollectionBookNoteSchema) },
  responses: { 200: json(CollectionSchema, 'Changed'), ...staff, ...notFound },
});
const removeBookRoute = createRoute({
  ...route('delete', '/collections/{id}/books/{bookId}', 'Remove a book from your collection', [
    requirePermission('collections.edit'),
  ]),
  request: { params: bookParams },
  responses: { 204: { description: 'Removed' }, ...staff, ...notFound },
});
const orderRoute = createRoute({
  ...route('put', '/collections/{id}/order', 'The complete new order of your collection’s books', [
    requirePermission('collections.edit'),
  ]),
  request: { params: collectionParams, ...jsonBody(CollectionOrderSchema) },
  responses: {
    200: json(CollectionSchema, 'Reordered'),
    ...staff,
    ...notFound,
    ...conflict('ORDER_MISMATCH: not exactly the collection’s books'),
  },
});
const featureRoute = createRoute({
  ...route('put', '/collections/{id}/featured', 'Feature a public collection on the home page, or stop', [
    requirePermission('collections.view_all'),
  ]),
  request: { params: collectionParams, ...jsonBody(CollectionFeatureSchema) },
  responses: {
    200: json(CollectionSchema, 'Changed'),
    ...staff,
    ...notFound,
    ...conflict('COLLECTION_NOT_PUBLIC'),
  },
});

const db = (c: Context<AppEnv>) => c.get('deps').database.db;

export const collectionRoutes = new OpenAPIHono<AppEnv>()
  .openapi(mineRoute, async (c) => {
    c.header('Cache-Control', PRIVATE_NO_STORE);
    return c.json(await listMine(db(c), c.get('actor'), c.req.valid('query').book_id), 200);
  })
  .openapi(featuredRoute, async (c) => {
    // Kept but revalidated (its ETag makes that a 304): a librarian who features a collection sees
    // it on the home page at once. The read itself is an index scan of six rows.
    c.header('Cache-Control', NO_CACHE);
    return c.json(await listFeatured(db(c)), 200);
  })
  .openapi(listRoute, async (c) => {
    c.header('Cache-Control', PRIVATE_NO_STORE);
    return c.json(await listAll(db(c), c.req.valid('query')), 200);
  })
  .openapi(createCollectionRoute, async (c) => {
    c.header('Cache-Control', PRIVATE_NO_STORE);
    return c.json(await createCollection(db(c), c.get('actor'), c.req.valid('json')), 201);
  })
  .openapi(getRoute, async (c) => {
    const actor = await optionalActor(c);
    const collection = await getCollection(db(c), c.req.valid('param').id, actor);
    // Who asks changes the answer (can_edit, a private one): never kept by a shared cache.
    c.header('Cache-Control', collection.is_public && !actor ? PRIVATE_CACHE : PRIVATE_NO_STORE);
    return c.json(collection, 200);
  })
  .openapi(updateRoute, async (c) => {
    c.header('Cache-Control', PRIVATE_NO_STORE);
    return c.json(await updateCollection(db(c), c.get('actor'), c.req.valid('param').id, c.req.valid('json')), 200);
  })
  .openapi(deleteRoute, async (c) => {
    await deleteCollection(db(c), c.get('actor'), c.req.valid('param').id);
    return c.body(null, 204);
  })
  .openapi(addBookRoute, async (c) => {
    c.header('Cache-Control', PRIVATE_NO_STORE);
    return c.json(await addBook(db(c), c.get('actor'), c.req.valid('param').id, c.req.valid('json')), 201);
  })
  .openapi(noteRoute, async (c) => {
    c.header('Cache-Control', PRIVATE_NO_STORE);
    const { id, bookId } = c.req.valid('param');
    return c.json(await updateNote(db(c), c.get('actor'), id, bookId, c.req.valid('json').note), 200);
  })
  .openapi(removeBookRoute, async (c) => {
    const { id, bookId } = c.req.valid('param');
    await removeBook(db(c), c.get('actor'), id, bookId);
    return c.body(null, 204);
  })
  .openapi(orderRoute, async (c) => {
    c.header('Cache-Control', PRIVATE_NO_STORE);
    return c.json(
      await reorderBooks(db(c), c.get('actor'), c.req.valid('param').id, c.req.valid('json').book_ids),
      200,
    );
  })
  .openapi(featureRoute, async (c) => {
    c.header('Cache-Control', PRIVATE_NO_STORE);
    return c.json(
      await setFeatured(
        db(c),
        c.get('actor'),
        c.req.valid('param').id,
        c.req.valid('json').featured,
        requestMetadata(c),
      ),
      200,
    );
  });
