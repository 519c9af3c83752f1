import { createRoute, OpenAPIHono } from '@hono/zod-openapi';
import { NotificationPreferencesSchema, PreferencesUpdateSchema } from '@maktaba/shared/schemas/preferences';
import { ProfileSchema } from '@maktaba/shared/schemas/profile';
import type { AppEnv } from '../../http/context.js';
import { requireActor } from '../../http/guards.js';
import { errorJson, json, jsonBody } from '../../http/openapi.js';
import { updateOwnNotificationPreferences, updateOwnPreferences } from './preferences.service.js';

const refusals = {
  401: errorJson('User not authenticated'),
  404: errorJson('No profile'),
  422: errorJson('Invalid'),
};

const preferencesRoute = createRoute({
  method: 'put',
  path: '/profiles/me/preferences',
  tags: ['Profiles'],
  summary: 'Your language, theme and style, kept on your profile so they follow you to every device',
  middleware: requireActor(),
  request: jsonBody(PreferencesUpdateSchema),
  responses: { 200: json(ProfileSchema, 'Updated profile'), ...refusals },
});

const notificationPreferencesRoute = createRoute({
  method: 'put',
  path: '/profiles/me/notification-preferences',
  tags: ['Profiles'],
  summary: 'Per event, whether you are told in the app and by e-mail (overdue notices keep one channel)',
  middleware: requireActor(),
  request: jsonBody(NotificationPreferencesSchema),
  responses: { 200: json(ProfileSchema, 'Updated profile'), ...refusals },
});

export const preferencesRoutes = new OpenAPIHono<AppEnv>()
  .openapi(preferencesRoute, async (c) =>
    c.json(await updateOwnPreferences(c.get('deps').database.db, c.get('actor'), c.req.valid('json')), 200),
  )
  .openapi(notificationPreferencesRoute, async (c) =>
    c.json(await updateOwnNotificationPreferences(c.get('deps').database.db, c.get('actor'), c.req.valid('json')), 200),
  );
