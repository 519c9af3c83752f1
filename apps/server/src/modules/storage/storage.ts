import crypto from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import { isStorageBucket, publicObjectUrl, type StorageBucket } from '@maktaba/shared/schemas/storage';

export { publicObjectUrl };

export type StoredObjectInfo = {
  contentType: string;
  size: number;
  /** A strong validator, quoted as HTTP wants it. */
  etag: string;
  mtime: Date;
};

export type StoredObject = StoredObjectInfo & { bytes: Buffer };

/**
 * Where stored files live. Local disk by default; an S3-compatible store can implement the same
 * four calls (PutObject, GetObject, HeadObject, DeleteObject) later (ADR 0006).
 */
export type Storage = {
  put(bucket: StorageBucket, key: string, bytes: Buffer, contentType: string): Promise<void>;
  get(bucket: StorageBucket, key: string): Promise<StoredObject | null>;
  stat(bucket: StorageBucket, key: string): Promise<StoredObjectInfo | null>;
  /** Removes the object; a missing one is not an error. */
  delete(bucket: StorageBucket, key: string): Promise<void>;
};

const KEY_MAX_LENGTH = 200;
const SEGMENT = /^[A-Za-z0-9_-][A-Za-z0-9._-]*$/;

/**
 * A key is one or more `/`-separated segments of [A-Za-z0-9._-] that never start with a dot: no
 * `.` or `..`, no hidden names (temporary files and the transform cache start with a dot), no
 * absolute path, backslash, NUL or empty segment.
 */
export function isSafeKey(key: unknown): key is string {
  if (typeof key !== 'string' || key.length === 0 || key.length > KEY_MAX_LENGTH) return false;
  return key.split('/').every((segment) => SEGMENT.test(segment));
}

export class UnsafeKeyError extends Error {
  override name = 'UnsafeKeyError';
}

/** Only the types this server writes are ever served; anything else reads as missing. */
const CONTENT_TYPES: Record<string, string> = { '.webp': 'image/webp' };

export function contentTypeOfKey(key: string): string | undefined {
  return CONTENT_TYPES[path.extname(key).toLowerCase()];
}

/** Files under `<root>/<bucket>/<key>`; writes go to a temporary file first, then a rename. */
export class LocalDiskStorage implements Storage {
  constructor(readonly root: string) {}

  /** The absolute file of an object; refuses anything that could leave the bucket's folder. */
  fileOf(bucket: StorageBucket, key: string): string {
    if (!isStorageBucket(bucket) || !isSafeKey(key)) throw new UnsafeKeyError(`Unsafe object key: ${bucket}/${key}`);
    const bucketDir = path.join(this.root, bucket);
    const file = path.resolve(bucketDir, key);
    if (!file.startsWith(`${bucketDir}${path.sep}`)) throw new UnsafeKeyError(`Unsafe object key: ${bucket}/${key}`);
    return file;
  }

  async put(bucket: StorageBucket, key: string, bytes: Buffer, contentType: string): Promise<void> {
    if (contentTypeOfKey(key) !== contentType) throw new UnsafeKeyError(`Key ${key} does not name a ${contentType}`);
    const file = this.fileOf(bucket, key);
    await fs.mkdir(path.dirname(file), { recursive: true });
    const temporary = path.join(path.dirname(file), `.${path.basename(file)}.${crypto.randomUUID()}.tmp`);
    try {
      await fs.writeFile(temporary, bytes, { flag: 'wx' });
      await fs.rename(temporary, file);
    } catch (error) {
      await fs.rm(temporary, { force: true });
      throw error;
    }
  }

  async stat(bucket: StorageBucket, key: string): Promise<StoredObjectInfo | null> {
    const contentType = contentTypeOfKey(key);
    if (!contentType) return null;
    try {
      const stats = await fs.stat(this.fileOf(bucket, key));
      if (!stats.isFile()) return null;
      return { contentType, size: stats.size, etag: fileEtag(stats), mtime: stats.mtime };
    } catch (error) {
      if (isMissing(error)) return null;
      throw error;
    }
  }

  async get(bucket: StorageBucket, key: string): Promise<StoredObject | null> {
    const info = await this.stat(bucket, key);
    if (!info) return null;
    try {
      return { ...info, bytes: await fs.readFile(this.fileOf(bucket, key)) };
    } catch (error) {
      if (isMissing(error)) return null;
      throw error;
    }
  }

  async delete(bucket: StorageBucket, key: string): Promise<void> {
    // The per-entity folder stays: removing it could race with a concurrent upload into it.
    await fs.rm(this.fileOf(bucket, key), { force: true });
  }
}

function fileEtag(stats: { size: number; mtimeMs: number; ino: number }): string {
  return `"${stats.size.toString(16)}-${Math.floor(stats.mtimeMs).toString(16)}-${stats.ino.toString(16)}"`;
}

export function isMissing(error: unknown): boolean {
  const code = (error as NodeJS.ErrnoException | undefined)?.code;
  return code === 'ENOENT' || code === 'ENOTDIR';
}

/** The storage of a server: `<DATA_DIR>/storage`. */
export function createStorage(dataDir: string): LocalDiskStorage {
  return new LocalDiskStorage(path.join(dataDir, 'storage'));
}
