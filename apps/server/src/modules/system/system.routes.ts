import { createRoute, OpenAPIHono } from '@hono/zod-openapi';
import { PublicConfigSchema } from '@maktaba/shared/schemas/public-config';
import { NO_CACHE } from '../../http/cache.js';
import type { AppEnv } from '../../http/context.js';
import { getSystemSettings } from '../settings/system-settings.service.js';

const configRoute = createRoute({
  method: 'get',
  path: '/config',
  tags: ['System'],
  summary: 'Public configuration the web app needs (nothing secret)',
  responses: {
    200: { description: 'Public configuration', content: { 'application/json': { schema: PublicConfigSchema } } },
  },
});

export const systemRoutes = new OpenAPIHono<AppEnv>().openapi(configRoute, async (c) => {
  const { config, version, database } = c.get('deps');
  const settings = await getSystemSettings(database.db, config.contactEmail);
  c.header('Cache-Control', NO_CACHE);
  return c.json(
    {
      appVersion: version,
      contactEmail: settings.contact_email || config.contactEmail,
      googleSignInEnabled: config.google !== null,
      libraryName: { en: settings.library_name_en, ar: settings.library_name_ar },
      registrationOpen: settings.registration_open,
      shippingCountries: settings.shipping_countries,
      returnAddress: settings.return_address,
    },
    200,
  );
});
