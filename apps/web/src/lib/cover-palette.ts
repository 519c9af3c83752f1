/**
 * The colours of generated book covers. A cover takes its colour from the book's first category,
 * so books of one category look alike wherever they are shown and books of different categories
 * can be told apart. Each hue has a shade for the light themes and one for the dark theme, with
 * text colours that keep WCAG AA contrast (4.5:1) on it.
 */

/** One theme's colours of a cover: the ground, the title's ink and the softer ink of the author. */
export type CoverShade = { background: string; ink: string; soft: string };

export type CoverHue = { name: string; light: CoverShade; dark: CoverShade };

const CREAM = '#fbf7ee';
const CREAM_DARK = '#f4efe4';

/** Deep cloth-binding colours, one per category (by its key), in a fixed order. */
export const COVER_HUES: readonly CoverHue[] = [
  {
    name: 'teal',
    light: { background: '#1d5c63', ink: CREAM, soft: '#cde4e1' },
    dark: { background: '#24666e', ink: CREAM_DARK, soft: '#cfe3e0' },
  },
  {
    name: 'indigo',
    light: { background: '#2f3c7e', ink: CREAM, soft: '#d3d8f3' },
    dark: { background: '#39468a', ink: CREAM_DARK, soft: '#d5d9f2' },
  },
  {
    name: 'burgundy',
    light: { background: '#7a2635', ink: CREAM, soft: '#f3d3d8' },
    dark: { background: '#852d3d', ink: CREAM_DARK, soft: '#f1d3d8' },
  },
  {
    name: 'forest',
    light: { background: '#2e5a3a', ink: CREAM, soft: '#d2e5d6' },
    dark: { background: '#35663f', ink: CREAM_DARK, soft: '#d6e8d9' },
  },
  {
    name: 'bronze',
    light: { background: '#7c4f12', ink: CREAM, soft: '#f4dfbf' },
    dark: { background: '#86581a', ink: CREAM_DARK, soft: '#f3e0c4' },
  },
  {
    name: 'plum',
    light: { background: '#5e2f6b', ink: CREAM, soft: '#ead4ef' },
    dark: { background: '#6a3877', ink: CREAM_DARK, soft: '#ead6ee' },
  },
  {
    name: 'steel',
    light: { background: '#2f5478', ink: CREAM, soft: '#d3e1ef' },
    dark: { background: '#365e85', ink: CREAM_DARK, soft: '#d6e3f0' },
  },
  {
    name: 'terracotta',
    light: { background: '#8f3a20', ink: CREAM, soft: '#f6d6ca' },
    dark: { background: '#96412a', ink: CREAM_DARK, soft: '#f3d8cd' },
  },
  {
    name: 'olive',
    light: { background: '#52561c', ink: CREAM, soft: '#e4e6c3' },
    dark: { background: '#5c6124', ink: CREAM_DARK, soft: '#e6e8c8' },
  },
  {
    name: 'navy',
    light: { background: '#1f2f4a', ink: CREAM, soft: '#d0d9e8' },
    dark: { background: '#2a3b58', ink: CREAM_DARK, soft: '#d3dbe9' },
  },
];

/** Paper for books without a category. */
export const NEUTRAL_HUE: CoverHue = {
  name: 'neutral',
  light: { background: '#e7e2d9', ink: '#2a2520', soft: '#574f45' },
  dark: { background: '#3a3631', ink: '#f3eee6', soft: '#d2c9bb' },
};

/**
 * FNV-1a over the key's UTF-16 code units, then MurmurHash3's finaliser to spread keys that differ
 * only at the end: small, and the same on every run and machine.
 */
function hash(key: string): number {
  let value = 0x811c9dc5;
  for (let index = 0; index < key.length; index += 1) {
    value ^= key.charCodeAt(index);
    value = Math.imul(value, 0x01000193);
  }
  value ^= value >>> 16;
  value = Math.imul(value, 0x85ebca6b);
  value ^= value >>> 13;
  value = Math.imul(value, 0xc2b2ae35);
  value ^= value >>> 16;
  return value >>> 0;
}

/** The cover colour of a category, by its key (or id); the neutral one for none. */
export function coverHue(categoryKey: string | null | undefined): CoverHue {
  const key = categoryKey?.trim();
  if (!key) return NEUTRAL_HUE;
  return COVER_HUES[hash(key) % COVER_HUES.length] ?? NEUTRAL_HUE;
}
