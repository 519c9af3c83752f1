import { LIMITS } from '@maktaba/shared/constants';
import { can } from '@maktaba/shared/permissions';
import { sanitizeEmail } from '@maktaba/shared/sanitize';
import {
  AUDIT_TARGET_TYPES,
  type AuditAction,
  type AuditEntry,
  type AuditTargetType,
  type UserActivity,
  type UserAdminUpdate,
  type UserBorrowing,
  type UserCreate,
  type UserDetail,
  type UserList,
  type UserListQuery,
} from '@maktaba/shared/schemas/admin-users';
import type { Actor } from '../../actor.js';
import type { Database } from '../../db/client.js';
import { isUniqueViolation } from '../../db/pg-errors.js';
import type { Queryable } from '../../db/queryable.js';
import { AppError } from '../../errors.js';
import type { RequestMetadata } from '../../request-metadata.js';
import { creationSourceOf, findUserProviders, primaryProvider } from '../auth/accounts.repository.js';
import { findUserByEmail, replaceResetToken } from '../auth/password.repository.js';
import { revokeSessions } from '../auth/sessions.repository.js';
import { hashToken, newLinkToken } from '../auth/token-hash.js';
import { closeLoansOfDepartingReader } from '../lending/reader-departure.js';
import { pickLocale } from '../mail/locale.js';
import type { MailWorker } from '../mail/mail-worker.js';
import { enqueueEmail, type Transaction } from '../mail/outbox.js';
import { toProfile } from '../profiles/profiles.mapper.js';
import {
  ensureDefaultProfile,
  findAuthUserById,
  findProfileById,
  insertActivity,
  type ProfileUpdate,
  updateProfileRow,
} from '../profiles/profiles.repository.js';
import { releaseSeatsOfDepartingReader } from '../study-circles/study-circles.service.js';
import { setupProblems, toUserListItem, virtualProfile } from './users.mapper.js';
import {
  type AuditQuery,
  anonymiseBeforeDeletion,
  countActiveSessions,
  countBooksOut,
  deleteAuthUser,
  findActivity,
  findAuditPage,
  findBorrowings,
  findProfilesPage,
  findUserByEmailExcept,
  insertAudit,
  insertAuthUser,
  lockOtherActiveAdmins,
  setUserEmail,
} from './users.repository.js';

/** The "set your password" link of an account an admin created stays valid this long. */
export const WELCOME_LINK_LIFETIME_MINUTES = 72 * 60;

/** Every query the users service runs, in one object so that its unit tests can pass fakes. */
export const usersRepository = {
  anonymiseBeforeDeletion,
  countActiveSessions,
  countBooksOut,
  deleteAuthUser,
  enqueueEmail,
  ensureDefaultProfile,
  findActivity,
  findAuditPage,
  findAuthUserById,
  findBorrowings,
  findProfileById,
  findProfilesPage,
  findUserByEmail,
  findUserByEmailExcept,
  findUserProviders,
  insertActivity,
  insertAudit,
  insertAuthUser,
  lockOtherActiveAdmins,
  replaceResetToken,
  revokeSessions,
  setUserEmail,
  updateProfileRow,
};
export type UsersRepository = typeof usersRepository;

export type UsersServiceDeps = {
  db: Database;
  /** Call `wake()` after committing a transaction that enqueued e-mail. */
  mailer: Pick<MailWorker, 'wake'>;
  /** The origin of the links in e-mail (PUBLIC_URL). */
  publicUrl: string;
  repo?: UsersRepository;
  now?: () => Date;
};

export type UsersService = ReturnType<typeof createUsersService>;

const iso = (value: Date | null) => (value ? value.toISOString() : null);

const textOrNull = (value: unknown) => (typeof value === 'string' ? value : null);

/** The `label` a catalogue entry keeps in its metadata: the record's name in both languages. */
function labelOf(value: unknown): AuditEntry['target_label'] {
  if (!value || typeof value !== 'object') return null;
  const { en, ar } = value as Record<string, unknown>;
  return { en: textOrNull(en), ar: textOrNull(ar) };
}

/** Two requests taking the same e-mail at once: the loser gets EMAIL_TAKEN, as if it came second. */
async function takenAsConflict<T>(work: Promise<T>): Promise<T> {
  try {
    return await work;
  } catch (error) {
    if (isUniqueViolation(error)) throw new AppError('EMAIL_TAKEN');
    throw error;
  }
}

/**
 * Admin user management: the rules (permissions beyond the route's, the last admin, no change to
 * oneself, an e-mail in use), each change audited in its transaction with the actor and address.
 */
export function createUsersService({
  db,
  mailer,
  publicUrl,
  repo = usersRepository,
  now = () => new Date(),
}: UsersServiceDeps) {
  function audit(
    tx: Queryable,
    actor: Actor,
    request: RequestMetadata,
    actionType: AuditAction,
    targetUser: string | null,
    extra = {},
  ) {
    return repo.insertAudit(tx, {
      actorId: actor.id,
      actionType,
      targetUser,
      ipAddress: request.clientIp ?? null,
      ...extra,
    });
  }

  async function requireAuthUser(q: Queryable, id: string) {
    const user = await repo.findAuthUserById(q, id);
    if (!user) throw new AppError('NOT_FOUND', 'No such user.');
    return user;
  }

  /**
   * Refuses a change to an admin's role or status that would leave no active admin, then one by
   * an admin to their own role or status (someone else must do that).
   */
  async function guardAdminChange(actor: Actor, tx: Queryable, target: { id: string; role: string; status: string }) {
    if (target.role === 'admin' && target.status === 'active') {
      const others = await repo.lockOtherActiveAdmins(tx, target.id);
      if (others.length === 0) throw new AppError('LAST_ADMIN');
    }
    if (target.id === actor.id) throw new AppError('SELF_CHANGE');
  }

  async function listUsers(query: UserListQuery): Promise<UserList> {
    const { rows, total } = await repo.findProfilesPage(db, query);
    return {
      users: rows.map(toUserListItem),
      pagination: {
        currentPage: query.page,
        totalPages: Math.ceil(total / query.per_page),
        totalItems: total,
        perPage: query.per_page,
      },
    };
  }

  async function getUserDetail(id: string): Promise<UserDetail> {
    const user = await requireAuthUser(db, id);
    const [row, providers, sessions] = await Promise.all([
      repo.findProfileById(db, id),
      repo.findUserProviders(db, id),
      repo.countActiveSessions(db, id),
    ]);
    const profile = row ? toProfile(row) : null;
    return {
      profile: profile ?? virtualProfile(user),
      active_sessions: sessions,
      email_verified: user.emailVerified,
      setup_problems: setupProblems(profile, user.email, primaryProvider(providers)),
    };
  }

  /**
   * PATCH: role (users.manage_roles), status and profile fields (users.edit). Each kind of change
   * is audited in the same transaction as the change; leaving 'active' ends the user's sessions.
   */
  async function updateUser(
    actor: Actor,
    id: string,
    update: UserAdminUpdate,
    request: RequestMetadata,
  ): Promise<UserDetail> {
    if (update.role !== undefined && !can(actor.role, 'users.manage_roles')) throw new AppError('FORBIDDEN');
    const { role, status, ...requested } = update;
    await db.transaction(async (tx) => {
      const current = await repo.findProfileById(tx, id);
      if (!current) {
        await requireAuthUser(tx, id);
        throw new AppError('PROFILE_NOT_FOUND');
      }
      const roleChanges = role !== undefined && role !== current.role;
      const statusChanges = status !== undefined && status !== current.status;
      if ((roleChanges && role !== 'admin') || (statusChanges && status !== 'active')) {
        await guardAdminChange(actor, tx, current);
      } else if ((roleChanges || statusChanges) && id === actor.id) {
        throw new AppError('SELF_CHANGE');
      }
      const previous = {
        display_name: current.displayName,
        biography: current.biography,
        borrowing_limit: current.borrowingLimit,
      };
      // Only what differs is written and audited: saving a form unchanged is not an edit.
      const fields = Object.fromEntries(
        Object.entries(requested).filter(([key, value]) => value !== previous[key as keyof typeof previous]),
      ) as typeof requested;
      const columns: ProfileUpdate = {};
      if (fields.display_name !== undefined) columns.displayName = fields.display_name;
      if (fields.biography !== undefined) columns.biography = fields.biography;
      if (fields.borrowing_limit !== undefined) columns.borrowingLimit = fields.borrowing_limit;
      if (roleChanges) columns.role = role;
      if (statusChanges) columns.status = status;
      if (Object.keys(columns).length === 0) return;
      await repo.updateProfileRow(tx, id, columns);
      if (roleChanges) {
        await audit(tx, actor, request, 'update_user_role', id, {
          changes: { role },
          metadata: { previous_role: current.role },
        });
      }
      if (statusChanges) {
        await audit(tx, actor, request, 'update_user_status', id, {
          changes: { status },
          metadata: { previous_status: current.status },
        });
        if (status !== 'active') {
          const endedSessions = await repo.revokeSessions(tx, { userId: id, reason: 'admin' });
          await repo.insertActivity(tx, id, 'status_changed', { status, endedSessions });
        }
      }
      if (Object.keys(fields).length > 0) {
        await audit(tx, actor, request, 'update_user_profile', id, {
          changes: fields,
          metadata: {
            previous: Object.fromEntries(
              Object.keys(fields).map((key) => [key, previous[key as keyof typeof previous]]),
            ),
          },
        });
      }
    });
    return getUserDetail(id);
  }

  /** Admin update of a user's e-mail: the account and the profile, with a notice to the old address. */
  async function changeUserEmail(
    actor: Actor,
    id: string,
    input: { email: string },
    request: RequestMetadata,
  ): Promise<UserDetail> {
    const email = sanitizeEmail(input.email);
    await takenAsConflict(
      db.transaction(async (tx) => {
        const user = await requireAuthUser(tx, id);
        if (user.email === email) return;
        if (await repo.findUserByEmailExcept(tx, email, id)) throw new AppError('EMAIL_TAKEN');
        await repo.setUserEmail(tx, id, email);
        await audit(tx, actor, request, 'update_user_email', id, {
          changes: { email },
          metadata: { previous_email: user.email },
        });
        await repo.insertActivity(tx, id, 'email_changed', { by: 'admin' });
        await repo.enqueueEmail(tx, {
          to: user.email,
          locale: pickLocale(undefined, request.acceptLanguage),
          template: 'email_changed',
          data: { signInUrl: `${publicUrl}/signin` },
        });
      }),
    );
    void mailer.wake();
    return getUserDetail(id);
  }

  async function revokeUserSessions(actor: Actor, id: string, request: RequestMetadata): Promise<{ ended: number }> {
    return db.transaction(async (tx) => {
      await requireAuthUser(tx, id);
      const ended = await repo.revokeSessions(tx, { userId: id, reason: 'admin' });
      await audit(tx, actor, request, 'revoke_user_sessions', id, { metadata: { ended_sessions: ended } });
      return { ended };
    });
  }

  /** validate-or-repair: the missing default profile, the e-mail and the registration flag made consistent. */
  async function repairUser(actor: Actor, id: string, request: RequestMetadata): Promise<UserDetail> {
    const before = await getUserDetail(id);
    const problems = before.setup_problems;
    if (problems.length > 0) {
      const source = creationSourceOf(primaryProvider(await repo.findUserProviders(db, id)));
      await db.transaction(async (tx) => {
        const user = await requireAuthUser(tx, id);
        if (problems.includes('profile_missing')) await repo.ensureDefaultProfile(tx, user, source);
        const columns: ProfileUpdate = {};
        if (problems.includes('registration_flag_unset')) columns.registrationCompleted = true;
        if (problems.includes('address_incomplete')) columns.registrationCompleted = false;
        if (problems.includes('email_mismatch')) columns.email = user.email;
        if (Object.keys(columns).length > 0) await repo.updateProfileRow(tx, id, columns);
        await audit(tx, actor, request, 'repair_user_profile', id, { metadata: { problems } });
      });
    }
    return getUserDetail(id);
  }

  async function listActivity(id: string, limit: number): Promise<UserActivity[]> {
    await requireAuthUser(db, id);
    const rows = await repo.findActivity(db, id, limit ?? LIMITS.activityLogLimit);
    return rows.map((row) => ({
      id: row.id,
      activity_type: row.activityType,
      activity_data: row.activityData,
      created_at: row.createdAt.toISOString(),
    }));
  }

  async function listBorrowings(id: string): Promise<UserBorrowing[]> {
    await requireAuthUser(db, id);
    const rows = await repo.findBorrowings(db, id);
    return rows.map((row) => ({
      id: row.id,
      book: { id: row.bookId, title: row.titleEn, title_ar: row.titleAr },
      checked_out_at: row.checkedOutAt.toISOString(),
      due_date: iso(row.dueDate),
      returned_at: iso(row.returnedAt),
      status: row.status,
    }));
  }

  /**
   * users.create: the account and its profile (creation_source 'admin'), no password, and a
   * "set your password" link (a password-reset token with a longer life) in one transaction.
   */
  async function createUser(actor: Actor, input: UserCreate, request: RequestMetadata): Promise<UserDetail> {
    if (input.role !== 'patron' && !can(actor.role, 'users.manage_roles')) throw new AppError('FORBIDDEN');
    const email = sanitizeEmail(input.email);
    const token = newLinkToken();
    const id = await takenAsConflict(
      db.transaction(async (tx) => {
        if (await repo.findUserByEmail(tx, email)) throw new AppError('EMAIL_TAKEN');
        const userId = await repo.insertAuthUser(tx, { email, name: input.display_name });
        await repo.ensureDefaultProfile(tx, { id: userId, email, name: input.display_name }, 'admin');
        await repo.updateProfileRow(tx, userId, { role: input.role, createdBy: actor.id });
        await repo.insertActivity(tx, userId, 'registration', { source: 'admin' });
        await repo.replaceResetToken(tx, {
          userId,
          tokenHash: hashToken(token),
          expiresAt: new Date(now().getTime() + WELCOME_LINK_LIFETIME_MINUTES * 60_000),
          requestedIp: request.clientIp,
        });
        await repo.enqueueEmail(tx, {
          to: email,
          locale: input.locale ?? pickLocale(undefined, request.acceptLanguage),
          template: 'account_created',
          data: {
            link: `${publicUrl}/auth/update-password#access_token=${token}`,
            expiresInMinutes: WELCOME_LINK_LIFETIME_MINUTES,
          },
        });
        await audit(tx, actor, request, 'create_user', userId, {
          changes: { email, display_name: input.display_name, role: input.role },
        });
        return userId;
      }),
    );
    void mailer.wake();
    return getUserDetail(id);
  }

  /**
   * delete-user: never yourself, never the last active admin, never a reader with books out (the
   * desk receives them or marks them lost first). In one transaction: feedback loses the
   * sender's name and e-mail, the loans are kept without identity in the audit entry, and the account
   * goes with everything that hangs on it (sessions, profile, bookmarks, notifications, history…).
   */
  async function deleteUser(
    actor: Actor,
    id: string,
    request: RequestMetadata,
    /**
     * `self`: the reader deletes their own account (Settings → Your data), in `within`, the
     * caller's transaction: the last-admin rule still holds, the audit entry has no actor left.
     */
    options: { self?: boolean; within?: Transaction } = {},
  ): Promise<{ mailed: boolean }> {
    let mailed = false;
    const work = async (tx: Transaction) => {
      const user = await requireAuthUser(tx, id);
      const profile = await repo.findProfileById(tx, id);
      const target = { id, role: profile?.role ?? 'patron', status: profile?.status ?? 'active' };
      if (options.self && target.role === 'admin' && target.status === 'active') {
        if ((await repo.lockOtherActiveAdmins(tx, id)).length === 0) throw new AppError('LAST_ADMIN');
      } else if (!options.self) {
        await guardAdminChange(actor, tx, target);
      }
      const booksOut = await repo.countBooksOut(tx, id);
      if (booksOut > 0) {
        throw new AppError('BOOKS_OUT', `This reader still has ${booksOut} books out.`, {
          details: { count: booksOut },
        });
      }
      if (await closeLoansOfDepartingReader(tx, id, { publicUrl, now: now() })) mailed = true;
      await releaseSeatsOfDepartingReader(tx, id);
      const loans = await repo.anonymiseBeforeDeletion(tx, id);
      // Recorded as revoked, so a browser still holding a session learns it was ended, not that it expired.
      await repo.revokeSessions(tx, { userId: id, reason: options.self ? 'signed_out_everywhere' : 'admin' });
      await repo.deleteAuthUser(tx, id);
      const metadata = { email: user.email, role: profile?.role ?? null, retained_loans: loans };
      if (options.self) {
        await repo.insertAudit(tx, {
          actorId: null,
          actionType: 'delete_own_account',
          targetUser: id,
          ipAddress: request.clientIp ?? null,
          metadata,
        });
      } else {
        await audit(tx, actor, request, 'delete_user', id, { metadata });
      }
    };
    if (options.within) await work(options.within);
    else await db.transaction(work);
    // Within the caller's transaction, the caller wakes the mailer once it has committed.
    if (mailed && !options.within) void mailer.wake();
    return { mailed };
  }

  async function listAudit(query: AuditQuery) {
    const { rows, total } = await repo.findAuditPage(db, query);
    const entries: AuditEntry[] = rows.map((row) => ({
      id: row.entry.id,
      action_type: row.entry.actionType,
      actor: { id: row.entry.actorId, email: row.actorEmail, display_name: row.actorName },
      target_type: AUDIT_TARGET_TYPES.includes(row.entry.targetType as AuditTargetType)
        ? (row.entry.targetType as AuditTargetType)
        : 'user',
      target_id: row.entry.targetId ?? row.entry.targetUser,
      target_label: labelOf(row.entry.metadata.label),
      target_user: row.entry.targetUser,
      target_email: row.targetEmail,
      changes: row.entry.changes,
      metadata: row.entry.metadata,
      ip_address: row.entry.ipAddress,
      created_at: new Date(row.entry.createdAt).toISOString(),
    }));
    return { entries, total, page: query.page, per_page: query.per_page };
  }

  return {
    listUsers,
    getUserDetail,
    updateUser,
    changeUserEmail,
    revokeUserSessions,
    repairUser,
    listActivity,
    listBorrowings,
    createUser,
    deleteUser,
    listAudit,
  };
}
