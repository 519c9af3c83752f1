import { createRoute, OpenAPIHono } from '@hono/zod-openapi';
import { PublicConfigSchema } from '@maktaba/shared/schemas/public-config';
import { NO_CACHE } from '../../http/cache.js';
import type { AppEnv } from '../../http/context.js';

const configRoute = createRoute({
  method: 'get',
  path: '/config',
  tags: ['System'],
  summary: 'Public configuration the web app needs (nothing secret)',
  responses: {
    200: { description: 'Public configuration', content: { 'application/json': { schema: PublicConfigSchema } } },
  },
});

export const systemRoutes = new OpenAPIHono<AppEnv>().openapi(configRoute, (c) => {
  const { config, version } = c.get('deps');
  c.header('Cache-Control', NO_CACHE);
  return c.json(
    { appVersion: version, contactEmail: config.contactEmail, googleSignInEnabled: config.google !== null },
    200,
  );
});
