import { highlightRanges, queryWords } from '@maktaba/shared/search-text';
import { describe, expect, it } from 'vitest';
import { highlightSegments } from './highlight';

const marked = (text: string, ranges: [number, number][]) =>
  highlightSegments(text, ranges)
    .map((segment) => (segment.isMatch ? `[${segment.text}]` : segment.text))
    .join('');

describe('highlightSegments', () => {
  it('cuts a text into plain and matched pieces that add up to it', () => {
    const segments = highlightSegments('Nahj al-Balagha', [[0, 4]]);
    expect(segments).toEqual([
      { text: 'Nahj', isMatch: true },
      { text: ' al-Balagha', isMatch: false },
    ]);
    expect(segments.map((segment) => segment.text).join('')).toBe('Nahj al-Balagha');
  });

  it('returns the text unmarked without ranges', () => {
    expect(highlightSegments('Al-Kafi', [])).toEqual([{ text: 'Al-Kafi', isMatch: false }]);
    expect(highlightSegments('Al-Kafi', null)).toEqual([{ text: 'Al-Kafi', isMatch: false }]);
    expect(highlightSegments('', [[0, 3]])).toEqual([]);
  });

  it('sorts, merges and clips ranges', () => {
    expect(
      marked('one two three', [
        [8, 13],
        [0, 3],
      ]),
    ).toBe('[one] two [three]');
    expect(
      marked('one two three', [
        [0, 5],
        [4, 7],
      ]),
    ).toBe('[one two] three');
    expect(
      marked('one two', [
        [0, 3],
        [3, 4],
      ]),
    ).toBe('[one ]two');
    expect(
      marked('one', [
        [-2, 1],
        [2, 99],
        [2, 2],
      ]),
    ).toBe('[o]n[e]');
  });

  it('keeps Arabic diacritics inside the marked word (ranges over the original text)', () => {
    const title = 'نَهْجُ البَلاغَة';
    const ranges = highlightRanges(title, queryWords('بلاغه'));
    expect(marked(title, ranges)).toBe('نَهْجُ [البَلاغَة]');
  });
});
