import { and, eq, inArray, lt, lte, or, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { emailOutbox, passwordResetTokens, revokedSessions } from '../../db/schema/index.js';
import type { OutgoingEmail } from './transports.js';

/** `now() + ms`, computed by the database so that every instance agrees on the clock. */
const nowPlus = (ms: number) => sql`now() + (${Math.round(ms)}::double precision * interval '1 millisecond')`;

/** A message this worker now holds; `attempts` counts this one. */
export type ClaimedEmail = OutgoingEmail & { attempts: number };

/**
 * Takes up to `limit` due messages for this worker: pending ones whose time has come, and ones a
 * crashed worker held past its claim. SKIP LOCKED lets several instances claim at once without
 * waiting for, or taking, each other's rows; the claim (status 'sending', locked_until) then keeps
 * them out of every other claim until it is settled or expires. Each claim counts as an attempt.
 */
export async function claimDueEmails(
  db: Database,
  options: { limit: number; lockMs: number; maxAttempts: number },
): Promise<ClaimedEmail[]> {
  const due = db
    .select({ id: emailOutbox.id })
    .from(emailOutbox)
    .where(
      or(
        and(eq(emailOutbox.status, 'pending'), lte(emailOutbox.nextAttemptAt, sql`now()`)),
        and(
          eq(emailOutbox.status, 'sending'),
          lt(emailOutbox.lockedUntil, sql`now()`),
          lt(emailOutbox.attempts, options.maxAttempts),
        ),
      ),
    )
    .orderBy(emailOutbox.nextAttemptAt, emailOutbox.id)
    .limit(options.limit)
    .for('update', { skipLocked: true });
  return db
    .update(emailOutbox)
    .set({ status: 'sending', lockedUntil: nowPlus(options.lockMs), attempts: sql`${emailOutbox.attempts} + 1` })
    .where(inArray(emailOutbox.id, due))
    .returning({
      id: emailOutbox.id,
      to: emailOutbox.toAddress,
      template: emailOutbox.template,
      locale: emailOutbox.locale,
      subject: emailOutbox.subject,
      text: emailOutbox.textBody,
      html: emailOutbox.htmlBody,
      attempts: emailOutbox.attempts,
    });
}

export async function markEmailSent(db: Database, id: number, transport: string): Promise<void> {
  await db
    .update(emailOutbox)
    .set({ status: 'sent', sentAt: sql`now()`, transport, lockedUntil: null, lastError: null })
    .where(and(eq(emailOutbox.id, id), eq(emailOutbox.status, 'sending')));
}

/** A failed attempt: retried after `retryInMs`, or given up ('failed') when `isFinal`. */
export async function markEmailAttemptFailed(
  db: Database,
  id: number,
  options: { error: string; retryInMs: number; isFinal: boolean },
): Promise<void> {
  await db
    .update(emailOutbox)
    .set({
      status: options.isFinal ? 'failed' : 'pending',
      nextAttemptAt: nowPlus(options.retryInMs),
      lastError: options.error,
      lockedUntil: null,
    })
    .where(and(eq(emailOutbox.id, id), eq(emailOutbox.status, 'sending')));
}

/** Hands claimed messages back untried (the worker is stopping): not counted as an attempt. */
export async function releaseEmails(db: Database, ids: number[]): Promise<void> {
  if (ids.length === 0) return;
  await db
    .update(emailOutbox)
    .set({ status: 'pending', lockedUntil: null, attempts: sql`${emailOutbox.attempts} - 1` })
    .where(and(inArray(emailOutbox.id, ids), eq(emailOutbox.status, 'sending')));
}

/** Messages whose last allowed attempt was interrupted (a crash mid-delivery) are given up. */
export async function failAbandonedEmails(db: Database, maxAttempts: number): Promise<void> {
  await db
    .update(emailOutbox)
    .set({ status: 'failed', lockedUntil: null, lastError: 'delivery interrupted on the last attempt' })
    .where(
      and(
        eq(emailOutbox.status, 'sending'),
        lt(emailOutbox.lockedUntil, sql`now()`),
        sql`${emailOutbox.attempts} >= ${maxAttempts}`,
      ),
    );
}

/** Deletes what is no longer useful: expired reset tokens and revocations, old sent messages. */
export async function purgeExpired(db: Database, options: { keepSentMs: number }) {
  const tokens = await db
    .delete(passwordResetTokens)
    .where(lt(passwordResetTokens.expiresAt, sql`now()`))
    .returning({ tokenHash: passwordResetTokens.tokenHash });
  const revocations = await db
    .delete(revokedSessions)
    .where(lt(revokedSessions.expiresAt, sql`now()`))
    .returning({ tokenHash: revokedSessions.tokenHash });
  const sent = await db
    .delete(emailOutbox)
    .where(and(eq(emailOutbox.status, 'sent'), lt(emailOutbox.sentAt, nowPlus(-options.keepSentMs))))
    .returning({ id: emailOutbox.id });
  return { resetTokens: tokens.length, revokedSessions: revocations.length, sentEmails: sent.length };
}
