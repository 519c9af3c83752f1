import { createRoute, OpenAPIHono, z } from '@hono/zod-openapi';
import { IMPORT_LIMITS } from '@maktaba/shared/schemas/catalogue-import';
import {
  QuoteImportJobListSchema,
  QuoteImportJobSchema,
  QuoteImportOptionsSchema,
} from '@maktaba/shared/schemas/quotes';
import { bodyLimit } from 'hono/body-limit';
import { AppError } from '../../errors.js';
import type { AppEnv } from '../../http/context.js';
import { requirePermission } from '../../http/guards.js';
import { errorJson, json } from '../../http/openapi.js';
import { requestMetadata } from '../../http/request-metadata.js';
import { getQuoteImport, listQuoteImports, startQuoteImport } from './quotes-import.service.js';

/** The upload is larger than the JSON body limit (app.ts leaves it to this route, as for the catalogue import). */
export const QUOTE_IMPORT_UPLOAD_PATH = '/api/admin/quote-imports';

const uploadLimit = bodyLimit({
  maxSize: IMPORT_LIMITS.fileBytesMax,
  onError: () => {
    throw new AppError('PAYLOAD_TOO_LARGE', `The file exceeds ${IMPORT_LIMITS.fileBytesMax} bytes.`);
  },
});

const UploadSchema = QuoteImportOptionsSchema.extend({
  file: z.instanceof(File, { message: 'import.errors.fileRequired' }).openapi({
    type: 'string',
    format: 'binary',
    description: 'JSON Lines (.jsonl): id, quote, arabicQuote, author, source',
  }),
});

const Params = z.object({ id: z.uuid().openapi({ param: { name: 'id', in: 'path' } }) });
const refusals = { 401: errorJson('User not authenticated'), 403: errorJson('Needs quotes.edit') };

const startRoute = createRoute({
  method: 'post',
  path: '/admin/quote-imports',
  tags: ['Quotes'],
  summary: 'Start a quotes import (JSON Lines); it runs in the background',
  middleware: [requirePermission('quotes.edit'), uploadLimit] as const,
  request: { body: { content: { 'multipart/form-data': { schema: UploadSchema } }, required: true } },
  responses: {
    202: json(z.object({ id: z.uuid() }), 'Started: poll GET /api/admin/quote-imports/{id}'),
    409: errorJson('An import is already running'),
    413: errorJson('The file is too large'),
    422: errorJson('Invalid form'),
    ...refusals,
  },
});
const getRoute = createRoute({
  method: 'get',
  path: '/admin/quote-imports/{id}',
  tags: ['Quotes'],
  summary: 'Progress and result of a quotes import (its creator or an admin)',
  middleware: requirePermission('quotes.edit'),
  request: { params: Params },
  responses: { 200: json(QuoteImportJobSchema, 'The import'), 404: errorJson('No such import'), ...refusals },
});
const listRoute = createRoute({
  method: 'get',
  path: '/admin/quote-imports',
  tags: ['Quotes'],
  summary: 'Recent quotes imports (all for an admin, your own otherwise)',
  middleware: requirePermission('quotes.edit'),
  responses: { 200: json(QuoteImportJobListSchema, 'Recent imports'), ...refusals },
});

export const quoteImportRoutes = new OpenAPIHono<AppEnv>()
  .openapi(startRoute, async (c) => {
    const { file, status } = c.req.valid('form');
    return c.json(
      await startQuoteImport(c.get('deps'), c.get('actor'), file, { status, clientIp: requestMetadata(c).clientIp }),
      202,
    );
  })
  .openapi(getRoute, async (c) =>
    c.json(await getQuoteImport(c.get('deps').database, c.get('actor'), c.req.valid('param').id), 200),
  )
  .openapi(listRoute, async (c) => c.json(await listQuoteImports(c.get('deps').database, c.get('actor')), 200));
