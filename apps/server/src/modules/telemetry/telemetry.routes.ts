import { createRoute, OpenAPIHono } from '@hono/zod-openapi';
import { ErrorBatchSchema, TelemetrySummarySchema, WebVitalsBatchSchema } from '@maktaba/shared/schemas/telemetry';
import type { Context, MiddlewareHandler } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import type { AppEnv } from '../../http/context.js';
import { AppError } from '../../http/errors.js';
import { errorJson, json, jsonBody } from '../../http/openapi.js';
import { enforceRateLimits, type RateLimit } from '../../http/rate-limit.js';
import { type Actor, optionalActor, requirePermission } from '../auth/session.js';
import { recordErrors, recordWebVitals, summarizeTelemetry, TELEMETRY_RULES } from './telemetry.service.js';

/**
 * The guard of a public report route, before its body is parsed: a size limit of its own, then
 * one count against the limits by address and (signed in) by account, so that floods of invalid
 * bodies are limited too. The signed-in caller, if any, is kept as `actor` for the handler.
 */
function guardReports(maxSize: number, limits: { byIp: RateLimit; byUser: RateLimit }): MiddlewareHandler<AppEnv>[] {
  const sizeLimit = bodyLimit({
    maxSize,
    onError: () => {
      throw new AppError('PAYLOAD_TOO_LARGE', `Request body exceeds ${maxSize} bytes.`);
    },
  });
  const countRequest: MiddlewareHandler<AppEnv> = async (c, next) => {
    const actor = await optionalActor(c);
    if (actor) c.set('actor', actor);
    await enforceRateLimits(c, limits, actor?.id ?? null);
    await next();
  };
  return [sizeLimit, countRequest];
}

const reportResponses = {
  204: { description: 'Stored' },
  413: errorJson('Body too large'),
  422: errorJson('Invalid (details.fieldErrors)'),
  429: errorJson('Too many reports; see Retry-After'),
};

const errorsRoute = createRoute({
  method: 'post',
  path: '/telemetry/errors',
  tags: ['Telemetry'],
  summary: "The browser's error reports, up to 5 at a time (signed in or not)",
  middleware: guardReports(TELEMETRY_RULES.errorsBodyBytes, TELEMETRY_RULES.errors),
  request: jsonBody(ErrorBatchSchema),
  responses: reportResponses,
});

const webVitalsRoute = createRoute({
  method: 'post',
  path: '/telemetry/web-vitals',
  tags: ['Telemetry'],
  summary: 'Core Web Vitals measured in the browser, up to 10 at a time (also sent with navigator.sendBeacon)',
  middleware: guardReports(TELEMETRY_RULES.webVitalsBodyBytes, TELEMETRY_RULES.webVitals),
  request: jsonBody(WebVitalsBatchSchema),
  responses: reportResponses,
});

const summaryRoute = createRoute({
  method: 'get',
  path: '/admin/telemetry/summary',
  tags: ['Telemetry'],
  summary: 'Errors by type (24 h, 7 d) and the 75th percentile of each web vital (7 d)',
  middleware: requirePermission('admin.analytics'),
  responses: {
    200: json(TelemetrySummarySchema, 'Summary'),
    401: errorJson('Not signed in'),
    403: errorJson('Not allowed to see analytics'),
  },
});

const db = (c: Context<AppEnv>) => c.get('deps').database.db;

/** Who sent a report: the session's user (never an id from the body) and the browser's User-Agent. */
const senderOf = (c: Context<AppEnv>) => ({
  userId: (c.get('actor') as Actor | undefined)?.id ?? null,
  userAgent: c.req.header('User-Agent'),
});

export const telemetryRoutes = new OpenAPIHono<AppEnv>()
  .openapi(errorsRoute, async (c) => {
    await recordErrors(db(c), senderOf(c), c.req.valid('json'));
    return c.body(null, 204);
  })
  .openapi(webVitalsRoute, async (c) => {
    await recordWebVitals(db(c), senderOf(c), c.req.valid('json'));
    return c.body(null, 204);
  })
  .openapi(summaryRoute, async (c) => {
    c.header('Cache-Control', 'no-store');
    return c.json(await summarizeTelemetry(db(c)), 200);
  });
