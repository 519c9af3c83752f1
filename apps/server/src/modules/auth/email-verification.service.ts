import type { Language } from '@maktaba/shared/constants';
import { sanitizeEmail } from '@maktaba/shared/sanitize';
import { RECENT_SIGN_IN_MINUTES } from '@maktaba/shared/schemas/account-data';
import type { AuditAction } from '@maktaba/shared/schemas/admin-users';
import type {
  ChangeEmailInput,
  EmailLinkFailure,
  EmailStatus,
  VerifyEmailResponse,
} from '@maktaba/shared/schemas/email-verification';
import type { Actor } from '../../actor.js';
import type { Database } from '../../db/client.js';
import { isUniqueViolation } from '../../db/pg-errors.js';
import type { Queryable } from '../../db/queryable.js';
import { AppError } from '../../errors.js';
import { consumeRateLimit, type RateLimit } from '../../http/rate-limit.js';
import type { RequestMetadata } from '../../request-metadata.js';
import { pickLocale } from '../mail/locale.js';
import type { MailWorker } from '../mail/mail-worker.js';
import { enqueueEmail } from '../mail/outbox.js';
import { recordUserActivity } from '../users/user-activity.repository.js';
import { insertAudit } from '../users/users.repository.js';
import type { Auth } from './auth.js';
import { isDisposableEmail } from './disposable-domains.js';
import {
  consumeEmailToken,
  deleteEmailTokens,
  findAccountEmail,
  findPendingChange,
  isEmailInUse,
  markEmailVerified,
  replaceEmailToken,
  switchEmail,
} from './email-verification.repository.js';
import { findPasswordHash } from './password.repository.js';
import { isRecentSignIn } from './sessions.repository.js';
import { hashToken, newLinkToken } from './token-hash.js';

export type EmailVerificationDeps = {
  db: Database;
  auth: Pick<Auth, '$context'>;
  /** Call `wake()` after committing a transaction that enqueued e-mail. */
  mailer: Pick<MailWorker, 'wake'>;
  /** The origin of the links in e-mail (PUBLIC_URL), never the Host header. */
  publicUrl: string;
};

export const EMAIL_RULES = {
  /** Verification and change links are valid this long. */
  linkLifetimeMinutes: 24 * 60,
  /** Resending the verification link: per account and per address, a minute apart and 5 a day. */
  resend: [
    { name: 'verify-resend:minute', limit: 1, windowMs: 60_000 },
    { name: 'verify-resend:day', limit: 5, windowMs: 24 * 60 * 60_000 },
  ],
  /** E-mail change requests (each one sends two messages and checks a password): per account. */
  change: [
    { name: 'email-change:15min', limit: 5, windowMs: 15 * 60_000 },
    { name: 'email-change:day', limit: 10, windowMs: 24 * 60 * 60_000 },
  ],
} as const satisfies Record<string, unknown>;

/** `n***@example.org`: enough for the owner of the old address to recognise, not to learn it. */
export function maskEmail(email: string): string {
  const at = email.lastIndexOf('@');
  if (at < 1) return '***';
  return `${email.slice(0, 1)}***${email.slice(at)}`;
}

async function enforce(db: Database, limits: readonly RateLimit[], subjects: string[]): Promise<void> {
  for (const limit of limits) {
    for (const subject of subjects) {
      if (!(await consumeRateLimit(db, limit, subject)).allowed) throw new AppError('RATE_LIMITED');
    }
  }
}

function linkFailure(reason: EmailLinkFailure): AppError {
  return new AppError('INVALID_EMAIL_LINK', undefined, { details: { reason } });
}

function audit(
  db: Queryable,
  actorId: string,
  actionType: AuditAction,
  targetUser: string,
  request: RequestMetadata,
  extra: { changes?: Record<string, unknown>; metadata?: Record<string, unknown> } = {},
) {
  return insertAudit(db, { actorId, actionType, targetUser, ipAddress: request.clientIp ?? null, ...extra });
}

/**
 * Writes a verification link for the account's current address (replacing any earlier one) and
 * its e-mail in one transaction: the message exists if and only if the link does.
 */
export async function sendVerificationLink(
  { db, mailer, publicUrl }: Pick<EmailVerificationDeps, 'db' | 'mailer' | 'publicUrl'>,
  account: { userId: string; email: string; locale: Language },
): Promise<void> {
  const token = newLinkToken();
  const expiresInMinutes = EMAIL_RULES.linkLifetimeMinutes;
  await db.transaction(async (tx) => {
    await replaceEmailToken(tx, {
      userId: account.userId,
      purpose: 'verify',
      tokenHash: hashToken(token),
      email: account.email,
      expiresAt: new Date(Date.now() + expiresInMinutes * 60_000),
    });
    await enqueueEmail(tx, {
      to: account.email,
      locale: account.locale,
      template: 'email_verify',
      data: { link: `${publicUrl}/verify-email?token=${token}`, expiresInMinutes },
    });
  });
  void mailer.wake();
}

/** The banner's Resend: nothing to do for a verified address; limited per account and per address. */
export async function resendVerification(
  deps: EmailVerificationDeps,
  actor: Actor,
  input: { locale?: Language | undefined },
  request: RequestMetadata,
): Promise<{ sent: boolean }> {
  const account = await findAccountEmail(deps.db, actor.id);
  if (!account) throw new AppError('UNAUTHENTICATED');
  if (account.emailVerified) return { sent: false };
  await enforce(deps.db, EMAIL_RULES.resend, [`user:${actor.id}`, `email:${account.email}`]);
  await sendVerificationLink(deps, {
    userId: actor.id,
    email: account.email,
    locale: pickLocale(input.locale, request.acceptLanguage),
  });
  return { sent: true };
}

/**
 * Opens a link (no session needed: it may be opened on another device). A `verify` link marks the
 * address it was sent to verified, if it is still the account's; a `change` link makes its address
 * the account's, in auth_users and profiles in one transaction, refused if someone took it
 * meanwhile. Either is single use: the row is deleted in the transaction, so of concurrent opens
 * only one succeeds. An expired link stays (the transaction rolls back) so that it keeps saying
 * "expired"; a new one replaces it.
 *
 * Sessions are kept on a change: the password did not change, and whoever asked for the change
 * had to give it. The notice to the old address tells its owner to change the password if it
 * was not them, which ends every other session.
 */
export async function openEmailLink(
  { db, mailer }: EmailVerificationDeps,
  token: string,
  request: RequestMetadata,
): Promise<VerifyEmailResponse> {
  const result = await db
    .transaction(async (tx) => {
      const row = await consumeEmailToken(tx, hashToken(token));
      if (!row) throw linkFailure('invalid');
      if (row.expiresAt.getTime() <= Date.now()) throw linkFailure('expired');
      const account = await findAccountEmail(tx, row.userId);
      if (!account) throw linkFailure('invalid');
      if (row.purpose === 'verify') {
        // A link sent to an address the account no longer has proves nothing about the current one.
        if (account.email !== row.email) throw linkFailure('invalid');
        if (await markEmailVerified(tx, row.userId)) {
          await recordUserActivity(tx, row.userId, 'email_verified', {});
        }
        return { purpose: 'verify' as const, email: row.email };
      }
      if (await isEmailInUse(tx, row.email)) throw new AppError('EMAIL_TAKEN');
      await switchEmail(tx, row.userId, row.email);
      await deleteEmailTokens(tx, row.userId, 'verify');
      await audit(tx, row.userId, 'complete_email_change', row.userId, request, {
        changes: { email: row.email },
        metadata: { previous_email: account.email },
      });
      await recordUserActivity(tx, row.userId, 'email_changed', { by: 'self' });
      return { purpose: 'change' as const, email: row.email };
    })
    .catch((error: unknown) => {
      // Another account took the address between the check and the update.
      if (isUniqueViolation(error)) throw new AppError('EMAIL_TAKEN');
      throw error;
    });
  void mailer.wake();
  return result;
}

export async function emailStatus(db: Database, actor: Actor): Promise<EmailStatus> {
  const [account, pending, hash] = await Promise.all([
    findAccountEmail(db, actor.id),
    findPendingChange(db, actor.id),
    findPasswordHash(db, actor.id),
  ]);
  if (!account) throw new AppError('UNAUTHENTICATED');
  return {
    email: account.email,
    verified: account.emailVerified,
    has_password: Boolean(hash),
    pending: pending ? { email: pending.email, expires_at: pending.expiresAt.toISOString() } : null,
  };
}

function fieldError(field: string, key: string): AppError {
  return new AppError('VALIDATION_FAILED', undefined, { details: { fieldErrors: { [field]: [key] } } });
}

/**
 * Settings → E-mail: after the current password (or, for a Google-only account, a sign-in in the
 * last 10 minutes), a link to the NEW address and a notice to the OLD one, both through the outbox
 * in the transaction that stores the link. The account keeps its address until the link is opened.
 */
export async function requestEmailChange(
  deps: EmailVerificationDeps,
  actor: Actor,
  input: ChangeEmailInput,
  request: RequestMetadata,
): Promise<EmailStatus> {
  const { db, auth, mailer, publicUrl } = deps;
  await enforce(db, EMAIL_RULES.change, [`user:${actor.id}`]);
  const account = await findAccountEmail(db, actor.id);
  if (!account) throw new AppError('UNAUTHENTICATED');
  const email = sanitizeEmail(input.email);
  if (email === account.email) throw fieldError('email', 'settings.email.errors.same');
  // The registration rules (accounts-and-auth §5): no temporary addresses.
  if (isDisposableEmail(email)) throw fieldError('email', 'auth.security.reasons.disposable_email');

  const hash = await findPasswordHash(db, actor.id);
  if (hash) {
    const { password } = await auth.$context;
    if (!input.currentPassword || !(await password.verify({ hash, password: input.currentPassword }))) {
      throw new AppError('CURRENT_PASSWORD_INCORRECT');
    }
  } else {
    if (!(await isRecentSignIn(db, actor.sessionId))) {
      throw new AppError('RECENT_SIGN_IN_REQUIRED', undefined, { details: { minutes: RECENT_SIGN_IN_MINUTES } });
    }
  }
  // Told as registration tells it ("This email is already registered"), under a per-account limit.
  if (await isEmailInUse(db, email)) throw new AppError('EMAIL_TAKEN');

  const token = newLinkToken();
  const expiresInMinutes = EMAIL_RULES.linkLifetimeMinutes;
  const locale = pickLocale(input.locale, request.acceptLanguage);
  await db.transaction(async (tx) => {
    await replaceEmailToken(tx, {
      userId: actor.id,
      purpose: 'change',
      tokenHash: hashToken(token),
      email,
      expiresAt: new Date(Date.now() + expiresInMinutes * 60_000),
    });
    await enqueueEmail(tx, {
      to: email,
      locale,
      template: 'email_change_confirm',
      data: { link: `${publicUrl}/verify-email?token=${token}`, expiresInMinutes, currentEmail: account.email },
    });
    await enqueueEmail(tx, {
      to: account.email,
      locale,
      template: 'email_change_requested',
      data: { maskedEmail: maskEmail(email), signInUrl: `${publicUrl}/signin` },
    });
    await audit(tx, actor.id, 'request_email_change', actor.id, request, {
      changes: { email },
      metadata: { previous_email: account.email },
    });
  });
  void mailer.wake();
  return emailStatus(db, actor);
}

/** Withdraws a pending change: its link stops working. */
export async function cancelEmailChange(db: Database, actor: Actor): Promise<EmailStatus> {
  await deleteEmailTokens(db, actor.id, 'change');
  return emailStatus(db, actor);
}

/**
 * An admin vouches for a user's address (they know the person), audited. Used by the desk for a
 * reader who cannot receive the link, and by the test harness for the accounts it makes.
 */
export async function adminVerifyEmail(
  db: Database,
  actor: Actor,
  userId: string,
  request: RequestMetadata,
): Promise<{ verified: true }> {
  await db.transaction(async (tx) => {
    const account = await findAccountEmail(tx, userId);
    if (!account) throw new AppError('NOT_FOUND', 'No such user.');
    if (await markEmailVerified(tx, userId)) {
      await deleteEmailTokens(tx, userId, 'verify');
      await audit(tx, actor.id, 'verify_user_email', userId, request, { metadata: { email: account.email } });
    }
  });
  return { verified: true };
}
