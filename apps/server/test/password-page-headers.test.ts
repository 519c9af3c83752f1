import fs from 'node:fs';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createWebDist, describeEachDriver, FIXTURE_INDEX_HTML, startTestServer, type TestServer } from './helpers.js';

describeEachDriver('Pages with their own headers or place', (driver) => {
  let server: TestServer;
  let webDistDir: string;

  beforeAll(async () => {
    webDistDir = createWebDist();
    server = await startTestServer({ driver, webDistDir });
  });

  afterAll(async () => {
    await server?.close();
    if (webDistDir) fs.rmSync(webDistDir, { recursive: true, force: true });
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
