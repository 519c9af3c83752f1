import { PgDialect } from 'drizzle-orm/pg-core';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  checkedPrefix,
  checkedPrefixMatch,
  editDistance,
  isBroad,
  planQuery,
  readerSpellings,
  singulars,
  type Term,
  titleStarts,
  toTsquery,
  typoDistance,
  typosAllowed,
} from './search-plan.js';
import { wholeTitleFirst } from './suggest.repository.js';
import { splitSuggestions } from './suggest.service.js';

describe('query plans', () => {
  it('match Arabic words without their article and treat the last word as typed unless a space follows', () => {
    const plan = planQuery('بحار الأنوار');
    expect(plan.terms.map((term) => [term.typed, term.base, term.prefix])).toEqual([
      ['بحار', 'بحار', false],
      ['الانوار', 'انوار', true],
    ]);
    expect(planQuery('kitab al-kafi ').terms.map((term) => [term.base, term.prefix])).toEqual([
      ['kitab', false],
      ['kafi', false],
    ]);
    expect(planQuery('al').terms.map((term) => term.base)).toEqual(['al']);
  });

  it('write a tsquery with prefixes, plural alternatives and the weight of a search type', () => {
    expect(toTsquery(planQuery('prayers of nights'))).toBe("('prayers' | 'prayer') & 'of' & ('nights':* | 'night':*)");
    expect(toTsquery(planQuery('kafi', 'book'))).toBe("'kafi':*A");
    expect(toTsquery(planQuery('kulayni ', 'author'))).toBe("'kulayni':B");
    expect(toTsquery(planQuery('الروايات '))).toBe("('روايات' | 'روايه')");
  });

  it('ignore cheap plurals only', () => {
    expect(singulars('stories')).toEqual(['story']);
    expect(singulars('churches')).toEqual(['church']);
    expect(singulars('books')).toEqual(['book']);
    expect(singulars('glass')).toEqual([]);
    expect(singulars('nahjus')).toEqual([]);
    expect(singulars('روايات')).toEqual(['روايه']);
  });

  it('check a short word being typed on the books the other words find, unless it is to be indexed too', () => {
    const plan = planQuery('ibn ba');
    expect(checkedPrefix(plan)?.base).toBe('ba');
    expect(toTsquery(plan)).toBe("'ibn'");
    const indexed = { ...plan, typing: 'indexed' as const };
    expect(checkedPrefix(indexed)).toBeNull();
    expect(toTsquery(indexed)).toBe("'ibn' & 'ba':*");
    expect(checkedPrefix(planQuery('ibn bab'))).toBeNull();
  });

  it('check a longer word being typed on the books the other words find when told to, in each of its forms', () => {
    const plan = { ...planQuery('bihar anwa'), typing: 'checked' as const };
    expect(checkedPrefix(plan)?.base).toBe('anwa');
    expect(toTsquery(plan)).toBe("'bihar'");
    const plural = { ...planQuery('kitab nights'), typing: 'checked' as const };
    const where = new PgDialect().sqlToQuery(checkedPrefixMatch(checkedPrefix(plural) as Term, 'b'));
    expect(where.params).toEqual(['% nights%', '% night%']);
    // A word alone, or a finished one, is always looked up.
    expect(checkedPrefix({ ...planQuery('anwa'), typing: 'checked' })).toBeNull();
    expect(checkedPrefix({ ...planQuery('bihar anwar '), typing: 'checked' })).toBeNull();
  });

  it('spell a Latin word as the catalogue may write what a Persian or Urdu reader typed', () => {
    expect(readerSpellings('tahzeeb')).toContain('tahdhib');
    expect(readerSpellings('noor')).toContain('nur');
    expect(readerSpellings('jame')).toContain('jami');
    expect(readerSpellings('tahzib')).toEqual(['tahdhib']);
    expect(readerSpellings('kafi')).toEqual([]);
    expect(readerSpellings('نور')).toEqual([]);
    expect(readerSpellings('zeezeezeezeezeez').length).toBeLessThanOrEqual(32);
  });

  it('find the catalogue’s word among the spellings of each way a reader writes it (property)', () => {
    // A catalogue word of these pieces; the reader writes i as e or ee, u as o or oo, dh as z.
    const pieces = ['a', 'b', 'k', 't', 'r', 'n', 'm', 's', 'i', 'u', 'dh'];
    const written = { i: ['e', 'ee', 'i'], u: ['o', 'oo', 'u'], dh: ['z', 'dh'] } as Record<string, string[]>;
    const cases = fc
      .array(fc.constantFrom(...pieces), { minLength: 2, maxLength: 8 })
      // Two i or two u in a row would read as one ee or oo.
      .filter((parts) => !parts.some((part, index) => 'iu'.includes(part) && parts[index + 1] === part))
      .filter((parts) => parts.filter((part) => part in written).length <= 5)
      .chain((parts) =>
        fc.tuple(
          fc.constant(parts.join('')),
          fc.tuple(...parts.map((part) => fc.constantFrom(...(written[part] ?? [part])))).map((s) => s.join('')),
        ),
      );
    fc.assert(
      fc.property(cases, ([word, typed]) => {
        expect([typed, ...readerSpellings(typed)]).toContain(word);
      }),
      { numRuns: 500 },
    );
  });

  it('call a single short word being typed broad', () => {
    expect(isBroad(planQuery('ka'))).toBe(true);
    expect(isBroad(planQuery('kaf '))).toBe(false);
    expect(isBroad(planQuery('kafi'))).toBe(false);
  });
});

describe('title beginnings', () => {
  it('are the text as typed, as matched, and with one word at a time in another form', () => {
    expect(titleStarts(planQuery('alkafi'))).toEqual(['alkafi', 'kafi']);
    expect(titleStarts(planQuery('الكافي'))).toEqual(['الكافي', 'كافي']);
    expect(titleStarts(planQuery('books of the kafi'))).toEqual(['books of the kafi', 'book of the kafi']);
    expect(titleStarts(planQuery('usul alkafi'))).toEqual(['usul alkafi', 'usul kafi']);
  });

  it('are at most eight', () => {
    expect(titleStarts(planQuery('kitabs kutubs alkafis alnahjs albihars'))).toHaveLength(8);
  });
});

describe('typo distance', () => {
  it('allows one typo from 4 letters and two from 8', () => {
    expect([3, 4, 7, 8].map(typosAllowed)).toEqual([0, 1, 1, 2]);
  });

  it('counts a swap of neighbours as one edit and stops past the limit', () => {
    expect(editDistance('ahkam', 'ahkma', 2)).toBe(1);
    expect(editDistance('kafi', 'kafi', 1)).toBe(0);
    expect(editDistance('tabatabai', 'tabatabaee', 2)).toBe(2);
    expect(editDistance('majlisi', 'tusi', 1)).toBe(2);
    expect(editDistance('الكافي', 'الكفاي', 1)).toBe(1);
  });

  it('compares a word being typed with the beginning of the indexed word', () => {
    const [term] = planQuery('tabatab').terms;
    if (!term) throw new Error('one term');
    expect(typoDistance(term, 'tabatabai', 1)).toBe(0);
    const [typo] = planQuery('tabtab').terms;
    if (!typo) throw new Error('one term');
    expect(typoDistance(typo, 'tabatabai', 1)).toBe(1);
  });
});

describe('suggestion split', () => {
  const list = (prefix: string, count: number) => Array.from({ length: count }, (_, index) => `${prefix}${index}`);

  it('gives about half to books, 30 % to authors and 20 % to categories', () => {
    const result = splitSuggestions(10, { book: list('b', 10), author: list('a', 10), category: list('c', 10) });
    expect(result).toEqual([...list('b', 5), ...list('a', 3), ...list('c', 2)]);
    const eight = splitSuggestions(8, { book: list('b', 10), author: list('a', 10), category: list('c', 10) });
    expect(eight).toEqual([...list('b', 4), ...list('a', 2), ...list('c', 2)]);
  });

  it('lets the other kinds fill the places of one with fewer matches', () => {
    const result = splitSuggestions(10, { book: list('b', 10), author: [], category: list('c', 1) });
    expect(result).toEqual([...list('b', 9), 'c0']);
  });
});

describe('whole titles first', () => {
  const rows = [
    { id: 1, title_en: 'Al-Kafi Fawaid', title_ar: null },
    { id: 2, title_en: 'Sharh Usul al-Kafi', title_ar: 'شرح أصول الكافي' },
    { id: 3, title_en: 'Al-Kāfī', title_ar: 'الكافي' },
  ];
  it('moves a book whose title is the query, in either language, before the others', () => {
    expect(wholeTitleFirst(rows, planQuery('al-kafi ')).map((row) => row.id)).toEqual([3, 1, 2]);
    expect(wholeTitleFirst(rows, planQuery('الكافي')).map((row) => row.id)).toEqual([3, 1, 2]);
    // The word being typed may be a beginning.
    expect(wholeTitleFirst(rows, planQuery('al-ka')).map((row) => row.id)).toEqual([3, 1, 2]);
    expect(wholeTitleFirst(rows, planQuery('sharh')).map((row) => row.id)).toEqual([1, 2, 3]);
  });
});
