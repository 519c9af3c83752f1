import { z } from 'zod';
import { LIMITS } from '../constants.js';
import { isCountryCode } from '../countries.js';
import { EmailSchema } from './auth.js';

/** The library's name in each language: 1 to 80 characters. */
const LibraryNameSchema = z
  .string({ error: 'validation.systemSettings.nameRequired' })
  .trim()
  .min(1, 'validation.systemSettings.nameRequired')
  .max(80, 'validation.systemSettings.nameMax');

const addressText = (key: string) =>
  z.string({ error: key }).trim().min(1, key).max(LIMITS.sanitizeAddressMax, 'validation.tooLong');

/** Where readers send books back: the fields of a reader's address form, the country as a code. */
export const SystemReturnAddressSchema = z.object({
  address_line_1: addressText('validation.streetRequired'),
  address_line_2: z.string().trim().max(LIMITS.sanitizeAddressMax, 'validation.tooLong').default(''),
  city: addressText('validation.cityRequired'),
  state_province: addressText('validation.stateRequired'),
  postal_code: z
    .string({ error: 'validation.postalRequired' })
    .trim()
    .min(1, 'validation.postalRequired')
    .max(LIMITS.sanitizePostalCodeMax, 'validation.postalRequired'),
  country: z.string({ error: 'validation.countryRequired' }).refine(isCountryCode, 'validation.countryRequired'),
});
export type SystemReturnAddress = z.infer<typeof SystemReturnAddressSchema>;

/** An address whose every field is blank is no address (null): the slip then uses the older one. */
function blankAddressToNull(value: unknown): unknown {
  if (value === undefined) return null;
  if (value === null || typeof value !== 'object' || Array.isArray(value)) return value;
  const blank = Object.values(value).every((entry) => typeof entry === 'string' && entry.trim() === '');
  return blank ? null : value;
}

export const SystemSettingsSchema = z.strictObject({
  library_name_en: LibraryNameSchema,
  library_name_ar: LibraryNameSchema,
  /** The address readers are told to write to; empty: the server's configured address. */
  contact_email: EmailSchema,
  /** Null until an admin sets it: the packing slip then prints the lending settings' older one. */
  return_address: SystemReturnAddressSchema.nullable(),
  registration_open: z.boolean(),
  shipping_countries: z
    .array(z.string().refine(isCountryCode, 'validation.systemSettings.countryUnknown'), {
      error: 'validation.systemSettings.countriesRequired',
    })
    .min(1, 'validation.systemSettings.countriesRequired')
    .max(300),
});
export type SystemSettings = z.infer<typeof SystemSettingsSchema>;

/** The settings form: its return address fields left all blank mean no return address. */
export const SystemSettingsFormSchema = SystemSettingsSchema.extend({
  return_address: z.preprocess(blankAddressToNull, SystemReturnAddressSchema.nullable()),
});

export const DEFAULT_SHIPPING_COUNTRIES = ['US', 'CA'];
