import { createRoute, OpenAPIHono, z } from '@hono/zod-openapi';
import { LIMITS } from '@maktaba/shared/constants';
import {
  FeedbackInboxPageSchema,
  FeedbackInboxQuerySchema,
  FeedbackReportSchema,
  FeedbackSubmitSchema,
  FeedbackSubmittedSchema,
} from '@maktaba/shared/schemas/feedback';
import { ZodError } from 'zod';
import type { Actor } from '../../actor.js';
import { validationError } from '../../errors.js';
import type { AppEnv } from '../../http/context.js';
import { requireGuard } from '../../http/guards.js';
import { errorJson, json, jsonBody } from '../../http/openapi.js';
import { guardPublicWrite, type RateLimit } from '../../http/rate-limit.js';
import { requestMetadata } from '../../http/request-metadata.js';
import { getFeedback, listFeedback, setFeedbackStatus, submitFeedback } from './feedback.service.js';

/** Enough for a reader who has a lot to say; few enough that a script cannot flood the inbox. */
const FEEDBACK_RATE_LIMITS: { byIp: RateLimit; byUser: RateLimit } = {
  byIp: { name: 'feedback:ip', limit: 5, windowMs: 10 * 60_000 },
  byUser: { name: 'feedback:user', limit: 10, windowMs: 60 * 60_000 },
};

/** A report is a few paragraphs: far less than the API's general body limit. */
const guardSubmissions = guardPublicWrite(LIMITS.feedbackBodyBytes, FEEDBACK_RATE_LIMITS);

const submitRoute = createRoute({
  method: 'post',
  path: '/feedback',
  tags: ['Feedback'],
  summary: 'Send feedback or a bug report (signed in or not)',
  middleware: guardSubmissions,
  request: jsonBody(FeedbackSubmitSchema),
  responses: {
    201: json(FeedbackSubmittedSchema, 'Stored'),
    413: errorJson('Body too large'),
    422: errorJson('Invalid (field errors in details.fieldErrors)'),
    429: errorJson('Too many reports; see Retry-After'),
  },
});

/**
 * Field errors named as the form names its fields (`goal`, not `fields.goal`), so the dialog puts
 * them beside the right control.
 */
function reportFieldErrors(result: { success: boolean; error?: unknown }): undefined {
  if (result.success) return undefined;
  if (!(result.error instanceof ZodError)) throw result.error;
  const issues = result.error.issues.map((issue) =>
    issue.path[0] === 'fields' && issue.path.length > 1 ? { ...issue, path: issue.path.slice(1) } : issue,
  );
  throw validationError(new ZodError(issues));
}

const staff = requireGuard('librarianOrAdmin');
const refusals = { 401: errorJson('Not signed in'), 403: errorJson('Not a librarian or admin') };
const IdParams = z.object({ id: z.uuid().openapi({ param: { name: 'id', in: 'path' } }) });

const listRoute = createRoute({
  method: 'get',
  path: '/admin/feedback',
  tags: ['Feedback'],
  summary: 'The staff inbox: newest first, 15 a page, exact total',
  middleware: staff,
  request: { query: FeedbackInboxQuerySchema },
  responses: { 200: json(FeedbackInboxPageSchema, 'One page'), ...refusals },
});
const getRoute = createRoute({
  method: 'get',
  path: '/admin/feedback/{id}',
  tags: ['Feedback'],
  summary: 'One report with every field',
  middleware: staff,
  request: { params: IdParams },
  responses: { 200: json(FeedbackReportSchema, 'The report'), 404: errorJson('No such report'), ...refusals },
});
const statusRoute = (action: 'handled' | 'reopen', summary: string) =>
  createRoute({
    method: 'post',
    path: `/admin/feedback/{id}/${action}`,
    tags: ['Feedback'],
    summary,
    middleware: staff,
    request: { params: IdParams },
    responses: { 200: json(FeedbackReportSchema, 'The report'), 404: errorJson('No such report'), ...refusals },
  });

const db = (c: { get: (key: 'deps') => AppEnv['Variables']['deps'] }) => c.get('deps').database.db;

export const feedbackRoutes = new OpenAPIHono<AppEnv>()
  .openapi(
    submitRoute,
    async (c) => {
      const actor = (c.get('actor') as Actor | undefined) ?? null;
      return c.json({ id: await submitFeedback(db(c), actor, c.req.valid('json'), requestMetadata(c)) }, 201);
    },
    reportFieldErrors,
  )
  .openapi(listRoute, async (c) => c.json(await listFeedback(db(c), c.req.valid('query')), 200))
  .openapi(getRoute, async (c) => c.json(await getFeedback(db(c), c.req.valid('param').id), 200))
  .openapi(statusRoute('handled', 'Mark a report handled'), async (c) =>
    c.json(await setFeedbackStatus(db(c), c.get('actor'), c.req.valid('param').id, 'handled'), 200),
  )
  .openapi(statusRoute('reopen', 'Reopen a handled report'), async (c) =>
    c.json(await setFeedbackStatus(db(c), c.get('actor'), c.req.valid('param').id, 'new'), 200),
  );
