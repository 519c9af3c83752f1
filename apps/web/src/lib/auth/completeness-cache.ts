import { TIMINGS } from '@maktaba/shared/constants';
import { isProfileComplete } from '@maktaba/shared/profile-completeness';
import type { Profile } from '@maktaba/shared/schemas/profile';
import type { ServerAuthState } from './auth-types';

type Entry = { complete: boolean; at: number };

/**
 * Profile completeness per user, kept for 5 minutes (accounts-and-auth §4, §9), so that a session
 * re-check does not flip the portal between views while a profile is being edited elsewhere.
 * Completing the profile writes the new answer through.
 */
export function createCompletenessCache(now: () => number = Date.now, ttl: number = TIMINGS.profileCompleteCache) {
  const entries = new Map<string, Entry>();
  return {
    get(userId: string, profile: Profile | null, provider: string): boolean {
      const cached = entries.get(userId);
      if (cached && now() - cached.at < ttl) return cached.complete;
      const complete = isProfileComplete(profile, provider);
      // A missing profile is not an answer worth keeping: it is about to be created.
      if (profile) entries.set(userId, { complete, at: now() });
      return complete;
    },
    set(userId: string, complete: boolean) {
      entries.set(userId, { complete, at: now() });
    },
    clear() {
      entries.clear();
    },
  };
}

export type CompletenessCache = ReturnType<typeof createCompletenessCache>;

export const completenessCache = createCompletenessCache();

/** Whether the signed-in account's profile is complete, through the cache. */
export function completenessOf(auth: ServerAuthState | null): boolean {
  if (!auth?.user) return false;
  return completenessCache.get(auth.user.id, auth.profile, auth.user.provider);
}
