import { createRoute, OpenAPIHono, z } from '@hono/zod-openapi';
import {
  BookIdSchema,
  BookmarkCreateSchema,
  BookmarkedIdsSchema,
  BookmarkIdSchema,
  BookmarkListQuerySchema,
  BookmarkListSchema,
  BookmarkRowSchema,
} from '@maktaba/shared/schemas/bookmarks';
import type { Context } from 'hono';
import { PRIVATE_NO_STORE } from '../../http/cache.js';
import type { AppEnv } from '../../http/context.js';
import { requireActor } from '../../http/guards.js';
import { errorJson, json, jsonBody } from '../../http/openapi.js';
import {
  addBookmark,
  listBookmarkedBookIds,
  listBookmarks,
  removeBookmark,
  removeBookmarkByBook,
} from './bookmarks.service.js';

/** A reader's own list: never kept by a shared cache, nor by the browser once it changes. */

const route = <M extends 'get' | 'post' | 'delete', P extends string>(method: M, path: P, summary: string) => ({
  method,
  path,
  tags: ['Bookmarks'],
  summary,
  middleware: requireActor(),
});
const refusals = { 401: errorJson('User not authenticated'), 422: errorJson('Invalid') };

const listRoute = createRoute({
  ...route('get', '/bookmarks', 'Your bookmarks, newest first, 20 a page, with the exact count'),
  request: { query: BookmarkListQuerySchema },
  responses: { 200: json(BookmarkListSchema, 'Bookmarks'), ...refusals },
});
const idsRoute = createRoute({
  ...route('get', '/bookmarks/ids', 'The ids of every book you have bookmarked'),
  responses: { 200: json(BookmarkedIdsSchema, 'Bookmarked book ids'), 401: refusals[401] },
});
const addRoute = createRoute({
  ...route('post', '/bookmarks', 'Bookmark a book; a bookmark you have already is answered with 200'),
  request: jsonBody(BookmarkCreateSchema),
  responses: {
    200: json(BookmarkRowSchema, 'Already bookmarked'),
    201: json(BookmarkRowSchema, 'Bookmarked'),
    404: errorJson('Book not found'),
    ...refusals,
  },
});
const removeRoute = createRoute({
  ...route('delete', '/bookmarks/{id}', 'Remove one of your bookmarks by its id'),
  request: { params: z.object({ id: BookmarkIdSchema }) },
  responses: { 204: { description: 'Removed' }, 404: errorJson('Bookmark not found (or not yours)'), ...refusals },
});
const removeByBookRoute = createRoute({
  ...route('delete', '/bookmarks/by-book/{bookId}', 'Remove your bookmark of a book'),
  request: { params: z.object({ bookId: BookIdSchema }) },
  responses: { 204: { description: 'Removed' }, 404: errorJson('Bookmark not found'), ...refusals },
});

const db = (c: Context<AppEnv>) => c.get('deps').database.db;

export const bookmarkRoutes = new OpenAPIHono<AppEnv>()
  .openapi(listRoute, async (c) => {
    c.header('Cache-Control', PRIVATE_NO_STORE);
    return c.json(await listBookmarks(db(c), c.get('actor'), c.req.valid('query')), 200);
  })
  .openapi(idsRoute, async (c) => {
    c.header('Cache-Control', PRIVATE_NO_STORE);
    return c.json({ book_ids: await listBookmarkedBookIds(db(c), c.get('actor')) }, 200);
  })
  .openapi(addRoute, async (c) => {
    c.header('Cache-Control', PRIVATE_NO_STORE);
    const { bookmark, created } = await addBookmark(db(c), c.get('actor'), c.req.valid('json').book_id);
    return created ? c.json(bookmark, 201) : c.json(bookmark, 200);
  })
  .openapi(removeRoute, async (c) => {
    await removeBookmark(db(c), c.get('actor'), c.req.valid('param').id);
    return c.body(null, 204);
  })
  .openapi(removeByBookRoute, async (c) => {
    await removeBookmarkByBook(db(c), c.get('actor'), c.req.valid('param').bookId);
    return c.body(null, 204);
  });
