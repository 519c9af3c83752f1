import { createRoute, OpenAPIHono, z } from '@hono/zod-openapi';
import {
  CircleCreateSchema,
  CircleDetailSchema,
  CircleHostCandidatesQuerySchema,
  CircleHostCandidatesSchema,
  CircleListQuerySchema,
  CircleListSchema,
  CircleMeetingCreateSchema,
  CircleMeetingSchema,
  CircleMeetingUpdateSchema,
  CircleMemberRemoveSchema,
  CircleMembershipSchema,
  CirclePostCreateSchema,
  CirclePostHideSchema,
  CirclePostListQuerySchema,
  CirclePostListSchema,
  CirclePostReportedSchema,
  CirclePostReportSchema,
  CirclePostSchema,
  CirclePostUpdateSchema,
  CircleUpdateSchema,
} from '@maktaba/shared/schemas/circles';
import type { Context, MiddlewareHandler } from 'hono';
import { PRIVATE_NO_STORE } from '../../http/cache.js';
import type { AppEnv } from '../../http/context.js';
import { requireActor, requirePermission } from '../../http/guards.js';
import { errorJson, json, jsonBody } from '../../http/openapi.js';
import { pickLocale } from '../mail/locale.js';
import { calendarFile } from './study-circles.calendar.js';
import {
  type CirclesContext,
  calendarOf,
  cancelMeeting,
  createCircle,
  createMeeting,
  createPost,
  deletePost,
  editPost,
  getCircle,
  hostCandidates,
  joinCircle,
  leaveCircle,
  listCircles,
  listPosts,
  removeMember,
  reportPost,
  setPostHidden,
  updateCircle,
  updateMeeting,
} from './study-circles.service.js';

const Id = (name: string) => z.uuid().openapi({ param: { name, in: 'path' } });
const circleParams = z.object({ id: Id('id') });
const memberParams = z.object({ id: Id('id'), userId: Id('userId') });
const meetingParams = z.object({ id: Id('id'), meetingId: Id('meetingId') });
const postParams = z.object({ id: Id('id'), postId: Id('postId') });

const route = <M extends 'get' | 'post' | 'patch' | 'delete', P extends string>(
  method: M,
  path: P,
  summary: string,
  middleware: MiddlewareHandler<AppEnv>[] = [requireActor()],
) => ({ method, path, tags: ['Study circles'], summary, middleware });

const signedIn = {
  401: errorJson('User not authenticated'),
  403: errorJson('Not allowed (FORBIDDEN, CIRCLE_MEMBERS_ONLY, CIRCLE_REMOVED)'),
  404: errorJson('Circle (or member, meeting, post) not found'),
  422: errorJson('Invalid (field errors in details.fieldErrors)'),
};
const conflict = (what: string) => ({ 409: errorJson(what) });

const listRoute = createRoute({
  ...route('get', '/circles', 'Study circles, most recently updated first (archived ones: staff only)'),
  request: { query: CircleListQuerySchema },
  responses: { 200: json(CircleListSchema, 'One page'), ...signedIn },
});
const createCircleRoute = createRoute({
  ...route('post', '/circles', 'Start a circle (staff)', [requirePermission('books.edit')]),
  request: jsonBody(CircleCreateSchema),
  responses: { 201: json(CircleDetailSchema, 'Created'), ...signedIn },
});
const candidatesRoute = createRoute({
  ...route('get', '/circles/host-candidates', 'Active accounts that may host a circle (staff)', [
    requirePermission('books.edit'),
  ]),
  request: { query: CircleHostCandidatesQuerySchema },
  responses: { 200: json(CircleHostCandidatesSchema, 'Up to 20 accounts'), ...signedIn },
});
const getRoute = createRoute({
  ...route('get', '/circles/{id}', 'A circle with its meetings, and its members for members and moderators'),
  request: { params: circleParams },
  responses: { 200: json(CircleDetailSchema, 'The circle'), ...signedIn },
});
const updateRoute = createRoute({
  ...route('patch', '/circles/{id}', 'Change a circle (moderators; host and capacity: staff)'),
  request: { params: circleParams, ...jsonBody(CircleUpdateSchema) },
  responses: { 200: json(CircleDetailSchema, 'Changed'), ...signedIn },
});
const joinRoute = createRoute({
  ...route('post', '/circles/{id}/join', 'Join a circle, or its waiting list when it is full (idempotent)'),
  request: { params: circleParams },
  responses: { 200: json(CircleMembershipSchema, 'Your place'), ...signedIn, ...conflict('CIRCLE_CLOSED') },
});
const leaveRoute = createRoute({
  ...route(
    'post',
    '/circles/{id}/leave',
    'Leave a circle or its waiting list; the first reader waiting gets the place',
  ),
  request: { params: circleParams },
  responses: { 200: json(CircleMembershipSchema, 'No place any more'), ...signedIn },
});
const removeMemberRoute = createRoute({
  ...route('delete', '/circles/{id}/members/{userId}', 'Remove a member, telling them why (moderators)'),
  request: {
    params: memberParams,
    body: { content: { 'application/json': { schema: CircleMemberRemoveSchema } }, required: false },
  },
  responses: { 204: { description: 'Removed' }, ...signedIn },
});
const createMeetingRoute = createRoute({
  ...route('post', '/circles/{id}/meetings', 'Plan a meeting; members are notified (moderators)'),
  request: { params: circleParams, ...jsonBody(CircleMeetingCreateSchema) },
  responses: { 201: json(CircleMeetingSchema, 'Planned'), ...signedIn },
});
const updateMeetingRoute = createRoute({
  ...route('patch', '/circles/{id}/meetings/{meetingId}', 'Move or change a meeting (moderators)'),
  request: { params: meetingParams, ...jsonBody(CircleMeetingUpdateSchema) },
  responses: { 200: json(CircleMeetingSchema, 'Changed'), ...signedIn, ...conflict('CIRCLE_MEETING_CANCELLED') },
});
const cancelMeetingRoute = createRoute({
  ...route('post', '/circles/{id}/meetings/{meetingId}/cancel', 'Cancel a meeting; members are notified'),
  request: { params: meetingParams },
  responses: { 200: json(CircleMeetingSchema, 'Cancelled'), ...signedIn },
});
const calendarRoute = createRoute({
  ...route('get', '/circles/{id}/calendar.ics', 'The upcoming meetings as an iCalendar file (members, moderators)'),
  request: { params: circleParams },
  responses: {
    200: {
      description: 'text/calendar (Content-Disposition: attachment)',
      content: { 'text/calendar': { schema: z.string() } },
    },
    ...signedIn,
  },
});
const postsRoute = createRoute({
  ...route('get', '/circles/{id}/posts', 'The discussion, a page at a time, oldest first within a page'),
  request: { params: circleParams, query: CirclePostListQuerySchema },
  responses: { 200: json(CirclePostListSchema, 'Posts'), ...signedIn },
});
const createPostRoute = createRoute({
  ...route('post', '/circles/{id}/posts', 'Write in the discussion (10 posts per 10 minutes)'),
  request: { params: circleParams, ...jsonBody(CirclePostCreateSchema) },
  responses: {
    201: json(CirclePostSchema, 'Posted'),
    ...signedIn,
    429: errorJson('CIRCLE_POST_RATE_LIMITED (Retry-After)'),
  },
});
const editPostRoute = createRoute({
  ...route('patch', '/circles/{id}/posts/{postId}', 'Edit your post'),
  request: { params: postParams, ...jsonBody(CirclePostUpdateSchema) },
  responses: { 200: json(CirclePostSchema, 'Edited'), ...signedIn, ...conflict('CIRCLE_POST_HIDDEN') },
});
const deletePostRoute = createRoute({
  ...route('delete', '/circles/{id}/posts/{postId}', 'Delete your post (moderators: any)'),
  request: { params: postParams },
  responses: { 204: { description: 'Deleted' }, ...signedIn },
});
const hideRoute = createRoute({
  ...route('post', '/circles/{id}/posts/{postId}/hide', 'Hide a post (moderators; audited)'),
  request: {
    params: postParams,
    body: { content: { 'application/json': { schema: CirclePostHideSchema } }, required: false },
  },
  responses: { 200: json(CirclePostSchema, 'Hidden'), ...signedIn },
});
const unhideRoute = createRoute({
  ...route('post', '/circles/{id}/posts/{postId}/unhide', 'Show a hidden post again (moderators; audited)'),
  request: { params: postParams },
  responses: { 200: json(CirclePostSchema, 'Shown'), ...signedIn },
});
const reportRoute = createRoute({
  ...route('post', '/circles/{id}/posts/{postId}/report', 'Report a post to the librarians (once per post)'),
  request: { params: postParams, ...jsonBody(CirclePostReportSchema) },
  responses: {
    201: json(CirclePostReportedSchema, 'Reported'),
    ...signedIn,
    ...conflict('CIRCLE_POST_ALREADY_REPORTED'),
  },
});

function circles(c: Context<AppEnv>): CirclesContext {
  const { database, mailer, config } = c.get('deps');
  return {
    db: database.db,
    wakeMailer: () => void mailer.wake(),
    publicUrl: config.publicUrl,
    locale: pickLocale(undefined, c.req.header('Accept-Language')),
    ip: c.get('clientIp') ?? null,
  };
}
const db = (c: Context<AppEnv>) => c.get('deps').database.db;
const noStore = (c: Context<AppEnv>) => c.header('Cache-Control', PRIVATE_NO_STORE);

/** An optional JSON body: absent or empty is `{}`. */
async function optionalBody<T>(c: Context<AppEnv>, parse: (value: unknown) => T): Promise<T> {
  const text = await c.req.text();
  if (text.trim() === '') return parse({});
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    value = Symbol('invalid');
  }
  return parse(value);
}

export const studyCircleRoutes = new OpenAPIHono<AppEnv>()
  .openapi(listRoute, async (c) => {
    noStore(c);
    return c.json(await listCircles(db(c), c.get('actor'), c.req.valid('query')), 200);
  })
  .openapi(createCircleRoute, async (c) => {
    noStore(c);
    return c.json(await createCircle(circles(c), c.get('actor'), c.req.valid('json')), 201);
  })
  .openapi(candidatesRoute, async (c) => {
    noStore(c);
    return c.json(await hostCandidates(db(c), c.req.valid('query').q), 200);
  })
  .openapi(getRoute, async (c) => {
    noStore(c);
    return c.json(await getCircle(db(c), c.get('actor'), c.req.valid('param').id), 200);
  })
  .openapi(updateRoute, async (c) => {
    noStore(c);
    return c.json(await updateCircle(circles(c), c.get('actor'), c.req.valid('param').id, c.req.valid('json')), 200);
  })
  .openapi(joinRoute, async (c) => {
    noStore(c);
    return c.json(await joinCircle(circles(c), c.get('actor'), c.req.valid('param').id), 200);
  })
  .openapi(leaveRoute, async (c) => {
    noStore(c);
    return c.json(await leaveCircle(circles(c), c.get('actor'), c.req.valid('param').id), 200);
  })
  .openapi(removeMemberRoute, async (c) => {
    const { id, userId } = c.req.valid('param');
    const body = await optionalBody(c, (value) => CircleMemberRemoveSchema.parse(value));
    await removeMember(circles(c), c.get('actor'), id, userId, body.reason ?? null);
    return c.body(null, 204);
  })
  .openapi(createMeetingRoute, async (c) => {
    noStore(c);
    return c.json(await createMeeting(circles(c), c.get('actor'), c.req.valid('param').id, c.req.valid('json')), 201);
  })
  .openapi(updateMeetingRoute, async (c) => {
    noStore(c);
    const { id, meetingId } = c.req.valid('param');
    return c.json(await updateMeeting(circles(c), c.get('actor'), id, meetingId, c.req.valid('json')), 200);
  })
  .openapi(cancelMeetingRoute, async (c) => {
    noStore(c);
    const { id, meetingId } = c.req.valid('param');
    return c.json(await cancelMeeting(circles(c), c.get('actor'), id, meetingId), 200);
  })
  .openapi(calendarRoute, async (c) => {
    const { circle, meetings } = await calendarOf(db(c), c.get('actor'), c.req.valid('param').id);
    const { config } = c.get('deps');
    noStore(c);
    c.header('Content-Type', 'text/calendar; charset=utf-8');
    c.header('Content-Disposition', 'attachment; filename="circle.ics"');
    return c.body(calendarFile(circle, meetings, config.publicUrl), 200);
  })
  .openapi(postsRoute, async (c) => {
    noStore(c);
    return c.json(await listPosts(db(c), c.get('actor'), c.req.valid('param').id, c.req.valid('query')), 200);
  })
  .openapi(createPostRoute, async (c) => {
    noStore(c);
    try {
      return c.json(await createPost(circles(c), c.get('actor'), c.req.valid('param').id, c.req.valid('json')), 201);
    } catch (error) {
      const retry = (error as { details?: { retry_after?: number } }).details?.retry_after;
      if (retry) c.header('Retry-After', String(retry));
      throw error;
    }
  })
  .openapi(editPostRoute, async (c) => {
    noStore(c);
    const { id, postId } = c.req.valid('param');
    return c.json(await editPost(db(c), c.get('actor'), id, postId, c.req.valid('json').body), 200);
  })
  .openapi(deletePostRoute, async (c) => {
    const { id, postId } = c.req.valid('param');
    await deletePost(circles(c), c.get('actor'), id, postId);
    return c.body(null, 204);
  })
  .openapi(hideRoute, async (c) => {
    noStore(c);
    const { id, postId } = c.req.valid('param');
    const body = await optionalBody(c, (value) => CirclePostHideSchema.parse(value));
    return c.json(await setPostHidden(circles(c), c.get('actor'), id, postId, true, body.reason ?? null), 200);
  })
  .openapi(unhideRoute, async (c) => {
    noStore(c);
    const { id, postId } = c.req.valid('param');
    return c.json(await setPostHidden(circles(c), c.get('actor'), id, postId, false, null), 200);
  })
  .openapi(reportRoute, async (c) => {
    noStore(c);
    const { id, postId } = c.req.valid('param');
    return c.json(await reportPost(circles(c), c.get('actor'), id, postId, c.req.valid('json').reason), 201);
  });
