import { IMAGE_VARIANTS } from '@maktaba/shared/constants';
import { IMAGE_LIMITS } from '@maktaba/shared/schemas/storage';
import { describe, expect, it } from 'vitest';
import { snapQuality, snapSide, snapTransform } from './variant-sizes.js';

describe('snapSide', () => {
  it('keeps an allowed side and snaps any other up to the next one', () => {
    expect(snapSide(1)).toBe(64);
    expect(snapSide(64)).toBe(64);
    expect(snapSide(65)).toBe(96);
    expect(snapSide(300)).toBe(320);
    expect(snapSide(321)).toBe(384);
    expect(snapSide(1025)).toBe(1536);
    expect(snapSide(1999)).toBe(2000);
    expect(snapSide(IMAGE_LIMITS.transformMaxSide)).toBe(IMAGE_LIMITS.transformMaxSide);
  });

  it('maps every width a transform accepts onto the allowed sides, never below the request', () => {
    const seen = new Set<number>();
    for (let side = 1; side <= IMAGE_LIMITS.transformMaxSide; side++) {
      const snapped = snapSide(side);
      expect(snapped).toBeGreaterThanOrEqual(side);
      seen.add(snapped);
    }
    expect([...seen]).toEqual([...IMAGE_VARIANTS.sides]);
  });

  it('has sides in increasing order, at most 1.5 times apart, ending at the largest side a transform may ask for', () => {
    const { sides } = IMAGE_VARIANTS;
    for (let i = 1; i < sides.length; i++) {
      expect(sides[i]).toBeGreaterThan(sides[i - 1] as number);
      expect((sides[i] as number) / (sides[i - 1] as number)).toBeLessThanOrEqual(1.5);
    }
    expect(sides.at(-1)).toBe(IMAGE_LIMITS.transformMaxSide);
  });

  it('holds every size the web app asks for, so its covers and photos are made exactly', () => {
    // apps/web/src/lib/images.ts doubles the CSS size: covers 64 × 96 (lists, bookmarks),
    // 80 × 120 (search), 160 × 240 (shelves), 256 × 384 (the book page); photos 96, 112, 160.
    const requested = [
      [128, 192],
      [160, 240],
      [320, 480],
      [512, 768],
      [192, 192],
      [224, 224],
      [320, 320],
    ];
    for (const [width, height] of requested) {
      expect(snapTransform({ width, height, quality: 75 })).toMatchObject({ width, height });
    }
  });
});

describe('snapQuality', () => {
  it('snaps up to the next level, and caps at the highest', () => {
    expect(snapQuality(IMAGE_LIMITS.transformMinQuality)).toBe(40);
    expect(snapQuality(40)).toBe(40);
    expect(snapQuality(41)).toBe(60);
    expect(snapQuality(75)).toBe(80);
    expect(snapQuality(91)).toBe(90);
    expect(snapQuality(IMAGE_LIMITS.transformMaxQuality)).toBe(90);
  });

  it('keeps the default quality as it is', () => {
    expect(snapQuality(IMAGE_LIMITS.transformDefaultQuality)).toBe(IMAGE_LIMITS.transformDefaultQuality);
  });

  it('maps every quality a transform accepts onto the levels', () => {
    const seen = new Set<number>();
    for (let quality = IMAGE_LIMITS.transformMinQuality; quality <= IMAGE_LIMITS.transformMaxQuality; quality++) {
      seen.add(snapQuality(quality));
    }
    expect([...seen]).toEqual([...IMAGE_VARIANTS.qualities]);
  });
});

describe('snapTransform', () => {
  it('snaps each given side and the quality, and leaves the rest alone', () => {
    expect(snapTransform({ width: 301, quality: 77, resize: 'contain' as const })).toEqual({
      width: 320,
      height: undefined,
      quality: 80,
      resize: 'contain',
    });
    expect(snapTransform({ width: 50, height: 70, quality: 30, resize: 'fill' as const })).toEqual({
      width: 64,
      height: 96,
      quality: 40,
      resize: 'fill',
    });
  });

  it('gives 301, 302, 303… px one variant', () => {
    const variants = new Set<string>();
    for (let width = 301; width <= 320; width++) variants.add(JSON.stringify(snapTransform({ width, quality: 80 })));
    expect(variants.size).toBe(1);
  });
});
