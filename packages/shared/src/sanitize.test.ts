import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { LIMITS } from './constants.js';
import { catalogues } from './i18n/index.js';
import {
  looksLikeSqlInjection,
  sanitizeAddress,
  sanitizeEmail,
  sanitizeMultilineText,
  sanitizePhone,
  sanitizePostalCode,
  sanitizeText,
  stripMarkup,
} from './sanitize.js';

/** Property runs: enough to explore the adversarial generators, fast enough for every test run. */
const RUNS = { numRuns: 500 };

/** Pieces of hostile and awkward input; the generators below glue them together at random. */
const FRAGMENTS = [
  '<script>',
  '</script>',
  '<SCRIPT SRC=//evil.example/x.js>',
  '<script>alert(1)</script>',
  '< script >alert(document.cookie)</ script >',
  '<img src=x onerror=alert(1)>',
  '<IMG SRC="x" ONERROR="alert(1)">',
  '<svg/onload=alert(1)>',
  '<iframe src="javascript:alert(1)"></iframe>',
  '<style>body{display:none}</style>',
  '<a href="javascript:alert(1)">click</a>',
  '<<a>script>',
  '<</a>/script>',
  '<scr<script>ipt>',
  '<img src=x onerror=alert(1)',
  '<!-- comment -->',
  '<?xml version="1.0"?>',
  '<!DOCTYPE html>',
  '<',
  '>',
  '</',
  '<a',
  '="',
  'javascript:',
  'JaVaScRiPt :',
  'java\nscript:',
  'vbscript:',
  'data:text/html,',
  'script',
  'SCRIPT',
  'scr',
  'ipt',
  'java',
  'on',
  'onerror',
  'onload=',
  'ONCLICK =',
  '=',
  ':',
  '_',
  '-',
  '_script_',
  's',
  'scripts',
  "'",
  '"',
  '--',
  ';',
  '/*',
  '*/',
  ' ',
  '  ',
  '\t',
  '\n',
  '\r\n',
  '\u00a0',
  '\u200b',
  '\u0000',
  'e',
  '\u0301',
  '\u0651',
  'é',
  '𝐀',
  '\ud835',
  '\udc00',
  'شَارِعُ',
  'الرَّشِيد',
  'بغداد',
  'مُحَمَّد',
  '،',
  'ـ',
  '١٢٣',
  '123',
  'Main St.',
  "O'Brien",
  '#4',
  'Apt 5/6',
];

const fragment = fc.constantFrom(...FRAGMENTS);

/** Random concatenations of hostile fragments and random graphemes. */
const adversarial = fc
  .array(
    fc.oneof(
      { weight: 4, arbitrary: fragment },
      { weight: 1, arbitrary: fc.string({ unit: 'grapheme', maxLength: 4 }) },
      { weight: 1, arbitrary: fc.string({ unit: 'binary', maxLength: 4 }) },
    ),
    { maxLength: 40 },
  )
  .map((parts) => parts.join(''));

/** Any UTF-16 unit, lone surrogates included (what a hostile client can put in JSON). */
const utf16 = fc.string({ unit: fc.integer({ min: 0, max: 0xffff }).map((code) => String.fromCharCode(code)) });

/** Clean filler up to around a length cap, then hostile input, so truncation lands in the hostile part. */
function nearLimit(limit: number) {
  return fc
    .tuple(fc.integer({ min: Math.max(0, limit - 20), max: limit + 5 }), adversarial)
    .map(([length, tail]) => `${'ab '.repeat(Math.ceil(length / 3) + 1).slice(0, length)}${tail}`);
}

const anyInput = fc.oneof(
  fc.string({ unit: 'grapheme' }),
  fc.string({ unit: 'grapheme-composite' }),
  fc.string({ unit: 'binary' }),
  fc.string(),
  utf16,
  adversarial,
  adversarial,
  adversarial,
  nearLimit(LIMITS.sanitizeAddressMax),
  nearLimit(LIMITS.sanitizePostalCodeMax),
);

/** Arabic letters (hamza … yeh, without tatweel) and the harakat, shadda and sukun. */
const arabicLetter = fc.integer({ min: 0x0621, max: 0x064a }).filter((code) => code !== 0x0640);
const arabicMark = fc.integer({ min: 0x064b, max: 0x0652 });
const arabicWord = fc
  .array(
    fc
      .tuple(arabicLetter, fc.array(arabicMark, { maxLength: 2 }))
      .map(([letter, marks]) => String.fromCharCode(letter, ...marks)),
    { minLength: 1, maxLength: 8 },
  )
  .map((letters) => letters.join(''));
const arabicText = fc.array(arabicWord, { minLength: 1, maxLength: 6 }).map((words) => words.join(' '));

const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;
/**
 * What must never survive sanitised free text: tags, angle brackets, script words, event handlers.
 * Words are whole words: "Manuscript" or "xjavascript:" are not script words.
 */
const MARKUP_OR_SCRIPT = /[<>]|\bscript\b|\b(?:java|vb)script\s*:|\bon[a-z]+\s*=|\bdata\s*:\s*text\/html/i;
const TAG = /<\/?[a-z!?][^<>]*>/i;

function collapse(value: string): string {
  return value.replace(/\s+/g, ' ').trim();
}

describe('stripMarkup', () => {
  it('removes whole script, style and iframe blocks with their content', () => {
    expect(stripMarkup('Hello <script>alert("x")</script>world')).toBe('Hello world');
    expect(stripMarkup('a<style>body{display:none}</style>b')).toBe('ab');
    expect(stripMarkup('a<iframe src="https://evil.example"></iframe>b')).toBe('ab');
    expect(stripMarkup('<SCRIPT type="text/javascript">steal()</SCRIPT >x')).toBe('x');
  });

  it('removes tags but keeps their text', () => {
    expect(stripMarkup('<b>bold</b> and <i>italic</i>')).toBe('bold and italic');
    expect(stripMarkup('<img src=x onerror=alert(1)>hi')).toBe('hi');
    expect(stripMarkup('<p>شارع <b>الرشيد</b></p>')).toBe('شارع الرشيد');
  });

  it('removes script words and event handlers outside tags', () => {
    expect(stripMarkup('javascript:alert(1)')).toBe('alert(1)');
    expect(stripMarkup('JaVaScRiPt :void(0)')).toBe('void(0)');
    expect(stripMarkup('vbscript:msgbox')).toBe('msgbox');
    expect(stripMarkup('x onclick=steal()')).toBe('x steal()');
    expect(stripMarkup('data:text/html,hi')).toBe(',hi');
  });

  it('defeats nested and broken tags that reassemble after one pass', () => {
    for (const input of ['<<a>script>alert(1)<</a>/script>', '<scr<script>ipt>alert(1)</script>', '<<script>>']) {
      const output = stripMarkup(input);
      expect(output).not.toMatch(MARKUP_OR_SCRIPT);
    }
    expect(stripMarkup('<scr<b>ipt>alert(1)</scr</b>ipt>')).not.toMatch(/script/i);
  });

  it('leaves plain text alone', () => {
    for (const text of ["O'Brien Street, Apt #4", 'Manuscript Lane 12', 'مُحَمَّد بن علي']) {
      expect(stripMarkup(text)).toBe(text);
    }
  });

  it('never lets a tag, an angle bracket or a script word survive any input', () => {
    fc.assert(
      fc.property(anyInput, (input) => {
        const output = stripMarkup(input);
        expect(output).not.toMatch(TAG);
        expect(output).not.toMatch(MARKUP_OR_SCRIPT);
      }),
      RUNS,
    );
  });

  it('is idempotent and only ever removes', () => {
    fc.assert(
      fc.property(anyInput, (input) => {
        const output = stripMarkup(input);
        expect(stripMarkup(output)).toBe(output);
        expect(output.length).toBeLessThanOrEqual(input.length);
      }),
      RUNS,
    );
  });

  it('returns text without markup characters or script words unchanged', () => {
    const safeChar = fc.constantFrom(...'abcdxyz ABC 0123456789.,!?-\'"()[]{}#/\nشارعالرشيدمُحَمَّد'.split(''));
    fc.assert(
      fc.property(fc.string({ unit: safeChar }), (text) => {
        expect(stripMarkup(text)).toBe(text);
      }),
      RUNS,
    );
  });
});

describe('sanitizeEmail', () => {
  it('lower-cases, trims and drops characters outside letters, digits and @ . _ + -', () => {
    expect(sanitizeEmail('  John.Doe+Books@Example.COM ')).toBe('john.doe+books@example.com');
    expect(sanitizeEmail('first_last-1@sub.example.org')).toBe('first_last-1@sub.example.org');
    expect(sanitizeEmail('a b<script>@x.com')).toBe('abscript@x.com');
    expect(sanitizeEmail('"quoted"@example.com')).toBe('quoted@example.com');
    expect(sanitizeEmail('user@مثال.com')).toBe('user@.com');
  });

  it('outputs only lower-case [a-z0-9@._+-], for any input', () => {
    fc.assert(
      fc.property(anyInput, (input) => {
        const output = sanitizeEmail(input);
        expect(output).toMatch(/^[a-z0-9@._+-]*$/);
        expect(output).toBe(output.toLowerCase());
      }),
      RUNS,
    );
  });

  it('reads a number typed with Arabic-Indic or Persian digits', () => {
    expect(sanitizePhone('+٩٦٤ ٧٧٠ ١٢٣ ٤٥٦٧')).toBe('+9647701234567');
    expect(sanitizePhone('۰۹۱۲ ۳۴۵ ۶۷۸۹')).toBe('09123456789');
  });

  it('is idempotent', () => {
    fc.assert(
      fc.property(fc.oneof(anyInput, fc.emailAddress()), (input) => {
        const once = sanitizeEmail(input);
        expect(sanitizeEmail(once)).toBe(once);
      }),
      RUNS,
    );
  });

  it('keeps an already clean address as it is', () => {
    const clean = fc.string({ unit: fc.constantFrom(...'abcxyz0189@._+-'.split('')), minLength: 1 });
    fc.assert(
      fc.property(clean, (email) => {
        expect(sanitizeEmail(email)).toBe(email);
        expect(sanitizeEmail(email.toUpperCase())).toBe(email);
      }),
      RUNS,
    );
  });
});

describe('sanitizePhone', () => {
  it('keeps only digits and +', () => {
    expect(sanitizePhone('+1 (202) 555-0143')).toBe('+12025550143');
    expect(sanitizePhone('+44 20 7946 0958 ext. 12')).toBe('+44207946095812');
    expect(sanitizePhone('<script>1</script>')).toBe('1');
    expect(sanitizePhone('')).toBe('');
  });

  it('outputs only digits and +, keeping every digit (Arabic-Indic and Persian as 0–9) in order', () => {
    fc.assert(
      fc.property(anyInput, (input) => {
        const output = sanitizePhone(input);
        expect(output).toMatch(/^[0-9+]*$/);
        const digits = input.replace(/[\u0660-\u0669\u06F0-\u06F9]/g, (d) =>
          String((d.codePointAt(0) ?? 0) - (d >= '\u06F0' ? 0x06f0 : 0x0660)),
        );
        expect(output.replace(/\+/g, '')).toBe(digits.replace(/[^0-9]/g, ''));
      }),
      RUNS,
    );
  });

  it('is idempotent', () => {
    fc.assert(
      fc.property(anyInput, (input) => {
        const once = sanitizePhone(input);
        expect(sanitizePhone(once)).toBe(once);
      }),
      RUNS,
    );
  });
});

describe('sanitizeAddress', () => {
  it('keeps ordinary addresses as they are', () => {
    for (const address of [
      '123 Main St.',
      "O'Brien Street, Apt #4/5",
      '1600 Pennsylvania Ave NW',
      'Rue Saint-Denis',
      'Montréal',
      'شارع الرشيد',
      'بَغْدَاد',
      'شارع ١٢',
    ]) {
      expect(sanitizeAddress(address)).toBe(address);
    }
  });

  it('removes markup, scripts and disallowed characters', () => {
    expect(sanitizeAddress("123 Main St. <script>alert('x')</script> Apt #4")).toBe('123 Main St. Apt #4');
    expect(sanitizeAddress('<img src=x onerror=alert(1)>Baker Street')).toBe('Baker Street');
    expect(sanitizeAddress('javascript:alert(1)')).toBe('alert 1');
    expect(sanitizeAddress('12 Main St; DROP TABLE users')).toBe('12 Main St DROP TABLE users');
    expect(sanitizeAddress('Main St!!! @home')).toBe('Main St home');
    expect(sanitizeAddress('  lots   of\tspace\n\n')).toBe('lots of space');
  });

  it('does not let a script word appear when a disallowed character next to it is dropped', () => {
    expect(sanitizeAddress('12 _script_ St')).toBe('12 St');
    expect(sanitizeAddress('Baker_script')).toBe('Baker');
    expect(sanitizeAddress('x_script_y')).not.toMatch(/\bscript\b/i);
  });

  it('keeps Arabic letters, but not the Arabic comma', () => {
    expect(sanitizeAddress('شارع الرشيد، بغداد')).toBe('شارع الرشيد بغداد');
  });

  it('caps the length at 200 without cutting a character in half', () => {
    expect(sanitizeAddress('a'.repeat(500))).toBe('a'.repeat(200));
    const astral = sanitizeAddress(`${'a'.repeat(199)}𝐀b`);
    expect(astral).toBe('a'.repeat(199));
    expect(sanitizeAddress(astral)).toBe(astral);
    expect(sanitizeAddress(`${'a'.repeat(193)} scripts`)).toBe('a'.repeat(193));
  });

  it("outputs only letters, marks, digits, space and - . , # ' /, at most 200, for any input", () => {
    fc.assert(
      fc.property(anyInput, (input) => {
        const output = sanitizeAddress(input);
        expect(output).toMatch(/^[\p{L}\p{M}\p{N} \-.,#'/]*$/u);
        expect(output.length).toBeLessThanOrEqual(LIMITS.sanitizeAddressMax);
        expect(output).not.toMatch(LONE_SURROGATE);
        expect(output).toBe(collapse(output));
      }),
      RUNS,
    );
  });

  it('never lets markup, "script", "javascript:" or an on…= handler survive', () => {
    fc.assert(
      fc.property(anyInput, (input) => {
        const output = sanitizeAddress(input);
        expect(output).not.toMatch(/[<>]/);
        expect(output).not.toMatch(MARKUP_OR_SCRIPT);
        expect(output).not.toMatch(/javascript\s*:/i);
      }),
      RUNS,
    );
  });

  it('is idempotent', () => {
    fc.assert(
      fc.property(anyInput, (input) => {
        const once = sanitizeAddress(input);
        expect(sanitizeAddress(once)).toBe(once);
      }),
      RUNS,
    );
  });

  it('preserves Arabic text with diacritics exactly (up to NFC and spacing)', () => {
    fc.assert(
      fc.property(arabicText, (text) => {
        fc.pre(text.length <= LIMITS.sanitizeAddressMax);
        expect(sanitizeAddress(text)).toBe(collapse(text.normalize('NFC')));
      }),
      RUNS,
    );
  });

  it('keeps the Arabic words around a removed script block', () => {
    const payload = fc.string({ unit: fc.constantFrom(...'abc(1);=\'" '.split('')) });
    fc.assert(
      fc.property(arabicWord, payload, arabicWord, (before, inside, after) => {
        const output = sanitizeAddress(`${before} <script>${inside}</script> ${after}`);
        expect(output).toBe(`${before} ${after}`.normalize('NFC'));
      }),
      RUNS,
    );
  });
});

describe('sanitizePostalCode', () => {
  it('upper-cases and keeps letters, digits, hyphens and spaces', () => {
    expect(sanitizePostalCode(' k1a 0b1 ')).toBe('K1A 0B1');
    expect(sanitizePostalCode('20500-0001')).toBe('20500-0001');
    expect(sanitizePostalCode('sw1a 1aa')).toBe('SW1A 1AA');
    expect(sanitizePostalCode('10001<>;')).toBe('10001');
    expect(sanitizePostalCode('a'.repeat(30))).toBe('A'.repeat(20));
  });

  it('outputs upper-case letters, digits, hyphens and single spaces, at most 20, for any input', () => {
    fc.assert(
      fc.property(anyInput, (input) => {
        const output = sanitizePostalCode(input);
        expect(output).toMatch(/^[\p{L}\p{N} -]*$/u);
        expect(output).toBe(output.toUpperCase());
        expect(output.length).toBeLessThanOrEqual(LIMITS.sanitizePostalCodeMax);
        expect(output).not.toMatch(LONE_SURROGATE);
        expect(output).toBe(collapse(output));
      }),
      RUNS,
    );
  });

  it('is idempotent, also when the cap falls inside a surrogate pair', () => {
    const astral = sanitizePostalCode(`${'A'.repeat(19)}𝐀`);
    expect(astral).toBe('A'.repeat(19));
    fc.assert(
      fc.property(anyInput, (input) => {
        const once = sanitizePostalCode(input);
        expect(sanitizePostalCode(once)).toBe(once);
      }),
      RUNS,
    );
  });
});

describe('sanitizeText', () => {
  it('strips tags and script words and collapses spaces', () => {
    expect(sanitizeText('  Ali   <b>Hassan</b> ')).toBe('Ali Hassan');
    expect(sanitizeText('<script>alert(1)</script>Fatima')).toBe('Fatima');
    expect(sanitizeText('<img src=x onerror=alert(1)>Zahra')).toBe('Zahra');
    expect(sanitizeText('مُحَمَّد بن عَلِيّ')).toBe('مُحَمَّد بن عَلِيّ'.normalize('NFC'));
    expect(sanitizeText('line one\nline two')).toBe('line one line two');
  });

  it('caps the length at 200 by default, or the given maximum', () => {
    expect(sanitizeText('x'.repeat(300))).toHaveLength(LIMITS.sanitizeTextMax);
    expect(sanitizeText('abcdef', 3)).toBe('abc');
    expect(sanitizeText('ab cdef', 3)).toBe('ab');
  });

  it('does not leave a script word behind when the cap cuts a longer word', () => {
    const output = sanitizeText(`${'x'.repeat(193)} scripts`);
    expect(output).toBe('x'.repeat(193));
    expect(sanitizeText(output)).toBe(output);
  });

  it('composes a letter with a mark it meets once a tag between them is gone', () => {
    const output = sanitizeText('Jose<b>\u0301</b>');
    expect(output).toBe('Jos\u00e9');
    expect(output).toBe(output.normalize('NFC'));
  });

  it('never lets a tag or a script word survive, respects the cap and is idempotent', () => {
    fc.assert(
      fc.property(anyInput, fc.option(fc.integer({ min: 0, max: 250 }), { nil: undefined }), (input, max) => {
        const output = sanitizeText(input, max);
        expect(output).not.toMatch(TAG);
        expect(output).not.toMatch(MARKUP_OR_SCRIPT);
        expect(output.length).toBeLessThanOrEqual(max ?? LIMITS.sanitizeTextMax);
        if (!LONE_SURROGATE.test(input)) expect(output).not.toMatch(LONE_SURROGATE);
        expect(output).toBe(collapse(output));
        expect(sanitizeText(output, max)).toBe(output);
      }),
      RUNS,
    );
  });
});

describe('sanitizeMultilineText', () => {
  it('keeps line breaks, normalises them and allows at most one blank line', () => {
    expect(sanitizeMultilineText('Line 1\r\n\r\n\r\nLine 2<script>x</script>\rLine 3')).toBe(
      'Line 1\n\nLine 2\nLine 3',
    );
    expect(sanitizeMultilineText('  a   b  \n\n  c ')).toBe('a b\n\nc');
    expect(sanitizeMultilineText('\n\nبسم الله\n\n')).toBe('بسم الله');
  });

  it('caps the length at 2000 by default, or the given maximum', () => {
    expect(sanitizeMultilineText('y'.repeat(2500))).toHaveLength(LIMITS.biographyMax);
    expect(sanitizeMultilineText('abc\ndef', 5)).toBe('abc\nd');
    expect(sanitizeMultilineText('abc\ndef', 4)).toBe('abc');
  });

  it('never lets a tag or a script word survive, respects the cap and is idempotent', () => {
    const multiline = fc.oneof(
      anyInput,
      fc.array(adversarial, { maxLength: 8 }).map((lines) => lines.join('\n')),
      nearLimit(LIMITS.biographyMax),
    );
    fc.assert(
      fc.property(multiline, fc.option(fc.integer({ min: 0, max: 250 }), { nil: undefined }), (input, max) => {
        const output = sanitizeMultilineText(input, max);
        expect(output).not.toMatch(TAG);
        expect(output).not.toMatch(MARKUP_OR_SCRIPT);
        expect(output.length).toBeLessThanOrEqual(max ?? LIMITS.biographyMax);
        if (!LONE_SURROGATE.test(input)) expect(output).not.toMatch(LONE_SURROGATE);
        expect(output).not.toMatch(/\r|\n{3,}/);
        expect(output).toBe(output.trim());
        for (const line of output.split('\n')) {
          expect(line).toBe(line.trim());
          expect(line).not.toMatch(/\s{2}/);
        }
        expect(sanitizeMultilineText(output, max)).toBe(output);
      }),
      RUNS,
    );
  });
});

describe('looksLikeSqlInjection', () => {
  const PAYLOADS = [
    "' OR '1'='1",
    "' or '1'='1' --",
    "1' OR 1=1 --",
    "x' AND 1=1",
    "' or 'a' like 'a",
    '1; DROP TABLE users',
    '1;drop table users',
    'DROP TABLE books',
    "' UNION SELECT password FROM users --",
    '1 union all select null, null',
    "admin'--",
    "admin' ; --",
    '/* */',
    'name/*comment*/',
    'pg_sleep(5)',
    "1'; SELECT pg_sleep(10); --",
    "'; EXEC xp_cmdshell('dir') --",
    "'; WAITFOR DELAY '0:0:5' --",
    '1 AND SLEEP(5)',
    'BENCHMARK(1000000,MD5(1))',
    "x'; delete from profiles",
    '1; TRUNCATE profiles',
  ];

  const BENIGN = [
    "O'Brien Street",
    '123 Union Station Rd',
    'Select Books Ltd.',
    'Apt #4, 5th floor',
    'شارع الرشيد، بغداد',
    'حي الكرادة - بغداد',
    "D'Angelo",
    "Rue de l'Église",
    "Martha's Vineyard",
    'Drop-off point, Table Rock Rd',
    'Sleepy Hollow',
    'Or Yehuda',
    'Andover',
    '10 Downing St.',
    'john.doe@example.com',
    "o'connor+books@example.ie",
    'K1A 0B1',
    '+1 (202) 555-0143',
    'Ali Hassan',
    'مُحَمَّد بن عَلِيّ',
    '',
  ];

  it.each(PAYLOADS)('detects %s', (payload) => {
    expect(looksLikeSqlInjection(payload)).toBe(true);
  });

  it.each(BENIGN)('accepts %s', (value) => {
    expect(looksLikeSqlInjection(value)).toBe(false);
  });

  it('detects classic payloads wherever they appear in a value', () => {
    fc.assert(
      fc.property(
        fc.string({ unit: 'grapheme' }),
        fc.constantFrom(...PAYLOADS),
        fc.string({ unit: 'grapheme' }),
        (before, payload, after) => {
          expect(looksLikeSqlInjection(`${before} ${payload} ${after}`)).toBe(true);
        },
      ),
      RUNS,
    );
  });

  it('ignores case', () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...PAYLOADS),
        fc.array(fc.boolean(), { minLength: 60, maxLength: 60 }),
        (payload, flips) => {
          const mixed = [...payload].map((char, i) =>
            flips[i % flips.length] ? char.toUpperCase() : char.toLowerCase(),
          );
          expect(looksLikeSqlInjection(mixed.join(''))).toBe(true);
        },
      ),
      RUNS,
    );
  });

  it('accepts ordinary addresses and names built from words that look like SQL', () => {
    const word = fc.constantFrom(
      "O'Brien",
      "D'Angelo",
      "l'Église",
      'Union',
      'Station',
      'Books',
      'Ltd.',
      'Drop-off',
      'Sleepy',
      'Hollow',
      'Or',
      'And',
      'Like',
      'Update',
      'Apt',
      '#4,',
      '5th',
      'floor',
      'Street',
      'Rd',
      '123',
      '/',
      '-',
      'شارع',
      'الرشيد،',
      'بغداد',
      'مُحَمَّد',
    );
    fc.assert(
      fc.property(fc.array(word, { maxLength: 10 }), (words) => {
        expect(looksLikeSqlInjection(words.join(' '))).toBe(false);
      }),
      RUNS,
    );
  });

  it('accepts sanitised e-mail addresses', () => {
    fc.assert(
      fc.property(fc.emailAddress(), (email) => {
        expect(looksLikeSqlInjection(sanitizeEmail(email))).toBe(false);
      }),
      RUNS,
    );
  });

  it('has its rejection message in both languages', () => {
    expect(catalogues.en.validation.invalidInput).toBe('Invalid input detected');
    expect(catalogues.ar.validation.invalidInput).toMatch(/[\u0600-\u06ff]/);
  });
});
