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

/** A temporary file this old was left by a process that stopped half-way through a write. */
const STALE_TEMPORARY_MS = 10 * 60_000;
/** How often a variant's mtime is brought forward when it is read, so a restart knows it was used. */
const TOUCH_INTERVAL_MS = 60_000;

type Entry = { file: string; size: number; usedAt: number };

async function readIfPresent(file: string): Promise<Buffer | null> {
  return fs.readFile(file).catch((error) => (isMissing(error) ? null : Promise.reject(error)));
}

/**
 * Transformed images, kept on disk under `<dir>/<bucket>/<key>/<transform>.<source>.webp` so each
 * is computed once. Stored keys are content-addressed, so a cached variant never goes stale; the
 * original's validator is part of the file name all the same. Concurrent requests for the same
 * variant share one computation, and a variant is written to a temporary name and renamed, so a
 * half-written file is never read.
 *
 * The files on disk are indexed in memory, least recently used first (rebuilt from their mtimes on
 * first use, so a restart keeps the order), and kept under `maxBytes` together: past it the least
 * recently used are deleted, to be computed again when asked for. Only variants live here; the
 * originals are elsewhere and never evicted.
 */
export class VariantCache {
  private readonly index = new Map<string, Entry>();
  private readonly pending = new Map<string, Promise<Variant | null>>();
  private bytes = 0;
  private loading: Promise<void> | undefined;

  constructor(
    readonly dir: string,
    readonly maxBytes: number,
  ) {}

  /** What the indexed variants take on disk, in bytes. */
  get totalBytes(): number {
    return this.bytes;
  }

  async get(
    bucket: StorageBucket,
    key: string,
    sourceEtag: string,
    transform: ImageTransform,
    produce: () => Promise<Buffer | null>,
  ): Promise<Variant | null> {
    await this.load();
    const etag = variantEtag(sourceEtag, transform);
    const id = `${bucket}/${key}/${transformId(transform)}.${etag.slice(3, 11)}.webp`;
    const entry = this.index.get(id);
    if (entry) {
      const bytes = await readIfPresent(entry.file);
      if (bytes) {
        this.markUsed(id, entry);
        return { bytes, etag };
      }
      this.forget(id, entry);
    }
    const running = this.pending.get(id);
    if (running) return running;
    const work = this.compute(id, etag, produce).finally(() => this.pending.delete(id));
    this.pending.set(id, work);
    return work;
  }

  private async compute(id: string, etag: string, produce: () => Promise<Buffer | null>): Promise<Variant | null> {
    const file = path.join(this.dir, id);
    // Another instance sharing the folder may have written it.
    const existing = await readIfPresent(file);
    if (existing) {
      await this.remember(id, file, existing.length);
      return { bytes: existing, etag };
    }
    const bytes = await produce();
    if (!bytes) return null;
    // Larger than the whole cache (IMAGE_CACHE_MAX_MB=0 keeps none): served, never written.
    if (bytes.length > this.maxBytes) return { bytes, etag };
    await fs.mkdir(path.dirname(file), { recursive: true });
    const temporary = `${file}.${crypto.randomUUID()}.tmp`;
    try {
      await fs.writeFile(temporary, bytes, { flag: 'wx' });
      await fs.rename(temporary, file);
    } catch (error) {
      await fs.rm(temporary, { force: true });
      throw error;
    }
    await this.remember(id, file, bytes.length);
    return { bytes, etag };
  }

  private markUsed(id: string, entry: Entry): void {
    this.index.delete(id);
    this.index.set(id, entry);
    const now = Date.now();
    if (now - entry.usedAt < TOUCH_INTERVAL_MS) return;
    entry.usedAt = now;
    const time = new Date(now);
    void fs.utimes(entry.file, time, time).catch(() => undefined);
  }

  private forget(id: string, entry: Entry): void {
    if (this.index.get(id) !== entry) return;
    this.index.delete(id);
    this.bytes -= entry.size;
  }

  /** Indexes a file as the most recently used variant, then evicts past the cap. */
  private async remember(id: string, file: string, size: number): Promise<void> {
    const previous = this.index.get(id);
    if (previous) this.forget(id, previous);
    this.index.set(id, { file, size, usedAt: Date.now() });
    this.bytes += size;
    await this.evict();
  }

  /** Deletes the least recently used variants until the rest fit under the cap. */
  private async evict(): Promise<void> {
    const removed: string[] = [];
    for (const [id, entry] of this.index) {
      if (this.bytes <= this.maxBytes) break;
      this.forget(id, entry);
      removed.push(entry.file);
    }
    // A reader that opened one of these files first still reads it whole (POSIX unlink).
    await Promise.all(removed.map((file) => fs.rm(file, { force: true }).catch(() => undefined)));
  }

  private load(): Promise<void> {
    this.loading ??= this.scan().catch(() => undefined);
    return this.loading;
  }

  /**
   * Indexes the variants already on disk (a previous run's), oldest first by mtime, removes
   * temporary files a stopped process left behind, and evicts past the cap (a lower cap than the
   * last run's takes effect at once).
   */
  private async scan(): Promise<void> {
    let names: string[];
    try {
      names = await fs.readdir(this.dir, { recursive: true });
    } catch (error) {
      if (isMissing(error)) return;
      throw error;
    }
    const found: Array<{ id: string; file: string; size: number; mtimeMs: number }> = [];
    for (const name of names) {
      const file = path.join(this.dir, name);
      const stats = await fs.stat(file).catch(() => null);
      if (!stats?.isFile()) continue;
      if (name.endsWith('.tmp')) {
        if (Date.now() - stats.mtimeMs > STALE_TEMPORARY_MS) await fs.rm(file, { force: true });
      } else if (name.endsWith('.webp')) {
        found.push({ id: name.split(path.sep).join('/'), file, size: stats.size, mtimeMs: stats.mtimeMs });
      }
    }
    found.sort((a, b) => a.mtimeMs - b.mtimeMs);
    for (const { id, file, size, mtimeMs } of found) {
      this.index.set(id, { file, size, usedAt: mtimeMs });
      this.bytes += size;
    }
    await this.evict();
  }

  /** Forgets every variant of an object (called when the object is deleted). */
  async drop(bucket: StorageBucket, key: string): Promise<void> {
    await this.load();
    const prefix = `${bucket}/${key}/`;
    for (const [id, entry] of [...this.index]) if (id.startsWith(prefix)) this.forget(id, entry);
    await fs.rm(path.join(this.dir, bucket, key), { recursive: true, force: true });
  }
}

const caches = new WeakMap<Storage, VariantCache>();

/** The transformed-image cache of a server's storage: `<DATA_DIR>/storage/.cache`, IMAGE_CACHE_MAX_MB at most. */
export function variantsOf(deps: Pick<AppDeps, 'storage' | 'config'>): VariantCache {
  let cache = caches.get(deps.storage);
  if (!cache) {
    cache = new VariantCache(path.join(deps.config.dataDir, 'storage', '.cache'), deps.config.imageCacheMaxBytes);
    caches.set(deps.storage, cache);
  }
  return cache;
}
