import { eq } from 'drizzle-orm';
import type { Queryable } from '../../db/queryable.js';
import { appSettings } from '../../db/schema/index.js';

/**
 * The one place `app_settings` (key → jsonb) is read and written. Each group of settings has its
 * key ('security', 'lending', 'ask', 'system'); its module owns the shape and the defaults.
 */

/** The value stored under a key as it is (possibly from an older shape), or undefined when unset. */
export async function findAppSetting<T extends object>(db: Queryable, key: string): Promise<Partial<T> | undefined> {
  const [row] = await db.select({ value: appSettings.value }).from(appSettings).where(eq(appSettings.key, key));
  const value = row?.value;
  return value !== null && typeof value === 'object' && !Array.isArray(value) ? (value as Partial<T>) : undefined;
}

/**
 * The settings under a key, each one not stored (or stored as null where the default is not null)
 * at its default. Keys the defaults do not name are dropped: an older shape never leaks out.
 */
export async function readAppSetting<T extends object>(db: Queryable, key: string, defaults: T): Promise<T> {
  const stored: Partial<T> = (await findAppSetting<T>(db, key)) ?? {};
  const merged = { ...defaults };
  for (const name of Object.keys(defaults) as (keyof T)[]) {
    const value = stored[name];
    if (value !== undefined && (value !== null || defaults[name] === null)) merged[name] = value as T[keyof T];
  }
  return merged;
}

/** Stores the value under a key (inserted or replaced), stamping `updated_at`. */
export async function writeAppSetting(db: Queryable, key: string, value: object): Promise<void> {
  await db
    .insert(appSettings)
    .values({ key, value })
    .onConflictDoUpdate({ target: appSettings.key, set: { value, updatedAt: new Date() } });
}
