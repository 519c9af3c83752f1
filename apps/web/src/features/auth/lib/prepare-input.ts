import { LIMITS } from '@maktaba/shared/constants';
import { normalizePhoneNumber } from '@maktaba/shared/phone';
import {
  looksLikeSqlInjection,
  sanitizeAddress,
  sanitizeEmail,
  sanitizePhone,
  sanitizePostalCode,
  sanitizeText,
} from '@maktaba/shared/sanitize';
import type { CompleteProfileInput, RegisterInput, SignInInput } from '@maktaba/shared/schemas/auth';

/**
 * Form values as they are sent (accounts-and-auth §5): sanitised the same way the server will,
 * and refused when a field looks like an SQL-injection attempt. Passwords are sent unchanged and
 * not inspected: any character is allowed in a password.
 */
export type Prepared<T> = { ok: true; value: T } | { ok: false; reason: 'injection' };

function anyInjection(values: (string | undefined)[]): boolean {
  return values.some((value) => typeof value === 'string' && looksLikeSqlInjection(value));
}

export function prepareSignIn(values: SignInInput): Prepared<{ email: string; password: string }> {
  if (anyInjection([values.email])) return { ok: false, reason: 'injection' };
  return { ok: true, value: { email: sanitizeEmail(values.email), password: values.password } };
}

export type Credentials = { email: string; password: string; name?: string };

export function prepareCredentials(values: RegisterInput): Prepared<Credentials> {
  if (anyInjection([values.email, values.name])) return { ok: false, reason: 'injection' };
  const name = values.name ? sanitizeText(values.name, LIMITS.displayNameMax) : '';
  return {
    ok: true,
    value: {
      email: sanitizeEmail(values.email),
      password: values.password,
      // Left out when empty: the server then uses the part of the email before the @.
      ...(name ? { name } : {}),
    },
  };
}

export function prepareAddress(values: CompleteProfileInput): Prepared<CompleteProfileInput> {
  const { phone_number, address_line_1, address_line_2, city, state_province, postal_code, country } = values;
  if (anyInjection([phone_number, address_line_1, address_line_2, city, state_province, postal_code, country])) {
    return { ok: false, reason: 'injection' };
  }
  const phone = sanitizePhone(phone_number);
  const line2 = address_line_2 ? sanitizeAddress(address_line_2) : '';
  return {
    ok: true,
    value: {
      phone_number: normalizePhoneNumber(phone, country) ?? phone,
      address_line_1: sanitizeAddress(address_line_1),
      ...(line2 ? { address_line_2: line2 } : {}),
      city: sanitizeAddress(city),
      state_province: sanitizeAddress(state_province),
      postal_code: sanitizePostalCode(postal_code),
      country,
    },
  };
}
