import { createRoute, OpenAPIHono, z } from '@hono/zod-openapi';
import type { Permission } from '@maktaba/shared/permissions';
import { CopyCreateSchema, CopyListSchema, CopySchema, CopyUpdateSchema } from '@maktaba/shared/schemas/loans';
import type { Context } from 'hono';
import { NO_STORE } from '../../http/cache.js';
import type { AppEnv } from '../../http/context.js';
import { requirePermission } from '../../http/guards.js';
import { errorJson, json, jsonBody } from '../../http/openapi.js';
import { requestMetadata } from '../../http/request-metadata.js';
import * as service from './copies.service.js';

/**
 * A book's physical copies (ADR 0014), for the catalogue editors: each route names its
 * permission from the matrix and the server refuses everyone else.
 */
const Id = z.object({ id: z.uuid().openapi({ param: { name: 'id', in: 'path' } }) });
const refusals = {
  401: errorJson('User not authenticated'),
  403: errorJson('Not allowed for this role'),
  404: errorJson('Not found'),
  422: errorJson('Invalid; details.fieldErrors names each field'),
};
const route = <M extends 'get' | 'post' | 'patch', P extends string>(
  method: M,
  path: P,
  permission: Permission,
  summary: string,
) => ({
  method,
  path,
  tags: ['Copies'],
  summary: `${summary} (${permission})`,
  middleware: requirePermission(permission),
});

const db = (c: Context<AppEnv>) => c.get('deps').database.db;
const editor = (c: Context<AppEnv>): service.Editor => {
  const { mailer, config } = c.get('deps');
  return {
    actor: c.get('actor'),
    request: requestMetadata(c),
    waitingList: { publicUrl: config.publicUrl, wakeMailer: () => void mailer.wake() },
  };
};
/** Availability filters and facets read the counters the copies drive: cached answers are stale. */
const dropCachedSearches = (c: Context<AppEnv>) => c.get('deps').searchIndex.cache.clear();

const listCopies = createRoute({
  ...route(
    'get',
    '/admin/books/{id}/copies',
    'books.edit',
    'A book’s copies in barcode order, each with the active loan holding it',
  ),
  request: { params: Id },
  responses: { 200: json(CopyListSchema, 'Copies'), ...refusals },
});
const addCopies = createRoute({
  ...route(
    'post',
    '/admin/books/{id}/copies',
    'books.edit',
    'Add one copy with a given barcode, or several with barcodes the library assigns',
  ),
  request: { params: Id, ...jsonBody(CopyCreateSchema) },
  responses: {
    201: json(CopyListSchema, 'The copies added'),
    409: errorJson('BARCODE_TAKEN: another copy has this barcode'),
    ...refusals,
  },
});
const updateCopy = createRoute({
  ...route(
    'patch',
    '/admin/copies/{id}',
    'books.edit',
    'Change a copy’s barcode, condition note, or status (available, damaged, lost, withdrawn)',
  ),
  request: { params: Id, ...jsonBody(CopyUpdateSchema) },
  responses: {
    200: json(CopySchema, 'The copy'),
    409: errorJson('BARCODE_TAKEN, or WRONG_STATE when a loan holds the copy'),
    ...refusals,
  },
});

export const copyRoutes = new OpenAPIHono<AppEnv>()
  .openapi(listCopies, async (c) => {
    c.header('Cache-Control', NO_STORE);
    return c.json({ items: await service.listCopies(db(c), c.req.valid('param').id) }, 200);
  })
  .openapi(addCopies, async (c) => {
    const items = await service.addCopies(db(c), editor(c), c.req.valid('param').id, c.req.valid('json'));
    dropCachedSearches(c);
    return c.json({ items }, 201);
  })
  .openapi(updateCopy, async (c) => {
    const copy = await service.updateCopy(db(c), editor(c), c.req.valid('param').id, c.req.valid('json'));
    dropCachedSearches(c);
    return c.json(copy, 200);
  });
