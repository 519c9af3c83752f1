import { createRoute, OpenAPIHono } from '@hono/zod-openapi';
import { SystemSettingsSchema } from '@maktaba/shared/schemas/system-settings';
import type { Context } from 'hono';
import { NO_STORE } from '../../http/cache.js';
import type { AppEnv } from '../../http/context.js';
import { requirePermission } from '../../http/guards.js';
import { errorJson, json, jsonBody } from '../../http/openapi.js';
import { getSystemSettings, saveSystemSettings } from './system-settings.service.js';

const refusals = {
  401: errorJson('User not authenticated'),
  403: errorJson('Not allowed (admins only)'),
};

const getRoute = createRoute({
  method: 'get',
  path: '/admin/system-settings',
  tags: ['Admin'],
  summary:
    "The library's system settings: its name in both languages, contact e-mail, return address, whether registration is open and the countries it ships to",
  middleware: requirePermission('admin.system_settings'),
  responses: { 200: json(SystemSettingsSchema, 'Settings'), ...refusals },
});

const putRoute = createRoute({
  method: 'put',
  path: '/admin/system-settings',
  tags: ['Admin'],
  summary: 'Replace the system settings (the whole object; audited with what changed, before and after)',
  middleware: requirePermission('admin.system_settings'),
  request: jsonBody(SystemSettingsSchema),
  responses: {
    200: json(SystemSettingsSchema, 'Saved'),
    ...refusals,
    422: errorJson('Invalid settings (field errors in details.fieldErrors)'),
  },
});

const db = (c: Context<AppEnv>) => c.get('deps').database.db;
const contactEmail = (c: Context<AppEnv>) => c.get('deps').config.contactEmail;

export const systemSettingsRoutes = new OpenAPIHono<AppEnv>()
  .openapi(getRoute, async (c) => {
    c.header('Cache-Control', NO_STORE);
    return c.json(await getSystemSettings(db(c), contactEmail(c)), 200);
  })
  .openapi(putRoute, async (c) => {
    c.header('Cache-Control', NO_STORE);
    const saved = await saveSystemSettings(db(c), c.get('actor'), c.req.valid('json'), {
      contactEmail: contactEmail(c),
      ipAddress: c.get('clientIp') ?? null,
    });
    return c.json(saved, 200);
  });
