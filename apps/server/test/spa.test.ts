import fs from 'node:fs';
import path from 'node:path';
import { expect, it } from 'vitest';
import { describeEachDriver, FIXTURE_APP_JS, FIXTURE_INDEX_HTML, rawRequest, useTestServer } from './helpers.js';

const IMMUTABLE = 'public, max-age=31536000, immutable';

describeEachDriver('SPA', (driver) => {
  const server = useTestServer(driver, { webDist: { 'favicon.svg': '<svg xmlns="http://www.w3.org/2000/svg"/>' } });

  async function expectIndexHtml(pathname: string) {
    const response = await fetch(`${server.url}${pathname}`);
    expect(response.status, pathname).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/^text\/html/);
    expect(response.headers.get('cache-control')).toBe('no-cache');
    expect(await response.text()).toBe(FIXTURE_INDEX_HTML);
  }

  it('serves index.html, revalidated, at /', async () => {
    await expectIndexHtml('/');
  });

  it('serves index.html for client routes', async () => {
    await expectIndexHtml('/some/client/route');
    await expectIndexHtml('/books');
    await expectIndexHtml('/ar/authors/42?tab=works');
    await expectIndexHtml('/apiary');
  });

  it('serves /index.html itself revalidated', async () => {
    await expectIndexHtml('/index.html');
  });

  it('serves hashed assets as immutable for a year', async () => {
    const response = await fetch(`${server.url}/assets/app-abc123.js`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/javascript/);
    expect(response.headers.get('cache-control')).toBe(IMMUTABLE);
    expect(await response.text()).toBe(FIXTURE_APP_JS);
  });

  it('revalidates files outside /assets', async () => {
    const response = await fetch(`${server.url}/favicon.svg`);
    expect(response.status).toBe(200);
    expect(response.headers.get('cache-control')).toBe('no-cache');
    await response.body?.cancel();
  });

  it('answers a missing asset with a 404 that is not HTML', async () => {
    for (const pathname of ['/assets/missing-zzz.js', '/assets/missing-zzz.css', '/missing.png']) {
      const response = await fetch(`${server.url}${pathname}`);
      expect(response.status, pathname).toBe(404);
      expect(response.headers.get('content-type') ?? '').not.toMatch(/html/);
      const text = await response.text();
      expect(text).not.toContain('<html');
      expect(response.headers.get('cache-control') ?? '').not.toMatch(/immutable/);
    }
  });

  it('never answers /api paths with index.html', async () => {
    for (const pathname of ['/api', '/api/', '/api/anything', '/api/some/client/route', '/api/index.html']) {
      for (const method of ['GET', 'POST']) {
        const response = await fetch(`${server.url}${pathname}`, { method });
        expect(response.status, `${method} ${pathname}`).toBe(404);
        expect(response.headers.get('content-type'), `${method} ${pathname}`).toMatch(/^application\/json/);
        const text = await response.text();
        expect(text).not.toContain('<html');
        expect(JSON.parse(text).error.code).toBe('NOT_FOUND');
      }
    }
  });

  it('does not serve files outside the web dist directory', async () => {
    // Sent raw: a URL would normalise the dots away before the request leaves.
    const secret = 'outside the web dist';
    const { webDistDir } = server;
    fs.writeFileSync(path.join(path.dirname(webDistDir), `${path.basename(webDistDir)}-secret.txt`), secret);
    const escapes = [
      `/../${path.basename(webDistDir)}-secret.txt`,
      `/assets/../../${path.basename(webDistDir)}-secret.txt`,
      `/%2e%2e/${path.basename(webDistDir)}-secret.txt`,
      `/assets/%2e%2e/%2e%2e/${path.basename(webDistDir)}-secret.txt`,
      `/..%2f${path.basename(webDistDir)}-secret.txt`,
    ];
    try {
      for (const rawPath of escapes) {
        const response = await rawRequest(server.url, { rawPath });
        expect(response.body.toString('utf8'), rawPath).not.toContain(secret);
        expect(response.status, rawPath).toBeGreaterThanOrEqual(400);
      }
    } finally {
      fs.rmSync(path.join(path.dirname(webDistDir), `${path.basename(webDistDir)}-secret.txt`), { force: true });
    }
  });
});
