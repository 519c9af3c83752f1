import crypto from 'node:crypto';
import { createRoute, OpenAPIHono, z } from '@hono/zod-openapi';
import {
  AuthorDetailSchema,
  AuthorSchema,
  BookSchema,
  CategorySchema,
  CategorySuggestionQuerySchema,
  CategorySuggestionSchema,
  ScholarDetailSchema,
  ScholarSchema,
  SHELF_TYPES,
  ShelfQuerySchema,
  ShelfSchema,
  toShelfType,
} from '@maktaba/shared/schemas/catalogue';
import type { Context, MiddlewareHandler } from 'hono';
import { PRIVATE_CACHE, PRIVATE_NO_STORE, PUBLIC_CACHE } from '../../http/cache.js';
import type { AppEnv } from '../../http/context.js';
import { weakEtag } from '../../http/etag.js';
import { optionalActor } from '../../http/guards.js';
import { errorJson, json } from '../../http/openapi.js';
import {
  categorySuggestions,
  getAuthor,
  getBook,
  getScholar,
  getShelf,
  listAuthors,
  listCategories,
  listScholars,
  recordBookView,
} from './catalogue.service.js';

/**
 * Public catalogue reads: a weak ETag over the body (304 when the client has it) and a short
 * shared cache life. Answers that depend on who asks are marked private by the handler.
 */
const cacheable: MiddlewareHandler<AppEnv> = weakEtag();

const Id = (name: string) => z.uuid().openapi({ param: { name, in: 'path' } });
const notFound = (what: string) => ({ 404: errorJson(`${what} not found`) });
const read = <P extends string>(path: P, summary: string, middleware: MiddlewareHandler<AppEnv>[] = [cacheable]) => ({
  method: 'get' as const,
  path,
  tags: ['Catalogue'],
  summary,
  middleware,
});

const db = (c: Context<AppEnv>) => c.get('deps').database.db;

const shelfRoute = createRoute({
  ...read(
    '/shelves/{type}',
    'A home shelf: get_recently_added_books (recent), get_popular_books, get_bookmarked_books (your own; sign-in needed), get_recently_returned_books. An unknown type is answered as recent.',
  ),
  request: {
    params: z.object({
      type: z
        .string()
        .max(40)
        .openapi({ param: { name: 'type', in: 'path' }, example: 'recent' }),
    }),
    query: ShelfQuerySchema,
  },
  responses: { 200: json(ShelfSchema, `Shelf (${SHELF_TYPES.join(', ')})`), 401: errorJson('Sign-in needed') },
});

const bookRoute = createRoute({
  ...read('/books/{id}', 'A book. Approved books are public; librarians and admins also see drafts.'),
  request: { params: z.object({ id: Id('id') }) },
  responses: { 200: json(BookSchema, 'Book'), ...notFound('Book') },
});

const viewRoute = createRoute({
  method: 'post',
  path: '/books/{id}/view',
  tags: ['Catalogue'],
  summary: 'Counts a view of a book toward its popularity (once a day per reader or visitor)',
  request: { params: z.object({ id: Id('id') }) },
  responses: { 204: { description: 'Counted' }, ...notFound('Book') },
});

const authorRoute = createRoute({
  ...read('/authors/{id}', 'An author with their approved books'),
  request: { params: z.object({ id: Id('id') }) },
  responses: { 200: json(AuthorDetailSchema, 'Author'), ...notFound('Author') },
});

const authorsRoute = createRoute({
  ...read('/authors', 'Authors by name (for pickers and browsing)'),
  request: {
    query: z.object({
      q: z.string().trim().max(200).optional(),
      page: z.coerce.number().int().min(1).max(100_000).default(1),
      per_page: z.coerce.number().int().min(1).max(100).default(25),
    }),
  },
  responses: {
    200: json(
      z.object({ authors: z.array(AuthorSchema), total: z.number().int(), page: z.number(), per_page: z.number() }),
      'Authors',
    ),
  },
});

const scholarsRoute = createRoute({
  ...read('/scholars', 'The Our Scholars cards, in display order'),
  responses: { 200: json(z.object({ scholars: z.array(ScholarSchema) }), 'Scholars') },
});

const scholarRoute = createRoute({
  ...read('/scholars/{id}', 'A scholar, with the linked author and their books'),
  request: { params: z.object({ id: Id('id') }) },
  responses: { 200: json(ScholarDetailSchema, 'Scholar'), ...notFound('Scholar') },
});

const categoriesRoute = createRoute({
  ...read('/categories', 'All categories (a hierarchy through parent_id) with their approved book counts'),
  responses: { 200: json(z.object({ categories: z.array(CategorySchema) }), 'Categories') },
});

const suggestionsRoute = createRoute({
  ...read(
    '/categories/suggestions',
    'get_bilingual_category_suggestions: p_limit = max(50, count × 6) unless p_limit is given; fullest categories first',
  ),
  request: { query: CategorySuggestionQuerySchema },
  responses: { 200: json(z.object({ suggestions: z.array(CategorySuggestionSchema) }), 'Suggestions') },
});

/** Who is looking, for the once-a-day view count: the user, or a keyed hash of the address. */
function viewerOf(c: Context<AppEnv>, userId: string | undefined): string {
  if (userId) return `u:${userId}`;
  const key = c.get('deps').secrets.authSecret;
  return `a:${crypto.createHmac('sha256', key).update(c.get('clientIp')).digest('base64url').slice(0, 22)}`;
}

export const catalogueRoutes = new OpenAPIHono<AppEnv>()
  .openapi(shelfRoute, async (c) => {
    const type = toShelfType(c.req.valid('param').type);
    const { p_limit, p_offset } = c.req.valid('query');
    const actor = type === 'bookmarked' ? await optionalActor(c) : null;
    const { cache } = c.get('deps').searchIndex;
    const shelf = await getShelf(db(c), type, { limit: p_limit, offset: p_offset }, actor, cache);
    c.header('Cache-Control', type === 'bookmarked' ? PRIVATE_CACHE : PUBLIC_CACHE);
    return c.json(shelf, 200);
  })
  .openapi(bookRoute, async (c) => {
    const book = await getBook(db(c), c.req.valid('param').id, () => optionalActor(c));
    // A book not yet public is answered only to editors: that answer depends on the cookie.
    c.header('Cache-Control', book.status === 'approved' ? PUBLIC_CACHE : PRIVATE_NO_STORE);
    if (book.status !== 'approved') c.header('Vary', 'Cookie');
    return c.json(book, 200);
  })
  .openapi(viewRoute, async (c) => {
    const actor = await optionalActor(c);
    await recordBookView(db(c), c.req.valid('param').id, viewerOf(c, actor?.id));
    return c.body(null, 204);
  })
  .openapi(authorsRoute, async (c) => {
    c.header('Cache-Control', PUBLIC_CACHE);
    return c.json(await listAuthors(db(c), c.req.valid('query')), 200);
  })
  .openapi(authorRoute, async (c) => {
    c.header('Cache-Control', PUBLIC_CACHE);
    return c.json(await getAuthor(db(c), c.req.valid('param').id), 200);
  })
  .openapi(scholarsRoute, async (c) => {
    c.header('Cache-Control', PUBLIC_CACHE);
    return c.json({ scholars: await listScholars(db(c)) }, 200);
  })
  .openapi(scholarRoute, async (c) => {
    c.header('Cache-Control', PUBLIC_CACHE);
    return c.json(await getScholar(db(c), c.req.valid('param').id), 200);
  })
  .openapi(categoriesRoute, async (c) => {
    c.header('Cache-Control', PUBLIC_CACHE);
    return c.json({ categories: await listCategories(db(c)) }, 200);
  })
  .openapi(suggestionsRoute, async (c) => {
    c.header('Cache-Control', PUBLIC_CACHE);
    return c.json({ suggestions: await categorySuggestions(db(c), c.req.valid('query')) }, 200);
  });
