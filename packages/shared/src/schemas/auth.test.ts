import { readFileSync } from 'node:fs';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { LIMITS } from '../constants.js';
import { catalogues, getByPath } from '../i18n/index.js';
import {
  CompleteProfileSchema,
  EmailSchema,
  NewPasswordSchema,
  PhoneNumberSchema,
  RegisterSchema,
  SignInPasswordSchema,
  SignInSchema,
  SignUpRequestSchema,
} from './auth.js';
import { ActivitySchema, ProfileSafeUpdateSchema } from './profile.js';

/** The messages of a failed parse, as `path: message` (an empty path is the value itself). */
function issues(schema: z.ZodType, value: unknown): string[] {
  const result = schema.safeParse(value);
  if (result.success) return [];
  return result.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`);
}

/** Like `issues`, but only the first message of each field, which is the one a form shows. */
function firstIssues(schema: z.ZodType, value: unknown): string[] {
  const seen = new Set<string>();
  return issues(schema, value).filter((issue) => {
    const path = issue.slice(0, issue.indexOf(': '));
    if (seen.has(path)) return false;
    seen.add(path);
    return true;
  });
}

/** The messages of a failed parse of a single value. */
function messages(schema: z.ZodType, value: unknown): string[] {
  const result = schema.safeParse(value);
  return result.success ? [] : result.error.issues.map((issue) => issue.message);
}

const VALID_ADDRESS = {
  phone_number: '+1 (202) 555-0143',
  address_line_1: '1600 Pennsylvania Ave NW',
  city: 'Washington',
  state_province: 'DC',
  postal_code: '20500',
  country: 'United States',
};

const VALID_REGISTER = {
  email: 'reader@example.com',
  name: 'Zainab',
  password: 'kitab1234',
  confirmPassword: 'kitab1234',
};

describe('EmailSchema', () => {
  it('asks for an e-mail when it is missing or blank', () => {
    for (const value of [undefined, null, 42, '', '   ']) {
      expect(messages(EmailSchema, value), String(value)).toEqual(['validation.emailRequired']);
    }
  });

  it('refuses malformed addresses with validation.emailInvalid', () => {
    for (const value of [
      'reader',
      'reader@',
      '@example.com',
      'a b@example.com',
      'reader@example',
      'x<y>@example.com',
    ]) {
      expect(messages(EmailSchema, value), value).toEqual(['validation.emailInvalid']);
    }
  });

  it('refuses addresses longer than 254 characters', () => {
    const long = `${'a'.repeat(64)}@${'b'.repeat(186)}.com`;
    expect(long.length).toBe(LIMITS.emailMax + 1);
    expect(messages(EmailSchema, long)).toContain('validation.emailInvalid');
  });

  it('accepts and trims valid addresses', () => {
    expect(EmailSchema.parse('  reader@example.com ')).toBe('reader@example.com');
    expect(EmailSchema.parse('first.last+tag@sub.example.co.uk')).toBe('first.last+tag@sub.example.co.uk');
  });
});

describe('SignInPasswordSchema', () => {
  it('needs 6 characters', () => {
    expect(messages(SignInPasswordSchema, '12345')).toEqual(['validation.passwordMin6']);
    expect(messages(SignInPasswordSchema, '')).toEqual(['validation.passwordMin6']);
    expect(messages(SignInPasswordSchema, undefined)).toEqual(['validation.passwordMin6']);
    expect(SignInPasswordSchema.parse('123456')).toBe('123456');
  });

  it('accepts up to 128 characters unchanged and refuses 129', () => {
    const max = 'p'.repeat(LIMITS.passwordMaxLength);
    expect(SignInPasswordSchema.parse(max)).toBe(max);
    expect(messages(SignInPasswordSchema, `${max}p`)).toEqual(['validation.passwordMax']);
  });
});

describe('NewPasswordSchema', () => {
  it('needs 8 characters', () => {
    expect(messages(NewPasswordSchema, 'abc1234')).toEqual(['validation.passwordMin8']);
    expect(messages(NewPasswordSchema, undefined)).toEqual(['validation.passwordMin8']);
  });

  it('needs a letter and a number', () => {
    expect(messages(NewPasswordSchema, '12345678')).toEqual(['validation.passwordLetter']);
    expect(messages(NewPasswordSchema, 'abcdefgh')).toEqual(['validation.passwordNumber']);
    expect(messages(NewPasswordSchema, '!!!!!!!!')).toEqual(['validation.passwordLetter', 'validation.passwordNumber']);
    expect(messages(NewPasswordSchema, '')).toEqual([
      'validation.passwordMin8',
      'validation.passwordLetter',
      'validation.passwordNumber',
    ]);
  });

  it('counts letters and digits of any script', () => {
    expect(NewPasswordSchema.parse('كلمةسر12')).toBe('كلمةسر12');
    expect(NewPasswordSchema.parse('password٣')).toBe('password٣');
  });

  it('keeps passwords exactly as typed, spaces included', () => {
    expect(NewPasswordSchema.parse('  kitab 1234  ')).toBe('  kitab 1234  ');
  });

  it('accepts up to 128 characters without truncation and refuses 129', () => {
    const max = `a1${'x'.repeat(LIMITS.passwordMaxLength - 2)}`;
    const parsed = NewPasswordSchema.parse(max);
    expect(parsed).toBe(max);
    expect(parsed).toHaveLength(128);
    expect(messages(NewPasswordSchema, `${max}x`)).toEqual(['validation.passwordMax']);
  });

  it('accepts every 8–128 character password with a letter and a digit, unchanged', () => {
    const password = fc
      .tuple(
        fc.string({ unit: 'grapheme-ascii', minLength: 6, maxLength: 126 }),
        fc.constantFrom('a', 'Z', 'ع'),
        fc.constantFrom('0', '7', '٣'),
      )
      .map(([rest, letter, digit]) => `${letter}${rest}${digit}`)
      .filter((value) => value.length <= LIMITS.passwordMaxLength);
    fc.assert(
      fc.property(password, (value) => {
        expect(NewPasswordSchema.parse(value)).toBe(value);
      }),
    );
  });

  it('refuses every password longer than 128 characters', () => {
    fc.assert(
      fc.property(fc.string({ minLength: LIMITS.passwordMaxLength + 1, maxLength: 400 }), (value) => {
        expect(messages(NewPasswordSchema, `a1${value}`)).toContain('validation.passwordMax');
        expect(messages(SignInPasswordSchema, value)).toContain('validation.passwordMax');
      }),
    );
  });
});

describe('SignInSchema', () => {
  it('reports each field with its key', () => {
    expect(issues(SignInSchema, {})).toEqual(['email: validation.emailRequired', 'password: validation.passwordMin6']);
    expect(issues(SignInSchema, { email: 'nope', password: '123' })).toEqual([
      'email: validation.emailInvalid',
      'password: validation.passwordMin6',
    ]);
  });

  it('accepts an e-mail, a 6-character password and an empty honeypot', () => {
    expect(SignInSchema.parse({ email: 'Reader@Example.com ', password: 'secret', website: '' })).toEqual({
      email: 'Reader@Example.com',
      password: 'secret',
      website: '',
    });
  });
});

describe('RegisterSchema', () => {
  it('accepts a valid registration', () => {
    expect(RegisterSchema.parse(VALID_REGISTER)).toEqual(VALID_REGISTER);
  });

  it('reports mismatched passwords on confirmPassword', () => {
    expect(issues(RegisterSchema, { ...VALID_REGISTER, confirmPassword: 'kitab12345' })).toEqual([
      'confirmPassword: validation.passwordsMismatch',
    ]);
  });

  it('makes the name optional: missing or empty is fine, one character is not', () => {
    const { name: _name, ...withoutName } = VALID_REGISTER;
    expect(RegisterSchema.parse(withoutName)).toEqual(withoutName);
    expect(RegisterSchema.parse({ ...VALID_REGISTER, name: '' }).name).toBe('');
    expect(RegisterSchema.parse({ ...VALID_REGISTER, name: '   ' }).name).toBe('');
    expect(issues(RegisterSchema, { ...VALID_REGISTER, name: 'Z' })).toEqual(['name: validation.nameMin']);
    expect(issues(RegisterSchema, { ...VALID_REGISTER, name: ' Z ' })).toEqual(['name: validation.nameMin']);
    expect(RegisterSchema.parse({ ...VALID_REGISTER, name: ' Zainab ' }).name).toBe('Zainab');
    expect(RegisterSchema.parse({ ...VALID_REGISTER, name: 'عل' }).name).toBe('عل');
    expect(issues(RegisterSchema, { ...VALID_REGISTER, name: 'n'.repeat(101) })).toEqual(['name: validation.nameMax']);
  });

  it('applies the new-password rules', () => {
    expect(issues(RegisterSchema, { ...VALID_REGISTER, password: 'short1', confirmPassword: 'short1' })).toEqual([
      'password: validation.passwordMin8',
    ]);
    expect(
      issues(RegisterSchema, { ...VALID_REGISTER, password: 'onlyletters', confirmPassword: 'onlyletters' }),
    ).toEqual(['password: validation.passwordNumber']);
  });

  it('reports every missing field with its key', () => {
    expect(issues(RegisterSchema, {})).toEqual([
      'email: validation.emailRequired',
      'password: validation.passwordMin8',
      expect.stringMatching(/^confirmPassword: /),
    ]);
  });
});

describe('PhoneNumberSchema', () => {
  it('asks for a phone number when it is missing or blank', () => {
    expect(messages(PhoneNumberSchema, undefined)).toEqual(['validation.phoneRequired']);
    expect(messages(PhoneNumberSchema, 42)).toEqual(['validation.phoneRequired']);
    // A blank number gets the one message that tells the reader what to do.
    for (const value of ['', '   ']) {
      expect(messages(PhoneNumberSchema, value), value).toEqual(['validation.phoneRequired']);
    }
  });

  it('refuses numbers that cannot be valid in any country', () => {
    for (const value of ['123', 'call me', '+999 1234 5678', '+1 202 555 014', '1'.repeat(41)]) {
      expect(messages(PhoneNumberSchema, value), value).toContain('validation.phoneInvalid');
    }
  });

  it('leaves a number without a country code to the address, which reads it in its country', () => {
    expect(messages(PhoneNumberSchema, '202555014')).toEqual([]);
    expect(issues(CompleteProfileSchema, { ...VALID_ADDRESS, phone_number: '202555014' })).toEqual([
      'phone_number: validation.phoneInvalid',
    ]);
  });

  it('accepts US and international numbers', () => {
    for (const value of ['2025550143', '(202) 555-0143', '+44 20 7946 0958', '+964 770 123 4567', '+1 416 555 0199']) {
      expect(messages(PhoneNumberSchema, value), value).toEqual([]);
    }
  });
});

describe('CompleteProfileSchema', () => {
  it('accepts a complete US or Canadian address', () => {
    expect(CompleteProfileSchema.parse(VALID_ADDRESS)).toEqual(VALID_ADDRESS);
    const canadian = {
      ...VALID_ADDRESS,
      phone_number: '+1 613 555 0123',
      city: 'Ottawa',
      state_province: 'ON',
      postal_code: 'K1A 0B1',
      country: 'Canada',
    };
    expect(CompleteProfileSchema.parse(canadian)).toEqual(canadian);
  });

  it('reports every missing field with its own key', () => {
    expect(issues(CompleteProfileSchema, {})).toEqual([
      'phone_number: validation.phoneRequired',
      'address_line_1: validation.streetRequired',
      'city: validation.cityRequired',
      'state_province: validation.stateRequired',
      'postal_code: validation.postalRequired',
      'country: validation.countryRequired',
    ]);
  });

  it('treats blank fields as missing (first message of each field)', () => {
    const blank = Object.fromEntries(Object.keys(VALID_ADDRESS).map((key) => [key, '  ']));
    expect(firstIssues(CompleteProfileSchema, blank)).toEqual([
      'phone_number: validation.phoneRequired',
      'address_line_1: validation.streetRequired',
      'city: validation.cityRequired',
      'state_province: validation.stateRequired',
      'postal_code: validation.postalRequired',
      'country: validation.countryRequired',
    ]);
  });

  it('takes a country as its ISO code or its English name (the server checks that the library ships there)', () => {
    for (const country of ['US', 'CA', 'GB', 'United States', 'Canada', 'United Kingdom']) {
      expect(issues(CompleteProfileSchema, { ...VALID_ADDRESS, country }), country).toEqual([]);
    }
    for (const country of ['', 'united states', 'canada', 'ZZ', 'us', 'Narnia', 'الولايات المتحدة']) {
      expect(issues(CompleteProfileSchema, { ...VALID_ADDRESS, country }), country).toEqual([
        'country: validation.countryRequired',
      ]);
    }
  });

  it('reads a phone number without a country code in the chosen country', () => {
    const canadian = { ...VALID_ADDRESS, phone_number: '604 555 0123', country: 'CA' };
    expect(issues(CompleteProfileSchema, canadian)).toEqual([]);
    expect(issues(CompleteProfileSchema, { ...canadian, country: 'GB' })).toEqual([
      'phone_number: validation.phoneInvalid',
    ]);
    expect(issues(CompleteProfileSchema, { ...VALID_ADDRESS, phone_number: '020 7946 0958', country: 'GB' })).toEqual(
      [],
    );
    // An international number holds in any country.
    expect(
      issues(CompleteProfileSchema, { ...VALID_ADDRESS, phone_number: '+44 20 7946 0958', country: 'CA' }),
    ).toEqual([]);
  });

  it('caps the address fields at 200 characters and the postal code at 20', () => {
    const long = 'x'.repeat(LIMITS.sanitizeAddressMax + 1);
    expect(issues(CompleteProfileSchema, { ...VALID_ADDRESS, address_line_1: long })).toEqual([
      'address_line_1: validation.streetRequired',
    ]);
    expect(issues(CompleteProfileSchema, { ...VALID_ADDRESS, city: long })).toEqual(['city: validation.cityRequired']);
    expect(issues(CompleteProfileSchema, { ...VALID_ADDRESS, postal_code: '1'.repeat(21) })).toEqual([
      'postal_code: validation.postalRequired',
    ]);
    expect(CompleteProfileSchema.parse({ ...VALID_ADDRESS, city: 'x'.repeat(200) }).city).toHaveLength(200);
  });

  it('keeps address_line_2 optional and trims the text fields', () => {
    expect(CompleteProfileSchema.parse({ ...VALID_ADDRESS, address_line_2: ' Suite 4 ' }).address_line_2).toBe(
      'Suite 4',
    );
    expect(CompleteProfileSchema.parse({ ...VALID_ADDRESS, city: ' Washington ' }).city).toBe('Washington');
  });
});

describe('SignUpRequestSchema', () => {
  it('combines the account and the address', () => {
    const request = { email: 'reader@example.com', password: 'kitab1234', name: '', ...VALID_ADDRESS };
    expect(SignUpRequestSchema.parse(request)).toEqual(request);
  });

  it('reports the account and address keys together', () => {
    expect(issues(SignUpRequestSchema, {})).toEqual([
      'email: validation.emailRequired',
      'password: validation.passwordMin8',
      'phone_number: validation.phoneRequired',
      'address_line_1: validation.streetRequired',
      'city: validation.cityRequired',
      'state_province: validation.stateRequired',
      'postal_code: validation.postalRequired',
      'country: validation.countryRequired',
    ]);
  });

  it('drops fields that are not part of the request', () => {
    const parsed = SignUpRequestSchema.parse({
      email: 'reader@example.com',
      password: 'kitab1234',
      ...VALID_ADDRESS,
      role: 'admin',
      status: 'active',
      borrowing_limit: 100,
    });
    expect(parsed).not.toHaveProperty('role');
    expect(parsed).not.toHaveProperty('status');
    expect(parsed).not.toHaveProperty('borrowing_limit');
  });
});

describe('validation message keys', () => {
  /** Every message the schemas can produce, collected by feeding them bad input. */
  function producedKeys(): Set<string> {
    const keys = new Set<string>();
    const add = (schema: z.ZodType, value: unknown) => {
      for (const message of messages(schema, value)) keys.add(message);
    };
    for (const value of [undefined, '', 'nope', 'x'.repeat(300)]) add(EmailSchema, value);
    for (const value of [undefined, '', '!!!!!!!!', '12345678', 'abcdefgh', 'a1'.repeat(100)]) {
      add(SignInPasswordSchema, value);
      add(NewPasswordSchema, value);
    }
    for (const value of [undefined, '', '123']) add(PhoneNumberSchema, value);
    add(RegisterSchema, { ...VALID_REGISTER, confirmPassword: 'other1234' });
    add(RegisterSchema, { ...VALID_REGISTER, name: 'Z' });
    add(RegisterSchema, { ...VALID_REGISTER, name: 'n'.repeat(101) });
    add(CompleteProfileSchema, {});
    add(CompleteProfileSchema, { ...VALID_ADDRESS, country: 'Narnia' });
    add(ProfileSafeUpdateSchema, {
      display_name: 'Z',
      biography: 'b'.repeat(LIMITS.biographyMax + 1),
      address_line_1: '',
      city: '',
      state_province: '',
      postal_code: '',
      country: 'Narnia',
      phone_number: '',
    });
    add(ProfileSafeUpdateSchema, { display_name: 'n'.repeat(101), phone_number: '123' });
    add(ActivitySchema, { activity_type: 'Not A Type' });
    return keys;
  }

  /** Every `validation.*` string literal in the schema sources. */
  function sourceKeys(): Set<string> {
    const keys = new Set<string>();
    for (const file of ['./auth.ts', './profile.ts']) {
      const source = readFileSync(new URL(file, import.meta.url), 'utf8');
      for (const match of source.matchAll(/'(validation\.[A-Za-z0-9_.]+)'/g)) keys.add(match[1] as string);
    }
    return keys;
  }

  it('produces the keys the forms expect', () => {
    const keys = producedKeys();
    for (const key of [
      'validation.emailRequired',
      'validation.emailInvalid',
      'validation.passwordMin6',
      'validation.passwordMin8',
      'validation.passwordLetter',
      'validation.passwordNumber',
      'validation.passwordMax',
      'validation.passwordsMismatch',
      'validation.nameMin',
      'validation.nameMax',
      'validation.phoneRequired',
      'validation.phoneInvalid',
      'validation.streetRequired',
      'validation.cityRequired',
      'validation.stateRequired',
      'validation.postalRequired',
      'validation.countryRequired',
      'validation.biographyMax',
      'validation.activityType',
    ]) {
      expect(keys, key).toContain(key);
    }
  });

  it('only ever produces validation.* keys', () => {
    expect([...producedKeys()].filter((key) => !key.startsWith('validation.'))).toEqual([]);
  });

  it('has every key the schemas use translated in English and Arabic', () => {
    const keys = new Set([...producedKeys(), ...sourceKeys()]);
    expect(keys.size).toBeGreaterThanOrEqual(19);
    for (const key of keys) {
      const en = getByPath(catalogues.en, key);
      const ar = getByPath(catalogues.ar, key);
      expect(typeof en === 'string' && en.trim() !== '', `en ${key}`).toBe(true);
      expect(typeof ar === 'string' && /[\u0600-\u06ff]/.test(ar), `ar ${key}`).toBe(true);
    }
  });
});
