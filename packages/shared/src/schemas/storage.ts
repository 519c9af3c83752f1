import { z } from 'zod';

/**
 * Stored images (covers, portraits, avatars): buckets, upload limits, the public URL shape and
 * the transforms a public URL accepts (reader-area §7: width, height, quality, resize).
 */
export const STORAGE_BUCKETS = ['covers', 'portraits', 'avatars'] as const;
export type StorageBucket = (typeof STORAGE_BUCKETS)[number];

export function isStorageBucket(value: unknown): value is StorageBucket {
  return typeof value === 'string' && (STORAGE_BUCKETS as readonly string[]).includes(value);
}

export const IMAGE_LIMITS = {
  /** Largest accepted upload, in bytes. */
  uploadMaxBytes: 5 * 1024 * 1024,
  /** Largest decoded image accepted (width × height), against decompression bombs. */
  inputMaxPixels: 50_000_000,
  /** Longest side of a stored image; larger uploads are scaled down. */
  storedMaxSide: 2000,
  /** Largest width or height a transform may ask for. */
  transformMaxSide: 2000,
  transformMinQuality: 20,
  transformMaxQuality: 100,
  transformDefaultQuality: 80,
} as const;

/** Where stored objects are served (the storage URL shape of reader-area §7). */
export const PUBLIC_OBJECT_PREFIX = '/storage/v1/object/public';

/** The path of a public object; `null` when there is no object. */
export function publicObjectUrl(bucket: StorageBucket, key: string | null | undefined): string | null {
  if (!key) return null;
  return `${PUBLIC_OBJECT_PREFIX}/${bucket}/${key.split('/').map(encodeURIComponent).join('/')}`;
}

/** How a transform fits the image into width × height (the names of the storage URL API). */
export const RESIZE_MODES = ['cover', 'contain', 'fill'] as const;
export type ResizeMode = (typeof RESIZE_MODES)[number];

const side = z.coerce
  .number({ error: 'must be a whole number' })
  .int('must be a whole number')
  .min(1, 'must be at least 1')
  .max(IMAGE_LIMITS.transformMaxSide, `must be at most ${IMAGE_LIMITS.transformMaxSide}`);

/** The query string of a public object URL. Values arrive as strings. */
export const ImageTransformSchema = z.object({
  width: side.optional(),
  height: side.optional(),
  quality: z.coerce
    .number({ error: 'must be a whole number' })
    .int('must be a whole number')
    .min(IMAGE_LIMITS.transformMinQuality, `must be at least ${IMAGE_LIMITS.transformMinQuality}`)
    .max(IMAGE_LIMITS.transformMaxQuality, `must be at most ${IMAGE_LIMITS.transformMaxQuality}`)
    .optional(),
  resize: z.enum(RESIZE_MODES, { error: `must be one of ${RESIZE_MODES.join(', ')}` }).optional(),
});
export type ImageTransformQuery = z.infer<typeof ImageTransformSchema>;

/** The answer to an upload: the stored key and its public URL. */
export const StoredImageSchema = z.object({
  key: z.string(),
  url: z.string(),
});
export type StoredImage = z.infer<typeof StoredImageSchema>;
