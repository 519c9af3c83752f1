import { z } from 'zod';
import { ProfileSchema } from './profile.js';

/** What `GET /api/auth/session`, sign-in and sign-up answer: one round trip for the whole auth state. */
export const AuthStateSchema = z.object({
  user: z
    .object({
      id: z.uuid(),
      email: z.email(),
      name: z.string(),
      emailVerified: z.boolean(),
      provider: z.string(),
      /** Whether sign-in asks for a code from an authenticator app after the password. */
      twoFactorEnabled: z.boolean().optional(),
    })
    .nullable(),
  session: z.object({ id: z.string(), createdAt: z.string(), expiresAt: z.string() }).nullable(),
  profile: ProfileSchema.nullable(),
  /**
   * Signed out while the browser still held a session cookie: 'revoked' when the session was
   * ended from elsewhere (password reset or change, sign-out everywhere, another device, an
   * admin), 'expired' otherwise. Absent when there was no cookie.
   */
  signedOutReason: z.enum(['revoked', 'expired']).optional(),
  /**
   * A password sign-in that now needs the second step (a code from the authenticator app or a
   * backup code, POST /api/auth/two-factor/verify-totp or verify-backup-code): no session yet.
   */
  twoFactorRequired: z.literal(true).optional(),
  /** Signed in as an administrator while the library requires two-factor sign-in, which this account has not set up. */
  twoFactorSetupRequired: z.literal(true).optional(),
});
export type AuthState = z.infer<typeof AuthStateSchema>;
