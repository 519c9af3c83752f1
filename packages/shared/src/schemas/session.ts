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
    })
    .nullable(),
  session: z.object({ id: z.string(), expiresAt: z.string() }).nullable(),
  profile: ProfileSchema.nullable(),
});
export type AuthState = z.infer<typeof AuthStateSchema>;
