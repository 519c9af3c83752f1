import { z } from 'zod';
import { LANGUAGES, LIMITS } from '../constants.js';
import { EmailSchema } from './auth.js';

/**
 * Verifying the account's e-mail address and changing it (accounts-and-auth §8). The links carry
 * 32 random bytes (base64url, 43 characters); the server keeps only their SHA-256.
 */
export const EmailTokenSchema = z
  .string({ error: 'errors.codes.INVALID_EMAIL_LINK' })
  .regex(/^[A-Za-z0-9_-]{43}$/, 'errors.codes.INVALID_EMAIL_LINK');

export const VerifyEmailSchema = z.object({ token: EmailTokenSchema });
export type VerifyEmailInput = z.infer<typeof VerifyEmailSchema>;

/** What opening a link did: verified the address, or switched the account to the new one. */
export const VerifyEmailResponseSchema = z.object({
  purpose: z.enum(['verify', 'change']),
  email: z.string(),
});
export type VerifyEmailResponse = z.infer<typeof VerifyEmailResponseSchema>;

/** Why a link was refused (details.reason of INVALID_EMAIL_LINK). */
export const EMAIL_LINK_FAILURES = ['expired', 'invalid'] as const;
export type EmailLinkFailure = (typeof EMAIL_LINK_FAILURES)[number];

export const ResendVerificationSchema = z.object({ locale: z.enum(LANGUAGES).optional() });

/** Settings → E-mail: the new address, and the current password (none for a Google-only account). */
export const ChangeEmailSchema = z.object({
  email: EmailSchema,
  currentPassword: z.string().max(LIMITS.passwordMaxLength, 'validation.passwordMax').optional(),
  locale: z.enum(LANGUAGES).optional(),
});
export type ChangeEmailInput = z.infer<typeof ChangeEmailSchema>;

/** The account's address, whether it is verified, and a change waiting for its link to be opened. */
export const EmailStatusSchema = z.object({
  email: z.string(),
  verified: z.boolean(),
  /** true when the account has a password (Google-only accounts confirm with a recent sign-in). */
  has_password: z.boolean(),
  pending: z.object({ email: z.string(), expires_at: z.string() }).nullable(),
});
export type EmailStatus = z.infer<typeof EmailStatusSchema>;
