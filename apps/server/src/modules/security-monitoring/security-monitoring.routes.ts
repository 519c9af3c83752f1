import { createRoute, OpenAPIHono } from '@hono/zod-openapi';
import {
  SecurityLockoutsSchema,
  SecurityOverviewQuerySchema,
  SecurityOverviewSchema,
  SecuritySessionsSchema,
  UnlockParamsSchema,
} from '@maktaba/shared/schemas/security-monitoring';
import type { Context } from 'hono';
import { PRIVATE_NO_STORE } from '../../http/cache.js';
import type { AppEnv } from '../../http/context.js';
import { requirePermission } from '../../http/guards.js';
import { errorJson } from '../../http/openapi.js';
import { requestMetadata } from '../../http/request-metadata.js';
import {
  activeSessionsSummary,
  securityLockouts,
  securityOverview,
  unlockAccount,
} from './security-monitoring.service.js';

const refusals = {
  401: errorJson('User not authenticated'),
  403: errorJson('Not allowed (administrators only)'),
};
const tags = ['Security monitoring'];

const overviewRoute = createRoute({
  method: 'get',
  path: '/admin/security/overview',
  tags,
  summary:
    'Sign-ins failed, blocked and successful per UTC day (the last 7 days by default, at most 90), registrations refused by reason, the top 10 failing addresses and accounts, and the risk score distribution',
  middleware: requirePermission('admin.logs'),
  request: { query: SecurityOverviewQuerySchema },
  responses: {
    200: {
      description: 'The overview of the period',
      content: { 'application/json': { schema: SecurityOverviewSchema } },
    },
    422: errorJson('Invalid period (field errors in details.fieldErrors)'),
    ...refusals,
  },
});

const lockoutsRoute = createRoute({
  method: 'get',
  path: '/admin/security/lockouts',
  tags,
  summary:
    'Accounts and addresses locked out right now by failed sign-ins (5 per account, 20 per address in 15 minutes), with since, until and the count of failures',
  middleware: requirePermission('admin.logs'),
  responses: {
    200: { description: 'Current lockouts', content: { 'application/json': { schema: SecurityLockoutsSchema } } },
    ...refusals,
  },
});

const unlockRoute = createRoute({
  method: 'post',
  path: '/admin/security/lockouts/{userId}/unlock',
  tags,
  summary:
    'Unlocks an account: its failed sign-ins so far no longer count, so its owner can sign in at once. Recorded in the audit log (unlock_account)',
  middleware: requirePermission('admin.system_settings'),
  request: { params: UnlockParamsSchema },
  responses: {
    204: { description: 'Unlocked' },
    404: errorJson('No such user'),
    409: errorJson('The account is not locked (ACCOUNT_NOT_LOCKED)'),
    422: errorJson('Invalid user id'),
    ...refusals,
  },
});

const sessionsRoute = createRoute({
  method: 'get',
  path: '/admin/security/sessions',
  tags,
  summary: 'Active (unexpired) sessions of every account, grouped by browser and operating system, with the total',
  middleware: requirePermission('admin.logs'),
  responses: {
    200: {
      description: 'Sessions by browser and system',
      content: { 'application/json': { schema: SecuritySessionsSchema } },
    },
    ...refusals,
  },
});

const db = (c: Context<AppEnv>) => c.get('deps').database.db;

export const securityMonitoringRoutes = new OpenAPIHono<AppEnv>()
  .openapi(overviewRoute, async (c) => {
    c.header('Cache-Control', PRIVATE_NO_STORE);
    return c.json(await securityOverview(db(c), c.req.valid('query')), 200);
  })
  .openapi(lockoutsRoute, async (c) => {
    c.header('Cache-Control', PRIVATE_NO_STORE);
    return c.json(await securityLockouts(db(c)), 200);
  })
  .openapi(unlockRoute, async (c) => {
    await unlockAccount(db(c), c.get('actor'), c.req.valid('param').userId, requestMetadata(c));
    return c.body(null, 204);
  })
  .openapi(sessionsRoute, async (c) => {
    c.header('Cache-Control', PRIVATE_NO_STORE);
    return c.json(await activeSessionsSummary(db(c)), 200);
  });
