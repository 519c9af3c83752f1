import { describe, expect, it } from 'vitest';
import { writtenWord } from './hints.repository.js';
import { offersCorrection, offersHints, typedLength, writtenFormAmongPopular } from './hints.service.js';
import { popularBook } from './test-pool.js';

describe('search hints thresholds (reader-area §5)', () => {
  it('count the letters of the normalised text, spaces aside: hints from 2, corrections from 3', () => {
    expect(typedLength('ab')).toBe(2);
    expect(typedLength('a b')).toBe(2);
    expect(typedLength('بح')).toBe(2);
    expect(offersHints('b')).toBe(false);
    expect(offersHints('bi')).toBe(true);
    expect(offersHints('ب')).toBe(false);
    expect(offersCorrection('bi')).toBe(false);
    expect(offersCorrection('bih')).toBe(true);
    expect(offersCorrection('مرا')).toBe(true);
  });
});

describe('writtenWord', () => {
  it('finds the word of a title or name whose normalised form is the vocabulary word, as it is written', () => {
    expect(writtenWord(["Mir'at al-'Uqul", 'مرآة العقول'], 'مراه')).toBe('مرآة');
    expect(writtenWord(['Tahdhib al-Ahkam'], 'ahkam')).toBe('Ahkam');
    expect(writtenWord(["Wasa'il al-Shi'a"], 'wasail')).toBe("Wasa'il");
    expect(writtenWord(['الكَافِي'], 'الكافي')).toBe('الكَافِي');
    // Punctuation around a word is not part of it.
    expect(writtenWord(['(Al-Kafi),', null], 'kafi')).toBe('Kafi');
    expect(writtenWord([null, 'Bihar al-Anwar'], 'kafi')).toBeNull();
  });
});

describe('writtenFormAmongPopular', () => {
  // The search text of these books is their title in lower case; the written form keeps its letters.
  const pool = [
    popularBook('1', 'Bihar al-Anwar', 900),
    popularBook('2', "Wasa'il al-Shi'a", 800),
    popularBook('3', 'Usul al-Kafi', 700),
    popularBook('4', 'Wasail Collected', 600),
  ];
  pool[1] = { ...pool[1], search_title: 'wasail al shia' } as (typeof pool)[number];

  it('reads the form from the most popular books that hold the word, in their order', () => {
    expect(writtenFormAmongPopular(pool, 'wasail')).toBe("Wasa'il");
    expect(writtenFormAmongPopular(pool, 'kafi')).toBe('Kafi');
    expect(writtenFormAmongPopular(pool, 'mizan')).toBeNull();
  });

  it('looks at the first five holders only, as the database does: past them it answers nothing', () => {
    const holders = Array.from({ length: 5 }, (_, index) => ({
      ...popularBook(`h${index}`, `Majmu'a ${index}`, 500 - index),
      search_title: `majmua ${index} kitab`,
      title_en: `Majmu'a ${index}`,
    }));
    // The sixth holder writes "Kitab" in its title; the first five hold it only in their search text.
    const sixth = popularBook('h5', 'Kitab al-Ghayba', 400);
    expect(writtenFormAmongPopular([...holders, sixth], 'kitab')).toBeNull();
    expect(writtenFormAmongPopular([...holders.slice(1), sixth], 'kitab')).toBe('Kitab');
  });
});
