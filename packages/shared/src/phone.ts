import { type CountryCode, parsePhoneNumberFromString } from 'libphonenumber-js/min';
import { countryCodeOf } from './countries.js';
import { sanitizePhone } from './sanitize.js';

/**
 * Normalises a phone number to E.164, or null when it is not valid (accounts-and-auth §5). A number
 * with `+` is read as international. A number without it is read in the reader's address country
 * (a code such as 'CA' or the stored name 'Canada'), so 604 555 0123 with Canada is +16045550123;
 * without a country, a number of 10 or 11 digits is read as a US number, as the original form did,
 * and anything else is refused.
 */
export function normalizePhoneNumber(value: string, country?: string | null): string | null {
  const cleaned = sanitizePhone(value);
  if (cleaned === '') return null;
  if (cleaned.startsWith('+')) {
    const parsed = parsePhoneNumberFromString(`+${cleaned.slice(1).replace(/\+/g, '')}`);
    return parsed?.isValid() ? parsed.number : null;
  }
  const code = countryCodeOf(country);
  if (code) {
    const parsed = parsePhoneNumberFromString(cleaned.replace(/\+/g, ''), code as CountryCode);
    return parsed?.isValid() ? parsed.number : null;
  }
  if (cleaned.length !== 10 && cleaned.length !== 11) return null;
  const candidate = cleaned.length === 11 && cleaned.startsWith('1') ? `+${cleaned}` : `+1${cleaned}`;
  const parsed = parsePhoneNumberFromString(candidate);
  return parsed?.isValid() ? parsed.number : null;
}

/**
 * Whether a number could be valid once its country is known: an international number that is
 * valid, or 4 to 17 digits without `+` (checked against the country by the address schemas).
 */
export function isPlausiblePhoneNumber(value: string): boolean {
  const cleaned = sanitizePhone(value);
  if (cleaned.startsWith('+')) return normalizePhoneNumber(cleaned) !== null;
  const digits = cleaned.replace(/\D/g, '');
  return digits.length >= 4 && digits.length <= 17;
}
