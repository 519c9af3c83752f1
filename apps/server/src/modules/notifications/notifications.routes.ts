import { createRoute, OpenAPIHono, z } from '@hono/zod-openapi';
import {
  NotificationCountSchema,
  NotificationListSchema,
  NotificationSchema,
  SendNotificationSchema,
} from '@maktaba/shared/schemas/notifications';
import type { Context } from 'hono';
import { NO_STORE } from '../../http/cache.js';
import type { AppEnv } from '../../http/context.js';
import { requireActor, requirePermission } from '../../http/guards.js';
import { errorJson, json, jsonBody } from '../../http/openapi.js';
import {
  clearOwnRead,
  listOwnNotifications,
  markAllOwnRead,
  markOwnRead,
  sendNotification,
} from './notifications.service.js';
import { openNotificationStream, readLastEventId } from './notifications-stream.js';

/** The reader's own notifications (reader-area §2.7, §4.2, §7) and their live stream. */
const Id = z.object({ id: z.uuid().openapi({ param: { name: 'id', in: 'path' } }) });
const refusals = { 401: errorJson('User not authenticated') };
const own = <M extends 'get' | 'post' | 'delete', P extends string>(method: M, path: P, summary: string) => ({
  method,
  path,
  tags: ['Notifications'],
  summary,
  middleware: requireActor(),
});

const listRoute = createRoute({
  ...own('get', '/notifications', 'Your newest 50 notifications and how many are unread'),
  responses: { 200: json(NotificationListSchema, 'Notifications, newest first'), ...refusals },
});
const readRoute = createRoute({
  ...own('post', '/notifications/{id}/read', 'Mark one of your notifications read'),
  request: { params: Id },
  responses: {
    200: json(NotificationSchema, 'The notification, read'),
    404: errorJson('No such notification (or not yours)'),
    ...refusals,
  },
});
const readAllRoute = createRoute({
  ...own('post', '/notifications/read-all', 'Mark all your unread notifications read'),
  responses: { 200: json(NotificationCountSchema, 'How many were marked'), ...refusals },
});
const clearReadRoute = createRoute({
  ...own('delete', '/notifications/read', 'Delete your read notifications'),
  responses: { 200: json(NotificationCountSchema, 'How many were deleted'), ...refusals },
});
const streamRoute = createRoute({
  ...own(
    'get',
    '/notifications/stream',
    'Your new notifications as Server-Sent Events (event "notification", id = sequence); send Last-Event-ID to get what came since',
  ),
  responses: {
    200: { description: 'An event stream', content: { 'text/event-stream': { schema: z.string() } } },
    ...refusals,
  },
});
const sendRoute = createRoute({
  method: 'post',
  path: '/admin/notifications',
  tags: ['Notifications'],
  summary: 'Send a notification to a user, for support (users.edit)',
  middleware: requirePermission('users.edit'),
  request: jsonBody(SendNotificationSchema),
  responses: {
    201: json(NotificationSchema, 'Sent'),
    403: errorJson('Not allowed for this role'),
    404: errorJson('No such user'),
    422: errorJson('Invalid; details.fieldErrors names each field'),
    ...refusals,
  },
});

const db = (c: Context<AppEnv>) => c.get('deps').database.db;
const noStore = (c: Context<AppEnv>) => c.header('Cache-Control', NO_STORE);

export const notificationRoutes = new OpenAPIHono<AppEnv>()
  .openapi(listRoute, async (c) => {
    noStore(c);
    return c.json(await listOwnNotifications(db(c), c.get('actor')), 200);
  })
  .openapi(readRoute, async (c) => {
    noStore(c);
    return c.json(await markOwnRead(db(c), c.get('actor'), c.req.valid('param').id), 200);
  })
  .openapi(readAllRoute, async (c) => {
    noStore(c);
    return c.json(await markAllOwnRead(db(c), c.get('actor')), 200);
  })
  .openapi(clearReadRoute, async (c) => {
    noStore(c);
    return c.json(await clearOwnRead(db(c), c.get('actor')), 200);
  })
  .openapi(streamRoute, (c) => openNotificationStream(c, readLastEventId(c)) as never)
  .openapi(sendRoute, async (c) => {
    noStore(c);
    return c.json(await sendNotification(db(c), c.req.valid('json')), 201);
  });
