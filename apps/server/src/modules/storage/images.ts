import crypto from 'node:crypto';
import { IMAGE_LIMITS, ImageTransformSchema, type ResizeMode } from '@maktaba/shared/schemas/storage';
import sharp from 'sharp';
import { AppError, validationError } from '../../errors.js';
import { DEFAULT_COVER_HEIGHT, DEFAULT_COVER_SVG, DEFAULT_COVER_WIDTH } from './default-cover.js';
import { snapTransform } from './variant-sizes.js';

export const STORED_CONTENT_TYPE = 'image/webp';
const STORED_QUALITY = 86;

export type UploadFormat = 'jpeg' | 'png' | 'webp' | 'avif' | 'gif';
/** What sharp reports after decoding each accepted format (AVIF is decoded by libheif). */
const DECODED_AS: Record<UploadFormat, string> = { jpeg: 'jpeg', png: 'png', webp: 'webp', avif: 'heif', gif: 'gif' };

const ascii = (bytes: Buffer, start: number, end: number) => bytes.subarray(start, end).toString('latin1');

/**
 * The format the bytes themselves declare (their signature), whatever the client called the file.
 * AVIF is an ISO-BMFF `ftyp` box whose major or compatible brands include avif/avis; other HEIF
 * brands (HEIC) are not accepted.
 */
export function detectImageFormat(bytes: Buffer): UploadFormat | null {
  if (bytes.length < 12) return null;
  if (bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return 'jpeg';
  if (bytes.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))) return 'png';
  if (ascii(bytes, 0, 6) === 'GIF87a' || ascii(bytes, 0, 6) === 'GIF89a') return 'gif';
  if (ascii(bytes, 0, 4) === 'RIFF' && ascii(bytes, 8, 12) === 'WEBP') return 'webp';
  if (ascii(bytes, 4, 8) === 'ftyp') {
    const boxSize = Math.min(bytes.readUInt32BE(0), bytes.length, 256);
    for (let offset = 8; offset + 4 <= boxSize; offset += 4) {
      if (offset === 12) continue; // the minor version, not a brand
      const brand = ascii(bytes, offset, offset + 4);
      if (brand === 'avif' || brand === 'avis') return 'avif';
    }
  }
  return null;
}

const ACCEPTED = 'Send a JPEG, PNG, WebP, AVIF or GIF image.';

export function tooLarge(): AppError {
  return new AppError('PAYLOAD_TOO_LARGE', `The image is larger than ${IMAGE_LIMITS.uploadMaxBytes / 1024 / 1024} MB.`);
}

/**
 * Turns an upload into the image we store: checked by its own bytes, decoded with a pixel limit
 * (decompression bombs), turned upright from its EXIF orientation, scaled down to the longest side
 * we keep, and re-encoded as WebP. Re-encoding without `keepMetadata` drops every piece of
 * metadata: EXIF (GPS, camera), XMP, IPTC, ICC profiles and comments.
 */
export async function normaliseUpload(bytes: Buffer): Promise<Buffer> {
  if (bytes.length > IMAGE_LIMITS.uploadMaxBytes) throw tooLarge();
  const format = detectImageFormat(bytes);
  if (!format) throw new AppError('UNSUPPORTED_MEDIA_TYPE', `This file is not an image we accept. ${ACCEPTED}`);
  try {
    const image = sharp(bytes, {
      limitInputPixels: IMAGE_LIMITS.inputMaxPixels,
      failOn: 'error',
      pages: 1,
      autoOrient: true,
    });
    const metadata = await image.metadata();
    if (metadata.format !== DECODED_AS[format]) {
      throw new AppError('UNSUPPORTED_MEDIA_TYPE', `This file is not an image we accept. ${ACCEPTED}`);
    }
    return await image
      .resize({
        width: IMAGE_LIMITS.storedMaxSide,
        height: IMAGE_LIMITS.storedMaxSide,
        fit: 'inside',
        withoutEnlargement: true,
      })
      .webp({ quality: STORED_QUALITY })
      .toBuffer();
  } catch (error) {
    if (error instanceof AppError) throw error;
    if (error instanceof Error && /pixel limit/i.test(error.message)) {
      throw new AppError('PAYLOAD_TOO_LARGE', 'The image has too many pixels.', { cause: error });
    }
    throw new AppError('UNSUPPORTED_MEDIA_TYPE', `This image could not be read. ${ACCEPTED}`, { cause: error });
  }
}

/** Content-addressed: the same image for the same entity always gets the same key. */
export function imageKey(entityId: string, stored: Buffer): string {
  return `${entityId}/${crypto.createHash('sha256').update(stored).digest('hex').slice(0, 16)}.webp`;
}

export type ImageTransform = { width?: number; height?: number; quality: number; resize: ResizeMode };

/**
 * The transform that answers a public URL, or null for the original. Only width, height and
 * quality change the image (resize only says how width and height apply). Invalid values answer
 * 400; valid ones snap to the allowed variants (variant-sizes.ts), so many URLs share one image.
 */
export function parseTransform(query: Record<string, string>): ImageTransform | null {
  const parsed = ImageTransformSchema.safeParse(query);
  if (!parsed.success) {
    const { details } = validationError(parsed.error);
    const fields = parsed.error.issues.map((issue) => `${issue.path.join('.')} ${issue.message}`).join('; ');
    throw new AppError('BAD_REQUEST', `Invalid image transform: ${fields}.`, { details });
  }
  const { width, height, quality, resize } = parsed.data;
  if (width === undefined && height === undefined && quality === undefined) return null;
  return snapTransform({
    width,
    height,
    quality: quality ?? IMAGE_LIMITS.transformDefaultQuality,
    resize: resize ?? 'cover',
  });
}

/** A name for a transform, for cache keys and validators: `w320-h0-q80-cover`. */
export function transformId(transform: ImageTransform): string {
  return `w${transform.width ?? 0}-h${transform.height ?? 0}-q${transform.quality}-${transform.resize}`;
}

export async function transformImage(bytes: Buffer, transform: ImageTransform): Promise<Buffer> {
  return sharp(bytes, { limitInputPixels: IMAGE_LIMITS.inputMaxPixels })
    .resize({
      width: transform.width,
      height: transform.height,
      fit: transform.resize,
      background: { r: 0, g: 0, b: 0, alpha: 0 },
    })
    .webp({ quality: transform.quality })
    .toBuffer();
}

/** The default cover at the size asked for (2:3 when only one side, or neither, is given). */
export async function renderDefaultCover(transform: ImageTransform | null): Promise<Buffer> {
  let width = transform?.width;
  let height = transform?.height;
  if (width === undefined && height === undefined) width = DEFAULT_COVER_WIDTH;
  if (height === undefined) height = Math.round(((width ?? 0) * DEFAULT_COVER_HEIGHT) / DEFAULT_COVER_WIDTH);
  if (width === undefined) width = Math.round((height * DEFAULT_COVER_WIDTH) / DEFAULT_COVER_HEIGHT);
  const density = Math.min(2400, Math.max(72, (72 * Math.max(width, height)) / DEFAULT_COVER_HEIGHT) * 1.5);
  return sharp(Buffer.from(DEFAULT_COVER_SVG), { density })
    .resize({ width: Math.max(1, width), height: Math.max(1, height), fit: transform?.resize ?? 'cover' })
    .webp({ quality: transform?.quality ?? IMAGE_LIMITS.transformDefaultQuality })
    .toBuffer();
}
