import crypto from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import type { StorageBucket } from '@maktaba/shared/schemas/storage';
import type { AppDeps } from '../../deps.js';
import { type ImageTransform, transformId } from './images.js';
import { isMissing, type Storage } from './storage.js';

/** A Map that forgets its least recently used entry past `capacity`. */
export class LruMap<K, V> {
  private readonly entries = new Map<K, V>();
  constructor(private readonly capacity: number) {}

  get(key: K): V | undefined {
    const value = this.entries.get(key);
    if (value !== undefined) {
      this.entries.delete(key);
      this.entries.set(key, value);
    }
    return value;
  }

  set(key: K, value: V): void {
    this.entries.delete(key);
    this.entries.set(key, value);
    if (this.entries.size > this.capacity) this.entries.delete(this.entries.keys().next().value as K);
  }

  deleteWhere(predicate: (key: K) => boolean): void {
    for (const key of [...this.entries.keys()]) if (predicate(key)) this.entries.delete(key);
  }
}

export type Variant = { bytes: Buffer; etag: string };

const shortHash = (text: string) => crypto.createHash('sha256').update(text).digest('hex').slice(0, 20);

/** The validator of a transformed image: it changes whenever the original or the transform does. */
export function variantEtag(sourceEtag: string, transform: ImageTransform): string {
  return `"v-${shortHash(`${sourceEtag}|${transformId(transform)}`)}"`;
}

/**
 * Transformed images, kept on disk under `<dir>/<bucket>/<key>/<transform>.<source>.webp` so each
 * is computed once, with the files known to exist remembered in memory. Stored keys are
 * content-addressed, so a cached variant never goes stale; the original's validator is part of
 * the file name all the same. Concurrent requests for the same variant share one computation.
 */
export class VariantCache {
  private readonly known = new LruMap<string, { file: string; etag: string }>(1000);
  private readonly pending = new Map<string, Promise<Variant | null>>();

  constructor(readonly dir: string) {}

  async get(
    bucket: StorageBucket,
    key: string,
    sourceEtag: string,
    transform: ImageTransform,
    produce: () => Promise<Buffer | null>,
  ): Promise<Variant | null> {
    const etag = variantEtag(sourceEtag, transform);
    const id = `${bucket}/${key}/${transformId(transform)}.${etag.slice(3, 11)}.webp`;
    const file = path.join(this.dir, id);
    const remembered = this.known.get(id);
    if (remembered) {
      const bytes = await fs
        .readFile(remembered.file)
        .catch((error) => (isMissing(error) ? null : Promise.reject(error)));
      if (bytes) return { bytes, etag };
    }
    const running = this.pending.get(id);
    if (running) return running;
    const work = this.compute(file, etag, produce)
      .then((variant) => {
        if (variant) this.known.set(id, { file, etag });
        return variant;
      })
      .finally(() => this.pending.delete(id));
    this.pending.set(id, work);
    return work;
  }

  private async compute(file: string, etag: string, produce: () => Promise<Buffer | null>): Promise<Variant | null> {
    try {
      return { bytes: await fs.readFile(file), etag };
    } catch (error) {
      if (!isMissing(error)) throw error;
    }
    const bytes = await produce();
    if (!bytes) return null;
    await fs.mkdir(path.dirname(file), { recursive: true });
    const temporary = `${file}.${crypto.randomUUID()}.tmp`;
    await fs.writeFile(temporary, bytes);
    await fs.rename(temporary, file).catch(async (error) => {
      await fs.rm(temporary, { force: true });
      throw error;
    });
    return { bytes, etag };
  }

  /** Forgets every variant of an object (called when the object is deleted). */
  async drop(bucket: StorageBucket, key: string): Promise<void> {
    const prefix = `${bucket}/${key}/`;
    this.known.deleteWhere((id) => id.startsWith(prefix));
    await fs.rm(path.join(this.dir, bucket, key), { recursive: true, force: true });
  }
}

const caches = new WeakMap<Storage, VariantCache>();

/** The transformed-image cache of a server's storage: `<DATA_DIR>/storage/.cache`. */
export function variantsOf(deps: Pick<AppDeps, 'storage' | 'config'>): VariantCache {
  let cache = caches.get(deps.storage);
  if (!cache) {
    cache = new VariantCache(path.join(deps.config.dataDir, 'storage', '.cache'));
    caches.set(deps.storage, cache);
  }
  return cache;
}
