import { createRoute, OpenAPIHono, z } from '@hono/zod-openapi';
import {
  ChangePasswordSchema,
  ForgotPasswordSchema,
  ResetPasswordSchema,
  ResetTokenCheckResponseSchema,
  ResetTokenCheckSchema,
} from '@maktaba/shared/schemas/auth';
import type { Context } from 'hono';
import { NO_STORE } from '../../http/cache.js';
import type { AppEnv } from '../../http/context.js';
import { requireActor } from '../../http/guards.js';
import { errorJson, json, jsonBody } from '../../http/openapi.js';
import { requestMetadata } from '../../http/request-metadata.js';
import {
  changePassword,
  checkResetToken,
  type PasswordServiceDeps,
  requestPasswordReset,
  resetPassword,
} from './password.service.js';

const OkSchema = z.object({ ok: z.literal(true) });
const ok = { ok: true } as const;

const invalidPassword = errorJson('Validation failed; details.fieldErrors holds message keys per field');

const forgotRoute = createRoute({
  method: 'post',
  path: '/auth/forgot-password',
  tags: ['Auth'],
  summary: 'forgot-password: e-mail a reset link (same answer and time whether or not the account exists)',
  request: jsonBody(ForgotPasswordSchema),
  responses: {
    202: json(OkSchema, 'Accepted; a link is sent if the account exists and has not had too many'),
    422: errorJson('Not a valid e-mail address'),
    429: errorJson('Too many requests from this address'),
  },
});

const checkRoute = createRoute({
  method: 'post',
  path: '/auth/reset-password/check',
  tags: ['Auth'],
  summary: 'Whether a reset link can still be used (does not use it)',
  request: jsonBody(ResetTokenCheckSchema),
  responses: { 200: json(ResetTokenCheckResponseSchema, 'Validity'), 422: errorJson('Malformed token') },
});

const resetRoute = createRoute({
  method: 'post',
  path: '/auth/reset-password',
  tags: ['Auth'],
  summary: 'Set a new password with a reset link (single use); ends every session of the user',
  request: jsonBody(ResetPasswordSchema),
  responses: {
    200: json(OkSchema, 'Password updated; sign in with it'),
    400: errorJson('The password reset link is invalid or has expired.'),
    422: invalidPassword,
  },
});

const changeRoute = createRoute({
  method: 'post',
  path: '/auth/change-password',
  tags: ['Auth'],
  summary: 'Change your password (the current one first); ends your other sessions',
  middleware: requireActor(),
  request: jsonBody(ChangePasswordSchema),
  responses: {
    200: json(OkSchema, 'Password updated; this session stays signed in'),
    400: errorJson('Current password is incorrect'),
    401: errorJson('User not authenticated'),
    422: invalidPassword,
    429: errorJson('Too many wrong current passwords; try again later'),
  },
});

function passwordDeps(c: Context<AppEnv>): PasswordServiceDeps {
  const { database, mailer, config } = c.get('deps');
  return { db: database.db, auth: c.get('auth'), mailer, publicUrl: config.publicUrl };
}

export const passwordRoutes = new OpenAPIHono<AppEnv>()
  .openapi(forgotRoute, async (c) => {
    await requestPasswordReset(passwordDeps(c), c.req.valid('json'), requestMetadata(c));
    return c.json(ok, 202);
  })
  .openapi(checkRoute, async (c) => {
    c.header('Cache-Control', NO_STORE);
    return c.json({ valid: await checkResetToken(c.get('deps').database.db, c.req.valid('json').token) }, 200);
  })
  .openapi(resetRoute, async (c) => {
    await resetPassword(passwordDeps(c), c.req.valid('json'), requestMetadata(c));
    return c.json(ok, 200);
  })
  .openapi(changeRoute, async (c) => {
    await changePassword(passwordDeps(c), c.get('actor'), c.req.valid('json'), requestMetadata(c));
    return c.json(ok, 200);
  });
