/**
 * Graceful shutdown with a request in flight, without a test-only route: the in-flight request
 * is the download of a large static file whose client stops reading, so the server cannot
 * finish writing the response (far more data than the socket buffers hold) until it resumes.
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createWebDist, describeEachDriver, startTestServer, type TestServer } from './helpers.js';

const BIG_SIZE = 48 * 1024 * 1024;
const BIG_PATH = '/assets/big-abc123.bin';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Starts a GET and stops reading as soon as the headers arrive. */
function openStalledDownload(url: string) {
  return new Promise<http.IncomingMessage>((resolve, reject) => {
    const request = http.get(url, { agent: false }, (response) => {
      response.pause();
      resolve(response);
    });
    request.on('error', reject);
  });
}

function readAll(response: http.IncomingMessage) {
  return new Promise<Buffer>((resolve, reject) => {
    const chunks: Buffer[] = [];
    response.on('data', (chunk: Buffer) => chunks.push(chunk));
    response.on('end', () => resolve(Buffer.concat(chunks)));
    response.on('error', reject);
    response.on('aborted', () => reject(new Error('response aborted')));
    // Closed without 'end' (after 'end' the promise is already settled).
    response.on('close', () => reject(new Error('connection closed before the end of the response')));
    response.resume();
  });
}

describeEachDriver('graceful shutdown', (driver) => {
  let webDistDir: string;
  let big: Buffer;

  beforeAll(() => {
    big = crypto.randomBytes(BIG_SIZE);
    webDistDir = createWebDist({ [BIG_PATH.slice(1)]: big });
  });

  afterAll(() => {
    if (webDistDir) fs.rmSync(webDistDir, { recursive: true, force: true });
  });

  it('finishes an in-flight request, refuses new connections, then stops', async () => {
    const server: TestServer = await startTestServer({ driver, webDistDir, env: { SHUTDOWN_TIMEOUT_MS: '20000' } });
    try {
      const response = await openStalledDownload(`${server.url}${BIG_PATH}`);
      expect(response.statusCode).toBe(200);
      expect(Number(response.headers['content-length'])).toBe(BIG_SIZE);
      // Let the server fill the socket buffers and block on the stalled client.
      await sleep(200);

      let stopped = false;
      const stopping = server.running.close().then(() => {
        stopped = true;
      });
      await sleep(500);
      expect(stopped, 'close() must wait for the in-flight response').toBe(false);
      // No longer listening: a new connection is refused while the old one finishes.
      await expect(fetch(`${server.url}/api/health`)).rejects.toThrow();

      const body = await readAll(response);
      expect(body.length).toBe(BIG_SIZE);
      expect(body.equals(big)).toBe(true);
      await stopping;
      expect(stopped).toBe(true);
    } finally {
      await server.close();
    }
  });

  it('cuts a stalled request off after SHUTDOWN_TIMEOUT_MS', async () => {
    const server: TestServer = await startTestServer({ driver, webDistDir, env: { SHUTDOWN_TIMEOUT_MS: '300' } });
    try {
      const response = await openStalledDownload(`${server.url}${BIG_PATH}`);
      await sleep(200);
      const started = performance.now();
      await server.running.close();
      const elapsed = performance.now() - started;
      expect(elapsed).toBeGreaterThanOrEqual(250);
      expect(elapsed).toBeLessThan(10_000);
      // The client gets the part that was sent, then the connection ends early.
      const received = await readAll(response).then(
        (body) => body.length,
        () => -1,
      );
      expect(received).not.toBe(BIG_SIZE);
    } finally {
      await server.close();
    }
  });
});
