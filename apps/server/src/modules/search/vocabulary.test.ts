import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { editDistance, planQuery, typoDistance, typosAllowed } from './search-plan.js';
import { type Correction, Vocabulary } from './vocabulary.js';

/** What comparing the typed word with every word of the vocabulary finds, ranked as the vocabulary ranks. */
function everyWord(rows: Array<{ word: string; books: number }>, typed: string, prefix: boolean, max: number) {
  const term = { typed, base: typed, alternatives: [], prefix };
  return rows
    .map(
      (row): Correction => ({
        ...row,
        distance: typoDistance(term, row.word, max),
        whole: editDistance(typed, row.word, max + 3),
      }),
    )
    .filter((row) => row.distance <= max)
    .map((row) => (prefix ? row : { ...row, whole: row.distance }))
    .sort((a, b) => a.distance - b.distance || a.whole - b.whole || b.books - a.books || a.word.localeCompare(b.word));
}

const word = (letters: string, min: number, max: number) =>
  fc.array(fc.constantFrom(...letters), { minLength: min, maxLength: max }).map((chars) => chars.join(''));

describe('the vocabulary in memory', () => {
  const rows = [
    { word: 'ahkam', books: 40 },
    { word: 'ahmad', books: 300 },
    { word: 'kafi', books: 120 },
    { word: 'kitab', books: 900 },
    { word: 'kitabat', books: 3 },
    { word: 'tabatabai', books: 55 },
    { word: 'بحار', books: 20 },
    { word: 'انوار', books: 18 },
  ];
  const vocabulary = new Vocabulary(rows);

  it('knows its words, and the beginnings of its words for a word being typed', () => {
    expect(vocabulary.size).toBe(rows.length);
    expect(vocabulary.knows('kitab', false)).toBe(true);
    expect(vocabulary.knows('kita', false)).toBe(false);
    expect(vocabulary.knows('kita', true)).toBe(true);
    expect(vocabulary.knows('بح', true)).toBe(true);
    expect(vocabulary.knows('kitabz', true)).toBe(false);
    expect(vocabulary.knows('zzz', true)).toBe(false);
    expect(new Vocabulary([]).knows('a', true)).toBe(false);
  });

  it('counts the books that hold a word, or words that begin with a beginning', () => {
    expect(vocabulary.booksWith('kitab', false)).toBe(900);
    expect(vocabulary.booksWith('kitab', true)).toBe(903);
    expect(vocabulary.booksWith('k', true)).toBe(1023);
    expect(vocabulary.booksWith('kit', false)).toBe(0);
    expect(vocabulary.booksWith('q', true)).toBe(0);
    expect(vocabulary.booksWith('ي', true)).toBe(0);
  });

  it('names the commonest word that begins with a beginning', () => {
    expect(vocabulary.commonestWith('kita')).toBe('kitab');
    expect(vocabulary.commonestWith('ah')).toBe('ahmad');
    expect(vocabulary.commonestWith('zz')).toBeNull();
  });

  it('corrects a mistyped word: a letter wrong, missing, added or two swapped', () => {
    expect(vocabulary.corrections('kitav', false, 1, 2).map((c) => c.word)).toEqual(['kitab']);
    expect(vocabulary.corrections('ktab', false, 1, 2).map((c) => c.word)).toEqual(['kitab']);
    expect(vocabulary.corrections('kaafi', false, 1, 2).map((c) => c.word)).toEqual(['kafi']);
    expect(vocabulary.corrections('akfi', false, 1, 2).map((c) => c.word)).toEqual(['kafi']);
    expect(vocabulary.corrections('tabatbaei', false, 2, 2).map((c) => c.word)).toEqual(['tabatabai']);
    expect(vocabulary.corrections('بخار', false, 1, 2).map((c) => c.word)).toEqual(['بحار']);
    expect(vocabulary.corrections('zzzz', false, 1, 2)).toEqual([]);
  });

  it('compares a word being typed with the beginnings of words, the closest whole word first', () => {
    // "ahkma" is one swap from the beginning of both ahkam and ahmad… but ahkam as a whole.
    expect(vocabulary.corrections('ahkma', true, 1, 2).map((c) => c.word)).toEqual(['ahkam', 'ahmad']);
    expect(vocabulary.corrections('kitva', true, 1, 5).map((c) => c.word)).toEqual(['kitab', 'kitabat']);
  });

  it('finds exactly what comparing with every word finds, in the same order (property)', () => {
    // Few letters make many close words: two letters, four, eight.
    const cases = fc.constantFrom('ab', 'abcd', 'abcdefgh').chain((letters) =>
      fc.tuple(
        fc.uniqueArray(fc.record({ word: word(letters, 2, 12), books: fc.integer({ min: 1, max: 50 }) }), {
          selector: (row) => row.word,
          maxLength: 80,
        }),
        word(letters, 4, 12),
        fc.boolean(),
      ),
    );
    fc.assert(
      fc.property(cases, ([vocabularyRows, typed, prefix]) => {
        const max = typosAllowed(typed.length);
        const found = new Vocabulary(vocabularyRows).corrections(typed, prefix, max, Number.POSITIVE_INFINITY);
        expect(found).toEqual(everyWord(vocabularyRows, typed, prefix, max));
      }),
      { numRuns: 500 },
    );
  });

  it('agrees with the plan: a word as typed is compared as the plan says (the last word a prefix)', () => {
    const [term] = planQuery('tabatbai').terms;
    expect(term?.prefix).toBe(true);
    const found = vocabulary.corrections(term?.base ?? '', true, typosAllowed(8), 2);
    expect(found[0]?.word).toBe('tabatabai');
  });
});
