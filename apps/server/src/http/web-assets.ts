import fs from 'node:fs/promises';
import path from 'node:path';
import type { MiddlewareHandler } from 'hono';
import { getMimeType } from 'hono/utils/mime';
import { IMMUTABLE } from './cache.js';

/**
 * The web app's content-hashed files (`/assets/*`), answered from memory.
 *
 * What such a URL names never changes, so each file is read once, with the compressed copies the
 * web build writes beside it (`name.br`, `name.gz`), and kept. Every later request is one write
 * of a buffer: no file opened, read and closed, and no gzip of the same script for every visitor
 * (the streaming compression this replaces cost more CPU than the rest of a page's requests).
 * A client gets Brotli when it takes it, else gzip, else the file itself.
 *
 * What this does not keep: names that are not a plain file name in the folder, files over
 * `MAX_FILE_BYTES` (source maps), anything once `MAX_TOTAL_BYTES` are kept, range requests, and
 * missing files: those go on to the static handler, which streams from disk or answers 404.
 */
const MAX_FILE_BYTES = 2 * 1024 * 1024;
const MAX_TOTAL_BYTES = 48 * 1024 * 1024;
/** A plain file name, as Vite writes them: no folder, no dot files, nothing to escape with. */
const PLAIN_NAME = /^[\w-][\w.-]*$/;

type Encoding = 'br' | 'gzip';
type Bytes = Uint8Array<ArrayBuffer>;
type Asset = { type: string; identity: Bytes; br?: Bytes; gzip?: Bytes };

const SUFFIX: Record<Encoding, string> = { br: '.br', gzip: '.gz' };

/** The encodings a client takes, from its Accept-Encoding (a quality of 0 refuses one). */
export function acceptedEncodings(header: string | undefined): Set<Encoding> {
  const accepted = new Set<Encoding>();
  if (!header) return accepted;
  let wildcard = false;
  const refused = new Set<string>();
  for (const part of header.split(',')) {
    const [rawName = '', ...params] = part.trim().toLowerCase().split(';');
    const name = rawName.trim();
    const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
    const quality = q ? Number(q.slice(2)) : 1;
    if (!(quality > 0)) {
      refused.add(name);
      continue;
    }
    if (name === 'br' || name === 'gzip') accepted.add(name);
    if (name === '*') wildcard = true;
  }
  if (wildcard) for (const name of ['br', 'gzip'] as const) if (!refused.has(name)) accepted.add(name);
  return accepted;
}

async function readIfSmall(file: string): Promise<Bytes | undefined> {
  try {
    const stat = await fs.stat(file);
    if (!stat.isFile() || stat.size > MAX_FILE_BYTES) return undefined;
    return await fs.readFile(file);
  } catch {
    return undefined;
  }
}

export function webAssets(assetsDir: string): MiddlewareHandler {
  const kept = new Map<string, Promise<Asset | undefined>>();
  let keptBytes = 0;

  const load = async (name: string): Promise<Asset | undefined> => {
    const file = path.join(assetsDir, name);
    const identity = await readIfSmall(file);
    if (!identity) return undefined;
    const [br, gzip] = await Promise.all([readIfSmall(file + SUFFIX.br), readIfSmall(file + SUFFIX.gzip)]);
    return { type: getMimeType(name) ?? 'application/octet-stream', identity, br, gzip };
  };

  const lookUp = (name: string): Promise<Asset | undefined> => {
    const known = kept.get(name);
    if (known) return known;
    if (keptBytes >= MAX_TOTAL_BYTES) return load(name);
    const loading = load(name).then((asset) => {
      if (!asset) {
        // A missing name is not remembered: anyone could ask for endless made-up names.
        kept.delete(name);
        return undefined;
      }
      keptBytes += asset.identity.byteLength + (asset.br?.byteLength ?? 0) + (asset.gzip?.byteLength ?? 0);
      return asset;
    });
    kept.set(name, loading);
    return loading;
  };

  return async (c, next) => {
    const method = c.req.method;
    if ((method !== 'GET' && method !== 'HEAD') || c.req.header('Range')) return next();
    const name = c.req.path.slice('/assets/'.length);
    if (!PLAIN_NAME.test(name) || name.endsWith('.map')) return next();
    const asset = await lookUp(name);
    if (!asset) return next();

    const accepted = acceptedEncodings(c.req.header('Accept-Encoding'));
    const encoding: Encoding | undefined = (['br', 'gzip'] as const).find((e) => asset[e] && accepted.has(e));
    const body = (encoding && asset[encoding]) || asset.identity;
    const headers: Record<string, string> = {
      'Content-Type': asset.type,
      'Content-Length': String(body.byteLength),
      'Cache-Control': IMMUTABLE,
    };
    if (asset.br || asset.gzip) headers.Vary = 'Accept-Encoding';
    if (encoding) headers['Content-Encoding'] = encoding;
    return method === 'HEAD' ? c.body(null, 200, headers) : c.body(body, 200, headers);
  };
}
