import { createRoute, OpenAPIHono, z } from '@hono/zod-openapi';
import {
  ChangePasswordSchema,
  ForgotPasswordSchema,
  ResetPasswordSchema,
  ResetTokenCheckResponseSchema,
  ResetTokenCheckSchema,
} from '@maktaba/shared/schemas/auth';
import { ErrorBodySchema } from '@maktaba/shared/schemas/health';
import type { AppEnv } from '../../http/context.js';
import { changePassword, checkResetToken, requestPasswordReset, resetPassword } from './password.service.js';
import { requireActor } from './session.js';

const OkSchema = z.object({ ok: z.literal(true) });
const ok = { ok: true } as const;

const answer = <T extends z.ZodType>(schema: T, description: string) => ({
  description,
  content: { 'application/json': { schema } },
});
const refusal = (description: string) => answer(ErrorBodySchema, description);
const jsonBody = <T extends z.ZodType>(schema: T) => ({
  body: { content: { 'application/json': { schema } }, required: true },
});
const invalidPassword = refusal('Validation failed; details.fieldErrors holds message keys per field');

const forgotRoute = createRoute({
  method: 'post',
  path: '/auth/forgot-password',
  tags: ['Auth'],
  summary: 'forgot-password: e-mail a reset link (same answer and time whether or not the account exists)',
  request: jsonBody(ForgotPasswordSchema),
  responses: {
    202: answer(OkSchema, 'Accepted; a link is sent if the account exists and has not had too many'),
    422: refusal('Not a valid e-mail address'),
    429: refusal('Too many requests from this address'),
  },
});

const checkRoute = createRoute({
  method: 'post',
  path: '/auth/reset-password/check',
  tags: ['Auth'],
  summary: 'Whether a reset link can still be used (does not use it)',
  request: jsonBody(ResetTokenCheckSchema),
  responses: { 200: answer(ResetTokenCheckResponseSchema, 'Validity'), 422: refusal('Malformed token') },
});

const resetRoute = createRoute({
  method: 'post',
  path: '/auth/reset-password',
  tags: ['Auth'],
  summary: 'Set a new password with a reset link (single use); ends every session of the user',
  request: jsonBody(ResetPasswordSchema),
  responses: {
    200: answer(OkSchema, 'Password updated; sign in with it'),
    400: refusal('The password reset link is invalid or has expired.'),
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
    200: answer(OkSchema, 'Password updated; this session stays signed in'),
    400: refusal('Current password is incorrect'),
    401: refusal('User not authenticated'),
    422: invalidPassword,
    429: refusal('Too many wrong current passwords; try again later'),
  },
});

export const passwordRoutes = new OpenAPIHono<AppEnv>()
  .openapi(forgotRoute, async (c) => {
    await requestPasswordReset(c, c.req.valid('json'));
    return c.json(ok, 202);
  })
  .openapi(checkRoute, async (c) => {
    c.header('Cache-Control', 'no-store');
    return c.json({ valid: await checkResetToken(c, c.req.valid('json').token) }, 200);
  })
  .openapi(resetRoute, async (c) => {
    await resetPassword(c, c.req.valid('json'));
    return c.json(ok, 200);
  })
  .openapi(changeRoute, async (c) => {
    await changePassword(c, c.req.valid('json'));
    return c.json(ok, 200);
  });
