import type { ServerAuthState } from '../../../lib/auth/auth-types';
import { ensureProfile } from '../api/ensure-profile';
import { getOwnProfile } from '../api/get-own-profile';

/**
 * A signed-in user without a profile gets the default one before anything else happens
 * (accounts-and-auth §4, "profile not found triggers ensuring it exists"). The server normally
 * does this itself; this covers the window where a profile row was removed in between.
 */
export async function completeAuthState(auth: ServerAuthState, signal?: AbortSignal): Promise<ServerAuthState> {
  if (!auth.user || !auth.session || auth.profile) return auth;
  await ensureProfile(signal);
  const profile = await getOwnProfile(signal);
  return { ...auth, profile };
}
