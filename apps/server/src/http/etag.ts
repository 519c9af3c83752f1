import { createHash } from 'node:crypto';
import type { MiddlewareHandler } from 'hono';
import { etag } from 'hono/etag';

/**
 * A weak ETag from the answer's SHA-1, hashed on the thread. Hono's default digests through Web
 * Crypto, which hands every answer to the thread pool and back: a few kilobytes of JSON hash in
 * microseconds, and the round trip cost more than the hash on a busy server.
 */
export function weakEtag(): MiddlewareHandler {
  return etag({
    weak: true,
    generateDigest: (body) => {
      const digest = createHash('sha1').update(body).digest();
      return digest.buffer.slice(digest.byteOffset, digest.byteOffset + digest.byteLength) as ArrayBuffer;
    },
  });
}
