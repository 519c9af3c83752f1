import { createRoute, OpenAPIHono, z } from '@hono/zod-openapi';
import {
  ChangeEmailSchema,
  EmailStatusSchema,
  ResendVerificationSchema,
  VerifyEmailResponseSchema,
  VerifyEmailSchema,
} from '@maktaba/shared/schemas/email-verification';
import type { Context } from 'hono';
import { NO_STORE } from '../../http/cache.js';
import type { AppEnv } from '../../http/context.js';
import { requireActor, requirePermission } from '../../http/guards.js';
import { errorJson, json, jsonBody } from '../../http/openapi.js';
import { enforceRateLimits, type RateLimit } from '../../http/rate-limit.js';
import { requestMetadata } from '../../http/request-metadata.js';
import {
  adminVerifyEmail,
  cancelEmailChange,
  type EmailVerificationDeps,
  emailStatus,
  openEmailLink,
  requestEmailChange,
  resendVerification,
} from './email-verification.service.js';

/** Opening links needs no session: limited by address, far above what a person needs. */
export const VERIFY_LINK_LIMITS = {
  byIp: { name: 'verify-email:ip', limit: 30, windowMs: 10 * 60_000 },
} as const satisfies { byIp: RateLimit };

const signedIn = { 401: errorJson('User not authenticated'), 403: errorJson('The account is not active') };

const verifyRoute = createRoute({
  method: 'post',
  path: '/auth/verify-email',
  tags: ['Auth'],
  summary: 'Open an e-mail link: verify the address, or switch the account to the new one (single use, 24 h)',
  request: jsonBody(VerifyEmailSchema),
  responses: {
    200: json(VerifyEmailResponseSchema, 'Done'),
    400: errorJson("Unknown, used or expired link (details.reason: 'invalid' or 'expired')"),
    409: errorJson('The new address was taken by another account meanwhile'),
    422: errorJson('Malformed token'),
    429: errorJson('Too many attempts'),
  },
});

const resendRoute = createRoute({
  method: 'post',
  path: '/auth/verify-email/resend',
  tags: ['Auth'],
  summary: 'Send the verification link again (once a minute, 5 a day per account and per address)',
  middleware: requireActor(),
  request: { body: { content: { 'application/json': { schema: ResendVerificationSchema } }, required: false } },
  responses: {
    202: json(z.object({ sent: z.boolean() }), 'Sent (false when the address is already verified)'),
    422: errorJson('Invalid body'),
    429: errorJson('Too many links asked for; try again later'),
    ...signedIn,
  },
});

const statusRoute = createRoute({
  method: 'get',
  path: '/auth/email',
  tags: ['Auth'],
  summary: "The account's e-mail, whether it is verified, and a change waiting for confirmation",
  middleware: requireActor(),
  responses: { 200: json(EmailStatusSchema, 'E-mail status'), ...signedIn },
});

const changeRoute = createRoute({
  method: 'post',
  path: '/auth/email/change',
  tags: ['Auth'],
  summary:
    'Ask to change the e-mail: a link to the new address, a notice to the old one; the old stays until the link is opened',
  middleware: requireActor(),
  request: jsonBody(ChangeEmailSchema),
  responses: {
    202: json(EmailStatusSchema, 'Link sent; the change is pending'),
    400: errorJson('Current password is incorrect'),
    409: errorJson('This email is already registered'),
    422: errorJson('Validation failed; details.fieldErrors holds message keys per field'),
    429: errorJson('Too many requests; try again later'),
    401: signedIn[401],
    403: errorJson('A Google-only account must have signed in within 10 minutes (or the account is not active)'),
  },
});

const cancelRoute = createRoute({
  method: 'delete',
  path: '/auth/email/change',
  tags: ['Auth'],
  summary: 'Cancel a pending e-mail change (its link stops working)',
  middleware: requireActor(),
  responses: { 200: json(EmailStatusSchema, 'E-mail status'), ...signedIn },
});

const Params = z.object({
  id: z.uuid().openapi({ param: { name: 'id', in: 'path' }, example: '00000000-0000-4000-8000-000000000000' }),
});

const adminVerifyRoute = createRoute({
  method: 'post',
  path: '/admin/users/{id}/verify-email',
  tags: ['Users'],
  summary: "Mark a user's e-mail as verified (an admin who knows the person); audited",
  middleware: requirePermission('users.edit'),
  request: { params: Params },
  responses: {
    200: json(z.object({ verified: z.literal(true) }), 'Verified'),
    404: errorJson('No such user'),
    ...signedIn,
  },
});

function deps(c: Context<AppEnv>): EmailVerificationDeps {
  const { database, mailer, config } = c.get('deps');
  return { db: database.db, auth: c.get('auth'), mailer, publicUrl: config.publicUrl };
}

export const emailVerificationRoutes = new OpenAPIHono<AppEnv>()
  .openapi(verifyRoute, async (c) => {
    await enforceRateLimits(c, VERIFY_LINK_LIMITS, null);
    return c.json(await openEmailLink(deps(c), c.req.valid('json').token, requestMetadata(c)), 200);
  })
  .openapi(resendRoute, async (c) => {
    const body = c.req.valid('json') ?? {};
    return c.json(await resendVerification(deps(c), c.get('actor'), body, requestMetadata(c)), 202);
  })
  .openapi(statusRoute, async (c) => {
    c.header('Cache-Control', NO_STORE);
    return c.json(await emailStatus(deps(c).db, c.get('actor')), 200);
  })
  .openapi(changeRoute, async (c) =>
    c.json(await requestEmailChange(deps(c), c.get('actor'), c.req.valid('json'), requestMetadata(c)), 202),
  )
  .openapi(cancelRoute, async (c) => c.json(await cancelEmailChange(deps(c).db, c.get('actor')), 200))
  .openapi(adminVerifyRoute, async (c) =>
    c.json(await adminVerifyEmail(deps(c).db, c.get('actor'), c.req.valid('param').id, requestMetadata(c)), 200),
  );
