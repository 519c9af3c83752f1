import { publicObjectUrl, type StorageBucket, type StoredImage } from '@maktaba/shared/schemas/storage';
import type { AppDeps } from '../../deps.js';
import { AppError } from '../../errors.js';
import { imageKey, normaliseUpload, STORED_CONTENT_TYPE } from './images.js';
import { isSafeKey } from './storage.js';
import { type ImageTarget, imageOwnerExists, swapImageKey } from './storage.repository.js';
import { variantsOf } from './variants.js';

type Deps = Pick<AppDeps, 'storage' | 'config' | 'database' | 'logger'>;

export const BUCKET_OF: Record<ImageTarget, StorageBucket> = {
  'book-cover': 'covers',
  'author-photo': 'portraits',
  'scholar-photo': 'portraits',
  avatar: 'avatars',
};

function notFound(target: ImageTarget): AppError {
  if (target === 'avatar') return new AppError('PROFILE_NOT_FOUND');
  const what = { 'book-cover': 'book', 'author-photo': 'author', 'scholar-photo': 'scholar' }[target];
  return new AppError('NOT_FOUND', `No such ${what}.`);
}

/**
 * Removes an object the database no longer names, with its cached variants; never fails the
 * request. Only the owner's own objects go: uploads are stored under `{ownerId}/`, and a key that
 * is not (set by an import, older data, or written into the row by other means) may be another
 * row's file, so it is left alone.
 */
async function discard(deps: Deps, bucket: StorageBucket, ownerId: string, key: string | null): Promise<void> {
  if (!key || !isSafeKey(key) || !key.startsWith(`${ownerId}/`)) return;
  try {
    await deps.storage.delete(bucket, key);
    await variantsOf(deps).drop(bucket, key);
  } catch (error) {
    deps.logger.warn({ err: error, bucket, key }, 'could not remove a replaced image');
  }
}

/**
 * Stores an uploaded image for a row and points the row at it. The file is written first and the
 * row second; when the row cannot be written, the new file is removed again (unless it was
 * already there: keys are content-addressed, so re-uploading the current image writes the same
 * key). The image it replaces is removed once the row names the new one.
 */
export async function replaceImage(deps: Deps, target: ImageTarget, id: string, upload: Buffer): Promise<StoredImage> {
  const db = deps.database.db;
  if (!(await imageOwnerExists(db, target, id))) throw notFound(target);
  const stored = await normaliseUpload(upload);
  const bucket = BUCKET_OF[target];
  const key = imageKey(id, stored);
  const existed = (await deps.storage.stat(bucket, key)) !== null;
  await deps.storage.put(bucket, key, stored, STORED_CONTENT_TYPE);
  let swapped: Awaited<ReturnType<typeof swapImageKey>>;
  try {
    swapped = await swapImageKey(db, target, id, key);
  } catch (error) {
    if (!existed) await discard(deps, bucket, id, key);
    throw error;
  }
  if (!swapped) {
    if (!existed) await discard(deps, bucket, id, key);
    throw notFound(target);
  }
  if (swapped.previous !== key) await discard(deps, bucket, id, swapped.previous);
  return { key, url: publicObjectUrl(bucket, key) ?? '' };
}

/**
 * Removes the image file of a row that is gone (a deleted book or author, a merged duplicate), with
 * its variants. The same rule as a replaced image: only a key under the row's own prefix goes.
 */
export async function discardImageOf(
  deps: Deps,
  target: ImageTarget,
  ownerId: string,
  key: string | null,
): Promise<void> {
  await discard(deps, BUCKET_OF[target], ownerId, key);
}

/** Clears a row's image and removes the file. */
export async function removeImage(deps: Deps, target: ImageTarget, id: string): Promise<void> {
  const swapped = await swapImageKey(deps.database.db, target, id, null);
  if (!swapped) throw notFound(target);
  await discard(deps, BUCKET_OF[target], id, swapped.previous);
}
