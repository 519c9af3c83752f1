import { createRoute, OpenAPIHono, z } from '@hono/zod-openapi';
import {
  CategoryGuidePageSchema,
  CategoryGuideTreeSchema,
  CategoryOrderSchema,
  GuideCategorySchema,
} from '@maktaba/shared/schemas/category-guide';
import type { Context } from 'hono';
import { NO_STORE, PUBLIC_CACHE } from '../../http/cache.js';
import type { AppEnv } from '../../http/context.js';
import { weakEtag } from '../../http/etag.js';
import { requirePermission } from '../../http/guards.js';
import { errorJson, json, jsonBody } from '../../http/openapi.js';
import { requestMetadata } from '../../http/request-metadata.js';
import { getCategoryGuide, getGuideTree, reorderCategories } from './category-guide.service.js';

/**
 * The category guide: public reads (cached like the rest of the catalogue) and the librarians'
 * order of categories. Mounted before the catalogue editor's routes, so `PUT /categories/order`
 * is not taken for `PUT /categories/{id}`.
 */
const db = (c: Context<AppEnv>) => c.get('deps').database.db;

const treeRoute = createRoute({
  method: 'get',
  path: '/categories/guide',
  tags: ['Category guide'],
  summary: 'The whole category hierarchy in guide order (sort_order among siblings, then name), with descriptions',
  middleware: [weakEtag()],
  responses: { 200: json(CategoryGuideTreeSchema, 'Categories, each with its sub-categories') },
});

const pageRoute = createRoute({
  method: 'get',
  path: '/categories/{key}/guide',
  tags: ['Category guide'],
  summary:
    'One category by key: its ancestors, sub-categories, most popular approved books and most read authors (sub-categories included)',
  middleware: [weakEtag()],
  request: {
    params: z.object({
      key: z
        .string()
        .max(100)
        .openapi({ param: { name: 'key', in: 'path' }, example: 'hadith' }),
    }),
  },
  responses: { 200: json(CategoryGuidePageSchema, 'Category guide'), 404: errorJson('Category not found') },
});

const orderRoute = createRoute({
  method: 'put',
  path: '/categories/order',
  tags: ['Category guide'],
  summary:
    'Reorder one parent’s sub-categories (null: the top level); the list names each of them once (categories.manage)',
  middleware: requirePermission('categories.manage'),
  request: jsonBody(CategoryOrderSchema),
  responses: {
    200: json(z.object({ categories: z.array(GuideCategorySchema) }), 'The children in their new order'),
    401: errorJson('User not authenticated'),
    403: errorJson('Not allowed for this role'),
    404: errorJson('Parent category not found'),
    409: errorJson('The list does not name exactly the parent’s children'),
    422: errorJson('Invalid; details.fieldErrors names each field'),
  },
});

export const categoryGuideRoutes = new OpenAPIHono<AppEnv>()
  .openapi(treeRoute, async (c) => {
    c.header('Cache-Control', PUBLIC_CACHE);
    return c.json({ categories: await getGuideTree(db(c)) }, 200);
  })
  .openapi(pageRoute, async (c) => {
    c.header('Cache-Control', PUBLIC_CACHE);
    return c.json(await getCategoryGuide(db(c), c.req.valid('param').key), 200);
  })
  .openapi(orderRoute, async (c) => {
    c.header('Cache-Control', NO_STORE);
    return c.json(
      { categories: await reorderCategories(db(c), c.get('actor'), c.req.valid('json'), requestMetadata(c)) },
      200,
    );
  });
