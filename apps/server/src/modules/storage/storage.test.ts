import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { publicObjectUrl } from '@maktaba/shared/schemas/storage';
import sharp from 'sharp';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { AppError } from '../../errors.js';
import { detectImageFormat, normaliseUpload, parseTransform } from './images.js';
import { isSafeKey, LocalDiskStorage } from './storage.js';

describe('isSafeKey', () => {
  it.each(['a.webp', '3f2b8c1e-0000-4000-8000-000000000000/0123456789abcdef.webp', 'a/b/c_d-e.webp', 'default'])(
    'accepts %s',
    (key) => {
      expect(isSafeKey(key)).toBe(true);
    },
  );

  it.each([
    '',
    '..',
    '../a.webp',
    'a/../b.webp',
    'a/./b.webp',
    '/etc/passwd',
    'a//b.webp',
    'a/',
    'a\\..\\b.webp',
    'a\u0000.webp',
    '.cache/x.webp',
    'a/.hidden.webp',
    'a b.webp',
    'a%2F..%2Fb.webp',
    'ç.webp',
    'C:/x.webp',
    `${'a'.repeat(201)}`,
  ])('refuses %j', (key) => {
    expect(isSafeKey(key)).toBe(false);
  });

  it('refuses what is not a string', () => {
    expect(isSafeKey(undefined)).toBe(false);
    expect(isSafeKey(42)).toBe(false);
  });
});

describe('LocalDiskStorage', () => {
  let root: string;
  let storage: LocalDiskStorage;
  beforeEach(() => {
    root = fs.mkdtempSync(path.join(os.tmpdir(), 'maktaba-storage-'));
    storage = new LocalDiskStorage(root);
  });
  afterEach(() => fs.rmSync(root, { recursive: true, force: true }));

  it('writes, reads, describes and deletes an object, leaving no temporary file', async () => {
    const bytes = Buffer.from('RIFF0000WEBPVP8 ');
    await storage.put('covers', 'book/abc.webp', bytes, 'image/webp');
    expect(fs.readdirSync(path.join(root, 'covers', 'book'))).toEqual(['abc.webp']);
    const object = await storage.get('covers', 'book/abc.webp');
    expect(object?.bytes.equals(bytes)).toBe(true);
    expect(object?.contentType).toBe('image/webp');
    expect(object?.size).toBe(bytes.length);
    expect(object?.etag).toMatch(/^"[0-9a-f-]+"$/);
    expect((await storage.stat('covers', 'book/abc.webp'))?.etag).toBe(object?.etag);
    await storage.delete('covers', 'book/abc.webp');
    expect(await storage.get('covers', 'book/abc.webp')).toBeNull();
    await storage.delete('covers', 'book/abc.webp');
  });

  it('refuses keys that leave the bucket, unknown buckets, and types it does not store', async () => {
    const bytes = Buffer.from('x');
    await expect(storage.put('covers', '../x.webp', bytes, 'image/webp')).rejects.toThrow(/Unsafe/);
    await expect(storage.put('posters' as 'covers', 'x.webp', bytes, 'image/webp')).rejects.toThrow(/Unsafe/);
    await expect(storage.put('covers', 'x.html', bytes, 'text/html')).rejects.toThrow();
    await expect(storage.put('covers', 'x.webp', bytes, 'text/html')).rejects.toThrow();
    expect(() => storage.fileOf('covers', '/etc/passwd')).toThrow(/Unsafe/);
    expect(fs.readdirSync(root)).toEqual([]);
  });

  it('answers null for a file of a type it never writes, even inside a bucket', async () => {
    fs.mkdirSync(path.join(root, 'avatars'), { recursive: true });
    fs.writeFileSync(path.join(root, 'avatars', 'page.html'), '<script></script>');
    expect(await storage.get('avatars', 'page.html')).toBeNull();
  });
});

describe('detectImageFormat', () => {
  it('reads the format from the bytes', async () => {
    const image = sharp({ create: { width: 4, height: 4, channels: 3, background: '#123456' } });
    expect(detectImageFormat(await image.clone().jpeg().toBuffer())).toBe('jpeg');
    expect(detectImageFormat(await image.clone().png().toBuffer())).toBe('png');
    expect(detectImageFormat(await image.clone().webp().toBuffer())).toBe('webp');
    expect(detectImageFormat(await image.clone().gif().toBuffer())).toBe('gif');
    expect(detectImageFormat(await image.clone().avif().toBuffer())).toBe('avif');
    expect(detectImageFormat(Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>'))).toBeNull();
    expect(detectImageFormat(Buffer.from('just some text, long enough'))).toBeNull();
  });

  it('normalises each accepted format to WebP', async () => {
    const image = sharp({ create: { width: 30, height: 20, channels: 3, background: '#654321' } });
    for (const encoded of [
      await image.clone().avif().toBuffer(),
      await image.clone().gif().toBuffer(),
      await image.clone().webp().toBuffer(),
    ]) {
      const meta = await sharp(await normaliseUpload(encoded)).metadata();
      expect({ format: meta.format, width: meta.width, height: meta.height }).toEqual({
        format: 'webp',
        width: 30,
        height: 20,
      });
    }
  });

  it('scales a large image down to the longest side it keeps, and refuses too many pixels', async () => {
    const large = await sharp({ create: { width: 3000, height: 1500, channels: 3, background: '#000' } })
      .png()
      .toBuffer();
    const meta = await sharp(await normaliseUpload(large)).metadata();
    expect({ width: meta.width, height: meta.height }).toEqual({ width: 2000, height: 1000 });
    // A tiny PNG whose header claims 10 000 × 10 000 pixels (a decompression bomb's calling card).
    const bomb = await sharp({ create: { width: 8, height: 8, channels: 3, background: '#000' } })
      .png()
      .toBuffer();
    bomb.writeUInt32BE(10_000, 16);
    bomb.writeUInt32BE(10_000, 20);
    bomb.writeUInt32BE(zlib.crc32(bomb.subarray(12, 29)), 29);
    await expect(normaliseUpload(bomb)).rejects.toMatchObject({ code: 'PAYLOAD_TOO_LARGE' });
  });
});

describe('parseTransform', () => {
  it('reads width, height, quality and resize, with the defaults', () => {
    expect(parseTransform({})).toBeNull();
    expect(parseTransform({ resize: 'contain' })).toBeNull();
    expect(parseTransform({ width: '320' })).toEqual({ width: 320, quality: 80, resize: 'cover' });
    expect(parseTransform({ height: '64', quality: '60', resize: 'fill' })).toEqual({
      height: 64,
      quality: 60,
      resize: 'fill',
    });
  });

  it('snaps sizes and quality to the allowed variants', () => {
    expect(parseTransform({ width: '300' })).toEqual({ width: 320, quality: 80, resize: 'cover' });
    expect(parseTransform({ width: '321', height: '449', quality: '55' })).toEqual({
      width: 384,
      height: 480,
      quality: 60,
      resize: 'cover',
    });
    expect(parseTransform({ quality: '100' })).toEqual({ quality: 90, resize: 'cover' });
  });

  it('refuses values out of range with a 400 that names the field', () => {
    const queries: Record<string, string>[] = [
      { width: '0' },
      { height: '2001' },
      { quality: '19' },
      { resize: 'zoom' },
      { width: '1.5' },
    ];
    for (const query of queries) {
      let caught: unknown;
      try {
        parseTransform(query);
      } catch (error) {
        caught = error;
      }
      expect(caught).toBeInstanceOf(AppError);
      expect((caught as AppError).status).toBe(400);
      expect((caught as AppError).message).toContain(Object.keys(query)[0]);
    }
  });
});

describe('publicObjectUrl', () => {
  it('builds the public path, or null without a key', () => {
    expect(publicObjectUrl('covers', 'b/0123.webp')).toBe('/storage/v1/object/public/covers/b/0123.webp');
    expect(publicObjectUrl('avatars', null)).toBeNull();
  });
});
