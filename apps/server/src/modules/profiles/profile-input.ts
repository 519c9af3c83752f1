import { normalizePhoneNumber } from '@maktaba/shared/phone';
import {
  looksLikeSqlInjection,
  sanitizeAddress,
  sanitizeEmail,
  sanitizeMultilineText,
  sanitizePostalCode,
  sanitizeText,
} from '@maktaba/shared/sanitize';
import type { CompleteProfileInput } from '@maktaba/shared/schemas/auth';
import type { ProfileSafeUpdate } from '@maktaba/shared/schemas/profile';
import { AppError } from '../../errors.js';
import type { ProfileUpdate } from './profiles.repository.js';

/**
 * Refuses input that looks like SQL injection ('Invalid input detected'), whatever field it is
 * in. Passwords are exempt: they are hashed, never interpreted, and may contain anything.
 */
export function assertNoInjection(
  values: Record<string, unknown>,
  exempt: readonly string[] = ['password', 'confirmPassword'],
) {
  for (const [key, value] of Object.entries(values)) {
    if (exempt.includes(key)) continue;
    const strings = Array.isArray(value) ? value : [value];
    for (const item of strings) {
      if (typeof item === 'string' && looksLikeSqlInjection(item)) {
        throw new AppError('INVALID_INPUT', undefined, { details: { field: key } });
      }
    }
  }
}

function requireAfterSanitising(field: string, value: string, messageKey: string): string {
  if (value === '') {
    throw new AppError('VALIDATION_FAILED', undefined, { details: { fieldErrors: { [field]: [messageKey] } } });
  }
  return value;
}

/** The shipping address of step 2, sanitised as accounts-and-auth §5 says, as profile columns. */
export function toAddressColumns(input: CompleteProfileInput) {
  const phone = normalizePhoneNumber(input.phone_number, input.country);
  if (!phone) {
    throw new AppError('VALIDATION_FAILED', undefined, {
      details: { fieldErrors: { phone_number: ['validation.phoneInvalid'] } },
    });
  }
  const line2 = sanitizeAddress(input.address_line_2 ?? '');
  return {
    phoneNumber: phone,
    addressLine1: requireAfterSanitising(
      'address_line_1',
      sanitizeAddress(input.address_line_1),
      'validation.streetRequired',
    ),
    addressLine2: line2 === '' ? null : line2,
    city: requireAfterSanitising('city', sanitizeAddress(input.city), 'validation.cityRequired'),
    stateProvince: requireAfterSanitising(
      'state_province',
      sanitizeAddress(input.state_province),
      'validation.stateRequired',
    ),
    postalCode: requireAfterSanitising(
      'postal_code',
      sanitizePostalCode(input.postal_code),
      'validation.postalRequired',
    ),
    country: input.country,
    addressUpdatedAt: new Date(),
  } satisfies ProfileUpdate;
}

const ADDRESS_COLUMNS = ['addressLine1', 'addressLine2', 'city', 'stateProvince', 'postalCode', 'country'] as const;
type AddressColumn = (typeof ADDRESS_COLUMNS)[number];

/**
 * Stamps `address_updated_at` when the columns about to be written change the shipping address
 * held in `current` (a save of the same address, or of the phone number alone, is no change).
 * A changed address has not been verified. Loans keep the copy of the address they were asked
 * with; only the next request uses the new one.
 */
export function withAddressChange(
  columns: ProfileUpdate,
  current: Partial<Record<AddressColumn, string | null>>,
): ProfileUpdate {
  const { addressUpdatedAt: _stamp, ...rest } = columns;
  const changed = ADDRESS_COLUMNS.some(
    (column) => rest[column] !== undefined && (rest[column] ?? null) !== (current[column] ?? null),
  );
  return changed ? { ...rest, addressUpdatedAt: new Date(), addressVerified: false } : rest;
}

export function toDisplayName(name: string | undefined, email: string): string {
  const cleaned = sanitizeText(name ?? '', 100);
  // accounts-and-auth §5: the display name defaults to the part of the e-mail before the @.
  return cleaned.length >= 2 ? cleaned : (sanitizeEmail(email).split('@')[0] ?? '');
}

/** `update_user_profile_safe`: only the fields a user may change about themselves, sanitised. */
export function toSafeUpdateColumns(update: ProfileSafeUpdate, currentCountry?: string | null): ProfileUpdate {
  const columns: ProfileUpdate = {};
  if (update.display_name !== undefined) {
    columns.displayName = requireAfterSanitising(
      'display_name',
      sanitizeText(update.display_name, 100),
      'validation.nameMin',
    );
  }
  if (update.biography !== undefined) columns.biography = sanitizeMultilineText(update.biography) || null;
  if (update.phone_number !== undefined) {
    // A number without a country code is read in the address's country (the new one, else the stored one).
    const phone = normalizePhoneNumber(update.phone_number, update.country ?? currentCountry);
    if (!phone) {
      throw new AppError('VALIDATION_FAILED', undefined, {
        details: { fieldErrors: { phone_number: ['validation.phoneInvalid'] } },
      });
    }
    columns.phoneNumber = phone;
  }
  const address: Array<[keyof ProfileSafeUpdate, keyof ProfileUpdate, string]> = [
    ['address_line_1', 'addressLine1', 'validation.streetRequired'],
    ['city', 'city', 'validation.cityRequired'],
    ['state_province', 'stateProvince', 'validation.stateRequired'],
  ];
  for (const [field, column, key] of address) {
    const value = update[field];
    if (typeof value === 'string')
      Object.assign(columns, { [column]: requireAfterSanitising(field, sanitizeAddress(value), key) });
  }
  if (update.address_line_2 !== undefined) columns.addressLine2 = sanitizeAddress(update.address_line_2) || null;
  if (update.postal_code !== undefined) {
    columns.postalCode = requireAfterSanitising(
      'postal_code',
      sanitizePostalCode(update.postal_code),
      'validation.postalRequired',
    );
  }
  if (update.country !== undefined) columns.country = update.country;
  if (update.interests !== undefined)
    columns.interests = update.interests.map((item) => sanitizeText(item, 100)).filter(Boolean);
  if (update.favorite_genres !== undefined) {
    columns.favoriteGenres = update.favorite_genres.map((item) => sanitizeText(item, 100)).filter(Boolean);
  }
  return columns;
}
