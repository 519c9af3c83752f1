import { createRoute, OpenAPIHono, z } from '@hono/zod-openapi';
import type { Permission } from '@maktaba/shared/permissions';
import { UserDetailSchema } from '@maktaba/shared/schemas/admin-users';
import {
  REGISTRATION_LIMITS,
  RegistrationCheckQuerySchema,
  RegistrationOverviewQuerySchema,
  RegistrationOverviewSchema,
  RegistrationTestResultSchema,
  ReminderResultSchema,
  StuckListSchema,
  StuckQuerySchema,
} from '@maktaba/shared/schemas/registration-admin';
import type { Context } from 'hono';
import type { AppEnv } from '../../http/context.js';
import { requireAnyPermission } from '../../http/guards.js';
import { errorJson, json } from '../../http/openapi.js';
import { enforceRateLimits, type RateLimit } from '../../http/rate-limit.js';
import { requestMetadata } from '../../http/request-metadata.js';
import { authHeaders } from '../auth/session.js';
import { createRegistrationAdminService } from './registration-admin.service.js';

/** Reading the figures is for admins (admin.logs); acting (reminders, test runs) needs admin.system_settings. */
const READ: Permission[] = ['admin.logs'];
const ACT: Permission[] = ['admin.system_settings'];

const TEST_RUN_LIMITS: { byIp: RateLimit; byUser: RateLimit } = {
  byIp: { name: 'registration-test:ip', limit: REGISTRATION_LIMITS.testRunsPerHour * 3, windowMs: 3_600_000 },
  byUser: { name: 'registration-test:user', limit: REGISTRATION_LIMITS.testRunsPerHour, windowMs: 3_600_000 },
};

const refusals = {
  401: errorJson('User not authenticated'),
  403: errorJson('Not allowed (or an account that is not active)'),
};
const invalid = { 422: errorJson('Invalid (field errors in details.fieldErrors)') };
const Params = z.object({
  userId: z.uuid().openapi({ param: { name: 'userId', in: 'path' }, example: '00000000-0000-4000-8000-000000000000' }),
});

const route = <M extends 'get' | 'post', P extends string>(
  method: M,
  path: P,
  summary: string,
  permissions: Permission[],
) => ({ method, path, tags: ['Registration admin'], summary, middleware: requireAnyPermission(...permissions) });

const overviewRoute = createRoute({
  ...route(
    'get',
    '/admin/registrations/overview',
    'Sign-ups per UTC day with completed address steps, completion times, disposable refusals, setup problems',
    READ,
  ),
  request: { query: RegistrationOverviewQuerySchema },
  responses: { 200: json(RegistrationOverviewSchema, 'The figures of the period'), ...invalid, ...refusals },
});
const stuckRoute = createRoute({
  ...route('get', '/admin/registrations/stuck', 'Accounts without a completed address step, paged', READ),
  request: { query: StuckQuerySchema },
  responses: { 200: json(StuckListSchema, 'A page of accounts'), ...invalid, ...refusals },
});
const remindRoute = createRoute({
  ...route(
    'post',
    '/admin/registrations/stuck/{userId}/remind',
    'E-mail the reader a reminder to add the shipping address (once per 24 hours); audited',
    ACT,
  ),
  request: { params: Params },
  responses: {
    200: json(ReminderResultSchema, 'Queued'),
    404: errorJson('No such account'),
    409: errorJson('Registration already completed'),
    429: errorJson('REMINDER_TOO_SOON'),
    ...refusals,
  },
});
const testRoute = createRoute({
  ...route(
    'post',
    '/admin/registration-tests',
    'Run the registration pipeline as a synthetic reader, then remove every trace of it; audited, 10 an hour',
    ACT,
  ),
  responses: {
    200: json(RegistrationTestResultSchema, 'Each step with its result and time'),
    429: errorJson('RATE_LIMITED'),
    ...refusals,
  },
});
const checkRoute = createRoute({
  ...route('get', '/admin/registrations/check', 'The setup check of a real account, by e-mail', READ),
  request: { query: RegistrationCheckQuerySchema },
  responses: {
    200: json(UserDetailSchema, 'The account with its setup problems'),
    404: errorJson('No account with this e-mail'),
    ...invalid,
    ...refusals,
  },
});

function service(c: Context<AppEnv>) {
  const { database, mailer, config } = c.get('deps');
  return createRegistrationAdminService({ db: database.db, auth: c.get('auth'), mailer, publicUrl: config.publicUrl });
}

export const registrationAdminRoutes = new OpenAPIHono<AppEnv>()
  .openapi(overviewRoute, async (c) => c.json(await service(c).overview(c.req.valid('query')), 200))
  .openapi(stuckRoute, async (c) => c.json(await service(c).stuck(c.req.valid('query')), 200))
  .openapi(remindRoute, async (c) =>
    c.json(await service(c).remind(c.get('actor'), c.req.valid('param').userId, requestMetadata(c)), 200),
  )
  .openapi(testRoute, async (c) => {
    const actor = c.get('actor');
    await enforceRateLimits(c, TEST_RUN_LIMITS, actor.id);
    return c.json(await service(c).runTest(actor, requestMetadata(c), authHeaders(c)), 200);
  })
  .openapi(checkRoute, async (c) => c.json(await service(c).check(c.req.valid('query').email), 200));
