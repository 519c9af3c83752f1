import { describe, expect, it } from 'vitest';
import { writtenWord } from './hints.repository.js';
import { offersCorrection, offersHints, typedLength } from './hints.service.js';

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
