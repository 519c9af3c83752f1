import { createRoute, OpenAPIHono, z } from '@hono/zod-openapi';
import { CompleteProfileSchema } from '@maktaba/shared/schemas/auth';
import { ActivitySchema, ProfileSafeUpdateSchema, ProfileSchema } from '@maktaba/shared/schemas/profile';
import type { AppEnv } from '../../http/context.js';
import { requireActor } from '../../http/guards.js';
import { errorJson, json, jsonBody } from '../../http/openapi.js';
import {
  checkCompleteness,
  completeOwnProfile,
  deleteOwnIncompleteProfile,
  getProfile,
  markComplete,
  setupProfile,
  trackActivity,
  updateLastActivity,
  updateOwnProfile,
} from './profiles.service.js';

const Params = z.object({
  id: z.union([z.literal('me'), z.uuid()]).openapi({ param: { name: 'id', in: 'path' }, example: 'me' }),
});
const refusals = {
  401: errorJson('User not authenticated'),
  404: errorJson('No such profile (or not yours)'),
};
const route = <M extends 'get' | 'post' | 'patch' | 'put' | 'delete', P extends string>(
  method: M,
  path: P,
  summary: string,
) => ({ method, path, tags: ['Profiles'], summary, middleware: requireActor() });

const getRoute = createRoute({
  ...route('get', '/profiles/{id}', 'Read a profile (your own; others need users.view_all)'),
  request: { params: Params },
  responses: { 200: json(ProfileSchema, 'Profile'), ...refusals },
});
const updateRoute = createRoute({
  ...route(
    'patch',
    '/profiles/{id}',
    'update_user_profile_safe: change your own profile (never role, status, limit or e-mail)',
  ),
  request: { params: Params, ...jsonBody(ProfileSafeUpdateSchema) },
  responses: {
    200: json(ProfileSchema, 'Updated profile'),
    400: errorJson('Invalid input detected'),
    422: errorJson('Invalid'),
    ...refusals,
  },
});
const addressRoute = createRoute({
  ...route('put', '/profiles/{id}/address', 'Complete registration: shipping address, then marked complete'),
  request: { params: Params, ...jsonBody(CompleteProfileSchema) },
  responses: {
    200: json(ProfileSchema, 'Completed profile'),
    400: errorJson('Invalid input detected'),
    422: errorJson('Invalid'),
    ...refusals,
  },
});
const setupRoute = createRoute({
  ...route('post', '/profiles/{id}/setup', 'handle_new_user_setup: make sure the profile exists'),
  request: { params: Params },
  responses: { 200: json(z.object({ ok: z.boolean() }), 'Set up'), ...refusals },
});
const completenessRoute = createRoute({
  ...route('get', '/profiles/{id}/completeness', 'Whether the profile is complete'),
  request: { params: Params },
  responses: { 200: json(z.object({ complete: z.boolean() }), 'Completeness'), ...refusals },
});
const markCompleteRoute = createRoute({
  ...route('post', '/profiles/{id}/complete', 'Mark registration complete'),
  request: { params: Params },
  responses: { 200: json(z.object({ complete: z.boolean() }), 'Completeness after marking'), ...refusals },
});
const deleteRoute = createRoute({
  ...route('delete', '/profiles/{id}', 'Remove your unfinished profile (sign-out from the complete-profile step)'),
  request: { params: Params },
  responses: { 204: { description: 'Removed' }, 409: errorJson('The profile is complete'), ...refusals },
});
const activityRoute = createRoute({
  ...route('post', '/profiles/{id}/activity', 'track_user_activity'),
  request: { params: Params, ...jsonBody(ActivitySchema) },
  responses: { 204: { description: 'Recorded' }, 422: errorJson('Invalid'), ...refusals },
});
const lastActivityRoute = createRoute({
  ...route('post', '/profiles/{id}/last-activity', 'update_user_last_activity'),
  request: { params: Params },
  responses: { 204: { description: 'Recorded' }, ...refusals },
});

const db = (c: { get: (key: 'deps') => AppEnv['Variables']['deps'] }) => c.get('deps').database.db;

export const profileRoutes = new OpenAPIHono<AppEnv>()
  .openapi(getRoute, async (c) => c.json(await getProfile(db(c), c.get('actor'), c.req.valid('param').id), 200))
  .openapi(updateRoute, async (c) =>
    c.json(await updateOwnProfile(db(c), c.get('actor'), c.req.valid('param').id, c.req.valid('json')), 200),
  )
  .openapi(addressRoute, async (c) =>
    c.json(await completeOwnProfile(db(c), c.get('actor'), c.req.valid('param').id, c.req.valid('json')), 200),
  )
  .openapi(setupRoute, async (c) =>
    c.json({ ok: await setupProfile(db(c), c.get('actor'), c.req.valid('param').id) }, 200),
  )
  .openapi(completenessRoute, async (c) =>
    c.json({ complete: await checkCompleteness(db(c), c.get('actor'), c.req.valid('param').id) }, 200),
  )
  .openapi(markCompleteRoute, async (c) =>
    c.json({ complete: await markComplete(db(c), c.get('actor'), c.req.valid('param').id) }, 200),
  )
  .openapi(deleteRoute, async (c) => {
    await deleteOwnIncompleteProfile(db(c), c.get('actor'), c.req.valid('param').id);
    return c.body(null, 204);
  })
  .openapi(activityRoute, async (c) => {
    await trackActivity(db(c), c.get('actor'), c.req.valid('param').id, c.req.valid('json'));
    return c.body(null, 204);
  })
  .openapi(lastActivityRoute, async (c) => {
    await updateLastActivity(db(c), c.get('actor'), c.req.valid('param').id);
    return c.body(null, 204);
  });
