import { createRoute, OpenAPIHono, z } from '@hono/zod-openapi';
import {
  FeaturedQuotesSchema,
  QuoteFacetsSchema,
  QuoteFeaturedSchema,
  QuoteInputSchema,
  QuoteListQuerySchema,
  QuoteListSchema,
  QuotePageQuerySchema,
  QuoteReturnSchema,
  QuoteReviewQuerySchema,
  QuoteSchema,
  QuoteTodayQuerySchema,
  QuoteTodaySchema,
  QuoteUpdateSchema,
} from '@maktaba/shared/schemas/quotes';
import type { Context } from 'hono';
import { PRIVATE_NO_STORE, SHORT_PUBLIC_CACHE } from '../../http/cache.js';
import type { AppEnv } from '../../http/context.js';
import { requireActor, requirePermission } from '../../http/guards.js';
import { errorJson, json, jsonBody } from '../../http/openapi.js';
import { requestMetadata } from '../../http/request-metadata.js';
import {
  approveQuote,
  archiveQuote,
  createQuote,
  featuredQuotes,
  getQuote,
  listMine,
  listQuotes,
  listReview,
  listSavedQuotes,
  quoteFacets,
  quoteOfTheDay,
  removeQuote,
  returnQuote,
  saveQuote,
  setFeatured,
  unsaveQuote,
  updateQuote,
} from './quotes.service.js';

type Method = 'get' | 'post' | 'patch' | 'put' | 'delete';
const route = <M extends Method, P extends string>(
  method: M,
  path: P,
  summary: string,
  middleware: ReturnType<typeof requireActor> = requireActor(),
) => ({ method, path, tags: ['Quotes'], summary, middleware });

const IdParams = z.object({ id: z.uuid().openapi({ param: { name: 'id', in: 'path' } }) });
const signedIn = { 401: errorJson('Not signed in'), 422: errorJson('Invalid') };
const staff = { ...signedIn, 403: errorJson('Not allowed') };
const quoteAnswer = { 200: json(QuoteSchema, 'The quote'), 404: errorJson('No such quote (or not visible to you)') };

const listRoute = createRoute({
  ...route('get', '/quotes', 'Approved quotes: searched (Arabic-aware), filtered by speaker, source and topic'),
  request: { query: QuoteListQuerySchema },
  responses: { 200: json(QuoteListSchema, 'Quotes'), ...signedIn },
});
const facetsRoute = createRoute({
  ...route('get', '/quotes/facets', 'Speakers, sources and topics of approved quotes, with counts'),
  responses: { 200: json(QuoteFacetsSchema, 'Facets'), 401: signedIn[401] },
});
const todayRoute = createRoute({
  ...route('get', '/quotes/today', "The quote of the day in the reader's time zone (the same for everyone that day)"),
  request: { query: QuoteTodayQuerySchema },
  responses: { 200: json(QuoteTodaySchema, 'Quote of the day'), ...signedIn },
});
const featuredRoute = createRoute({
  method: 'get',
  path: '/quotes/featured',
  tags: ['Quotes'],
  summary: 'Up to eight featured approved quotes for the sign-in carousel',
  responses: { 200: json(FeaturedQuotesSchema, 'Featured quotes') },
});
const mineRoute = createRoute({
  ...route('get', '/quotes/mine', 'Your contributions, every status, newest first'),
  request: { query: QuotePageQuerySchema },
  responses: { 200: json(QuoteListSchema, 'Your quotes'), ...signedIn },
});
const savedRoute = createRoute({
  ...route('get', '/quotes/saved', 'Quotes you saved, newest saved first'),
  request: { query: QuotePageQuerySchema },
  responses: { 200: json(QuoteListSchema, 'Saved quotes'), ...signedIn },
});
const reviewRoute = createRoute({
  ...route(
    'get',
    '/quotes/review',
    'The review queue (pending by default, oldest first)',
    requirePermission('quotes.approve'),
  ),
  request: { query: QuoteReviewQuerySchema },
  responses: { 200: json(QuoteListSchema, 'Quotes to review'), ...staff },
});
const getRoute = createRoute({
  ...route('get', '/quotes/{id}', 'A quote: approved to anyone signed in; otherwise its contributor and editors'),
  request: { params: IdParams },
  responses: { ...quoteAnswer, ...signedIn },
});
const createQuoteRoute = createRoute({
  ...route('post', '/quotes', 'Contribute a quote (pending review, or a draft)', requirePermission('quotes.create')),
  request: jsonBody(QuoteInputSchema),
  responses: { 201: json(QuoteSchema, 'Created'), ...staff },
});
const updateRoute = createRoute({
  ...route('patch', '/quotes/{id}', 'Edit a quote (editors: any; its contributor: while draft or pending)'),
  request: { params: IdParams, ...jsonBody(QuoteUpdateSchema) },
  responses: { ...quoteAnswer, 409: errorJson('No longer editable by its contributor'), ...signedIn },
});
const deleteRoute = createRoute({
  ...route('delete', '/quotes/{id}', 'Delete a quote', requirePermission('quotes.delete')),
  request: { params: IdParams },
  responses: { 204: { description: 'Deleted' }, 404: quoteAnswer[404], ...staff },
});
const approveRoute = createRoute({
  ...route(
    'post',
    '/quotes/{id}/approve',
    'Approve a pending quote; its contributor is notified',
    requirePermission('quotes.approve'),
  ),
  request: { params: IdParams },
  responses: { ...quoteAnswer, 409: errorJson('Not pending'), ...staff },
});
const returnRoute = createRoute({
  ...route(
    'post',
    '/quotes/{id}/return',
    'Return a pending quote to its contributor with a note',
    requirePermission('quotes.approve'),
  ),
  request: { params: IdParams, ...jsonBody(QuoteReturnSchema) },
  responses: { ...quoteAnswer, 409: errorJson('Not pending'), ...staff },
});
const archiveRoute = createRoute({
  ...route('post', '/quotes/{id}/archive', 'Archive an approved quote', requirePermission('quotes.edit')),
  request: { params: IdParams },
  responses: { ...quoteAnswer, 409: errorJson('Not approved'), ...staff },
});
const restoreRoute = createRoute({
  ...route('post', '/quotes/{id}/restore', 'Restore an archived quote to approved', requirePermission('quotes.edit')),
  request: { params: IdParams },
  responses: { ...quoteAnswer, 409: errorJson('Not archived'), ...staff },
});
const featuredSetRoute = createRoute({
  ...route(
    'put',
    '/quotes/{id}/featured',
    'Feature an approved quote in the sign-in carousel (or stop)',
    requirePermission('quotes.edit'),
  ),
  request: { params: IdParams, ...jsonBody(QuoteFeaturedSchema) },
  responses: { ...quoteAnswer, 409: errorJson('Only an approved quote can be featured'), ...staff },
});
const saveRoute = createRoute({
  ...route('put', '/quotes/{id}/save', 'Save an approved quote (idempotent)'),
  request: { params: IdParams },
  responses: { 204: { description: 'Saved' }, 404: quoteAnswer[404], ...signedIn },
});
const unsaveRoute = createRoute({
  ...route('delete', '/quotes/{id}/save', 'Stop saving a quote (idempotent)'),
  request: { params: IdParams },
  responses: { 204: { description: 'Not saved' }, ...signedIn },
});

const db = (c: Context<AppEnv>) => c.get('deps').database.db;
const noStore = (c: Context<AppEnv>) => c.header('Cache-Control', PRIVATE_NO_STORE);

export const quoteRoutes = new OpenAPIHono<AppEnv>()
  .openapi(featuredRoute, async (c) => {
    c.header('Cache-Control', SHORT_PUBLIC_CACHE);
    return c.json(await featuredQuotes(db(c)), 200);
  })
  .openapi(facetsRoute, async (c) => {
    noStore(c);
    return c.json(await quoteFacets(db(c)), 200);
  })
  .openapi(todayRoute, async (c) => {
    noStore(c);
    return c.json(await quoteOfTheDay(db(c), c.get('actor'), c.req.valid('query').tz), 200);
  })
  .openapi(mineRoute, async (c) => {
    noStore(c);
    return c.json(await listMine(db(c), c.get('actor'), c.req.valid('query')), 200);
  })
  .openapi(savedRoute, async (c) => {
    noStore(c);
    return c.json(await listSavedQuotes(db(c), c.get('actor'), c.req.valid('query')), 200);
  })
  .openapi(reviewRoute, async (c) => {
    noStore(c);
    return c.json(await listReview(db(c), c.get('actor'), c.req.valid('query')), 200);
  })
  .openapi(listRoute, async (c) => {
    noStore(c);
    return c.json(await listQuotes(db(c), c.get('actor'), c.req.valid('query')), 200);
  })
  .openapi(getRoute, async (c) => {
    noStore(c);
    return c.json(await getQuote(db(c), c.get('actor'), c.req.valid('param').id), 200);
  })
  .openapi(createQuoteRoute, async (c) => {
    noStore(c);
    return c.json(await createQuote(db(c), c.get('actor'), c.req.valid('json')), 201);
  })
  .openapi(updateRoute, async (c) => {
    noStore(c);
    return c.json(await updateQuote(db(c), c.get('actor'), c.req.valid('param').id, c.req.valid('json')), 200);
  })
  .openapi(deleteRoute, async (c) => {
    await removeQuote(db(c), c.get('actor'), c.req.valid('param').id, requestMetadata(c));
    return c.body(null, 204);
  })
  .openapi(approveRoute, async (c) => {
    noStore(c);
    return c.json(await approveQuote(db(c), c.get('actor'), c.req.valid('param').id, requestMetadata(c)), 200);
  })
  .openapi(returnRoute, async (c) => {
    noStore(c);
    const { note } = c.req.valid('json');
    return c.json(await returnQuote(db(c), c.get('actor'), c.req.valid('param').id, note, requestMetadata(c)), 200);
  })
  .openapi(archiveRoute, async (c) => {
    noStore(c);
    return c.json(await archiveQuote(db(c), c.get('actor'), c.req.valid('param').id, true, requestMetadata(c)), 200);
  })
  .openapi(restoreRoute, async (c) => {
    noStore(c);
    return c.json(await archiveQuote(db(c), c.get('actor'), c.req.valid('param').id, false, requestMetadata(c)), 200);
  })
  .openapi(featuredSetRoute, async (c) => {
    noStore(c);
    const { featured } = c.req.valid('json');
    return c.json(await setFeatured(db(c), c.get('actor'), c.req.valid('param').id, featured, requestMetadata(c)), 200);
  })
  .openapi(saveRoute, async (c) => {
    await saveQuote(db(c), c.get('actor'), c.req.valid('param').id);
    return c.body(null, 204);
  })
  .openapi(unsaveRoute, async (c) => {
    await unsaveQuote(db(c), c.get('actor'), c.req.valid('param').id);
    return c.body(null, 204);
  });
