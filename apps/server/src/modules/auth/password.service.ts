import { setTimeout as sleep } from 'node:timers/promises';
import { sanitizeEmail } from '@maktaba/shared/sanitize';
import type { ChangePasswordInput, ForgotPasswordInput, ResetPasswordInput } from '@maktaba/shared/schemas/auth';
import type { Actor } from '../../actor.js';
import type { Database } from '../../db/client.js';
import { AppError } from '../../errors.js';
import type { RequestMetadata } from '../../request-metadata.js';
import { pickLocale } from '../mail/locale.js';
import type { MailWorker } from '../mail/mail-worker.js';
import { enqueueEmail, type Transaction } from '../mail/outbox.js';
import { recordUserActivity } from '../users/user-activity.repository.js';
import type { Auth } from './auth.js';
import { isCommonPassword } from './common-passwords.js';
import { markEmailVerified } from './email-verification.repository.js';
import {
  consumeResetToken,
  countPasswordEvents,
  findPasswordHash,
  findUserByEmail,
  findUserEmail,
  insertPasswordEvent,
  isResetTokenUsable,
  replaceResetToken,
  setPasswordHash,
} from './password.repository.js';
import { type RevocationReason, revokeSessions } from './sessions.repository.js';
import { hashToken, newLinkToken } from './token-hash.js';

/** What the password service works with besides the request: better-auth hashes the passwords. */
export type PasswordServiceDeps = {
  db: Database;
  auth: Pick<Auth, '$context'>;
  /** Call `wake()` after committing a transaction that enqueued e-mail. */
  mailer: Pick<MailWorker, 'wake'>;
  /** The origin of the links in e-mail (PUBLIC_URL), never the Host header. */
  publicUrl: string;
};

export const PASSWORD_RULES = {
  resetTokenLifetimeMinutes: 60,
  /** forgot-password requests from one client address per window, then 429. */
  maxRequestsPerIp: 5,
  requestWindowMs: 15 * 60_000,
  /** Reset e-mails to one account per window; past it the answer is the same and nothing is sent. */
  maxMessagesPerAccount: 3,
  messageWindowMs: 60 * 60_000,
  /** Wrong current passwords per account per window on change-password, then 429. */
  maxChangeFailures: 5,
  changeFailureWindowMs: 15 * 60_000,
} as const;

/**
 * Every forgot-password answer takes at least this long from the start of the request, so the
 * work done for an existing account (a token, an e-mail) cannot be told from the time it takes.
 */
export const FORGOT_PASSWORD_MIN_RESPONSE_MS = 400;

function weakPassword(): AppError {
  return new AppError('VALIDATION_FAILED', undefined, {
    details: { fieldErrors: { newPassword: ['validation.passwordCommon'] } },
  });
}

/**
 * forgot-password: the same answer, in the same time, whether or not the account exists. For an
 * existing account a new single-use token replaces any earlier one and the link goes out through
 * the outbox in the same transaction. The link's origin is PUBLIC_URL, never the Host header.
 */
export async function requestPasswordReset(
  deps: PasswordServiceDeps,
  input: ForgotPasswordInput,
  request: RequestMetadata,
): Promise<void> {
  const started = performance.now();
  try {
    await sendResetLink(deps, input, request);
  } finally {
    await sleep(Math.max(0, FORGOT_PASSWORD_MIN_RESPONSE_MS - (performance.now() - started)));
  }
}

async function sendResetLink(
  { db, mailer, publicUrl }: PasswordServiceDeps,
  input: ForgotPasswordInput,
  { clientIp, userAgent, acceptLanguage }: RequestMetadata,
): Promise<void> {
  const email = sanitizeEmail(input.email);
  const request = { identifier: email, ipAddress: clientIp, userAgent };
  const since = new Date(Date.now() - PASSWORD_RULES.requestWindowMs);
  const requests = await countPasswordEvents(db, 'password_reset_requested', { ipAddress: request.ipAddress }, since);
  const allowed = requests < PASSWORD_RULES.maxRequestsPerIp;
  await insertPasswordEvent(db, { ...request, eventType: 'password_reset_requested', allowed });
  if (!allowed) throw new AppError('RATE_LIMITED');

  const user = await findUserByEmail(db, email);
  if (!user) return;
  const sentSince = new Date(Date.now() - PASSWORD_RULES.messageWindowMs);
  const sent = await countPasswordEvents(db, 'password_reset_sent', { identifier: email }, sentSince);
  if (sent >= PASSWORD_RULES.maxMessagesPerAccount) return;

  const token = newLinkToken();
  const link = `${publicUrl}/auth/update-password#access_token=${token}`;
  const expiresInMinutes = PASSWORD_RULES.resetTokenLifetimeMinutes;
  await db.transaction(async (tx) => {
    await replaceResetToken(tx, {
      userId: user.id,
      tokenHash: hashToken(token),
      expiresAt: new Date(Date.now() + expiresInMinutes * 60_000),
      requestedIp: request.ipAddress,
    });
    await insertPasswordEvent(tx, { ...request, eventType: 'password_reset_sent', allowed: true });
    await enqueueEmail(tx, {
      to: user.email,
      locale: pickLocale(input.locale, acceptLanguage),
      template: 'password_reset',
      data: { link, expiresInMinutes },
    });
  });
  void mailer.wake();
}

/** Whether a reset link can still be used (it is not used up by asking). */
export async function checkResetToken(db: Database, token: string): Promise<boolean> {
  return isResetTokenUsable(db, hashToken(token));
}

/**
 * Sets the password with a reset token, which is used up in the same transaction, and ends every
 * session of the user. Does not sign in: the reader signs in with the new password.
 */
export async function resetPassword(
  deps: PasswordServiceDeps,
  input: ResetPasswordInput,
  request: RequestMetadata,
): Promise<void> {
  const { db, auth, mailer } = deps;
  const tokenHash = hashToken(input.token);
  if (await isCommonPassword(input.newPassword)) throw weakPassword();
  // Hashing is slow on purpose: do it only for a token that looks usable, before the transaction.
  if (!(await isResetTokenUsable(db, tokenHash))) throw new AppError('INVALID_RESET_TOKEN');
  const passwordHash = await (await auth.$context).password.hash(input.newPassword);
  await db.transaction(async (tx) => {
    const token = await consumeResetToken(tx, tokenHash);
    if (!token || token.expiresAt.getTime() <= Date.now()) throw new AppError('INVALID_RESET_TOKEN');
    await setPasswordHash(tx, token.userId, passwordHash);
    // The link reached the account's address: that proves it. This is how an account an admin
    // created (its "choose your password" link is a reset token) becomes verified.
    await markEmailVerified(tx, token.userId);
    await recordPasswordChange(deps, request, tx, {
      userId: token.userId,
      eventType: 'password_reset_completed',
      reason: 'password_reset',
    });
  });
  void mailer.wake();
}

/**
 * Changes the password of the signed-in user after verifying the current one, and ends every
 * other session of that user. Wrong current passwords are counted: after a few the answer is
 * 429, so this cannot be used to guess a password from a session left open.
 */
export async function changePassword(
  deps: PasswordServiceDeps,
  actor: Actor,
  input: ChangePasswordInput,
  request: RequestMetadata,
): Promise<void> {
  const { db, auth, mailer } = deps;
  const since = new Date(Date.now() - PASSWORD_RULES.changeFailureWindowMs);
  const failures = await countPasswordEvents(db, 'password_change_failed', { identifier: actor.email }, since);
  if (failures >= PASSWORD_RULES.maxChangeFailures) throw new AppError('RATE_LIMITED');
  if (await isCommonPassword(input.newPassword)) throw weakPassword();

  const { password } = await auth.$context;
  const currentHash = await findPasswordHash(db, actor.id);
  // A Google-only account has no password to confirm: it sets one through forgot-password.
  const isCurrentCorrect = currentHash
    ? await password.verify({ hash: currentHash, password: input.currentPassword })
    : false;
  if (!isCurrentCorrect) {
    await insertPasswordEvent(db, {
      eventType: 'password_change_failed',
      identifier: actor.email,
      ipAddress: request.clientIp,
      userAgent: request.userAgent,
      allowed: false,
    });
    throw new AppError('CURRENT_PASSWORD_INCORRECT');
  }
  const passwordHash = await password.hash(input.newPassword);
  await db.transaction(async (tx) => {
    await setPasswordHash(tx, actor.id, passwordHash);
    await recordPasswordChange(deps, request, tx, {
      userId: actor.id,
      keepSessionId: actor.sessionId,
      eventType: 'password_changed',
      reason: 'password_changed',
    });
  });
  void mailer.wake();
}

/** What every password change does besides the new hash: sessions, logs, the notice e-mail. */
async function recordPasswordChange(
  { publicUrl }: PasswordServiceDeps,
  request: RequestMetadata,
  tx: Transaction,
  change: {
    userId: string;
    keepSessionId?: string;
    eventType: 'password_reset_completed' | 'password_changed';
    reason: RevocationReason;
  },
): Promise<void> {
  const email = await findUserEmail(tx, change.userId);
  if (!email) throw new AppError('INVALID_RESET_TOKEN');
  const endedSessions = await revokeSessions(tx, {
    userId: change.userId,
    ...(change.keepSessionId ? { exceptSessionId: change.keepSessionId } : {}),
    reason: change.reason,
  });
  await recordUserActivity(tx, change.userId, change.reason, { endedSessions });
  await insertPasswordEvent(tx, {
    eventType: change.eventType,
    identifier: email,
    ipAddress: request.clientIp,
    userAgent: request.userAgent,
    allowed: true,
  });
  await enqueueEmail(tx, {
    to: email,
    locale: pickLocale(undefined, request.acceptLanguage),
    template: 'password_changed',
    data: { changedAt: new Date(), signInUrl: `${publicUrl}/signin` },
  });
}
