import { STORAGE_KEYS, TIMINGS } from '@maktaba/shared/constants';
import { getSafeReturnUrl } from './return-url';

/**
 * What survives the trip to Google and back, in session storage (accounts-and-auth §4): where to
 * return after signing in (valid 10 minutes), and whether the profile was found complete (a
 * marker kept 5 seconds, so the two checks of one callback agree without asking twice).
 */

export const PROFILE_COMPLETE_MARKER_KEY = STORAGE_KEYS.oauthProfileComplete;

type StoredReturnUrl = { returnUrl: string; at: number };
type StoredMarker = { userId: string; complete: boolean; at: number };

function read(key: string): unknown {
  try {
    const raw = window.sessionStorage.getItem(key);
    return raw ? JSON.parse(raw) : null;
  } catch {
    return null;
  }
}

function write(key: string, value: unknown) {
  try {
    window.sessionStorage.setItem(key, JSON.stringify(value));
  } catch {
    // Storage full or disabled: the flow still works, it only forgets the return URL.
  }
}

function remove(key: string) {
  try {
    window.sessionStorage.removeItem(key);
  } catch {
    // Nothing stored, nothing to remove.
  }
}

export function saveOAuthReturnUrl(returnUrl: string, now = Date.now()) {
  write(STORAGE_KEYS.oauthState, { returnUrl: getSafeReturnUrl(returnUrl), at: now } satisfies StoredReturnUrl);
}

/** The stored return URL while it is under 10 minutes old, else null (and the stale entry is dropped). */
export function readOAuthReturnUrl(now = Date.now()): string | null {
  const stored = read(STORAGE_KEYS.oauthState) as Partial<StoredReturnUrl> | null;
  if (!stored || typeof stored.at !== 'number' || typeof stored.returnUrl !== 'string') return null;
  if (now - stored.at > TIMINGS.oauthState || now < stored.at) {
    remove(STORAGE_KEYS.oauthState);
    return null;
  }
  return getSafeReturnUrl(stored.returnUrl);
}

export function clearOAuthState() {
  remove(STORAGE_KEYS.oauthState);
  remove(PROFILE_COMPLETE_MARKER_KEY);
}

export function saveProfileCompleteMarker(userId: string, complete: boolean, now = Date.now()) {
  write(PROFILE_COMPLETE_MARKER_KEY, { userId, complete, at: now } satisfies StoredMarker);
}

/** The marker for this user while under 5 seconds old; an older one, or another user's, is discarded. */
export function readProfileCompleteMarker(userId: string, now = Date.now()): boolean | null {
  const stored = read(PROFILE_COMPLETE_MARKER_KEY) as Partial<StoredMarker> | null;
  if (!stored) return null;
  const fresh = typeof stored.at === 'number' && now - stored.at <= TIMINGS.oauthProfileCache && now >= stored.at;
  if (!fresh || stored.userId !== userId || typeof stored.complete !== 'boolean') {
    remove(PROFILE_COMPLETE_MARKER_KEY);
    return null;
  }
  return stored.complete;
}
