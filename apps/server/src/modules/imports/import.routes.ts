import { createRoute, OpenAPIHono, z } from '@hono/zod-openapi';
import {
  IMPORT_LIMITS,
  ImportJobListSchema,
  ImportJobSchema,
  ImportOptionsSchema,
} from '@maktaba/shared/schemas/catalogue-import';
import { bodyLimit } from 'hono/body-limit';
import { AppError } from '../../errors.js';
import type { AppEnv } from '../../http/context.js';
import { requirePermission } from '../../http/guards.js';
import { errorJson, json } from '../../http/openapi.js';
import { requestMetadata } from '../../http/request-metadata.js';
import { getImport, listImports, startImport } from './import-jobs.service.js';

/** The upload is the one API request larger than the JSON body limit (app.ts leaves it to this route). */
export const IMPORT_UPLOAD_PATH = '/api/admin/imports';

const uploadLimit = bodyLimit({
  maxSize: IMPORT_LIMITS.fileBytesMax,
  onError: () => {
    throw new AppError('PAYLOAD_TOO_LARGE', `The file exceeds ${IMPORT_LIMITS.fileBytesMax} bytes.`);
  },
});

const UploadSchema = ImportOptionsSchema.extend({
  file: z
    .instanceof(File, { message: 'import.errors.fileRequired' })
    .openapi({ type: 'string', format: 'binary', description: 'JSON Lines (.jsonl) or CSV (.csv), UTF-8' }),
});

const Params = z.object({ id: z.uuid().openapi({ param: { name: 'id', in: 'path' } }) });
const refusals = {
  401: errorJson('User not authenticated'),
  403: errorJson('Needs books.create (and books.approve to import as approved)'),
};

const startRoute = createRoute({
  method: 'post',
  path: '/admin/imports',
  tags: ['Imports'],
  summary: 'Start a catalogue import (JSON Lines or CSV); it runs in the background',
  middleware: [requirePermission('books.create'), uploadLimit] as const,
  request: { body: { content: { 'multipart/form-data': { schema: UploadSchema } }, required: true } },
  responses: {
    202: json(z.object({ id: z.uuid() }), 'Started: poll GET /api/admin/imports/{id}'),
    409: errorJson('An import is already running'),
    413: errorJson('The file is too large'),
    422: errorJson('Invalid form'),
    ...refusals,
  },
});
const getRoute = createRoute({
  method: 'get',
  path: '/admin/imports/{id}',
  tags: ['Imports'],
  summary: 'Progress and result of an import (its creator or an admin)',
  middleware: requirePermission('books.create'),
  request: { params: Params },
  responses: { 200: json(ImportJobSchema, 'The import'), 404: errorJson('No such import'), ...refusals },
});
const listRoute = createRoute({
  method: 'get',
  path: '/admin/imports',
  tags: ['Imports'],
  summary: 'Recent imports (all for an admin, your own otherwise)',
  middleware: requirePermission('books.create'),
  responses: { 200: json(ImportJobListSchema, 'Recent imports'), ...refusals },
});

export const importRoutes = new OpenAPIHono<AppEnv>()
  .openapi(startRoute, async (c) => {
    const { file, status, batch_size } = c.req.valid('form');
    const job = await startImport(c.get('deps'), c.get('actor'), file, {
      status,
      batchSize: batch_size,
      clientIp: requestMetadata(c).clientIp,
    });
    return c.json(job, 202);
  })
  .openapi(getRoute, async (c) =>
    c.json(await getImport(c.get('deps').database, c.get('actor'), c.req.valid('param').id), 200),
  )
  .openapi(listRoute, async (c) => c.json(await listImports(c.get('deps').database, c.get('actor')), 200));
