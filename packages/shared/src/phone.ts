import { parsePhoneNumberFromString } from 'libphonenumber-js/min';
import { sanitizePhone } from './sanitize.js';

/**
 * Normalises a phone number to E.164, or null when it is not a valid international number
 * (accounts-and-auth §5). A number without `+` and with 10 or 11 digits is read as a US number,
 * as the original form did; anything else without `+` is refused.
 */
export function normalizePhoneNumber(value: string): string | null {
  const cleaned = sanitizePhone(value);
  if (cleaned === '') return null;
  let candidate: string;
  if (cleaned.startsWith('+')) {
    candidate = `+${cleaned.slice(1).replace(/\+/g, '')}`;
  } else if (cleaned.length === 10 || cleaned.length === 11) {
    candidate = cleaned.length === 11 && cleaned.startsWith('1') ? `+${cleaned}` : `+1${cleaned}`;
  } else {
    return null;
  }
  const parsed = parsePhoneNumberFromString(candidate);
  return parsed?.isValid() ? parsed.number : null;
}
