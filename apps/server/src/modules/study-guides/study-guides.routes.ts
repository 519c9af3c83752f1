import { createRoute, OpenAPIHono, z } from '@hono/zod-openapi';
import {
  GuideInputSchema,
  GuideListQuerySchema,
  GuideListSchema,
  GuideSchema,
  GuideUpdateSchema,
  LibraryGuideListQuerySchema,
  MyGuidesSchema,
} from '@maktaba/shared/schemas/guides';
import type { Context } from 'hono';
import { PRIVATE_NO_STORE } from '../../http/cache.js';
import type { AppEnv } from '../../http/context.js';
import { requireActor, requirePermission } from '../../http/guards.js';
import { errorJson, json, jsonBody } from '../../http/openapi.js';
import { requestMetadata } from '../../http/request-metadata.js';
import {
  createGuide,
  deleteGuide,
  followGuide,
  getGuide,
  listGuides,
  listLibraryGuides,
  listMyGuides,
  setStepDone,
  unfollowGuide,
  updateGuide,
} from './study-guides.service.js';

type Method = 'get' | 'post' | 'patch' | 'put' | 'delete';
const route = <M extends Method, P extends string>(
  method: M,
  path: P,
  summary: string,
  middleware: ReturnType<typeof requireActor> = requireActor(),
) => ({ method, path, tags: ['Study guides'], summary, middleware });
const staffOnly = () => requirePermission('books.edit');

const IdParams = z.object({ id: z.uuid().openapi({ param: { name: 'id', in: 'path' } }) });
const StepParams = IdParams.extend({
  stepId: z.uuid().openapi({ param: { name: 'stepId', in: 'path' } }),
});
const signedIn = { 401: errorJson('Not signed in'), 422: errorJson('Invalid') };
const staff = { ...signedIn, 403: errorJson('Not allowed') };
const guideAnswer = {
  200: json(GuideSchema, 'The guide, its steps in order and your progress'),
  404: errorJson('No such guide (or not published)'),
};

const listRoute = createRoute({
  ...route('get', '/guides', 'Published study guides (Arabic-aware search, level filter) with your progress'),
  request: { query: GuideListQuerySchema },
  responses: { 200: json(GuideListSchema, 'Guides'), ...signedIn },
});
const mineRoute = createRoute({
  ...route('get', '/guides/mine', 'Guides you follow: in progress first, most recently touched first'),
  responses: { 200: json(MyGuidesSchema, 'Your guides'), 401: signedIn[401] },
});
const getRoute = createRoute({
  ...route('get', '/guides/{id}', 'A published guide with its steps, your done marks and where to resume'),
  request: { params: IdParams },
  responses: { ...guideAnswer, ...signedIn },
});
const followRoute = createRoute({
  ...route('post', '/guides/{id}/follow', 'Follow a guide (idempotent)'),
  request: { params: IdParams },
  responses: { ...guideAnswer, ...signedIn },
});
const unfollowRoute = createRoute({
  ...route('delete', '/guides/{id}/follow', 'Stop following a guide; the steps marked done are kept'),
  request: { params: IdParams },
  responses: { ...guideAnswer, ...signedIn },
});
const doneRoute = createRoute({
  ...route('put', '/guides/{id}/steps/{stepId}/done', 'Mark a step done (follows the guide; idempotent)'),
  request: { params: StepParams },
  responses: { ...guideAnswer, ...signedIn },
});
const undoneRoute = createRoute({
  ...route('delete', '/guides/{id}/steps/{stepId}/done', 'Mark a step not done (idempotent)'),
  request: { params: StepParams },
  responses: { ...guideAnswer, ...signedIn },
});
const libraryListRoute = createRoute({
  ...route('get', '/library/guides', 'Every study guide, drafts too', staffOnly()),
  request: { query: LibraryGuideListQuerySchema },
  responses: { 200: json(GuideListSchema, 'Guides'), ...staff },
});
const libraryCreateRoute = createRoute({
  ...route('post', '/library/guides', 'Write a study guide (a draft unless published)', staffOnly()),
  request: jsonBody(GuideInputSchema),
  responses: { 201: json(GuideSchema, 'Created'), ...staff },
});
const libraryGetRoute = createRoute({
  ...route('get', '/library/guides/{id}', 'A study guide, draft or published', staffOnly()),
  request: { params: IdParams },
  responses: { ...guideAnswer, ...staff },
});
const libraryUpdateRoute = createRoute({
  ...route(
    'patch',
    '/library/guides/{id}',
    'Edit a guide; steps are replaced in order, existing step ids (and progress on them) kept',
    staffOnly(),
  ),
  request: { params: IdParams, ...jsonBody(GuideUpdateSchema) },
  responses: { ...guideAnswer, ...staff },
});
const libraryDeleteRoute = createRoute({
  ...route('delete', '/library/guides/{id}', 'Delete a guide (its author: a draft; an admin: any)', staffOnly()),
  request: { params: IdParams },
  responses: { 204: { description: 'Deleted' }, 404: guideAnswer[404], ...staff },
});

const db = (c: Context<AppEnv>) => c.get('deps').database.db;
const noStore = (c: Context<AppEnv>) => c.header('Cache-Control', PRIVATE_NO_STORE);

export const studyGuideRoutes = new OpenAPIHono<AppEnv>()
  .openapi(mineRoute, async (c) => {
    noStore(c);
    return c.json(await listMyGuides(db(c), c.get('actor')), 200);
  })
  .openapi(listRoute, async (c) => {
    noStore(c);
    return c.json(await listGuides(db(c), c.get('actor'), c.req.valid('query')), 200);
  })
  .openapi(getRoute, async (c) => {
    noStore(c);
    return c.json(await getGuide(db(c), c.get('actor'), c.req.valid('param').id), 200);
  })
  .openapi(followRoute, async (c) => {
    noStore(c);
    return c.json(await followGuide(db(c), c.get('actor'), c.req.valid('param').id), 200);
  })
  .openapi(unfollowRoute, async (c) => {
    noStore(c);
    return c.json(await unfollowGuide(db(c), c.get('actor'), c.req.valid('param').id), 200);
  })
  .openapi(doneRoute, async (c) => {
    noStore(c);
    const { id, stepId } = c.req.valid('param');
    return c.json(await setStepDone(db(c), c.get('actor'), id, stepId, true), 200);
  })
  .openapi(undoneRoute, async (c) => {
    noStore(c);
    const { id, stepId } = c.req.valid('param');
    return c.json(await setStepDone(db(c), c.get('actor'), id, stepId, false), 200);
  })
  .openapi(libraryListRoute, async (c) => {
    noStore(c);
    return c.json(await listLibraryGuides(db(c), c.get('actor'), c.req.valid('query')), 200);
  })
  .openapi(libraryCreateRoute, async (c) => {
    noStore(c);
    return c.json(await createGuide(db(c), c.get('actor'), c.req.valid('json'), requestMetadata(c)), 201);
  })
  .openapi(libraryGetRoute, async (c) => {
    noStore(c);
    return c.json(await getGuide(db(c), c.get('actor'), c.req.valid('param').id), 200);
  })
  .openapi(libraryUpdateRoute, async (c) => {
    noStore(c);
    const { id } = c.req.valid('param');
    return c.json(await updateGuide(db(c), c.get('actor'), id, c.req.valid('json'), requestMetadata(c)), 200);
  })
  .openapi(libraryDeleteRoute, async (c) => {
    await deleteGuide(db(c), c.get('actor'), c.req.valid('param').id, requestMetadata(c));
    return c.body(null, 204);
  });
