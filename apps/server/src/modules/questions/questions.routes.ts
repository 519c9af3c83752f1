import { createRoute, OpenAPIHono, z } from '@hono/zod-openapi';
import {
  AskInfoSchema,
  AskSettingsSchema,
  AskSettingsUpdateSchema,
  FaqEntrySchema,
  FaqListSchema,
  FaqPublishSchema,
  FaqQuerySchema,
  FaqUpdateSchema,
  MyQuestionsQuerySchema,
  QuestionAnswerSchema,
  QuestionAssignSchema,
  QuestionConsentSchema,
  QuestionCreateSchema,
  QuestionDetailSchema,
  QuestionListSchema,
  QuestionQueueQuerySchema,
  QuestionQueueSchema,
  QuestionReplySchema,
} from '@maktaba/shared/schemas/questions';
import type { Context, MiddlewareHandler } from 'hono';
import { PRIVATE_NO_STORE } from '../../http/cache.js';
import type { AppEnv } from '../../http/context.js';
import { requireActor, requirePermission } from '../../http/guards.js';
import { errorJson, json, jsonBody } from '../../http/openapi.js';
import { enforceRateLimits, type RateLimit } from '../../http/rate-limit.js';
import { pickLocale } from '../mail/locale.js';
import {
  answer,
  askInfo,
  askQuestion,
  assign,
  deleteFaqEntry,
  getAskSettings,
  getQuestion,
  listFaq,
  listMine,
  listQueue,
  publish,
  type QuestionsContext,
  reopen,
  reply,
  resolve,
  saveAskSettings,
  setConsent,
  unassign,
  updateFaqEntry,
} from './questions.service.js';

/** Replies in threads: enough for a conversation, few enough that a script cannot flood the queue. */
const REPLY_RATE_LIMITS: { byIp: RateLimit; byUser: RateLimit } = {
  byIp: { name: 'question-reply:ip', limit: 120, windowMs: 60 * 60_000 },
  byUser: { name: 'question-reply:user', limit: 30, windowMs: 60 * 60_000 },
};

const Id = z.uuid().openapi({ param: { name: 'id', in: 'path' } });
const params = z.object({ id: Id });

const route = <M extends 'get' | 'post' | 'put' | 'patch' | 'delete', P extends string>(
  method: M,
  path: P,
  summary: string,
  middleware: MiddlewareHandler<AppEnv>[],
  tag = 'Ask a Librarian',
) => ({ method, path, tags: [tag], summary, middleware });

const signedIn = { 401: errorJson('User not authenticated'), 422: errorJson('Invalid') };
const staff = { ...signedIn, 403: errorJson('Not allowed') };
const notFound = { 404: errorJson('Question not found, or not yours') };
const conflict = (what: string) => ({ 409: errorJson(what) });
const librarian = () => [requirePermission('books.edit')];

const infoRoute = createRoute({
  ...route('get', '/ask/info', 'The response time, the daily limit and how many you asked today', [requireActor()]),
  responses: { 200: json(AskInfoSchema, 'What the Ask page tells the reader'), ...signedIn },
});
const mineRoute = createRoute({
  ...route('get', '/questions/mine', 'Your questions, newest activity first', [requireActor()]),
  request: { query: MyQuestionsQuerySchema },
  responses: { 200: json(QuestionListSchema, 'Your questions'), ...signedIn },
});
const askRoute = createRoute({
  ...route('post', '/questions', 'Ask the librarians a question (a few per day, in the UTC day)', [requireActor()]),
  request: jsonBody(QuestionCreateSchema),
  responses: {
    201: json(QuestionDetailSchema, 'Asked'),
    ...signedIn,
    429: errorJson('QUESTION_DAILY_LIMIT (details.limit)'),
  },
});
const getRoute = createRoute({
  ...route('get', '/questions/{id}', 'A question with its thread (its asker and librarians only)', [requireActor()]),
  request: { params },
  responses: { 200: json(QuestionDetailSchema, 'Question'), ...signedIn, ...notFound },
});
const consentRoute = createRoute({
  ...route('patch', '/questions/{id}', 'Agree to publishing in the FAQ, or withdraw (unpublishes it)', [
    requireActor(),
  ]),
  request: { params, ...jsonBody(QuestionConsentSchema) },
  responses: { 200: json(QuestionDetailSchema, 'Changed'), ...signedIn, ...notFound },
});
const replyRoute = createRoute({
  ...route('post', '/questions/{id}/messages', 'Write again in your question’s thread (back to the queue)', [
    requireActor(),
  ]),
  request: { params, ...jsonBody(QuestionReplySchema) },
  responses: {
    201: json(QuestionDetailSchema, 'Sent'),
    ...signedIn,
    ...notFound,
    ...conflict('QUESTION_RESOLVED'),
    429: errorJson('RATE_LIMITED'),
  },
});
const resolveRoute = createRoute({
  ...route('post', '/questions/{id}/resolve', 'Mark your question resolved', [requireActor()]),
  request: { params },
  responses: { 200: json(QuestionDetailSchema, 'Resolved'), ...signedIn, ...notFound },
});
const reopenRoute = createRoute({
  ...route('post', '/questions/{id}/reopen', 'Reopen your resolved question', [requireActor()]),
  request: { params },
  responses: {
    200: json(QuestionDetailSchema, 'Reopened'),
    ...signedIn,
    ...notFound,
    ...conflict('WRONG_STATE: not resolved'),
  },
});
const faqRoute = createRoute({
  ...route('get', '/faq', 'Published answers, searchable in both languages', [requireActor()]),
  request: { query: FaqQuerySchema },
  responses: { 200: json(FaqListSchema, 'FAQ entries'), ...signedIn },
});
const queueRoute = createRoute({
  ...route('get', '/library/questions', 'The librarians’ queue (oldest waiting first)', librarian()),
  request: { query: QuestionQueueQuerySchema },
  responses: { 200: json(QuestionQueueSchema, 'Questions'), ...staff },
});
const assignRoute = createRoute({
  ...route('post', '/library/questions/{id}/assign', 'Take a question, or give it to another librarian', librarian()),
  request: { params, ...jsonBody(QuestionAssignSchema) },
  responses: { 200: json(QuestionDetailSchema, 'Assigned'), ...staff, ...notFound },
});
const unassignRoute = createRoute({
  ...route('post', '/library/questions/{id}/unassign', 'Put a question back to nobody', librarian()),
  request: { params },
  responses: { 200: json(QuestionDetailSchema, 'Unassigned'), ...staff, ...notFound },
});
const answerRoute = createRoute({
  ...route(
    'post',
    '/library/questions/{id}/answer',
    'Answer (with book cards); the reader is notified in the app and by e-mail',
    librarian(),
  ),
  request: { params, ...jsonBody(QuestionAnswerSchema) },
  responses: {
    201: json(QuestionDetailSchema, 'Answered'),
    ...staff,
    ...notFound,
    ...conflict('QUESTION_RESOLVED'),
  },
});
const publishRoute = createRoute({
  ...route(
    'post',
    '/library/questions/{id}/publish',
    'Publish an answered question, anonymised, in the FAQ (only with the reader’s consent)',
    librarian(),
  ),
  request: { params, ...jsonBody(FaqPublishSchema) },
  responses: {
    201: json(FaqEntrySchema, 'Published'),
    ...staff,
    ...notFound,
    ...conflict('QUESTION_NO_CONSENT, or WRONG_STATE: not answered'),
  },
});
const faqUpdateRoute = createRoute({
  ...route('patch', '/library/faq/{id}', 'Change an FAQ entry', librarian()),
  request: { params, ...jsonBody(FaqUpdateSchema) },
  responses: { 200: json(FaqEntrySchema, 'Changed'), ...staff, 404: errorJson('No such entry') },
});
const faqDeleteRoute = createRoute({
  ...route('delete', '/library/faq/{id}', 'Remove an FAQ entry', librarian()),
  request: { params },
  responses: { 204: { description: 'Removed' }, ...staff, 404: errorJson('No such entry') },
});
const settingsRoute = createRoute({
  ...route('get', '/library/ask-settings', 'The expected response time shown to readers', librarian()),
  responses: { 200: json(AskSettingsSchema, 'Setting'), ...staff },
});
const settingsSaveRoute = createRoute({
  ...route('put', '/library/ask-settings', 'Change the expected response time (1–336 hours)', librarian()),
  request: jsonBody(AskSettingsUpdateSchema),
  responses: { 200: json(AskSettingsSchema, 'Saved'), ...staff },
});

const db = (c: Context<AppEnv>) => c.get('deps').database.db;
const context = (c: Context<AppEnv>): QuestionsContext => {
  const { database, mailer, config } = c.get('deps');
  return { db: database.db, wakeMailer: () => void mailer.wake(), publicUrl: config.publicUrl };
};
const noStore = (c: Context<AppEnv>) => c.header('Cache-Control', PRIVATE_NO_STORE);
const ip = (c: Context<AppEnv>) => c.get('clientIp') ?? null;

export const questionRoutes = new OpenAPIHono<AppEnv>()
  .openapi(infoRoute, async (c) => {
    noStore(c);
    return c.json(await askInfo(context(c), c.get('actor')), 200);
  })
  .openapi(mineRoute, async (c) => {
    noStore(c);
    return c.json(await listMine(db(c), c.get('actor'), c.req.valid('query')), 200);
  })
  .openapi(askRoute, async (c) => {
    noStore(c);
    const locale = pickLocale(undefined, c.req.header('Accept-Language'));
    return c.json(await askQuestion(context(c), c.get('actor'), c.req.valid('json'), locale), 201);
  })
  .openapi(getRoute, async (c) => {
    noStore(c);
    return c.json(await getQuestion(db(c), c.req.valid('param').id, c.get('actor')), 200);
  })
  .openapi(consentRoute, async (c) => {
    noStore(c);
    const { id } = c.req.valid('param');
    return c.json(await setConsent(db(c), c.get('actor'), id, c.req.valid('json').publish_consent), 200);
  })
  .openapi(replyRoute, async (c) => {
    noStore(c);
    const actor = c.get('actor');
    await enforceRateLimits(c, REPLY_RATE_LIMITS, actor.id);
    return c.json(await reply(db(c), actor, c.req.valid('param').id, c.req.valid('json').body), 201);
  })
  .openapi(resolveRoute, async (c) => {
    noStore(c);
    return c.json(await resolve(db(c), c.get('actor'), c.req.valid('param').id), 200);
  })
  .openapi(reopenRoute, async (c) => {
    noStore(c);
    return c.json(await reopen(db(c), c.get('actor'), c.req.valid('param').id), 200);
  })
  .openapi(faqRoute, async (c) => {
    noStore(c);
    return c.json(await listFaq(db(c), c.req.valid('query')), 200);
  })
  .openapi(queueRoute, async (c) => {
    noStore(c);
    return c.json(await listQueue(db(c), c.get('actor'), c.req.valid('query')), 200);
  })
  .openapi(assignRoute, async (c) => {
    noStore(c);
    return c.json(await assign(db(c), c.get('actor'), c.req.valid('param').id, c.req.valid('json')), 200);
  })
  .openapi(unassignRoute, async (c) => {
    noStore(c);
    return c.json(await unassign(db(c), c.get('actor'), c.req.valid('param').id), 200);
  })
  .openapi(answerRoute, async (c) => {
    noStore(c);
    return c.json(await answer(context(c), c.get('actor'), c.req.valid('param').id, c.req.valid('json')), 201);
  })
  .openapi(publishRoute, async (c) => {
    noStore(c);
    return c.json(await publish(db(c), c.get('actor'), c.req.valid('param').id, c.req.valid('json'), ip(c)), 201);
  })
  .openapi(faqUpdateRoute, async (c) => {
    noStore(c);
    const { id } = c.req.valid('param');
    return c.json(await updateFaqEntry(db(c), c.get('actor'), id, c.req.valid('json'), ip(c)), 200);
  })
  .openapi(faqDeleteRoute, async (c) => {
    await deleteFaqEntry(db(c), c.get('actor'), c.req.valid('param').id, ip(c));
    return c.body(null, 204);
  })
  .openapi(settingsRoute, async (c) => {
    noStore(c);
    return c.json(await getAskSettings(db(c)), 200);
  })
  .openapi(settingsSaveRoute, async (c) => {
    noStore(c);
    return c.json(await saveAskSettings(db(c), c.get('actor'), c.req.valid('json'), ip(c)), 200);
  });
