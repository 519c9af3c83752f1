import { createRoute, OpenAPIHono } from '@hono/zod-openapi';
import { ErrorBatchSchema, TelemetrySummarySchema, WebVitalsBatchSchema } from '@maktaba/shared/schemas/telemetry';
import type { Context } from 'hono';
import type { Actor } from '../../actor.js';
import { NO_STORE } from '../../http/cache.js';
import type { AppEnv } from '../../http/context.js';
import { requirePermission } from '../../http/guards.js';
import { errorJson, json, jsonBody } from '../../http/openapi.js';
import { guardPublicWrite } from '../../http/rate-limit.js';
import { recordErrors, recordWebVitals, summarizeTelemetry, TELEMETRY_RULES } from './telemetry.service.js';

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
  middleware: guardPublicWrite(TELEMETRY_RULES.errorsBodyBytes, TELEMETRY_RULES.errors),
  request: jsonBody(ErrorBatchSchema),
  responses: reportResponses,
});

const webVitalsRoute = createRoute({
  method: 'post',
  path: '/telemetry/web-vitals',
  tags: ['Telemetry'],
  summary: 'Core Web Vitals measured in the browser, up to 10 at a time (also sent with navigator.sendBeacon)',
  middleware: guardPublicWrite(TELEMETRY_RULES.webVitalsBodyBytes, TELEMETRY_RULES.webVitals),
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
    c.header('Cache-Control', NO_STORE);
    return c.json(await summarizeTelemetry(db(c)), 200);
  });
