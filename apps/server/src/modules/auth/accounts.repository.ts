import { eq } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { isUniqueViolation } from '../../db/pg-errors.js';
import {
  authAccounts,
  authUsers,
  profiles,
  userActivityLog,
  userAnalytics,
  userSetupLogs,
} from '../../db/schema/index.js';
import type { ProfileInsert } from '../profiles/profiles.repository.js';

export type NewAccount = {
  email: string;
  name: string;
  passwordHash: string;
  profile: Omit<ProfileInsert, 'id' | 'email'>;
  /** Whether the address is known to be the person's (an operator's account); false by default. */
  emailVerified?: boolean;
};

export class EmailTakenError extends Error {
  override name = 'EmailTakenError';
}

/**
 * Creates the auth user, the password credential and the complete profile in ONE transaction:
 * a crash at any point leaves either all of them or none, so a retry always works.
 */
export async function createAccountWithProfile(db: Database, account: NewAccount): Promise<string> {
  try {
    return await db.transaction(async (tx) => {
      const [existing] = await tx
        .select({ id: authUsers.id })
        .from(authUsers)
        .where(eq(authUsers.email, account.email));
      if (existing) throw new EmailTakenError();
      const [user] = await tx
        .insert(authUsers)
        .values({ email: account.email, name: account.name, emailVerified: account.emailVerified ?? false })
        .returning({ id: authUsers.id });
      if (!user) throw new Error('User creation failed unexpectedly (null user).');
      await tx.insert(authAccounts).values({
        userId: user.id,
        accountId: user.id,
        providerId: 'credential',
        password: account.passwordHash,
      });
      await tx.insert(profiles).values({ ...account.profile, id: user.id, email: account.email });
      await tx.insert(userAnalytics).values({
        userId: user.id,
        registrationCompletedAt: account.profile.registrationCompleted ? new Date() : null,
      });
      await tx.insert(userSetupLogs).values({ userId: user.id, eventType: 'profile_created' });
      await tx.insert(userActivityLog).values({
        userId: user.id,
        activityType: 'registration',
        activityData: { source: account.profile.creationSource ?? null },
      });
      return user.id;
    });
  } catch (error) {
    if (error instanceof EmailTakenError || isUniqueViolation(error)) throw new EmailTakenError();
    throw error;
  }
}

export async function findUserProviders(db: Database, userId: string): Promise<string[]> {
  const rows = await db
    .select({ providerId: authAccounts.providerId })
    .from(authAccounts)
    .where(eq(authAccounts.userId, userId));
  return rows.map((row) => row.providerId);
}

/**
 * How a user signs in, from their linked accounts: 'credential' when they have a password (or,
 * mid-registration, nothing linked yet), otherwise the provider (e.g. 'google').
 */
export function primaryProvider(providers: readonly string[]): string {
  return providers.includes('credential') || providers.length === 0 ? 'credential' : (providers[0] ?? 'credential');
}

/** profiles.creation_source of a profile created for a user who signs in with `provider`. */
export function creationSourceOf(provider: string): string {
  return provider === 'credential' ? 'self_registration' : provider;
}
