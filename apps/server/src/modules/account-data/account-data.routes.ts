import { createRoute, OpenAPIHono, z } from '@hono/zod-openapi';
import {
  DELETE_RATE_LIMIT,
  DeleteAccountSchema,
  DeletionRequirementsSchema,
  EXPORT_RATE_LIMIT,
} from '@maktaba/shared/schemas/account-data';
import type { Context } from 'hono';
import { AppError } from '../../errors.js';
import { NO_STORE, PRIVATE_NO_STORE } from '../../http/cache.js';
import type { AppEnv } from '../../http/context.js';
import { requireActor } from '../../http/guards.js';
import { errorJson, json, jsonBody } from '../../http/openapi.js';
import { consumeRateLimit } from '../../http/rate-limit.js';
import { requestMetadata } from '../../http/request-metadata.js';
import { clearSessionCookie } from '../auth/session.js';
import { exportFileName, exportStream } from './account-data.export.js';
import { type AccountDataDeps, deleteOwnAccount, deletionRequirements } from './account-data.service.js';

const route = <M extends 'get' | 'post', P extends string>(method: M, path: P, summary: string) => ({
  method,
  path,
  tags: ['Profiles'],
  summary,
  middleware: requireActor(),
});

const exportRoute = createRoute({
  ...route('get', '/profiles/me/export', 'Everything the library holds about you, as one JSON file (3 an hour)'),
  responses: {
    200: {
      description: 'The file, streamed (Content-Disposition: attachment)',
      content: { 'application/json': { schema: z.record(z.string(), z.unknown()) } },
    },
    401: errorJson('User not authenticated'),
    429: errorJson('Too many exports: try again later (Retry-After)'),
  },
});
const requirementsRoute = createRoute({
  ...route('get', '/profiles/me/deletion', 'What deleting your account asks for: the password, or a recent sign-in'),
  responses: { 200: json(DeletionRequirementsSchema, 'Requirements'), 401: errorJson('User not authenticated') },
});
const deleteRoute = createRoute({
  ...route(
    'post',
    '/profiles/me/delete',
    'Delete your own account (typed e-mail address and password), then signed out',
  ),
  request: jsonBody(DeleteAccountSchema),
  responses: {
    204: { description: 'Deleted and signed out' },
    400: errorJson('Wrong password (CURRENT_PASSWORD_INCORRECT)'),
    401: errorJson('User not authenticated'),
    403: errorJson('No password and no recent sign-in (RECENT_SIGN_IN_REQUIRED)'),
    409: errorJson('A book is still with you (BOOKS_WITH_READER, details.books), or the last admin (LAST_ADMIN)'),
    422: errorJson('The typed confirmation is not your e-mail address (CONFIRMATION_MISMATCH)'),
    429: errorJson('Too many attempts'),
  },
});

function deps(c: Context<AppEnv>): AccountDataDeps {
  const { database, mailer, config } = c.get('deps');
  return { db: database.db, auth: c.get('auth'), mailer, publicUrl: config.publicUrl };
}

/** One count against a per-account limit; RATE_LIMITED (with Retry-After) past it. */
async function limit(c: Context<AppEnv>, name: string, rule: { limit: number; windowMs: number }) {
  const result = await consumeRateLimit(c.get('deps').database.db, { name, ...rule }, c.get('actor').id);
  if (!result.allowed) {
    c.header('Retry-After', String(result.retryAfterSeconds));
    throw new AppError('RATE_LIMITED');
  }
}

export const accountDataRoutes = new OpenAPIHono<AppEnv>()
  .openapi(exportRoute, async (c) => {
    await limit(c, 'export:user', EXPORT_RATE_LIMIT);
    const actor = c.get('actor');
    const now = new Date();
    c.header('Content-Type', 'application/json; charset=utf-8');
    c.header('Content-Disposition', `attachment; filename="${exportFileName(now)}"`);
    c.header('Cache-Control', PRIVATE_NO_STORE);
    c.header('X-Content-Type-Options', 'nosniff');
    // A stream, not the object the document describes: typed as the notifications stream is.
    return c.body(exportStream(c.get('deps').database.db, { id: actor.id, email: actor.email }, now), 200) as never;
  })
  .openapi(requirementsRoute, async (c) => {
    c.header('Cache-Control', NO_STORE);
    return c.json(await deletionRequirements(deps(c), c.get('actor')), 200);
  })
  .openapi(deleteRoute, async (c) => {
    await limit(c, 'delete-account:user', DELETE_RATE_LIMIT);
    await deleteOwnAccount(deps(c), c.get('actor'), c.req.valid('json'), requestMetadata(c));
    await clearSessionCookie(c);
    return c.body(null, 204);
  });
