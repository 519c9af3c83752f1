import { and, eq, sql } from 'drizzle-orm';
import type { Queryable } from '../../db/queryable.js';
import { authUsers, profiles, userActivityLog, userAnalytics, userSetupLogs } from '../../db/schema/index.js';
import type { ProfileRow } from './profiles.mapper.js';

export type ProfileInsert = typeof profiles.$inferInsert;
export type ProfileUpdate = Partial<Omit<ProfileInsert, 'id' | 'createdAt' | 'registrationComplete'>>;

export async function findProfileById(db: Queryable, id: string): Promise<ProfileRow | undefined> {
  const [row] = await db.select().from(profiles).where(eq(profiles.id, id));
  return row;
}

export async function findAuthUserById(db: Queryable, id: string) {
  const [row] = await db.select().from(authUsers).where(eq(authUsers.id, id));
  return row;
}

/**
 * Sources whose first sign-in completes the registration (accounts-and-auth §3, reader-area
 * §4.6): Google vouches for the e-mail and the name, and lending asks for an address later.
 */
const COMPLETE_ON_CREATION = new Set(['google']);

/** Inserts the default profile (patron, active, limit 3) when missing; true when one now exists. */
export async function ensureDefaultProfile(
  db: Queryable,
  user: { id: string; email: string; name: string | null },
  creationSource: string,
): Promise<boolean> {
  const inserted = await db
    .insert(profiles)
    .values({
      id: user.id,
      email: user.email,
      displayName: user.name || null,
      creationSource,
      registrationCompleted: COMPLETE_ON_CREATION.has(creationSource),
    })
    .onConflictDoNothing({ target: profiles.id })
    .returning({ id: profiles.id });
  if (inserted.length > 0) {
    await db.insert(userSetupLogs).values({ userId: user.id, eventType: 'default_profile_created' });
  }
  return true;
}

export async function updateProfileRow(
  db: Queryable,
  id: string,
  update: ProfileUpdate,
): Promise<ProfileRow | undefined> {
  const [row] = await db
    .update(profiles)
    .set({ ...update, updatedAt: new Date() })
    .where(eq(profiles.id, id))
    .returning();
  return row;
}

/** Deletes the profile only while registration is incomplete; a complete profile is never removed this way. */
export async function deleteIncompleteProfile(db: Queryable, id: string): Promise<boolean> {
  const deleted = await db
    .delete(profiles)
    .where(
      and(
        eq(profiles.id, id),
        eq(profiles.registrationCompleted, false),
        // Only a reader's own sign-up is undone. An account made by an admin or on the command
        // line keeps its profile (and with it its role): recreating it would make it a patron.
        eq(profiles.creationSource, 'self_registration'),
        eq(profiles.role, 'patron'),
      ),
    )
    .returning({ id: profiles.id });
  return deleted.length > 0;
}

export async function touchLastActivity(db: Queryable, id: string): Promise<void> {
  await db.update(profiles).set({ lastActivityAt: new Date() }).where(eq(profiles.id, id));
}

export async function insertActivity(
  db: Queryable,
  userId: string,
  activityType: string,
  activityData: Record<string, unknown> = {},
): Promise<void> {
  await db.insert(userActivityLog).values({ userId, activityType, activityData });
}

export async function insertSetupLog(db: Queryable, userId: string | null, eventType: string, errorMessage?: string) {
  await db.insert(userSetupLogs).values({ userId, eventType, errorMessage });
}

export async function recordSignIn(db: Queryable, userId: string): Promise<void> {
  const now = new Date();
  await db
    .insert(userAnalytics)
    .values({ userId, signInCount: 1, lastSignInAt: now, updatedAt: now })
    .onConflictDoUpdate({
      target: userAnalytics.userId,
      set: { signInCount: sql`${userAnalytics.signInCount} + 1`, lastSignInAt: now, updatedAt: now },
    });
}
