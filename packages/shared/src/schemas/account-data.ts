import { z } from 'zod';

/**
 * Settings → Your data (the privacy policy's rights of access and deletion): the reader's data as
 * one JSON file, and deleting their own account.
 */

/** Exports a reader may ask for per hour (the file is built from every table that holds their data). */
export const EXPORT_RATE_LIMIT = { limit: 3, windowMs: 60 * 60_000 } as const;

/** Deletion attempts (right or wrong) per account per window, so a session left open cannot guess a password. */
export const DELETE_RATE_LIMIT = { limit: 5, windowMs: 15 * 60_000 } as const;

/** An account without a password (Google only) confirms by having signed in this recently. */
export const RECENT_SIGN_IN_MINUTES = 10;

/**
 * The typed confirmation is the account's own e-mail address: it is the same in every language and
 * the reader sees it in Settings. Compared without surrounding spaces and without regard to case.
 */
export function confirmationMatches(typed: string, email: string): boolean {
  return typed.trim().toLowerCase() === email.trim().toLowerCase() && typed.trim() !== '';
}

export const DeleteAccountSchema = z.object({
  /** The account's e-mail address, typed by the reader. */
  confirmation: z.string().max(320),
  /** The current password; absent for an account that has none (signed up with Google). */
  password: z.string().max(256).optional(),
});
export type DeleteAccountInput = z.infer<typeof DeleteAccountSchema>;

/** A book that keeps an account from being deleted: it is on its way to the reader, with them, or on its way back. */
export const BookWithReaderSchema = z.object({
  loan_id: z.uuid(),
  book_id: z.uuid(),
  title: z.string(),
  title_ar: z.string().nullable(),
  status: z.string(),
});
export type BookWithReader = z.infer<typeof BookWithReaderSchema>;

/** What the delete dialog needs to know before it asks: a password or a recent sign-in. */
export const DeletionRequirementsSchema = z.object({
  has_password: z.boolean(),
  /** For an account without a password: whether this session is recent enough to confirm with. */
  recent_sign_in: z.boolean(),
});
export type DeletionRequirements = z.infer<typeof DeletionRequirementsSchema>;
