import type { Profile } from '@maktaba/shared/schemas/profile';

/** The signed-in account as `GET /api/auth/session`, sign-in and sign-up return it. */
export type AuthUser = {
  id: string;
  email: string;
  name: string;
  emailVerified: boolean;
  /** 'credential' (email and password) or 'google'; completeness rules differ between the two. */
  provider: string;
  /** Whether sign-in asks for a code from an authenticator app after the password. */
  twoFactorEnabled?: boolean;
};

export type AuthSession = { id: string; createdAt: string; expiresAt: string };

/** Why the server found no session although the browser sent one: ended from elsewhere, or timed out. */
export type SignedOutReason = 'revoked' | 'expired';

/** One answer with the whole auth state: the server never makes the client stitch it together. */
export type ServerAuthState = {
  user: AuthUser | null;
  session: AuthSession | null;
  profile: Profile | null;
  /** Present when signed out while the browser still held a session cookie. */
  signedOutReason?: SignedOutReason;
  /** A password sign-in waiting for its second step (two-factor sign-in): no session yet. */
  twoFactorRequired?: true;
  /** An administrator who must set up two-factor sign-in before using admin pages. */
  twoFactorSetupRequired?: true;
};

/** A translated message: an i18n key and its interpolation values. */
export type AuthMessage = { key: string; values?: Record<string, string | number> };
