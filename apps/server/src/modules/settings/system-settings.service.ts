import { countryCodeOf, countryName } from '@maktaba/shared/countries';
import { DEFAULT_SHIPPING_COUNTRIES, type SystemSettings } from '@maktaba/shared/schemas/system-settings';
import type { Actor } from '../../actor.js';
import type { Database } from '../../db/client.js';
import type { Queryable } from '../../db/queryable.js';
import { AppError } from '../../errors.js';
import { insertAudit } from '../users/users.repository.js';
import { readAppSetting, writeAppSetting } from './app-settings.repository.js';

const SETTINGS_KEY = 'system';

/** The settings before an admin sets them; the contact address is the server's configured one. */
export function defaultSystemSettings(contactEmail: string): SystemSettings {
  return {
    library_name_en: 'Maktaba',
    library_name_ar: 'مكتبة',
    contact_email: contactEmail,
    return_address: null,
    registration_open: true,
    shipping_countries: [...DEFAULT_SHIPPING_COUNTRIES],
  };
}

/** The library's system settings as stored, each unset one at its default. */
export function getSystemSettings(db: Queryable, contactEmail: string): Promise<SystemSettings> {
  return readAppSetting<SystemSettings>(db, SETTINGS_KEY, defaultSystemSettings(contactEmail));
}

/**
 * An admin saves the whole settings object: stored, and audited with what changed (before and
 * after, only the settings that changed), in one transaction. A save that changes nothing writes
 * no audit entry.
 */
export async function saveSystemSettings(
  db: Database,
  actor: Actor,
  input: SystemSettings,
  { contactEmail, ipAddress }: { contactEmail: string; ipAddress: string | null },
): Promise<SystemSettings> {
  const value: SystemSettings = { ...input, shipping_countries: [...new Set(input.shipping_countries)] };
  return db.transaction(async (tx) => {
    const before = await getSystemSettings(tx, contactEmail);
    await writeAppSetting(tx, SETTINGS_KEY, value);
    const changedBefore: Record<string, unknown> = {};
    const changedAfter: Record<string, unknown> = {};
    for (const key of Object.keys(value) as (keyof SystemSettings)[]) {
      if (JSON.stringify(before[key]) === JSON.stringify(value[key])) continue;
      changedBefore[key] = before[key];
      changedAfter[key] = value[key];
    }
    if (Object.keys(changedAfter).length > 0) {
      await insertAudit(tx, {
        actorId: actor.id,
        actionType: 'update_system_settings',
        targetType: 'settings',
        targetId: null,
        changes: { before: changedBefore, after: changedAfter },
        ipAddress,
      });
    }
    return value;
  });
}

/** Whether new accounts may be created (e-mail sign-up and a first Google sign-in). */
export async function isRegistrationOpen(db: Queryable): Promise<boolean> {
  return (await readAppSetting(db, SETTINGS_KEY, { registration_open: true })).registration_open;
}

/** Refuses a new account while registration is closed (403 REGISTRATION_CLOSED). */
export async function assertRegistrationOpen(db: Queryable): Promise<void> {
  if (!(await isRegistrationOpen(db))) throw new AppError('REGISTRATION_CLOSED');
}

/** The countries the library ships to (ISO 3166-1 alpha-2 codes). */
export async function findShippingCountries(db: Queryable): Promise<string[]> {
  return (await readAppSetting(db, SETTINGS_KEY, { shipping_countries: [...DEFAULT_SHIPPING_COUNTRIES] }))
    .shipping_countries;
}

/**
 * The country of an address a reader saves, as profiles store it (its English name), once the
 * library is known to ship there; otherwise a 422 on the country field. An address saved before a
 * country was removed stays as it is until the reader saves it again.
 */
export async function shippingCountryName(db: Queryable, country: string): Promise<string> {
  const code = countryCodeOf(country);
  if (!code) {
    throw new AppError('VALIDATION_FAILED', undefined, {
      details: { fieldErrors: { country: ['validation.countryRequired'] } },
    });
  }
  if (!(await findShippingCountries(db)).includes(code)) {
    throw new AppError('VALIDATION_FAILED', 'The library does not ship to this country.', {
      details: { fieldErrors: { country: ['validation.countryNotShipped'] } },
    });
  }
  return countryName(code, 'en');
}
