import { IMAGE_VARIANTS } from '@maktaba/shared/constants';

/** The smallest allowed value at least `value`, or the largest one when `value` is above them all. */
function snapUp(value: number, allowed: readonly number[]): number {
  return allowed.find((candidate) => candidate >= value) ?? (allowed.at(-1) as number);
}

/** The side a requested width or height is made at: the next one of IMAGE_VARIANTS.sides. */
export function snapSide(side: number): number {
  return snapUp(side, IMAGE_VARIANTS.sides);
}

/** The quality a requested one is made at: the next one of IMAGE_VARIANTS.qualities. */
export function snapQuality(quality: number): number {
  return snapUp(quality, IMAGE_VARIANTS.qualities);
}

/**
 * The variant that answers a transform. Each requested value maps to one allowed value, so an
 * anonymous caller cycling through widths, heights and qualities reaches a bounded set of
 * variants ((sides + 1)² × qualities × resize modes per image) instead of one new file per value.
 * Sides snap up, so the image is never smaller than asked for. When both sides are given and they
 * are not both in the set, the proportions can move by up to one step of the ladder (1.5 times at
 * most), which a box shown with `object-fit: cover` absorbs.
 */
export function snapTransform<T extends { width?: number; height?: number; quality: number }>(transform: T): T {
  return {
    ...transform,
    width: transform.width === undefined ? undefined : snapSide(transform.width),
    height: transform.height === undefined ? undefined : snapSide(transform.height),
    quality: snapQuality(transform.quality),
  };
}
