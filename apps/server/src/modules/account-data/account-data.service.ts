import { ACTIVE_LOAN_STATUSES, OUT_LOAN_STATUSES } from '@maktaba/shared/lending';
import {
  type BookWithReader,
  confirmationMatches,
  type DeleteAccountInput,
  type DeletionRequirements,
  RECENT_SIGN_IN_MINUTES,
} from '@maktaba/shared/schemas/account-data';
import { and, asc, eq, inArray } from 'drizzle-orm';
import type { Actor } from '../../actor.js';
import type { Database } from '../../db/client.js';
import { books, checkouts } from '../../db/schema/index.js';
import { AppError } from '../../errors.js';
import type { RequestMetadata } from '../../request-metadata.js';
import type { Auth } from '../auth/auth.js';
import { findPasswordHash, findUserEmail } from '../auth/password.repository.js';
import { isRecentSignIn } from '../auth/sessions.repository.js';
import type { MailWorker } from '../mail/mail-worker.js';
import type { Transaction } from '../mail/outbox.js';
import { createUsersService } from '../users/users.service.js';

export type AccountDataDeps = {
  db: Database;
  auth: Pick<Auth, '$context'>;
  mailer: Pick<MailWorker, 'wake'>;
  publicUrl: string;
  now?: () => Date;
};

/** What the delete dialog asks for: the password, or (an account without one) a recent sign-in. */
export async function deletionRequirements(deps: AccountDataDeps, actor: Actor): Promise<DeletionRequirements> {
  const now = deps.now?.() ?? new Date();
  const hash = await findPasswordHash(deps.db, actor.id);
  return {
    has_password: hash !== null,
    recent_sign_in: await isRecentSignIn(deps.db, actor.sessionId, now),
  };
}

/**
 * The reader's active loans, locked until the transaction ends (the desk cannot ship one in
 * between), with their books' titles.
 */
async function lockActiveLoans(tx: Transaction, userId: string) {
  return tx
    .select({
      id: checkouts.id,
      bookId: checkouts.bookId,
      copyId: checkouts.copyId,
      status: checkouts.status,
      title: books.titleEn,
      titleAr: books.titleAr,
    })
    .from(checkouts)
    .innerJoin(books, eq(books.id, checkouts.bookId))
    .where(and(eq(checkouts.userId, userId), inArray(checkouts.status, [...ACTIVE_LOAN_STATUSES])))
    .orderBy(asc(checkouts.checkedOutAt), asc(checkouts.id))
    .for('update', { of: checkouts });
}

/**
 * Deletes the signed-in reader's own account (privacy policy: the right to deletion). Confirmed by
 * typing the account's e-mail address and by the password (an account without one: a sign-in in
 * the last RECENT_SIGN_IN_MINUTES). Refused while a book is on its way to the reader, with them or
 * on its way back (BOOKS_WITH_READER, the books in details.books). Otherwise, in one transaction:
 * the reader's requests not yet shipped are cancelled as the reader would cancel them (each copy
 * goes back and to the next reader waiting for the book), their waiting-list places are closed,
 * then the account is deleted as an admin deletes one (users.service), audited as a self-deletion.
 */
export async function deleteOwnAccount(
  deps: AccountDataDeps,
  actor: Actor,
  input: DeleteAccountInput,
  request: RequestMetadata,
): Promise<void> {
  const { db } = deps;
  const now = deps.now?.() ?? new Date();
  const email = (await findUserEmail(db, actor.id)) ?? actor.email;
  if (!confirmationMatches(input.confirmation, email)) throw new AppError('CONFIRMATION_MISMATCH');
  const hash = await findPasswordHash(db, actor.id);
  if (hash) {
    const { password } = await deps.auth.$context;
    const correct = input.password ? await password.verify({ hash, password: input.password }) : false;
    if (!correct) throw new AppError('CURRENT_PASSWORD_INCORRECT');
  } else if (!(await isRecentSignIn(db, actor.sessionId, now))) {
    throw new AppError('RECENT_SIGN_IN_REQUIRED', undefined, { details: { minutes: RECENT_SIGN_IN_MINUTES } });
  }

  const users = createUsersService({ db, mailer: deps.mailer, publicUrl: deps.publicUrl, now: () => now });
  let mailed = false;
  await db.transaction(async (tx) => {
    const active = await lockActiveLoans(tx, actor.id);
    const out: readonly string[] = OUT_LOAN_STATUSES;
    const withReader: BookWithReader[] = active
      .filter((loan) => out.includes(loan.status))
      .map((loan) => ({
        loan_id: loan.id,
        book_id: loan.bookId,
        title: loan.title ?? loan.titleAr ?? '',
        title_ar: loan.titleAr,
        status: loan.status,
      }));
    if (withReader.length > 0) {
      throw new AppError('BOOKS_WITH_READER', undefined, { details: { books: withReader } });
    }
    // Requests not yet sent are cancelled and the loans kept without identity by the deletion itself.
    ({ mailed } = await users.deleteUser(actor, actor.id, request, { self: true, within: tx }));
  });
  if (mailed) void deps.mailer.wake();
}
