import { createRoute, OpenAPIHono, z } from '@hono/zod-openapi';
import {
  ProfilesBulkResultSchema,
  ProfilesBulkSchema,
  ProfilesListQuerySchema,
  ProfilesListSchema,
} from '@maktaba/shared/schemas/profiles-bulk';
import { PRIVATE_NO_STORE } from '../../http/cache.js';
import type { AppEnv } from '../../http/context.js';
import { requirePermission } from '../../http/guards.js';
import { errorJson, json, jsonBody } from '../../http/openapi.js';
import { requestMetadata } from '../../http/request-metadata.js';
import { CSV_CONTENT_TYPE, csvDisposition } from '../lending-reports/csv.js';
import { bulkUpdateProfiles, listProfiles, PROFILES_CSV_HEADER, profilesCsv } from './profiles-bulk.service.js';

const refusals = {
  401: errorJson('User not authenticated'),
  403: errorJson('Not allowed (admins only)'),
  422: errorJson('Invalid (field errors in details.fieldErrors)'),
};

/** Admins only: librarians may edit single readers, never many at once. */
const guard = requirePermission('admin.access');

const listRoute = createRoute({
  method: 'get',
  path: '/admin/profiles',
  tags: ['Users'],
  summary:
    'Profiles editor: accounts by role, status, country, incomplete address, creation date and inactivity, with the exact total; `format=csv` gives every match as CSV',
  middleware: guard,
  request: { query: ProfilesListQuerySchema },
  responses: {
    200: {
      description: 'A page of accounts, or all of them as CSV',
      content: {
        'application/json': { schema: ProfilesListSchema },
        [CSV_CONTENT_TYPE]: {
          schema: z.string().openapi({ example: `\uFEFF${PROFILES_CSV_HEADER.join(',')}\r\n` }),
        },
      },
    },
    ...refusals,
  },
});

const bulkRoute = createRoute({
  method: 'post',
  path: '/admin/profiles/bulk',
  tags: ['Users'],
  summary:
    'Change the borrowing limit or status of 1–500 accounts by id, or of every account a filter selects (at most 5,000); audited per account; yourself and the last admin are skipped',
  middleware: guard,
  request: jsonBody(ProfilesBulkSchema),
  responses: { 200: json(ProfilesBulkResultSchema, 'How many changed, and who was skipped and why'), ...refusals },
});

export const profilesBulkRoutes = new OpenAPIHono<AppEnv>()
  .openapi(listRoute, async (c) => {
    const query = c.req.valid('query');
    const db = c.get('deps').database.db;
    c.header('Cache-Control', PRIVATE_NO_STORE);
    if (query.format === 'csv') {
      const now = new Date();
      return c.body(await profilesCsv(db, query, now), 200, {
        'Content-Type': CSV_CONTENT_TYPE,
        'Content-Disposition': csvDisposition('profiles', now),
        'X-Content-Type-Options': 'nosniff',
      });
    }
    return c.json(await listProfiles(db, query), 200);
  })
  .openapi(bulkRoute, async (c) =>
    c.json(
      await bulkUpdateProfiles(c.get('deps').database.db, c.get('actor'), c.req.valid('json'), requestMetadata(c)),
      200,
    ),
  );
