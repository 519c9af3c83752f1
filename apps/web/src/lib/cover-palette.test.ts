import { describe, expect, it } from 'vitest';
import { COVER_HUES, type CoverShade, coverHue, NEUTRAL_HUE } from './cover-palette';

/** WCAG 2 relative luminance of a #rrggbb colour. */
function luminance(hex: string): number {
  const [r, g, b] = [1, 3, 5].map((start) => {
    const channel = Number.parseInt(hex.slice(start, start + 2), 16) / 255;
    return channel <= 0.03928 ? channel / 12.92 : ((channel + 0.055) / 1.055) ** 2.4;
  }) as [number, number, number];
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

function contrast(a: string, b: string): number {
  const [lighter, darker] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number];
  return (lighter + 0.05) / (darker + 0.05);
}

const DEMO_CATEGORIES = [
  'quranic-studies',
  'tafsir',
  'hadith',
  'hadith-sciences',
  'rijal',
  'jurisprudence',
  'usul-al-fiqh',
  'practical-rulings',
  'theology',
  'imamate',
  'philosophy',
  'logic',
  'mysticism',
  'ethics',
  'supplications-ziyarat',
  'history-sira',
  'maqtal',
  'biography',
  'bibliography',
  'islamic-thought',
];

describe('coverHue', () => {
  it('gives a category the same colour every time', () => {
    for (const key of DEMO_CATEGORIES) expect(coverHue(key)).toBe(coverHue(key));
    expect(coverHue('hadith').name).toBe(coverHue(' hadith ').name);
  });

  it('tells categories apart: neighbouring keys differ, and the demo categories use most of the palette', () => {
    expect(coverHue('hadith').name).not.toBe(coverHue('hadith-sciences').name);
    expect(coverHue('tafsir').name).not.toBe(coverHue('hadith').name);
    expect(coverHue('theology').name).not.toBe(coverHue('imamate').name);
    const used = new Set(DEMO_CATEGORIES.map((key) => coverHue(key).name));
    expect(used.size).toBeGreaterThanOrEqual(7);
    // No colour takes more than its fair share of twenty categories over ten colours, give or take one.
    const counts = new Map<string, number>();
    for (const key of DEMO_CATEGORIES) counts.set(coverHue(key).name, (counts.get(coverHue(key).name) ?? 0) + 1);
    expect(Math.max(...counts.values())).toBeLessThanOrEqual(3);
  });

  it('gives books without a category the neutral colour, which no category gets', () => {
    expect(coverHue(null)).toBe(NEUTRAL_HUE);
    expect(coverHue(undefined)).toBe(NEUTRAL_HUE);
    expect(coverHue('  ')).toBe(NEUTRAL_HUE);
    for (const key of DEMO_CATEGORIES) expect(coverHue(key)).not.toBe(NEUTRAL_HUE);
  });

  it('has about ten distinct colours', () => {
    expect(COVER_HUES.length).toBeGreaterThanOrEqual(8);
    expect(new Set(COVER_HUES.map((hue) => hue.light.background)).size).toBe(COVER_HUES.length);
    expect(new Set(COVER_HUES.map((hue) => hue.dark.background)).size).toBe(COVER_HUES.length);
  });
});

describe('cover colours', () => {
  const shades: [string, CoverShade][] = [...COVER_HUES, NEUTRAL_HUE].flatMap((hue) => [
    [`${hue.name} light`, hue.light] as [string, CoverShade],
    [`${hue.name} dark`, hue.dark] as [string, CoverShade],
  ]);

  it.each(shades)('%s: title and author reach WCAG AA (4.5:1) on the ground', (_name, shade) => {
    expect(contrast(shade.ink, shade.background)).toBeGreaterThanOrEqual(4.5);
    expect(contrast(shade.soft, shade.background)).toBeGreaterThanOrEqual(4.5);
  });

  it('computes contrast the WCAG way', () => {
    expect(contrast('#000000', '#ffffff')).toBeCloseTo(21, 5);
    expect(contrast('#777777', '#ffffff')).toBeCloseTo(4.48, 2);
  });
});
