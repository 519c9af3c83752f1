import { getCountries } from 'libphonenumber-js/min';

/**
 * ISO 3166-1 alpha-2 codes of the countries a library may ship to: those libphonenumber knows
 * (so that a phone number can be read in any of them), less the three codes that are not ISO
 * 3166-1 countries (Ascension, Tristan da Cunha, Kosovo).
 */
const NOT_ISO_3166 = new Set(['AC', 'TA', 'XK']);
export const COUNTRY_CODES: readonly string[] = getCountries()
  .filter((code) => !NOT_ISO_3166.has(code))
  .sort();
const CODE_SET = new Set(COUNTRY_CODES);

export function isCountryCode(value: unknown): value is string {
  return typeof value === 'string' && CODE_SET.has(value);
}

const displayNames = new Map<string, Intl.DisplayNames>();
/** A country's name in a language (Intl.DisplayNames), e.g. countryName('CA', 'ar') → 'كندا'. */
export function countryName(code: string, locale = 'en'): string {
  let names = displayNames.get(locale);
  if (!names) {
    names = new Intl.DisplayNames([locale], { type: 'region', fallback: 'code' });
    displayNames.set(locale, names);
  }
  return names.of(code) ?? code;
}

let byEnglishName: Map<string, string> | undefined;
/**
 * The code of a country given as a code ('CA') or by its English name as profiles store it
 * ('Canada'); null when it is neither. Names are matched exactly, as they were stored.
 */
export function countryCodeOf(value: string | null | undefined): string | null {
  if (!value) return null;
  if (CODE_SET.has(value)) return value;
  if (!byEnglishName) {
    byEnglishName = new Map(COUNTRY_CODES.map((code) => [countryName(code, 'en'), code]));
  }
  return byEnglishName.get(value) ?? null;
}
