import { promisify } from 'node:util';
import { gzip, gzipSync } from 'node:zlib';
import type { MiddlewareHandler } from 'hono';
import { compress } from 'hono/compress';
import { acceptedEncodings } from './web-assets.js';

/** Smaller answers are sent as they are: gzip would save a few bytes and cost a frame's work. */
const THRESHOLD_BYTES = 1024;
/** Above this a JSON answer is compressed on the thread pool, so one large answer never holds the thread. */
const IN_ONE_GO_MAX_BYTES = 64 * 1024;
const gzipOnPool = promisify(gzip);

const JSON_TYPE = /^application\/(?:problem\+)?json\b/i;
const NO_TRANSFORM = /(?:^|,)\s*no-transform\s*(?:,|$)/i;
const VARY_ACCEPT_ENCODING = /(?:^|,)\s*accept-encoding\s*(?:,|$)/i;

/** Whether the client takes gzip: `gzip` (or `*`) in Accept-Encoding with a quality above 0. */
export function acceptsGzip(header: string | undefined): boolean {
  return acceptedEncodings(header).has('gzip');
}

/**
 * The body in one piece when it came in one (an answer built in memory, as `c.json` makes it),
 * else a stream that gives the pieces read so far and then the rest.
 */
async function readWhole(
  body: ReadableStream<Uint8Array>,
): Promise<{ body: Uint8Array; stream?: undefined } | { stream: ReadableStream<Uint8Array> }> {
  const reader = body.getReader();
  const first = await reader.read();
  if (first.done) return { body: new Uint8Array(0) };
  const second = await reader.read();
  if (second.done) return { body: first.value };
  const read = [first.value, second.value];
  const stream = new ReadableStream<Uint8Array>({
    async pull(controller) {
      const next = read.shift();
      if (next) {
        controller.enqueue(next);
        return;
      }
      const { done, value } = await reader.read();
      if (done) controller.close();
      else controller.enqueue(value);
    },
    cancel: (reason) => reader.cancel(reason),
  });
  return { stream };
}

/**
 * Response compression. The API's JSON answers are built in memory and mostly a few kilobytes:
 * they are gzipped in one call (on the thread pool when large), which costs tens of
 * microseconds, where a compression stream costs several turns of the event loop and more CPU than the compression itself (on a busy
 * server every turn is a wait behind every other request). Everything else (web assets, event
 * streams) goes through Hono's streaming compression as before.
 */
export function compression(): MiddlewareHandler {
  const streaming = compress();
  return async (c, next) => {
    await streaming(c, async () => {
      await next();
      const res = c.res;
      const type = res.headers.get('Content-Type');
      if (
        !type ||
        !JSON_TYPE.test(type) ||
        !res.body ||
        res.status === 206 ||
        c.req.method === 'HEAD' ||
        res.headers.has('Content-Encoding') ||
        NO_TRANSFORM.test(res.headers.get('Cache-Control') ?? '')
      ) {
        return;
      }
      const read = await readWhole(res.body);
      if (read.stream) {
        // A JSON answer written piece by piece (the data export): it stays a stream, and Hono's
        // compression (around this) compresses it as it comes.
        c.res = new Response(read.stream, res);
        return;
      }
      const body = read.body;
      const headers = new Headers(res.headers);
      const vary = headers.get('Vary');
      if (vary !== '*' && !(vary && VARY_ACCEPT_ENCODING.test(vary))) {
        headers.set('Vary', vary ? `${vary}, Accept-Encoding` : 'Accept-Encoding');
      }
      let sent: Uint8Array = body;
      if (body.byteLength >= THRESHOLD_BYTES && acceptsGzip(c.req.header('Accept-Encoding'))) {
        sent = body.byteLength > IN_ONE_GO_MAX_BYTES ? await gzipOnPool(body) : gzipSync(body);
        headers.set('Content-Encoding', 'gzip');
        const etag = headers.get('ETag');
        if (etag && !etag.startsWith('W/')) headers.set('ETag', `W/${etag}`);
      }
      headers.set('Content-Length', String(sent.byteLength));
      c.res = new Response(sent, { status: res.status, statusText: res.statusText, headers });
    });
  };
}
