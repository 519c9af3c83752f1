import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { ActivitySchema, isProfileComplete, type Profile, ProfileSafeUpdateSchema } from './profile.js';

const ALLOWED_KEYS = [
  'display_name',
  'biography',
  'phone_number',
  'address_line_1',
  'address_line_2',
  'city',
  'state_province',
  'postal_code',
  'country',
  'interests',
  'favorite_genres',
];

/** Fields a user must never be able to set on themselves. */
const PRIVILEGED = {
  role: 'admin',
  status: 'active',
  borrowing_limit: 1000,
  email: 'someone-else@example.com',
  id: '00000000-0000-4000-8000-000000000000',
  registration_completed: true,
  address_verified: true,
  created_by: '00000000-0000-4000-8000-000000000001',
  creation_source: 'admin',
  // Only the upload route sets the avatar, to a key under the user's own id.
  avatar_key: 'someone-else/avatar.webp',
};

describe('ProfileSafeUpdateSchema', () => {
  it('drops role, status, borrowing_limit and email (mass assignment)', () => {
    const parsed = ProfileSafeUpdateSchema.parse({ display_name: 'Zainab', ...PRIVILEGED });
    expect(parsed).toEqual({ display_name: 'Zainab' });
    for (const key of Object.keys(PRIVILEGED)) expect(parsed).not.toHaveProperty(key);
  });

  it('drops them even when nothing else is sent', () => {
    expect(
      ProfileSafeUpdateSchema.parse({ role: 'admin', status: 'suspended', borrowing_limit: 0, email: 'x@y.z' }),
    ).toEqual({});
  });

  it('never outputs a key outside the user-editable fields, whatever is sent', () => {
    const key = fc.oneof(fc.constantFrom(...Object.keys(PRIVILEGED), '__proto__', 'constructor'), fc.string());
    fc.assert(
      fc.property(fc.dictionary(key, fc.jsonValue()), (extra) => {
        const result = ProfileSafeUpdateSchema.safeParse({ ...extra, display_name: 'Zainab' });
        expect(result.success).toBe(true);
        if (!result.success) return;
        for (const outputKey of Object.keys(result.data)) expect(ALLOWED_KEYS).toContain(outputKey);
        expect(result.data).not.toHaveProperty('role');
        expect(result.data).not.toHaveProperty('email');
      }),
      { numRuns: 300 },
    );
  });

  it('accepts a partial update', () => {
    expect(ProfileSafeUpdateSchema.parse({})).toEqual({});
    expect(ProfileSafeUpdateSchema.parse({ city: ' Baghdad ' })).toEqual({ city: 'Baghdad' });
    expect(ProfileSafeUpdateSchema.parse({ avatar_key: null })).toEqual({});
  });

  it('validates the fields it keeps, with i18n keys', () => {
    const messages = (value: unknown) => {
      const result = ProfileSafeUpdateSchema.safeParse(value);
      return result.success ? [] : result.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`);
    };
    expect(messages({ display_name: ' Z ' })).toEqual(['display_name: validation.nameMin']);
    expect(messages({ display_name: 'n'.repeat(101) })).toEqual(['display_name: validation.nameMax']);
    expect(messages({ biography: 'b'.repeat(2001) })).toEqual(['biography: validation.biographyMax']);
    expect(messages({ city: '' })).toEqual(['city: validation.cityRequired']);
    expect(messages({ address_line_1: ' ' })).toEqual(['address_line_1: validation.streetRequired']);
    expect(messages({ state_province: '' })).toEqual(['state_province: validation.stateRequired']);
    expect(messages({ postal_code: '' })).toEqual(['postal_code: validation.postalRequired']);
    expect(messages({ country: 'Narnia' })).toEqual(['country: validation.countryRequired']);
    expect(messages({ phone_number: '123' })).toEqual(['phone_number: validation.phoneInvalid']);
    expect(messages({ country: 'Canada', phone_number: '+1 613 555 0123', biography: 'b'.repeat(2000) })).toEqual([]);
  });

  describe('interests and favorite_genres', () => {
    it('accept an array', () => {
      expect(ProfileSafeUpdateSchema.parse({ interests: ['history', ' fiqh '] }).interests).toEqual([
        'history',
        'fiqh',
      ]);
      expect(ProfileSafeUpdateSchema.parse({ favorite_genres: [] }).favorite_genres).toEqual([]);
    });

    it('accept a JSON string of an array', () => {
      expect(ProfileSafeUpdateSchema.parse({ interests: '["history","fiqh"]' }).interests).toEqual(['history', 'fiqh']);
      expect(ProfileSafeUpdateSchema.parse({ favorite_genres: '["تاريخ", "فقه"]' }).favorite_genres).toEqual([
        'تاريخ',
        'فقه',
      ]);
      expect(ProfileSafeUpdateSchema.parse({ interests: '[]' }).interests).toEqual([]);
    });

    it('accept a comma-separated string', () => {
      expect(ProfileSafeUpdateSchema.parse({ interests: 'history, fiqh' }).interests).toEqual(['history', 'fiqh']);
      expect(ProfileSafeUpdateSchema.parse({ interests: 'history' }).interests).toEqual(['history']);
      expect(ProfileSafeUpdateSchema.parse({ interests: '' }).interests).toEqual([]);
    });

    it('read a string that is JSON but not an array as a comma-separated list', () => {
      expect(ProfileSafeUpdateSchema.parse({ interests: '1984' }).interests).toEqual(['1984']);
      expect(ProfileSafeUpdateSchema.parse({ interests: '2001, 1984' }).interests).toEqual(['2001', '1984']);
      expect(ProfileSafeUpdateSchema.parse({ favorite_genres: 'true' }).favorite_genres).toEqual(['true']);
    });

    it('give the same result for an array and its JSON string', () => {
      const item = fc.string({ unit: 'grapheme', minLength: 1, maxLength: 20 }).filter((value) => value.trim() !== '');
      fc.assert(
        fc.property(fc.array(item, { maxLength: 50 }), (list) => {
          const fromArray = ProfileSafeUpdateSchema.parse({ interests: list }).interests;
          const fromJson = ProfileSafeUpdateSchema.parse({ interests: JSON.stringify(list) }).interests;
          expect(fromJson).toEqual(fromArray);
          expect(fromArray).toEqual(list.map((value) => value.trim()));
        }),
        { numRuns: 200 },
      );
    });

    it('refuse non-string items, empty items, long items and long lists', () => {
      for (const interests of [
        [1, 2],
        '[1,2]',
        [''],
        ['  '],
        'a,,b',
        ['x'.repeat(101)],
        Array.from({ length: 51 }, (_, i) => `topic ${i}`),
        JSON.stringify(Array.from({ length: 51 }, (_, i) => `topic ${i}`)),
        42,
        { history: true },
        null,
      ]) {
        expect(ProfileSafeUpdateSchema.safeParse({ interests }).success, JSON.stringify(interests)).toBe(false);
      }
      expect(ProfileSafeUpdateSchema.safeParse({ interests: ['x'.repeat(100)] }).success).toBe(true);
    });
  });
});

describe('ActivitySchema', () => {
  it('accepts lower-case dotted activity types and refuses others', () => {
    expect(ActivitySchema.parse({ activity_type: 'book.view' })).toEqual({ activity_type: 'book.view' });
    expect(ActivitySchema.parse({ activity_type: ' profile_update ', activity_data: { a: 1 } })).toEqual({
      activity_type: 'profile_update',
      activity_data: { a: 1 },
    });
    for (const activity_type of ['', 'Book.View', '1book', 'book view', `a${'b'.repeat(64)}`, '<script>']) {
      const result = ActivitySchema.safeParse({ activity_type });
      expect(result.success, activity_type).toBe(false);
      expect(result.error?.issues[0]?.message).toBe('validation.activityType');
    }
  });
});

type CompletenessFields = Pick<
  Profile,
  'registration_completed' | 'email' | 'address_line_1' | 'city' | 'state_province' | 'postal_code' | 'country'
>;

const COMPLETE: CompletenessFields = {
  registration_completed: true,
  email: 'reader@example.com',
  address_line_1: '1600 Pennsylvania Ave NW',
  city: 'Washington',
  state_province: 'DC',
  postal_code: '20500',
  country: 'United States',
};

const ADDRESS_FIELDS = ['address_line_1', 'city', 'state_province', 'postal_code', 'country'] as const;

describe('isProfileComplete', () => {
  it('is false without a profile', () => {
    expect(isProfileComplete(null, 'google')).toBe(false);
    expect(isProfileComplete(null, 'credential')).toBe(false);
  });

  it('counts a Google profile complete when registration is completed or it has an e-mail', () => {
    const bare = {
      ...COMPLETE,
      address_line_1: null,
      city: null,
      state_province: null,
      postal_code: null,
      country: null,
    };
    expect(isProfileComplete({ ...bare, registration_completed: false }, 'google')).toBe(true);
    expect(isProfileComplete({ ...bare, email: '' }, 'google')).toBe(true);
    expect(isProfileComplete({ ...bare, registration_completed: false, email: '' }, 'google')).toBe(false);
  });

  it('needs both the flag and a full address for other users', () => {
    expect(isProfileComplete(COMPLETE, 'credential')).toBe(true);
    expect(isProfileComplete({ ...COMPLETE, registration_completed: false }, 'credential')).toBe(false);
    for (const field of ADDRESS_FIELDS) {
      for (const missing of [null, '', '   ']) {
        expect(isProfileComplete({ ...COMPLETE, [field]: missing }, 'credential'), `${field}=${missing}`).toBe(false);
      }
    }
  });

  it('does not let an e-mail alone complete a non-Google profile', () => {
    const emailOnly = {
      ...COMPLETE,
      registration_completed: false,
      address_line_1: null,
      city: null,
      state_province: null,
      postal_code: null,
      country: null,
    };
    expect(isProfileComplete(emailOnly, 'credential')).toBe(false);
    expect(isProfileComplete(emailOnly, 'github')).toBe(false);
  });

  it('follows the rules for any combination of fields', () => {
    const text = fc.constantFrom<string | null>(null, '', '  ', 'x', 'شارع');
    const profile = fc.record({
      registration_completed: fc.boolean(),
      email: fc.constantFrom('', 'reader@example.com'),
      address_line_1: text,
      city: text,
      state_province: text,
      postal_code: text,
      country: text,
    });
    fc.assert(
      fc.property(profile, fc.constantFrom('google', 'credential', 'email', 'apple'), (fields, provider) => {
        const filled = ADDRESS_FIELDS.every((field) => (fields[field] ?? '').trim().length > 0);
        const expected =
          provider === 'google'
            ? fields.registration_completed || fields.email !== ''
            : fields.registration_completed && filled;
        expect(isProfileComplete(fields, provider)).toBe(expected);
      }),
      { numRuns: 500 },
    );
  });
});
