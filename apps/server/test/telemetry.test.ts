/**
 * Error reports and web vitals through HTTP (reader-area §3, §7, §9): what is stored and for whom,
 * what is refused (422, 413, 429, a foreign origin), the admin summary, and the retention sweep.
 */
import { LIMITS } from '@maktaba/shared/constants';
import { type ErrorBatch, TelemetrySummarySchema, type WebVitalsBatch } from '@maktaba/shared/schemas/telemetry';
import { eq, sql } from 'drizzle-orm';
import pino from 'pino';
import { beforeAll, beforeEach, expect, it } from 'vitest';
import type { Database } from '../src/db/client.js';
import { clientErrors, rateLimitCounters, securityEvents, webVitals } from '../src/db/schema/index.js';
import { recordErrors, recordWebVitals, TELEMETRY_RULES } from '../src/modules/telemetry/telemetry.service.js';
import { createTelemetryPruner } from '../src/modules/telemetry/telemetry-prune.js';
import { clientFrom, uniqueIp } from './api-client.js';
import { accountAs, describeEachDriver, rawRequest, useTestServer } from './helpers.js';

const CHROME_UA =
  'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.6778.85 Safari/537.36';
const OTHER_USER_ID = '00000000-0000-4000-8000-000000000001';

const errorReport = (overrides: Record<string, unknown> = {}) => ({
  message: 'TypeError: x is undefined',
  stack: 'TypeError: x is undefined\n    at render (app.js:1:2)',
  type: 'javascript',
  url: 'http://127.0.0.1/search?q=kafi',
  timestamp: '2026-01-02T03:04:05.000Z',
  userAgent: 'Test Browser/1.0',
  metadata: { route: '/search' },
  ...overrides,
});

const vital = (overrides: Record<string, unknown> = {}) => ({
  name: 'LCP',
  value: 1234.5,
  rating: 'good',
  delta: 1234.5,
  id: 'v5-1700000000000-1234567890123',
  navigationType: 'navigate',
  path: '/book/1',
  timestamp: Date.UTC(2026, 0, 2, 3, 4, 5),
  sessionId: 'tab-1',
  userId: OTHER_USER_ID,
  device: { type: 'desktop', viewport: '1280x720', connection: '4g' },
  ...overrides,
});

describeEachDriver('telemetry over HTTP', (driver) => {
  const server = useTestServer(driver, { env: { TRUST_PROXY_HOPS: '1' } });
  let db: Database;

  const account = (role: 'patron' | 'admin' = 'patron') => accountAs(server, role);

  const expectStatus = (response: { status: number; body: unknown }, status: number) =>
    expect(response.status, JSON.stringify(response.body)).toBe(status);

  beforeAll(() => {
    db = server.db;
  });
  beforeEach(async () => {
    await db.delete(clientErrors);
    await db.delete(webVitals);
  });

  it('stores an anonymous error batch as sent, with no user', async () => {
    const response = await clientFrom(server.url).post('/api/telemetry/errors', {
      errors: [errorReport(), errorReport({ type: 'chunk-load', message: 'Loading chunk 7 failed', stack: null })],
    });
    expectStatus(response, 204);
    const rows = await db.select().from(clientErrors).orderBy(clientErrors.id);
    expect(
      rows.map(({ type, message, stack, url, userAgent, metadata, userId, occurredAt }) => ({
        type,
        message,
        stack,
        url,
        userAgent,
        metadata,
        userId,
        occurredAt: occurredAt.toISOString(),
      })),
    ).toEqual([
      {
        type: 'javascript',
        message: 'TypeError: x is undefined',
        stack: 'TypeError: x is undefined\n    at render (app.js:1:2)',
        url: 'http://127.0.0.1/search?q=kafi',
        userAgent: 'Test Browser/1.0',
        metadata: { route: '/search' },
        userId: null,
        occurredAt: '2026-01-02T03:04:05.000Z',
      },
      {
        type: 'chunk-load',
        message: 'Loading chunk 7 failed',
        stack: null,
        url: 'http://127.0.0.1/search?q=kafi',
        userAgent: 'Test Browser/1.0',
        metadata: { route: '/search' },
        userId: null,
        occurredAt: '2026-01-02T03:04:05.000Z',
      },
    ]);
  });

  it('records the signed-in user from the session, never a user id from the body', async () => {
    const { client, id } = await account();
    expectStatus(
      await client.post('/api/telemetry/errors', {
        errors: [{ ...errorReport({ type: 'auth', userAgent: undefined }), userId: OTHER_USER_ID }],
      }),
      204,
    );
    expectStatus(
      await client.post('/api/telemetry/web-vitals', { events: [vital()] }, { headers: { 'User-Agent': CHROME_UA } }),
      204,
    );
    const [error] = await db.select().from(clientErrors);
    expect({ userId: error?.userId, type: error?.type }).toEqual({ userId: id, type: 'auth' });
    // Without one in the report, the request's User-Agent is kept.
    expect(error?.userAgent).toBeTruthy();
    const [event] = await db.select().from(webVitals);
    expect(event).toMatchObject({
      userId: id,
      name: 'LCP',
      value: 1234.5,
      rating: 'good',
      delta: 1234.5,
      metricId: 'v5-1700000000000-1234567890123',
      navigationType: 'navigate',
      path: '/book/1',
      sessionId: 'tab-1',
      device: { type: 'desktop', viewport: '1280x720', connection: '4g' },
      // From the User-Agent header.
      browser: { name: 'Chrome', version: '131.0.6778.85' },
    });
    expect(event?.occurredAt.toISOString()).toBe('2026-01-02T03:04:05.000Z');
  });

  it('keeps reports whose account was deleted on their way, without the account', async () => {
    // The session named the reader when the request came in; the account was gone by the time the
    // reports were written (a reader deletes the account and the page sends its last measures).
    const gone = { userId: OTHER_USER_ID, userAgent: CHROME_UA };
    await recordErrors(db, gone, { errors: [errorReport()] } as unknown as ErrorBatch);
    await recordWebVitals(db, gone, { events: [vital()] } as unknown as WebVitalsBatch);
    const errors = await db.select().from(clientErrors);
    const vitals = await db.select().from(webVitals);
    expect(errors.map((row) => ({ userId: row.userId, message: row.message }))).toEqual([
      { userId: null, message: 'TypeError: x is undefined' },
    ]);
    expect(vitals.map((row) => ({ userId: row.userId, name: row.name }))).toEqual([{ userId: null, name: 'LCP' }]);
  });

  it('ignores the browser a vitals event claims', async () => {
    expectStatus(
      await clientFrom(server.url).post(
        '/api/telemetry/web-vitals',
        { events: [vital({ browser: { name: 'Made Up', version: '1' } })] },
        { headers: { 'User-Agent': CHROME_UA } },
      ),
      204,
    );
    const [event] = await db.select().from(webVitals);
    expect(event?.browser).toEqual({ name: 'Chrome', version: '131.0.6778.85' });
    expect(event?.userId).toBeNull();
  });

  it('refuses invalid reports with 422 and stores nothing of the batch', async () => {
    const client = clientFrom(server.url);
    const invalidErrors = [
      {},
      { errors: [] },
      { errors: [errorReport({ type: 'network' })] },
      { errors: [errorReport(), errorReport({ message: '' })] },
      { errors: [errorReport({ message: 'm'.repeat(2001) })] },
      { errors: [errorReport({ timestamp: 'yesterday' })] },
      { errors: [errorReport({ metadata: { big: 'x'.repeat(5000) } })] },
      { errors: [errorReport({ metadata: ['not', 'an', 'object'] })] },
    ];
    for (const body of invalidErrors) {
      const response = await client.post('/api/telemetry/errors', body);
      expect({ status: response.status, code: response.body?.error?.code }, JSON.stringify(body).slice(0, 80)).toEqual({
        status: 422,
        code: 'VALIDATION_FAILED',
      });
    }
    const invalidVitals = [
      { events: [vital({ name: 'FID' })] },
      { events: [vital({ rating: 'great' })] },
      { events: [vital({ value: -1 })] },
      { events: [vital({ value: '12' })] },
      { events: [vital({ path: 'https://elsewhere.example/' })] },
      { events: [vital(), vital({ device: { type: 'watch', viewport: '1x1' } })] },
      { events: [vital({ device: { type: 'mobile', viewport: 'wide' } })] },
    ];
    for (const body of invalidVitals) {
      const response = await client.post('/api/telemetry/web-vitals', body);
      expect(response.status, JSON.stringify(body).slice(0, 120)).toBe(422);
    }
    expect(await db.$count(clientErrors)).toBe(0);
    expect(await db.$count(webVitals)).toBe(0);
  });

  it('refuses more items than one batch holds (422)', async () => {
    const client = clientFrom(server.url);
    const errors = Array.from({ length: LIMITS.errorQueueMax + 1 }, () => errorReport());
    expectStatus(await client.post('/api/telemetry/errors', { errors }), 422);
    const events = Array.from({ length: LIMITS.webVitalsBatchSize + 1 }, () => vital());
    expectStatus(await client.post('/api/telemetry/web-vitals', { events }), 422);
    // Exactly the maximum is fine.
    expectStatus(await client.post('/api/telemetry/errors', { errors: errors.slice(1) }), 204);
    expectStatus(await client.post('/api/telemetry/web-vitals', { events: events.slice(1) }), 204);
    expect(await db.$count(clientErrors)).toBe(LIMITS.errorQueueMax);
    expect(await db.$count(webVitals)).toBe(LIMITS.webVitalsBatchSize);
  });

  it('refuses a body over the route limit with 413', async () => {
    const client = clientFrom(server.url);
    const padding = 'p'.repeat(TELEMETRY_RULES.errorsBodyBytes);
    const tooLarge = await client.post('/api/telemetry/errors', { errors: [errorReport()], padding });
    expect({ status: tooLarge.status, code: tooLarge.body?.error?.code }).toEqual({
      status: 413,
      code: 'PAYLOAD_TOO_LARGE',
    });
    const vitalsPadding = 'p'.repeat(TELEMETRY_RULES.webVitalsBodyBytes);
    expectStatus(await client.post('/api/telemetry/web-vitals', { events: [vital()], vitalsPadding }), 413);
    // Five reports at their longest still fit.
    const longest = Array.from({ length: LIMITS.errorQueueMax }, () =>
      errorReport({ message: 'm'.repeat(2000), stack: 's'.repeat(8000) }),
    );
    expectStatus(await client.post('/api/telemetry/errors', { errors: longest }), 204);
    expect(await db.$count(clientErrors)).toBe(LIMITS.errorQueueMax);
  });

  it('limits batches by address (429 with Retry-After), counting invalid ones too', async () => {
    const client = clientFrom(server.url, uniqueIp());
    const perIp = TELEMETRY_RULES.errors.byIp.limit;
    for (let i = 0; i < perIp - 1; i++) {
      expectStatus(await client.post('/api/telemetry/errors', { errors: [] }), 422);
    }
    expectStatus(await client.post('/api/telemetry/errors', { errors: [errorReport()] }), 204);
    const refused = await client.post('/api/telemetry/errors', { errors: [errorReport()] });
    expect({ status: refused.status, code: refused.body?.error?.code }).toEqual({ status: 429, code: 'RATE_LIMITED' });
    const retryAfter = Number(refused.headers.get('Retry-After'));
    expect(retryAfter).toBeGreaterThanOrEqual(1);
    expect(retryAfter).toBeLessThanOrEqual(60);
    expect(await db.$count(clientErrors)).toBe(1);
    // Another address, and the vitals route, have their own counts.
    expectStatus(await clientFrom(server.url).post('/api/telemetry/errors', { errors: [errorReport()] }), 204);
    expectStatus(await client.post('/api/telemetry/web-vitals', { events: [vital()] }), 204);
  });

  it('limits a signed-in reader by account across addresses', async () => {
    const { client } = await account();
    const perUser = TELEMETRY_RULES.errors.byUser.limit;
    const cookie = client.cookieHeader();
    for (let i = 0; i < perUser; i++) {
      const fromElsewhere = clientFrom(server.url);
      expectStatus(await fromElsewhere.post('/api/telemetry/errors', { errors: [errorReport()] }, { cookie }), 204);
    }
    const refused = await clientFrom(server.url).post('/api/telemetry/errors', { errors: [errorReport()] }, { cookie });
    expectStatus(refused, 429);
    expect(refused.headers.get('Retry-After')).toMatch(/^\d+$/);
    // Signed out, the same address is not limited by that account.
    expectStatus(await clientFrom(server.url).post('/api/telemetry/errors', { errors: [errorReport()] }), 204);
  });

  it("accepts what navigator.sendBeacon sends from the app's origin, and refuses another origin", async () => {
    const body = JSON.stringify({ events: [vital()] });
    const send = (origin: string) =>
      rawRequest(`${server.url}/api/telemetry/web-vitals`, {
        method: 'POST',
        headers: {
          Origin: origin,
          'Content-Type': 'application/json',
          'Content-Length': String(Buffer.byteLength(body)),
          'X-Forwarded-For': uniqueIp(),
          'Sec-Fetch-Mode': 'no-cors',
        },
        body,
      });
    expect((await send(server.url)).status).toBe(204);
    expect((await send('https://elsewhere.example')).status).toBe(403);
    expect(await db.$count(webVitals)).toBe(1);
  });

  it('is described in the OpenAPI document', async () => {
    const document = (await (await fetch(`${server.url}/api/openapi.json`)).json()) as {
      paths: Record<string, object>;
    };
    const paths = Object.keys(document.paths);
    for (const path of ['/telemetry/errors', '/telemetry/web-vitals', '/admin/telemetry/summary']) {
      expect(paths.some((documented) => documented.endsWith(path))).toBe(true);
    }
  });

  it('gives the summary to admins only', async () => {
    expectStatus(await clientFrom(server.url).get('/api/admin/telemetry/summary'), 401);
    const patron = await account();
    const refused = await patron.client.get('/api/admin/telemetry/summary');
    expect({ status: refused.status, code: refused.body?.error?.code }).toEqual({ status: 403, code: 'FORBIDDEN' });
  });

  it('counts errors by type over 24 hours and 7 days, and the p75 of each vital over 7 days', async () => {
    const admin = await account('admin');
    const ago = (hours: number) => new Date(Date.now() - hours * 3_600_000);
    const errorRow = (type: string, hoursAgo: number) => ({
      type,
      message: 'm',
      occurredAt: ago(hoursAgo),
      receivedAt: ago(hoursAgo),
    });
    await db
      .insert(clientErrors)
      .values([
        errorRow('javascript', 1),
        errorRow('javascript', 2),
        errorRow('chunk-load', 3),
        errorRow('javascript', 30),
        errorRow('auth', 100),
        errorRow('auth', 24 * 8),
      ]);
    const vitalRow = (name: string, value: number, hoursAgo: number) => ({
      name,
      value,
      rating: 'good',
      delta: value,
      metricId: `id-${name}-${value}`,
      path: '/',
      sessionId: 's',
      occurredAt: ago(hoursAgo),
      receivedAt: ago(hoursAgo),
    });
    await db
      .insert(webVitals)
      .values([
        vitalRow('LCP', 100, 1),
        vitalRow('LCP', 200, 2),
        vitalRow('LCP', 300, 50),
        vitalRow('LCP', 400, 100),
        vitalRow('LCP', 99_999, 24 * 9),
        vitalRow('CLS', 0.1, 1),
      ]);
    const response = await admin.client.get('/api/admin/telemetry/summary');
    expectStatus(response, 200);
    const summary = TelemetrySummarySchema.parse(response.body);
    expect(summary.errors).toEqual({
      last24h: { javascript: 2, 'chunk-load': 1, auth: 0, total: 3 },
      last7d: { javascript: 3, 'chunk-load': 1, auth: 1, total: 5 },
    });
    expect(summary.webVitals).toEqual([
      { name: 'CLS', p75: 0.1, count: 1 },
      { name: 'FCP', p75: null, count: 0 },
      { name: 'INP', p75: null, count: 0 },
      // 100, 200, 300, 400: interpolated 75th percentile.
      { name: 'LCP', p75: 325, count: 4 },
      { name: 'TTFB', p75: null, count: 0 },
    ]);
  });

  it('sweeps reports older than 30 days, security events older than 90 and rate-limit counters older than a day', async () => {
    const old = new Date(Date.now() - TELEMETRY_RULES.keepMs - 3_600_000);
    const recent = new Date(Date.now() - 3_600_000);
    await db.insert(clientErrors).values([
      { type: 'javascript', message: 'old', occurredAt: old, receivedAt: old },
      { type: 'javascript', message: 'recent', occurredAt: recent, receivedAt: recent },
    ]);
    const vitalAt = (at: Date, metricId: string) => ({
      name: 'TTFB',
      value: 1,
      rating: 'good',
      delta: 1,
      metricId,
      path: '/',
      sessionId: 's',
      occurredAt: at,
      receivedAt: at,
    });
    await db.insert(webVitals).values([vitalAt(old, 'old'), vitalAt(recent, 'recent')]);
    await db.insert(rateLimitCounters).values([
      { key: 'test:stale', windowStart: new Date(Date.now() - 2 * 24 * 3_600_000), count: 1 },
      { key: 'test:fresh', windowStart: new Date(), count: 1 },
    ]);

    const event = (daysAgo: number, identifier: string) => ({
      eventType: 'security_check',
      identifier,
      ipAddress: '192.0.2.90',
      createdAt: new Date(Date.now() - daysAgo * 24 * 3_600_000),
    });
    await db.insert(securityEvents).values([event(91, 'prune-old'), event(89, 'prune-kept')]);
    const pruner = createTelemetryPruner(db, pino({ level: 'silent' }));
    pruner.start();
    await pruner.stop();

    expect((await db.select({ message: clientErrors.message }).from(clientErrors)).map((r) => r.message)).toEqual([
      'recent',
    ]);
    expect((await db.select({ id: webVitals.metricId }).from(webVitals)).map((r) => r.id)).toEqual(['recent']);
    const keys = await db
      .select({ key: rateLimitCounters.key })
      .from(rateLimitCounters)
      .where(sql`${rateLimitCounters.key} like 'test:%'`);
    expect(keys.map((r) => r.key)).toEqual(['test:fresh']);
    // Sign-in security events are kept 90 days, as the privacy policy says.
    const events = await db
      .select({ identifier: securityEvents.identifier })
      .from(securityEvents)
      .where(eq(securityEvents.ipAddress, '192.0.2.90'));
    expect(events.map((r) => r.identifier)).toEqual(['prune-kept']);
  });
});
