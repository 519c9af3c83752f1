import { describe, expect, it } from 'vitest';
import { prepareAddress, prepareCredentials, prepareSignIn } from './prepare-input';

const address = {
  phone_number: '(202) 555-0143',
  address_line_1: '  12 <b>Library</b> Way  ',
  address_line_2: '',
  city: 'Dearborn',
  state_province: 'MI',
  postal_code: 'k1a 0b1',
  country: 'United States' as const,
};

describe('form values before they are sent', () => {
  it('sign-in: lower-cases and strips the email, leaves the password as typed', () => {
    expect(prepareSignIn({ email: ' Reader@Example.ORG ', password: " p@ss 'word" })).toEqual({
      ok: true,
      value: { email: 'reader@example.org', password: " p@ss 'word" },
    });
  });

  it('refuses values that look like SQL injection', () => {
    expect(prepareSignIn({ email: "a@b.org' OR 1=1 --", password: 'x' })).toEqual({ ok: false, reason: 'injection' });
    expect(
      prepareCredentials({ email: 'a@b.org', name: "x'; DROP TABLE users; --", password: 'a1', confirmPassword: 'a1' }),
    ).toEqual({
      ok: false,
      reason: 'injection',
    });
    expect(prepareAddress({ ...address, city: "x' UNION SELECT password FROM users --" })).toEqual({
      ok: false,
      reason: 'injection',
    });
  });

  it('does not inspect passwords: any character is allowed there', () => {
    expect(prepareSignIn({ email: 'a@b.org', password: "' OR 1=1 --" }).ok).toBe(true);
  });

  it('register: cleans the name and leaves it out when empty', () => {
    expect(
      prepareCredentials({
        email: 'A@B.org',
        name: ' <i>Fatima</i>  Zahra ',
        password: 'abc12345',
        confirmPassword: 'abc12345',
      }),
    ).toEqual({ ok: true, value: { email: 'a@b.org', name: 'Fatima Zahra', password: 'abc12345' } });
    const withoutName = prepareCredentials({
      email: 'a@b.org',
      name: '',
      password: 'abc12345',
      confirmPassword: 'abc12345',
    });
    expect(withoutName.ok && 'name' in withoutName.value).toBe(false);
  });

  it('address: normalises the phone to E.164, strips markup, upper-cases the postal code', () => {
    expect(prepareAddress(address)).toEqual({
      ok: true,
      value: {
        phone_number: '+12025550143',
        address_line_1: '12 Library Way',
        city: 'Dearborn',
        state_province: 'MI',
        postal_code: 'K1A 0B1',
        country: 'United States',
      },
    });
  });
});
