import { createRoute, OpenAPIHono } from '@hono/zod-openapi';
import { ErrorBodySchema, HealthSchema } from '@maktaba/shared/schemas/health';
import { NO_STORE } from '../../http/cache.js';
import type { AppEnv } from '../../http/context.js';
import { getHealth } from './health.service.js';

const healthRoute = createRoute({
  method: 'get',
  path: '/health',
  tags: ['System'],
  summary: 'Liveness and readiness: database reachable, migration version, app version',
  responses: {
    200: { description: 'Healthy', content: { 'application/json': { schema: HealthSchema } } },
    503: { description: 'The database is unreachable', content: { 'application/json': { schema: HealthSchema } } },
    500: { description: 'Error', content: { 'application/json': { schema: ErrorBodySchema } } },
  },
});

export const healthRoutes = new OpenAPIHono<AppEnv>().openapi(healthRoute, async (c) => {
  const health = await getHealth(c.get('deps'));
  c.header('Cache-Control', NO_STORE);
  return c.json(health, health.status === 'ok' ? 200 : 503);
});
