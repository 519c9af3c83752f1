import crypto from 'node:crypto';
import { isStorageBucket, PUBLIC_OBJECT_PREFIX, type StorageBucket } from '@maktaba/shared/schemas/storage';
import { type Context, Hono } from 'hono';
import { AppError } from '../../errors.js';
import { IMMUTABLE, SHORT_PUBLIC_CACHE } from '../../http/cache.js';
import type { AppEnv } from '../../http/context.js';
import { DEFAULT_COVER_SVG } from './default-cover.js';
import { type ImageTransform, parseTransform, renderDefaultCover, transformId, transformImage } from './images.js';
import { isSafeKey } from './storage.js';
import { LruMap, variantEtag, variantsOf } from './variants.js';

const DEFAULT_COVER_KEY = 'default';

const defaultCovers = new LruMap<string, Buffer>(32);
const DEFAULT_COVER_VERSION = crypto.createHash('sha256').update(DEFAULT_COVER_SVG).digest('hex').slice(0, 12);

async function defaultCover(transform: ImageTransform | null): Promise<{ bytes: Buffer; etag: string }> {
  const id = transform ? transformId(transform) : 'original';
  let bytes = defaultCovers.get(id);
  if (!bytes) {
    bytes = await renderDefaultCover(transform);
    defaultCovers.set(id, bytes);
  }
  return { bytes, etag: `"default-${DEFAULT_COVER_VERSION}-${id}"` };
}

/** Whether the request's If-None-Match names `etag` (a weak comparison, as RFC 9110 §13.1.2 says). */
function isFresh(c: Context<AppEnv>, etag: string): boolean {
  const header = c.req.header('If-None-Match');
  if (!header) return false;
  if (header.trim() === '*') return true;
  const bare = etag.replace(/^W\//, '');
  return header.split(',').some((candidate) => candidate.trim().replace(/^W\//, '') === bare);
}

function sendImage(
  c: Context<AppEnv>,
  image: { etag: string; bytes?: Buffer; contentType: string },
  cacheControl: string,
): Response {
  c.header('ETag', image.etag);
  c.header('Cache-Control', cacheControl);
  c.header('X-Content-Type-Options', 'nosniff');
  if (isFresh(c, image.etag) || !image.bytes) return c.body(null, 304);
  c.header('Content-Type', image.contentType);
  c.header('Content-Length', String(image.bytes.length));
  return c.body(new Uint8Array(image.bytes), 200);
}

async function serveDefaultCover(c: Context<AppEnv>, transform: ImageTransform | null) {
  return sendImage(c, { ...(await defaultCover(transform)), contentType: 'image/webp' }, SHORT_PUBLIC_CACHE);
}

/**
 * GET (and HEAD) /storage/v1/object/public/{bucket}/{path}: stored images, as they are or
 * transformed (width, height, quality, resize). Only keys this server writes can be named, and
 * only image types it writes are served; a missing cover is the default cover.
 */
export const storageRoutes = new Hono<AppEnv>().get(`${PUBLIC_OBJECT_PREFIX}/:bucket/:key{.+}`, async (c) => {
  const bucketName = c.req.param('bucket');
  if (!isStorageBucket(bucketName)) throw new AppError('NOT_FOUND', 'No such bucket.');
  const bucket: StorageBucket = bucketName;
  const key = c.req.param('key');
  if (!isSafeKey(key)) throw new AppError('BAD_REQUEST', 'The object path is not valid.');
  const transform = parseTransform(c.req.query());
  if (bucket === 'covers' && key === DEFAULT_COVER_KEY) return serveDefaultCover(c, transform);

  const deps = c.get('deps');
  const info = await deps.storage.stat(bucket, key);
  if (!info) {
    if (bucket === 'covers') return serveDefaultCover(c, transform);
    throw new AppError('NOT_FOUND', 'No such object.');
  }
  if (!transform) {
    if (isFresh(c, info.etag)) return sendImage(c, { etag: info.etag, contentType: info.contentType }, IMMUTABLE);
    const object = await deps.storage.get(bucket, key);
    if (!object) throw new AppError('NOT_FOUND', 'No such object.');
    return sendImage(c, object, IMMUTABLE);
  }
  const etag = variantEtag(info.etag, transform);
  if (isFresh(c, etag)) return sendImage(c, { etag, contentType: 'image/webp' }, IMMUTABLE);
  const variant = await variantsOf(deps).get(bucket, key, info.etag, transform, async () => {
    const object = await deps.storage.get(bucket, key);
    return object ? transformImage(object.bytes, transform) : null;
  });
  if (!variant) throw new AppError('NOT_FOUND', 'No such object.');
  return sendImage(c, { ...variant, contentType: 'image/webp' }, IMMUTABLE);
});
