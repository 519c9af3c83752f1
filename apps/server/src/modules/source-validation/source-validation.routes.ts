import { createRoute, OpenAPIHono, z } from '@hono/zod-openapi';
import {
  FindingsPageSchema,
  FindingsQuerySchema,
  LatestRunSchema,
  MergeBooksBodySchema,
  MergeResultSchema,
  SOURCE_VALIDATION_LIMITS,
  ValidationRunSchema,
} from '@maktaba/shared/schemas/source-validation';
import type { Context } from 'hono';
import { AppError } from '../../errors.js';
import { PRIVATE_NO_STORE } from '../../http/cache.js';
import type { AppEnv } from '../../http/context.js';
import { requirePermission } from '../../http/guards.js';
import { errorJson, json, jsonBody } from '../../http/openapi.js';
import { consumeRateLimit, type RateLimit } from '../../http/rate-limit.js';
import { requestMetadata } from '../../http/request-metadata.js';
import { CSV_CONTENT_TYPE, csvDisposition } from '../lending-reports/csv.js';
import { discardImageOf } from '../storage/uploads.service.js';
import { mergeBooks } from './merge-books.js';
import { findingsCsv, findingsPage, latestRun, startRun, type Who } from './source-validation.service.js';

/**
 * The catalogue's source validation (admins only): start a run in the background, read the latest
 * run's progress and findings (JSON or CSV), and merge a probable duplicate into the older book.
 */
const PERMISSION = 'admin.access';
const refusals = {
  401: errorJson('User not authenticated'),
  403: errorJson('Not allowed (administrators only)'),
};
const RunId = z.object({ id: z.uuid().openapi({ param: { name: 'id', in: 'path' } }) });
const KeepId = z.object({ keepId: z.uuid().openapi({ param: { name: 'keepId', in: 'path' } }) });

const RUN_LIMIT: RateLimit = {
  name: 'source-validation:run',
  limit: SOURCE_VALIDATION_LIMITS.runsPerWindow,
  windowMs: SOURCE_VALIDATION_LIMITS.runWindowMs,
};
const MERGE_LIMIT: RateLimit = {
  name: 'source-validation:merge',
  limit: SOURCE_VALIDATION_LIMITS.mergesPerWindow,
  windowMs: SOURCE_VALIDATION_LIMITS.mergeWindowMs,
};

const startRoute = createRoute({
  method: 'post',
  path: '/admin/source-validation/runs',
  tags: ['Source validation'],
  summary:
    'Start a validation run of the books, authors and categories in the background (one at a time; a run silent for two minutes counts as dead)',
  middleware: requirePermission(PERMISSION),
  responses: {
    202: json(ValidationRunSchema, 'Started: the run, with its progress'),
    409: errorJson('A run is under way (VALIDATION_RUN_ACTIVE)'),
    429: errorJson('Too many runs started (RATE_LIMITED, Retry-After)'),
    ...refusals,
  },
});

const latestRoute = createRoute({
  method: 'get',
  path: '/admin/source-validation/runs/latest',
  tags: ['Source validation'],
  summary: 'The latest run with its progress and its findings per kind (null before the first run)',
  middleware: requirePermission(PERMISSION),
  responses: { 200: json(LatestRunSchema, 'The latest run'), ...refusals },
});

const findingsRoute = createRoute({
  method: 'get',
  path: '/admin/source-validation/runs/{id}/findings',
  tags: ['Source validation'],
  summary:
    'A run’s findings by kind, a page at a time, with the records they are about as they are now; every finding as a CSV file with `?format=csv`',
  middleware: requirePermission(PERMISSION),
  request: { params: RunId, query: FindingsQuerySchema },
  responses: {
    200: {
      description: 'A page of findings (or the CSV file)',
      content: {
        'application/json': { schema: FindingsPageSchema },
        [CSV_CONTENT_TYPE]: {
          schema: z.string().openapi({
            example:
              '\uFEFFkind,target_type,target_id,title_en,title_ar,authors_en,authors_ar,related_id,related_title_en,related_title_ar,details\r\n',
          }),
        },
      },
    },
    404: errorJson('No such run'),
    422: errorJson('Invalid query'),
    ...refusals,
  },
});

const mergeRoute = createRoute({
  method: 'post',
  path: '/admin/books/{keepId}/merge',
  tags: ['Source validation'],
  summary:
    'Merge a duplicate book into this one in one transaction (copies, loans, bookmarks, waiting lists, views and links move; the duplicate is deleted)',
  middleware: requirePermission(PERMISSION),
  request: { params: KeepId, ...jsonBody(MergeBooksBodySchema) },
  responses: {
    200: json(MergeResultSchema, 'Merged: what moved and which empty fields were filled'),
    404: errorJson('Either book does not exist'),
    409: errorJson('A reader has an active loan of both books (MERGE_LOAN_CONFLICT)'),
    422: errorJson('The same book twice (MERGE_SAME_BOOK), or an invalid body'),
    429: errorJson('Too many merges (RATE_LIMITED)'),
    ...refusals,
  },
});

const deps = (c: Context<AppEnv>) => c.get('deps');
const who = (c: Context<AppEnv>): Who => ({ actor: c.get('actor'), request: requestMetadata(c) });

async function limitUser(c: Context<AppEnv>, limit: RateLimit): Promise<void> {
  const result = await consumeRateLimit(deps(c).database.db, limit, c.get('actor').id);
  if (!result.allowed) {
    c.header('Retry-After', String(result.retryAfterSeconds));
    throw new AppError('RATE_LIMITED', undefined, { details: { retry_after: result.retryAfterSeconds } });
  }
}

export const sourceValidationRoutes = new OpenAPIHono<AppEnv>()
  .openapi(startRoute, async (c) => {
    await limitUser(c, RUN_LIMIT);
    const { database, logger, isShuttingDown } = deps(c);
    const run = await startRun({ db: database.db, logger, isShuttingDown }, who(c));
    c.header('Cache-Control', PRIVATE_NO_STORE);
    return c.json(run, 202);
  })
  .openapi(latestRoute, async (c) => {
    c.header('Cache-Control', PRIVATE_NO_STORE);
    return c.json({ run: await latestRun(deps(c).database.db) }, 200);
  })
  .openapi(findingsRoute, async (c) => {
    const { id } = c.req.valid('param');
    const query = c.req.valid('query');
    const db = deps(c).database.db;
    c.header('Cache-Control', PRIVATE_NO_STORE);
    if (query.format === 'csv') {
      return c.body(await findingsCsv(db, id, query.kind), 200, {
        'Content-Type': CSV_CONTENT_TYPE,
        'Content-Disposition': csvDisposition('source-validation', new Date()),
        'X-Content-Type-Options': 'nosniff',
      });
    }
    return c.json(await findingsPage(db, id, query), 200);
  })
  .openapi(mergeRoute, async (c) => {
    const { keepId } = c.req.valid('param');
    const body = c.req.valid('json');
    if (keepId === body.duplicate_id) throw new AppError('MERGE_SAME_BOOK');
    await limitUser(c, MERGE_LIMIT);
    const { result, leftCover } = await mergeBooks(deps(c).database.db, who(c), keepId, body.duplicate_id);
    await discardImageOf(deps(c), 'book-cover', body.duplicate_id, leftCover);
    const { searchIndex } = deps(c);
    await searchIndex.refresh();
    searchIndex.cache.clear();
    searchIndex.wordsChanged();
    return c.json(result, 200);
  });
