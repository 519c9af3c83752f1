import { createRoute, OpenAPIHono, z } from '@hono/zod-openapi';
import { UserSessionListSchema } from '@maktaba/shared/schemas/auth';
import { NO_STORE } from '../../http/cache.js';
import type { AppEnv } from '../../http/context.js';
import { requireActor } from '../../http/guards.js';
import { errorJson, json } from '../../http/openapi.js';
import { authHeaders, setCookies } from './session.js';
import { endOtherSessions, endSession, listSessions } from './sessions.service.js';

const unauthenticated = {
  401: errorJson('User not authenticated'),
};
const SessionParams = z.object({
  id: z.string().openapi({ param: { name: 'id', in: 'path' }, example: '0b4e7f9a-2c1d-4e8f-9a3b-5c6d7e8f9a0b' }),
});

const listRoute = createRoute({
  method: 'get',
  path: '/auth/sessions',
  tags: ['Auth'],
  summary: 'Your sessions (device, address, last active), the current one first',
  middleware: requireActor(),
  responses: {
    200: json(UserSessionListSchema, 'Sessions'),
    ...unauthenticated,
  },
});

const endRoute = createRoute({
  method: 'delete',
  path: '/auth/sessions/{id}',
  tags: ['Auth'],
  summary: 'End one of your sessions (the current one signs you out); it is told it was revoked',
  middleware: requireActor(),
  request: { params: SessionParams },
  responses: {
    204: { description: 'Ended' },
    404: errorJson('No such session of yours'),
    ...unauthenticated,
  },
});

const endOthersRoute = createRoute({
  method: 'post',
  path: '/auth/sessions/revoke-others',
  tags: ['Auth'],
  summary: 'End every session of yours except this one',
  middleware: requireActor(),
  responses: { 204: { description: 'Ended' }, ...unauthenticated },
});

export const sessionRoutes = new OpenAPIHono<AppEnv>()
  .openapi(listRoute, async (c) => {
    c.header('Cache-Control', NO_STORE);
    return c.json({ sessions: await listSessions(c.get('deps').database.db, c.get('actor')) }, 200);
  })
  .openapi(endRoute, async (c) => {
    const call = { auth: c.get('auth'), headers: authHeaders(c) };
    setCookies(c, await endSession(c.get('deps').database.db, call, c.get('actor'), c.req.valid('param').id));
    return c.body(null, 204);
  })
  .openapi(endOthersRoute, async (c) => {
    await endOtherSessions(c.get('deps').database.db, c.get('actor'));
    return c.body(null, 204);
  });
