import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { ImageTransform } from './images.js';
import { VariantCache } from './variants.js';

const KEY = 'book/0123456789abcdef.webp';
const at = (width: number): ImageTransform => ({ width, quality: 80, resize: 'cover' });
const bytesOf = (size: number, fill: number) => Buffer.alloc(size, fill);

/** Every file under `dir`, relative, with its size. */
function filesUnder(dir: string): Array<{ name: string; size: number }> {
  if (!fs.existsSync(dir)) return [];
  return (fs.readdirSync(dir, { recursive: true }) as string[])
    .map((name) => ({ name, stats: fs.statSync(path.join(dir, name)) }))
    .filter(({ stats }) => stats.isFile())
    .map(({ name, stats }) => ({ name, size: stats.size }));
}
const totalUnder = (dir: string) => filesUnder(dir).reduce((sum, file) => sum + file.size, 0);

describe('VariantCache', () => {
  let dir: string;
  beforeEach(() => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'maktaba-variants-'));
  });
  afterEach(() => fs.rmSync(dir, { recursive: true, force: true }));

  it('keeps the variants under the cap, deleting the least recently used first', async () => {
    const cache = new VariantCache(dir, 3000);
    const made: number[] = [];
    const get = (width: number) =>
      cache.get('covers', KEY, '"e"', at(width), async () => {
        made.push(width);
        return bytesOf(1000, width);
      });
    await get(64);
    await get(96);
    await get(128);
    expect(totalUnder(dir)).toBe(3000);
    await get(64); // read: now the most recently used
    await get(160); // over the cap: 96, the least recently used, goes
    expect(made).toEqual([64, 96, 128, 160]);
    expect(filesUnder(dir).map((file) => file.name.split('/').at(-1)?.split('-')[0])).not.toContain('w96');
    expect(filesUnder(dir)).toHaveLength(3);
    expect(cache.totalBytes).toBe(3000);
    expect(totalUnder(dir)).toBeLessThanOrEqual(3000);
    // An evicted variant is made again when asked for.
    expect((await get(96))?.bytes.equals(bytesOf(1000, 96))).toBe(true);
    expect(made).toEqual([64, 96, 128, 160, 96]);
    expect(totalUnder(dir)).toBeLessThanOrEqual(3000);
  });

  it('rebuilds its index from the files on disk, oldest first, and evicts past a lower cap at once', async () => {
    const first = new VariantCache(dir, 10_000);
    for (const width of [64, 96, 128, 160]) {
      await first.get('covers', KEY, '"e"', at(width), async () => bytesOf(1000, width));
    }
    // Their last use, as the next start reads it: 128 oldest, then 64, 160, 96.
    const files = filesUnder(dir).map((file) => path.join(dir, file.name));
    const widthOf = (file: string) => Number(/\/w(\d+)-/.exec(file)?.[1]);
    const order = [128, 64, 160, 96];
    for (const file of files) {
      const time = new Date(Date.UTC(2026, 0, 1, 0, order.indexOf(widthOf(file))));
      fs.utimesSync(file, time, time);
    }
    const leftover = path.join(dir, 'covers', KEY, 'w64-h0-q80-cover.x.webp.1234.tmp');
    fs.writeFileSync(leftover, 'half');
    fs.utimesSync(leftover, new Date(2026, 0, 1), new Date(2026, 0, 1));

    const restarted = new VariantCache(dir, 2000);
    const made: number[] = [];
    const variant = await restarted.get('covers', KEY, '"e"', at(96), async () => {
      made.push(96);
      return bytesOf(1000, 96);
    });
    expect(made).toEqual([]); // read from disk, not made again
    expect(variant?.bytes.equals(bytesOf(1000, 96))).toBe(true);
    expect(filesUnder(dir).map((file) => widthOf(file.name))).toEqual(expect.arrayContaining([160, 96]));
    expect(filesUnder(dir)).toHaveLength(2);
    expect(restarted.totalBytes).toBe(2000);
    expect(fs.existsSync(leftover)).toBe(false);
  });

  it('makes a variant once for concurrent requests and writes it whole, under its final name only', async () => {
    const cache = new VariantCache(dir, 1_000_000);
    let made = 0;
    const answers = await Promise.all(
      Array.from({ length: 20 }, () =>
        cache.get('covers', KEY, '"e"', at(320), async () => {
          made++;
          await new Promise((resolve) => setTimeout(resolve, 20));
          return bytesOf(5000, 7);
        }),
      ),
    );
    expect(made).toBe(1);
    for (const answer of answers) expect(answer?.bytes.equals(bytesOf(5000, 7))).toBe(true);
    expect(filesUnder(dir)).toEqual([
      { name: expect.stringMatching(/w320-h0-q80-cover\.[0-9a-f]{8}\.webp$/), size: 5000 },
    ]);
  });

  it('serves a variant larger than the whole cache without writing it', async () => {
    const cache = new VariantCache(dir, 0);
    const variant = await cache.get('covers', KEY, '"e"', at(64), async () => bytesOf(10, 1));
    expect(variant?.bytes.length).toBe(10);
    expect(filesUnder(dir)).toEqual([]);
    expect(cache.totalBytes).toBe(0);
  });

  it('forgets the variants of a deleted object', async () => {
    const cache = new VariantCache(dir, 10_000);
    await cache.get('covers', KEY, '"e"', at(64), async () => bytesOf(1000, 1));
    await cache.get('covers', 'other/0123456789abcdef.webp', '"e"', at(64), async () => bytesOf(1000, 2));
    await cache.drop('covers', KEY);
    expect(cache.totalBytes).toBe(1000);
    expect(filesUnder(dir)).toHaveLength(1);
  });
});
