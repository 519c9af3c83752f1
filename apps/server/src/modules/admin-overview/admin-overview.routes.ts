import { createRoute, OpenAPIHono } from '@hono/zod-openapi';
import { AdminOverviewSchema } from '@maktaba/shared/schemas/admin-overview';
import { PRIVATE_NO_STORE } from '../../http/cache.js';
import type { AppEnv } from '../../http/context.js';
import { requirePermission } from '../../http/guards.js';
import { errorJson, json } from '../../http/openapi.js';
import { getAdminOverview } from './admin-overview.service.js';

const overviewRoute = createRoute({
  method: 'get',
  path: '/admin/tools/overview',
  tags: ['Admin'],
  summary:
    "The admin home's live figure per tool (today is the UTC day) and the system's health: database, migrations, mail queue, background jobs, disk, version and uptime",
  middleware: requirePermission('admin.access'),
  responses: {
    200: json(AdminOverviewSchema, 'The figures and the health'),
    401: errorJson('User not authenticated'),
    403: errorJson('Not allowed (admins only)'),
  },
});

export const adminOverviewRoutes = new OpenAPIHono<AppEnv>().openapi(overviewRoute, async (c) => {
  c.header('Cache-Control', PRIVATE_NO_STORE);
  return c.json(await getAdminOverview(c.get('deps')), 200);
});
