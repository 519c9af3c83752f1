import { COUNTRIES } from '@maktaba/shared/constants';
import type { ProfilesFilter } from '@maktaba/shared/schemas/profiles-bulk';
import { and, asc, count, desc, eq, gte, inArray, lt, type SQL, sql } from 'drizzle-orm';
import type { Queryable } from '../../db/queryable.js';
import { profiles, userAnalytics } from '../../db/schema/index.js';

const DAY_MS = 86_400_000;

/** The five address fields a password account needs (the shared profile-completeness rule). */
const ADDRESS_FIELDS = [
  profiles.addressLine1,
  profiles.city,
  profiles.stateProvince,
  profiles.postalCode,
  profiles.country,
] as const;

/** True when every address field holds more than blanks. */
export const addressComplete = sql<boolean>`(${sql.join(
  ADDRESS_FIELDS.map((column) => sql`coalesce(btrim(${column}), '') <> ''`),
  sql` and `,
)})`;

const startOfDay = (day: string) => new Date(`${day}T00:00:00.000Z`);

/** The filter as SQL over `profiles` left-joined to `user_analytics`. */
export function filterConditions(filter: ProfilesFilter, now: Date): SQL | undefined {
  const conditions: SQL[] = [];
  if (filter.role) conditions.push(eq(profiles.role, filter.role));
  if (filter.status) conditions.push(eq(profiles.status, filter.status));
  if (filter.country) {
    const name = COUNTRIES.find((country) => country.code === filter.country)?.name ?? filter.country;
    conditions.push(eq(profiles.country, name));
  }
  if (filter.incompleteAddress === true) conditions.push(sql`not ${addressComplete}`);
  if (filter.incompleteAddress === false) conditions.push(addressComplete);
  if (filter.createdFrom) conditions.push(gte(profiles.createdAt, startOfDay(filter.createdFrom)));
  if (filter.createdTo) {
    conditions.push(lt(profiles.createdAt, new Date(startOfDay(filter.createdTo).getTime() + DAY_MS)));
  }
  if (filter.inactiveDays !== undefined) {
    const since = new Date(now.getTime() - filter.inactiveDays * DAY_MS);
    conditions.push(sql`coalesce(${userAnalytics.lastSignInAt}, ${profiles.createdAt}) < ${since.toISOString()}`);
  }
  return conditions.length > 0 ? and(...conditions) : undefined;
}

const rowColumns = {
  id: profiles.id,
  displayName: profiles.displayName,
  email: profiles.email,
  role: profiles.role,
  status: profiles.status,
  country: profiles.country,
  addressComplete,
  borrowingLimit: profiles.borrowingLimit,
  createdAt: profiles.createdAt,
  lastSignInAt: userAnalytics.lastSignInAt,
};

export type ProfilesBulkRow = {
  id: string;
  displayName: string | null;
  email: string;
  role: string;
  status: string;
  country: string | null;
  addressComplete: boolean;
  borrowingLimit: number | null;
  createdAt: Date;
  lastSignInAt: Date | null;
};

const normalise = (row: Record<string, unknown>): ProfilesBulkRow => {
  const typed = row as ProfilesBulkRow & { createdAt: Date | string; lastSignInAt: Date | string | null };
  return {
    ...typed,
    addressComplete: typed.addressComplete === true || (typed.addressComplete as unknown) === 't',
    createdAt: new Date(typed.createdAt),
    lastSignInAt: typed.lastSignInAt ? new Date(typed.lastSignInAt) : null,
  };
};

/** One page (newest accounts first) and the exact count; `limit` null: every matching row (the CSV). */
export async function findProfiles(
  db: Queryable,
  filter: ProfilesFilter,
  page: { limit: number | null; offset: number },
  now: Date,
): Promise<{ rows: ProfilesBulkRow[]; total: number }> {
  const where = filterConditions(filter, now);
  const base = db
    .select(rowColumns)
    .from(profiles)
    .leftJoin(userAnalytics, eq(userAnalytics.userId, profiles.id))
    .where(where)
    .orderBy(desc(profiles.createdAt), asc(profiles.id))
    .$dynamic();
  const [rows, [total]] = await Promise.all([
    page.limit === null ? base : base.limit(page.limit).offset(page.offset),
    db
      .select({ value: count() })
      .from(profiles)
      .leftJoin(userAnalytics, eq(userAnalytics.userId, profiles.id))
      .where(where),
  ]);
  return { rows: rows.map(normalise), total: total?.value ?? 0 };
}

/** The ids matching the filter, at most `cap + 1` (so the caller can tell the cap was passed). */
export async function findMatchingIds(db: Queryable, filter: ProfilesFilter, cap: number, now: Date) {
  const rows = await db
    .select({ id: profiles.id })
    .from(profiles)
    .leftJoin(userAnalytics, eq(userAnalytics.userId, profiles.id))
    .where(filterConditions(filter, now))
    .orderBy(asc(profiles.createdAt), asc(profiles.id))
    .limit(cap + 1);
  return rows.map((row) => row.id);
}

/** The profiles to change, locked until the transaction ends, in a stable order. */
export async function lockProfiles(db: Queryable, ids: string[]) {
  if (ids.length === 0) return [];
  return db
    .select({
      id: profiles.id,
      role: profiles.role,
      status: profiles.status,
      borrowingLimit: profiles.borrowingLimit,
    })
    .from(profiles)
    .where(inArray(profiles.id, ids))
    .orderBy(asc(profiles.id))
    .for('update');
}
