import { createRoute, OpenAPIHono, z } from '@hono/zod-openapi';
import {
  CategoryNetworkPanelSchema,
  CategoryNetworkSchema,
  NetworkQuerySchema,
} from '@maktaba/shared/schemas/category-network';
import type { Context } from 'hono';
import { PRIVATE_NO_STORE } from '../../http/cache.js';
import type { AppEnv } from '../../http/context.js';
import { requirePermission } from '../../http/guards.js';
import { errorJson, json } from '../../http/openapi.js';
import { getCategoryNetwork, getCategoryPanel } from './category-network.service.js';

/** The admins' category network explorer: the whole network, and one category's panel. */
const db = (c: Context<AppEnv>) => c.get('deps').database.db;

const refusals = {
  401: errorJson('User not authenticated'),
  403: errorJson('Not allowed (admins only)'),
};

const networkRoute = createRoute({
  method: 'get',
  path: '/admin/category-network',
  tags: ['Category network'],
  summary:
    'Every category (with its approved books) and the edges between them: parent → child, and pairs sharing at least `minShared` approved books (source < target, weight = books in both); read again at most once a minute',
  middleware: requirePermission('admin.analytics'),
  request: { query: NetworkQuerySchema },
  responses: {
    200: json(CategoryNetworkSchema, 'Nodes and edges'),
    ...refusals,
    422: errorJson('Invalid query (field errors in details.fieldErrors)'),
  },
});

const panelRoute = createRoute({
  method: 'get',
  path: '/admin/category-network/{id}',
  tags: ['Category network'],
  summary:
    'One category for the explorer’s side panel: its names, parent and approved books, its 10 most viewed books, 5 authors with most books in it, and the categories sharing books with it',
  middleware: requirePermission('admin.analytics'),
  request: {
    params: z.object({
      id: z.uuid().openapi({ param: { name: 'id', in: 'path' }, example: '0193b8a4-5f1e-7c3a-9d2b-6e4f1a2b3c4d' }),
    }),
  },
  responses: {
    200: json(CategoryNetworkPanelSchema, 'The panel'),
    ...refusals,
    404: errorJson('Category not found'),
    422: errorJson('Invalid id'),
  },
});

export const categoryNetworkRoutes = new OpenAPIHono<AppEnv>()
  .openapi(networkRoute, async (c) => {
    c.header('Cache-Control', PRIVATE_NO_STORE);
    return c.json(await getCategoryNetwork(db(c), c.req.valid('query').minShared), 200);
  })
  .openapi(panelRoute, async (c) => {
    c.header('Cache-Control', PRIVATE_NO_STORE);
    return c.json(await getCategoryPanel(db(c), c.req.valid('param').id), 200);
  });
