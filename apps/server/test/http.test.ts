import zlib from 'node:zlib';
import { LIMITS } from '@maktaba/shared/constants';
import { ErrorBodySchema, HealthSchema } from '@maktaba/shared/schemas/health';
import { describe, expect, it } from 'vitest';
import { expectError } from './api-client.js';
import {
  accountAs,
  adminQuery,
  describeEachDriver,
  FIXTURE_INDEX_HTML,
  latestMigrationTag,
  pgUrl,
  rawRequest,
  readServerVersion,
  startTestServer,
  useTestServer,
} from './helpers.js';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/** A stack trace line ("    at fn (file.ts:1:2)") or a source path: never in a response. */
function expectNoStackTrace(text: string) {
  expect(text).not.toMatch(/\n\s+at\s/);
  expect(text).not.toMatch(/\.(ts|js):\d+/);
  expect(text).not.toMatch(/"stack"/);
}

async function expectErrorBody(response: Response, status: number, code: string) {
  expect(response.status).toBe(status);
  expect(response.headers.get('content-type')).toMatch(/^application\/json/);
  const text = await response.text();
  expectNoStackTrace(text);
  const body = JSON.parse(text);
  expect(ErrorBodySchema.strict().parse(body)).toBeTruthy();
  expect(Object.keys(body)).toEqual(['error']);
  expect(body.error.code).toBe(code);
  expect(body.error.message).toEqual(expect.any(String));
  expect(body.error.message.length).toBeGreaterThan(0);
  return body;
}

function parseCsp(header: string | null): Map<string, string[]> {
  expect(header).toBeTruthy();
  return new Map(
    (header ?? '')
      .split(';')
      .map((part) => part.trim())
      .filter(Boolean)
      .map((part) => {
        const [name = '', ...sources] = part.split(/\s+/);
        return [name.toLowerCase(), sources];
      }),
  );
}

function expectSecurityHeaders(response: Response) {
  const csp = parseCsp(response.headers.get('content-security-policy'));
  expect(csp.get('default-src')).toEqual(["'self'"]);
  expect(csp.get('script-src')).toEqual(["'self'"]);
  // Only keywords and data:/blob: schemes: no other host, no wildcard, for any directive.
  for (const [directive, sources] of csp) {
    for (const source of sources) {
      expect(source, `${directive} ${source}`).toMatch(/^('[a-z-]+'|data:|blob:)$/);
    }
  }
  expect(response.headers.get('x-content-type-options')).toBe('nosniff');
  expect(response.headers.get('referrer-policy')).toBe('strict-origin-when-cross-origin');
  expect(response.headers.get('x-frame-options')).toBe('DENY');
}

describeEachDriver('HTTP', (driver) => {
  const server = useTestServer(driver, { webDist: {} });

  it('GET /api/health reports a healthy server on this driver', async () => {
    const response = await fetch(`${server.url}/api/health`);
    expect(response.status).toBe(200);
    expect(response.headers.get('cache-control')).toBe('no-store');
    const health = HealthSchema.parse(await response.json());
    expect(health.status).toBe('ok');
    expect(health.version).toBe(readServerVersion());
    expect(health.database.driver).toBe(driver.name);
    expect(health.database.reachable).toBe(true);
    expect(health.database.latencyMs).toBeGreaterThanOrEqual(0);
    expect(health.migrations.applied).toBeGreaterThanOrEqual(1);
    expect(health.migrations.latest).toBe(latestMigrationTag());
  });

  it('answers an unknown /api route with a 404 JSON error, for GET and POST', async () => {
    await expectErrorBody(await fetch(`${server.url}/api/whatever`), 404, 'NOT_FOUND');
    await expectErrorBody(await fetch(`${server.url}/api/whatever/deeper?x=1`), 404, 'NOT_FOUND');
    await expectErrorBody(
      await fetch(`${server.url}/api/whatever`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({ hello: 'world' }),
      }),
      404,
      'NOT_FOUND',
    );
  });

  it('sends the security headers on API responses', async () => {
    const response = await fetch(`${server.url}/api/health`);
    expectSecurityHeaders(response);
    await response.body?.cancel();
  });

  it('sends the security headers on the SPA page, and on API errors', async () => {
    const page = await fetch(`${server.url}/`);
    expect(page.status).toBe(200);
    expect(await page.text()).toBe(FIXTURE_INDEX_HTML);
    expectSecurityHeaders(page);
    const error = await fetch(`${server.url}/api/nope`);
    expect(error.status).toBe(404);
    expectSecurityHeaders(error);
    await error.body?.cancel();
  });

  it('sends no Strict-Transport-Security over plain http', async () => {
    for (const pathname of ['/api/health', '/']) {
      const response = await fetch(`${server.url}${pathname}`);
      expect(response.headers.get('strict-transport-security')).toBeNull();
      expect(response.headers.get('content-security-policy')).not.toMatch(/upgrade-insecure-requests/);
      await response.body?.cancel();
    }
  });

  it('sends Strict-Transport-Security when PUBLIC_URL is https', async () => {
    const https = await startTestServer({ driver, env: { PUBLIC_URL: 'https://library.example.org' } });
    try {
      const response = await fetch(`${https.url}/api/health`);
      expect(response.status).toBe(200);
      const hsts = response.headers.get('strict-transport-security');
      expect(hsts).toMatch(/max-age=(\d+)/);
      expect(Number(/max-age=(\d+)/.exec(hsts ?? '')?.[1])).toBeGreaterThanOrEqual(31_536_000);
      expect(response.headers.get('content-security-policy')).toMatch(/upgrade-insecure-requests/);
      await response.body?.cancel();
    } finally {
      await https.close();
    }
  });

  it('refuses a JSON body over the limit with 413 PAYLOAD_TOO_LARGE', async () => {
    expect(LIMITS.jsonBodyBytes).toBe(100 * 1024);
    const body = JSON.stringify({ text: 'x'.repeat(LIMITS.jsonBodyBytes + 1) });
    for (const pathname of ['/api/health', '/api/whatever']) {
      const response = await fetch(`${server.url}${pathname}`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body,
      });
      await expectErrorBody(response, 413, 'PAYLOAD_TOO_LARGE');
    }
  });

  it('accepts a JSON body just under the limit (then answers for the route)', async () => {
    const body = JSON.stringify({ text: 'x'.repeat(LIMITS.jsonBodyBytes - 100) });
    expect(Buffer.byteLength(body)).toBeLessThanOrEqual(LIMITS.jsonBodyBytes);
    const response = await fetch(`${server.url}/api/whatever`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body,
    });
    await expectErrorBody(response, 404, 'NOT_FOUND');
  });

  it('compresses when Accept-Encoding asks for it, and only then', async () => {
    const identity = await rawRequest(`${server.url}/api/openapi.json`);
    expect(identity.status).toBe(200);
    expect(identity.headers['content-encoding']).toBeUndefined();
    const document = JSON.parse(identity.body.toString('utf8'));
    expect(identity.body.length).toBeGreaterThan(1024);

    const gzip = await rawRequest(`${server.url}/api/openapi.json`, { headers: { 'Accept-Encoding': 'gzip' } });
    expect(gzip.status).toBe(200);
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(gzip.headers.vary).toMatch(/accept-encoding/i);
    expect(gzip.body.length).toBeLessThan(identity.body.length);
    expect(JSON.parse(zlib.gunzipSync(gzip.body).toString('utf8'))).toEqual(document);

    const deflate = await rawRequest(`${server.url}/api/openapi.json`, { headers: { 'Accept-Encoding': 'deflate' } });
    expect(deflate.headers['content-encoding']).toBe('deflate');
    expect(JSON.parse(zlib.inflateSync(deflate.body).toString('utf8'))).toEqual(document);

    // What browsers send: brotli is listed first, gzip is what the server speaks.
    const browser = await rawRequest(`${server.url}/api/openapi.json`, {
      headers: { 'Accept-Encoding': 'br, gzip, deflate' },
    });
    expect(['br', 'gzip']).toContain(browser.headers['content-encoding']);
    const decoded =
      browser.headers['content-encoding'] === 'br'
        ? zlib.brotliDecompressSync(browser.body)
        : zlib.gunzipSync(browser.body);
    expect(JSON.parse(decoded.toString('utf8'))).toEqual(document);

    // A client that only takes brotli gets a body it can read (brotli, or no encoding).
    const brOnly = await rawRequest(`${server.url}/api/openapi.json`, { headers: { 'Accept-Encoding': 'br' } });
    const brBody = brOnly.headers['content-encoding'] === 'br' ? zlib.brotliDecompressSync(brOnly.body) : brOnly.body;
    expect(brOnly.headers['content-encoding'] ?? 'identity').toMatch(/^(br|identity)$/);
    expect(JSON.parse(brBody.toString('utf8'))).toEqual(document);
  });

  it('echoes a well-formed X-Request-Id', async () => {
    const id = 'client-Request_42';
    const response = await fetch(`${server.url}/api/health`, { headers: { 'X-Request-Id': id } });
    expect(response.headers.get('x-request-id')).toBe(id);
    await response.body?.cancel();
  });

  it('generates an X-Request-Id when none, or a malformed one, is sent', async () => {
    const none = await fetch(`${server.url}/api/health`);
    expect(none.headers.get('x-request-id')).toMatch(UUID);
    await none.body?.cancel();
    for (const malformed of ['a'.repeat(500), 'has spaces in it', 'new\tline', 'semi;colon', '<script>']) {
      const response = await fetch(`${server.url}/api/health`, { headers: { 'X-Request-Id': malformed } });
      const echoed = response.headers.get('x-request-id');
      expect(echoed, JSON.stringify(malformed)).not.toBe(malformed);
      expect(echoed).toMatch(UUID);
      await response.body?.cancel();
    }
  });

  it('gives every response its own request id', async () => {
    const ids = new Set<string | null>();
    for (let i = 0; i < 5; i++) {
      const response = await fetch(`${server.url}/api/nothing-here`);
      ids.add(response.headers.get('x-request-id'));
      await response.body?.cancel();
    }
    expect(ids.size).toBe(5);
  });

  it('publishes the OpenAPI document with /api/health', async () => {
    const response = await fetch(`${server.url}/api/openapi.json`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/^application\/json/);
    const document = (await response.json()) as {
      openapi: string;
      info: { version: string };
      paths: Record<string, Record<string, unknown>>;
    };
    expect(document.openapi).toMatch(/^3\.1\./);
    expect(document.info.version).toBe(readServerVersion());
    expect(Object.keys(document.paths)).toContain('/api/health');
    expect(document.paths['/api/health']?.get).toBeDefined();
  });

  it('serves the API docs page with same-origin scripts only', async () => {
    const response = await fetch(`${server.url}/api/docs`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/^text\/html/);
    expectSecurityHeaders(response);
    const html = await response.text();
    const scripts = [...html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/gi)];
    expect(scripts.length).toBeGreaterThan(0);
    for (const [, attributes = '', content = ''] of scripts) {
      // No inline script: the CSP would block it.
      expect(content.trim()).toBe('');
      const src = /\bsrc\s*=\s*["']([^"']+)["']/i.exec(attributes)?.[1];
      expect(src).toBeDefined();
      const resolved = new URL(src ?? '', `${server.url}/api/docs`);
      expect(resolved.origin).toBe(server.url);
      const script = await fetch(resolved);
      expect(script.status, resolved.pathname).toBe(200);
      expect(script.headers.get('content-type')).toMatch(/javascript/);
      await script.body?.cancel();
    }
    for (const [, href = ''] of html.matchAll(/<link\b[^>]*\bhref\s*=\s*["']([^"']+)["']/gi)) {
      expect(new URL(href, `${server.url}/api/docs`).origin).toBe(server.url);
    }
  });

  it('sends /auth/update-password with Referrer-Policy: no-referrer, the rest of the headers unchanged', async () => {
    for (const pathname of ['/auth/update-password', '/auth/update-password/', '/auth/update-password?token=abc']) {
      const response = await fetch(`${server.url}${pathname}`);
      expect(response.status, pathname).toBe(200);
      expect(response.headers.get('referrer-policy'), pathname).toBe('no-referrer');
      expect(response.headers.get('content-security-policy'), pathname).toContain("default-src 'self'");
      expect(await response.text()).toBe(FIXTURE_INDEX_HTML);
    }
  });

  it('keeps the general Referrer-Policy on every other page and on the API', async () => {
    for (const pathname of ['/', '/signin', '/auth/callback', '/auth/update-password-extra', '/api/health']) {
      const response = await fetch(`${server.url}${pathname}`);
      expect(response.headers.get('referrer-policy'), pathname).toBe('strict-origin-when-cross-origin');
      await response.body?.cancel();
    }
  });

  it('serves the /dev/mailbox page from the web app, while other /dev paths stay the server’s', async () => {
    const page = await fetch(`${server.url}/dev/mailbox`);
    expect(page.status).toBe(200);
    expect(await page.text()).toBe(FIXTURE_INDEX_HTML);
    for (const pathname of ['/dev', '/dev/', '/dev/other', '/dev/mailbox/1']) {
      const response = await fetch(`${server.url}${pathname}`);
      expect(response.status, pathname).toBe(404);
      expect(await response.text(), pathname).not.toContain('<html');
    }
  });
});

describe.skipIf(!pgUrl)(`HTTP while PostgreSQL is unreachable${pgUrl ? '' : ' [PostgreSQL not found]'}`, () => {
  // A server of its own, on a database of its own: closing that database disturbs no other test.
  const server = useTestServer({ name: 'postgres', url: pgUrl });

  /**
   * Closes the server's database to new sessions and ends the ones it has (its pool's, its
   * notification listener's), as a restart or a failover would; or opens it again.
   */
  async function setDatabaseReachable(reachable: boolean) {
    const name = new URL(server.running.deps.config.databaseUrl ?? '').pathname.slice(1);
    expect(name).toMatch(/^test_[0-9a-f]+$/);
    await adminQuery(`ALTER DATABASE ${name} ALLOW_CONNECTIONS ${reachable}`);
    if (!reachable) {
      await adminQuery(
        `SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = '${name}' AND pid <> pg_backend_pid()`,
      );
    }
  }

  it('answers 503 SERVICE_UNAVAILABLE with Retry-After, then serves again once the database is back, without a restart', async () => {
    const reader = await accountAs(server, 'patron');
    const scholars = `${server.url}/api/scholars`;
    expect((await fetch(scholars)).status).toBe(200);
    expect((await reader.client.get('/api/profiles/me')).status).toBe(200);

    await setDatabaseReachable(false);
    try {
      // The first reads may meet a pooled connection that was just ended (57P01), later ones find
      // that no new one can be opened (FATAL at connection time): the same answer either way.
      for (let attempt = 1; attempt <= 3; attempt++) {
        const response = await fetch(scholars);
        await expectErrorBody(response, 503, 'SERVICE_UNAVAILABLE');
        expect(response.headers.get('retry-after'), `attempt ${attempt}`).toMatch(/^[1-9]\d*$/);
        expect(response.headers.get('cache-control')).toBe('no-store');
      }
      // A signed-in read fails in better-auth's session lookup, which wraps the driver's error.
      const signedIn = await reader.client.get('/api/profiles/me');
      expectError(signedIn, 503, 'SERVICE_UNAVAILABLE');
      expect(signedIn.headers.get('retry-after')).toMatch(/^[1-9]\d*$/);
      expect((await fetch(`${server.url}/api/health`)).status).toBe(503);
    } finally {
      await setDatabaseReachable(true);
    }

    const back = await fetch(scholars);
    expect(back.status).toBe(200);
    expect(((await back.json()) as { scholars: unknown[] }).scholars.length).toBeGreaterThan(0);
    expect((await reader.client.get('/api/profiles/me')).status).toBe(200);
    expect((await fetch(`${server.url}/api/health`)).status).toBe(200);
  });
});
