import { LIMITS } from '@maktaba/shared/constants';
import type { ServerAuthState } from '../../../lib/auth/auth-types';
import { ensureProfile } from '../api/ensure-profile';
import { getOwnProfile } from '../api/get-own-profile';
import { AuthFlowError } from './map-auth-error';
import { sleep } from './with-retries';

/** The wait before setup try `attempt + 1`: 1.5 s times the attempt (accounts-and-auth §9). */
export const PROFILE_SETUP_DELAY = 1_500;

/**
 * The profile setup after sign-in gave up: 'Failed to setup profile after multiple retries.'
 * (accounts-and-auth §8); the sign-in flow titles it 'Profile setup failed after login.'.
 */
export class ProfileSetupError extends AuthFlowError {
  override name = 'ProfileSetupError';
  constructor(cause: unknown) {
    super('Failed to setup profile after multiple retries.', 'auth.errors.profileSetupRetries', { cause });
  }
}

/**
 * A signed-in user without a profile gets the default one before anything else happens
 * (accounts-and-auth §4, "profile not found triggers ensuring it exists"). The server normally
 * does this itself; this covers the window where a profile row was removed in between. Up to 5
 * tries, 1.5 s × the try's number apart; a cancelled call is not tried again.
 */
export async function completeAuthState(auth: ServerAuthState, signal?: AbortSignal): Promise<ServerAuthState> {
  if (!auth.user || !auth.session || auth.profile) return auth;
  for (let attempt = 1; ; attempt++) {
    try {
      await ensureProfile(signal);
      const profile = await getOwnProfile(signal);
      return { ...auth, profile };
    } catch (error) {
      if (signal?.aborted || (error as { name?: unknown } | null)?.name === 'AbortError') throw error;
      if (attempt >= LIMITS.profileSetupAttempts) throw new ProfileSetupError(error);
      await sleep(PROFILE_SETUP_DELAY * attempt, signal);
    }
  }
}
