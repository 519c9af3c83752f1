import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { normalizePhoneNumber } from './phone.js';

const RUNS = { numRuns: 300 };

/** Valid-looking NANP numbers: area code and exchange start with 2–9 and are not N11. */
const nanpDigit = fc.integer({ min: 0, max: 9 }).map(String);
const nanpLead = fc.integer({ min: 2, max: 9 }).map(String);
const nanpTriple = fc
  .tuple(nanpLead, nanpDigit, nanpDigit)
  .map((digits) => digits.join(''))
  .filter((triple) => !triple.endsWith('11'));
const usNumber = fc
  .tuple(nanpTriple, nanpTriple, fc.array(nanpDigit, { minLength: 4, maxLength: 4 }))
  .map(([area, exchange, line]) => `${area}${exchange}${line.join('')}`);

/** Inserts formatting characters (spaces, dashes, dots, parentheses) between the characters. */
function withFormatting(value: string) {
  return fc
    .array(fc.constantFrom('', '', '', ' ', '-', '.', '(', ')', ' - '), {
      minLength: value.length + 1,
      maxLength: value.length + 1,
    })
    .map((separators) => [...value].map((char, i) => `${separators[i]}${char}`).join('') + separators[value.length]);
}

describe('normalizePhoneNumber', () => {
  it('reads 10 digits without + as a US number', () => {
    expect(normalizePhoneNumber('2025550143')).toBe('+12025550143');
  });

  it('reads 11 digits starting with 1 without + as a US number', () => {
    expect(normalizePhoneNumber('12025550143')).toBe('+12025550143');
    expect(normalizePhoneNumber('1-202-555-0143')).toBe('+12025550143');
  });

  it('tolerates formatting characters', () => {
    expect(normalizePhoneNumber('(202) 555-0143')).toBe('+12025550143');
    expect(normalizePhoneNumber('202.555.0143')).toBe('+12025550143');
    expect(normalizePhoneNumber(' +1 (202) 555-0143 ')).toBe('+12025550143');
  });

  it('accepts international numbers written with +', () => {
    expect(normalizePhoneNumber('+44 20 7946 0958')).toBe('+442079460958');
    expect(normalizePhoneNumber('+964 770 123 4567')).toBe('+9647701234567');
    expect(normalizePhoneNumber('+9647901234567')).toBe('+9647901234567');
    expect(normalizePhoneNumber('+1 416 555 0199')).toBe('+14165550199');
    expect(normalizePhoneNumber('+1 (613) 555-0123')).toBe('+16135550123');
  });

  it('reads a Canadian number without + through the shared +1 country code', () => {
    expect(normalizePhoneNumber('4165550199')).toBe('+14165550199');
  });

  it.each([
    ['empty', ''],
    ['blank', '   '],
    ['only a plus', '+'],
    ['too short with +', '+123'],
    ['too short with + and country code', '+1 202 555'],
    ['9 digits without +', '202555014'],
    ['12 digits without +', '442079460958'],
    ['10 digits that are not a US number', '0123456789'],
    ['11 digits not starting with 1', '22025550143'],
    ['letters', 'abcdefghij'],
    ['a word', 'phone'],
    ['a US number with a missing digit', '(202) 555-014'],
    ['an unknown country code', '+999 1234 5678'],
    ['too long', '+1 202 555 0143 0143 0143'],
  ])('refuses %s', (_label, value) => {
    expect(normalizePhoneNumber(value)).toBeNull();
  });

  it('returns + and digits only, whatever the input', () => {
    const input = fc.oneof(
      fc.string(),
      fc.string({ unit: 'grapheme' }),
      fc.string({ unit: fc.constantFrom(...'0123456789+ -().'.split('')), maxLength: 25 }),
      usNumber,
      usNumber.map((digits) => `+1${digits}`),
    );
    fc.assert(
      fc.property(input, (value) => {
        const result = normalizePhoneNumber(value);
        if (result !== null) expect(result).toMatch(/^\+[1-9]\d{6,14}$/);
      }),
      RUNS,
    );
  });

  it('normalises every valid US number to +1 and its ten digits, with or without 1 or +1', () => {
    fc.assert(
      fc.property(usNumber, (digits) => {
        const result = normalizePhoneNumber(digits);
        fc.pre(result !== null);
        expect(result).toBe(`+1${digits}`);
        expect(normalizePhoneNumber(`1${digits}`)).toBe(result);
        expect(normalizePhoneNumber(`+1${digits}`)).toBe(result);
      }),
      RUNS,
    );
  });

  it('accepts numbers in well-known US and Canadian area codes', () => {
    const area = fc.constantFrom('202', '212', '305', '312', '415', '617', '713', '416', '514', '604', '613');
    const local = fc.tuple(nanpTriple, fc.array(nanpDigit, { minLength: 4, maxLength: 4 }));
    fc.assert(
      fc.property(area, local, (code, [exchange, line]) => {
        const digits = `${code}${exchange}${line.join('')}`;
        expect(normalizePhoneNumber(digits)).toBe(`+1${digits}`);
      }),
      RUNS,
    );
  });

  it('gives the same result whatever formatting surrounds the digits', () => {
    const number = fc.oneof(
      usNumber,
      fc.constantFrom('+442079460958', '+9647701234567', '+14165550199', '12025550143'),
    );
    fc.assert(
      fc.property(
        number.chain((value) => fc.tuple(fc.constant(value), withFormatting(value))),
        ([plain, formatted]) => {
          expect(normalizePhoneNumber(formatted)).toBe(normalizePhoneNumber(plain));
        },
      ),
      RUNS,
    );
  });

  it('is idempotent: a normalised number normalises to itself', () => {
    const input = fc.oneof(
      usNumber,
      fc.string({ unit: fc.constantFrom(...'0123456789+ -'.split('')), maxLength: 20 }),
      fc.constantFrom('+44 20 7946 0958', '+964 770 123 4567', '(202) 555-0143'),
    );
    fc.assert(
      fc.property(input, (value) => {
        const result = normalizePhoneNumber(value);
        if (result !== null) expect(normalizePhoneNumber(result)).toBe(result);
      }),
      RUNS,
    );
  });

  it('refuses anything without + that does not have 10 or 11 digits', () => {
    const digits = fc
      .string({ unit: fc.constantFrom(...'0123456789'.split('')), maxLength: 20 })
      .filter((value) => value.length !== 10 && value.length !== 11);
    fc.assert(
      fc.property(digits, (value) => {
        expect(normalizePhoneNumber(value)).toBeNull();
      }),
      RUNS,
    );
  });
});
