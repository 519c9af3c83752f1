import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  contentSearchWords,
  detectQueryScript,
  normalizeSearchText,
  queryWords,
  searchTerms,
  withoutArticle,
} from './search-text.js';

describe('normalizeSearchText', () => {
  it.each([
    // Harakat, shadda, sukun and the superscript alef go.
    ['بِسْمِ ٱللَّهِ ٱلرَّحْمَٰنِ', 'بسم الله الرحمن'],
    // Hamza seats fall to their letter; alef madda and wasla to alef.
    ['أصول إسلام آية مؤمن مسائل', 'اصول اسلام ايه مومن مسايل'],
    // Alef maqsura, Persian yeh and yeh barree → ي; ta marbuta → ه; keheh and swash kaf → ك.
    ['مصطفى فارسی ے', 'مصطفي فارسي ي'],
    ['الصحيفة السجادية', 'الصحيفه السجاديه'],
    ['کتاب ڪتاب', 'كتاب كتاب'],
    // Tatweel, zero-width and bidi controls.
    ['الكـــافي\u200f \u200bنهج\u202b', 'الكافي نهج'],
    // Arabic-Indic and Persian digits.
    ['سنة ١٤٠٢ و ۱۳۷۶', 'سنه 1402 و 1376'],
    // Latin: accents and ʿayn/hamza letters, apostrophes inside words, hyphens and underscores.
    ['Ṭabāṭabāʾī', 'tabatabai'],
    ["Tabataba'i", 'tabatabai'],
    ['Shīʿa Shi’a SHI-A', 'shia shia shi a'],
    ['Nahj_al-Balāgha', 'nahj al balagha'],
    ['  many    spaces\tand\nlines ', 'many spaces and lines'],
    // NFKC: presentation forms and full-width letters.
    ['ﻛﺘﺎﺏ ＫＡＦＩ', 'كتاب kafi'],
  ])('%s → %s', (input, expected) => {
    expect(normalizeSearchText(input)).toBe(expected);
  });

  it('brings the spellings of one name together', () => {
    const forms = ['Ṭabāṭabāʾī', "Tabataba'i", 'tabatabai', 'TABATABA’I', 'Tabatabaʼi'];
    expect(new Set(forms.map(normalizeSearchText))).toEqual(new Set(['tabatabai']));
    const arabic = ['الطَّبَاطَبَائِي', 'الطباطبائي', 'الطباطبايي', 'الطباطبائى'];
    expect(new Set(arabic.map(normalizeSearchText))).toEqual(new Set(['الطباطبايي']));
  });

  it('is idempotent, leaves no combining mark, capital, control or double space', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'grapheme-composite', maxLength: 60 }), (text) => {
        const once = normalizeSearchText(text);
        expect(normalizeSearchText(once)).toBe(once);
        expect(once).not.toMatch(/\p{M}|[\u0640\u200b-\u200f\u202a-\u202e\u2066-\u2069]|\s{2}|^\s|\s$/u);
        expect(once).toBe(once.toLowerCase());
      }),
    );
  });

  it('is idempotent on Arabic text with any marks', () => {
    const letters = fc.constantFrom(...'ابتثجحخدذرزسشصضطظعغفقكلمنهويءأإآؤئةىٱیکـ ٠١٩۰۹'.split(''));
    const marks = fc.constantFrom('', '\u064e', '\u064f', '\u0650', '\u0651', '\u0652', '\u0670', '\u0653', '\u06e1');
    const text = fc.array(fc.tuple(letters, marks), { maxLength: 40 }).map((pairs) => pairs.flat().join(''));
    fc.assert(
      fc.property(text, (value) => {
        const once = normalizeSearchText(value);
        expect(normalizeSearchText(once)).toBe(once);
        expect(once).not.toMatch(/[\u064b-\u065f\u0670\u06d6-\u06ed\u0640أإآؤئةىٱیک٠-٩۰-۹]/u);
      }),
    );
  });
});

describe('normalizeSearchText on words with and without diacritics or tatweel', () => {
  const letter = fc.constantFrom(...'ابتثجحخدذرزسشصضطظعغفقكلمنهوي'.split(''));
  const decoration = fc.constantFrom('\u064e', '\u064f', '\u0650', '\u0651', '\u0652', '\u064b', '\u0670', '\u0640');
  const word = fc.array(fc.tuple(letter, fc.array(decoration, { maxLength: 2 })), { minLength: 1, maxLength: 12 });

  it('gives a decorated word the same form as the bare word', () => {
    fc.assert(
      fc.property(word, (pairs) => {
        const bare = pairs.map(([base]) => base).join('');
        const decorated = pairs.map(([base, extra]) => base + extra.join('')).join('');
        expect(normalizeSearchText(decorated)).toBe(normalizeSearchText(bare));
      }),
    );
  });

  it('folds every listed variant to one form', () => {
    const groups = [
      ['ا', 'أ', 'إ', 'آ', 'ٱ'],
      ['و', 'ؤ'],
      ['ي', 'ئ', 'ى', 'ی', 'ے'],
      ['ه', 'ة'],
      ['ك', 'ک', 'ڪ', 'گ'],
      ['ب', 'پ'],
      ['ج', 'چ'],
      ['ز', 'ژ'],
      ['4', '٤', '۴'],
    ];
    for (const group of groups) {
      expect(new Set(group.map((variant) => normalizeSearchText(`ب${variant}ب`))), group.join(' ')).toHaveProperty(
        'size',
        1,
      );
    }
  });
});

describe('normalizeSearchText on Persian letters', () => {
  const arabic = fc.constantFrom(...'ابتثجحخدذرزسشصضطظعغفقكلمنهوي'.split(''));
  const persian: Record<string, string> = { گ: 'ك', پ: 'ب', چ: 'ج', ژ: 'ز', ک: 'ك', ی: 'ي' };
  // A word as an Arabic reader types it, and the same word with some letters written the Persian way.
  const word = fc.array(arabic, { minLength: 1, maxLength: 12 });

  it('gives a word written with Persian letters the form of the word an Arabic reader types', () => {
    const back = Object.fromEntries(Object.entries(persian).map(([fa, ar]) => [ar, fa]));
    fc.assert(
      fc.property(word, fc.array(fc.boolean(), { maxLength: 12 }), (letters, swaps) => {
        const typed = letters.join('');
        const written = letters.map((letter, i) => (swaps[i] && back[letter] ? back[letter] : letter)).join('');
        expect(normalizeSearchText(written)).toBe(normalizeSearchText(typed));
      }),
    );
  });

  it('finds the Persian spellings of titles in the shared catalogue', () => {
    expect(normalizeSearchText('گلستان')).toBe(normalizeSearchText('كلستان'));
    expect(normalizeSearchText('پیام')).toBe('بيام');
    expect(normalizeSearchText('چهل حدیث')).toBe('جهل حديث');
    expect(normalizeSearchText('ژرفای')).toBe('زرفاي');
    // The fold keeps the article rule: the Persian-spelt word loses its article as the Arabic one does.
    expect(searchTerms('الگوی')).toEqual(searchTerms('الكوي'));
  });

  it('drops the Persian ezafe as it drops a Latin al-: Nahj-e Balagha is Nahj al-Balagha', () => {
    expect(searchTerms('Nahj-e Balagha')).toEqual(searchTerms('Nahj al-Balagha'));
    expect(queryWords('nahj-e balagha')).toEqual(['nahj', 'balagha']);
  });
});

describe('searchTerms', () => {
  it('indexes each Arabic word also without its article and attached particles', () => {
    expect(searchTerms('الكافي')).toEqual(['الكافي', 'كافي']);
    expect(searchTerms('والحديث بالقرآن كالبحر فالعلم للصلاة')).toEqual([
      'والحديث',
      'حديث',
      'بالقران',
      'قران',
      'كالبحر',
      'بحر',
      'فالعلم',
      'علم',
      'للصلاه',
      'صلاه',
    ]);
  });

  it('treats a leading Latin al- or el- like the article', () => {
    expect(searchTerms('al-Kafi')).toEqual(['kafi']);
    expect(searchTerms('El-Mufid al Shaykh')).toEqual(['mufid', 'shaykh']);
    expect(searchTerms('Kamal al-Din')).toEqual(['kamal', 'din']);
  });

  it('keeps short words whole and drops duplicates', () => {
    expect(withoutArticle('الم')).toBeNull();
    expect(searchTerms('الكافي الكافي كافي')).toEqual(['الكافي', 'كافي']);
    expect(searchTerms('')).toEqual([]);
  });
});

describe('detectQueryScript', () => {
  it.each([
    ['الكافي', 'ar'],
    ['نهج البلاغة', 'ar'],
    ['al-Kafi', 'en'],
    ['Ṭabāṭabāʾī', 'en'],
    ['Kafi الكافي', 'mixed'],
    ['1402', 'none'],
    ['', 'none'],
  ] as const)('%s → %s', (text, script) => {
    expect(detectQueryScript(text)).toBe(script);
  });
});

describe('contentSearchWords', () => {
  it('drops the Arabic article and diacritics, keeps each word once, ten at most, none for no query', () => {
    expect(contentSearchWords('الصَّبْرُ صبر')).toEqual(['صبر']);
    expect(contentSearchWords('Patience patience')).toEqual(['patience']);
    expect(contentSearchWords(Array.from({ length: 12 }, (_, index) => `word${index}`).join(' '))).toHaveLength(10);
    expect(contentSearchWords(undefined)).toEqual([]);
    expect(contentSearchWords('')).toEqual([]);
  });
});
