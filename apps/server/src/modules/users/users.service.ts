import crypto from 'node:crypto';
import { LIMITS } from '@maktaba/shared/constants';
import { can } from '@maktaba/shared/permissions';
import { isProfileComplete } from '@maktaba/shared/profile-completeness';
import { sanitizeEmail } from '@maktaba/shared/sanitize';
import type {
  AuditEntry,
  UserActivity,
  UserAdminUpdate,
  UserBorrowing,
  UserCreate,
  UserDetail,
  UserList,
  UserListQuery,
} from '@maktaba/shared/schemas/admin-users';
import type { Profile } from '@maktaba/shared/schemas/profile';
import type { Context } from 'hono';
import type { Queryable } from '../../db/queryable.js';
import { AppError } from '../../errors.js';
import type { AppEnv } from '../../http/context.js';
import {
  creationSourceOf,
  findUserProviders,
  isUniqueViolation,
  primaryProvider,
} from '../auth/accounts.repository.js';
import { findUserByEmail, hashResetToken, replaceResetToken } from '../auth/password.repository.js';
import { revokeSessions } from '../auth/sessions.repository.js';
import { pickLocale } from '../mail/locale.js';
import { enqueueEmail } from '../mail/outbox.js';
import { toProfile } from '../profiles/profiles.mapper.js';
import {
  ensureDefaultProfile,
  findAuthUserById,
  findProfileById,
  insertActivity,
  type ProfileUpdate,
  updateProfileRow,
} from '../profiles/profiles.repository.js';
import {
  type AuditQuery,
  anonymiseBeforeDeletion,
  countActiveSessions,
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

const iso = (value: Date | null) => (value ? value.toISOString() : null);
const db = (c: Context<AppEnv>) => c.get('deps').database.db;

function audit(c: Context<AppEnv>, tx: Queryable, actionType: string, targetUser: string | null, extra = {}) {
  return insertAudit(tx, {
    actorId: c.get('actor').id,
    actionType,
    targetUser,
    ipAddress: c.get('clientIp') ?? null,
    ...extra,
  });
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

export async function listUsers(c: Context<AppEnv>, query: UserListQuery): Promise<UserList> {
  const { rows, total } = await findProfilesPage(db(c), query);
  return {
    users: rows.map((row) => {
      const profile = toProfile(row);
      return {
        id: profile.id,
        email: profile.email,
        display_name: profile.display_name,
        role: profile.role,
        status: profile.status,
        avatar_url: profile.avatar_url,
        borrowing_limit: profile.borrowing_limit,
        creation_source: profile.creation_source,
        created_at: profile.created_at,
        last_activity_at: profile.last_activity_at,
        registration_completed: profile.registration_completed,
      };
    }),
    pagination: {
      currentPage: query.page,
      totalPages: Math.ceil(total / query.per_page),
      totalItems: total,
      perPage: query.per_page,
    },
  };
}

async function requireAuthUser(q: Queryable, id: string) {
  const user = await findAuthUserById(q, id);
  if (!user) throw new AppError('NOT_FOUND', 'No such user.');
  return user;
}

/** The default profile a user without a profile row would get, so the detail can still be shown. */
function virtualProfile(user: { id: string; email: string; name: string | null; createdAt: Date }): Profile {
  const created = user.createdAt.toISOString();
  return {
    id: user.id,
    email: user.email,
    display_name: user.name,
    role: 'patron',
    status: 'active',
    avatar_key: null,
    avatar_url: null,
    biography: null,
    phone_number: null,
    borrowing_limit: 3,
    creation_source: null,
    created_by: null,
    created_at: created,
    updated_at: created,
    last_activity_at: null,
    address_line_1: null,
    address_line_2: null,
    city: null,
    state_province: null,
    postal_code: null,
    country: null,
    address_verified: false,
    address_updated_at: null,
    registration_completed: false,
    registration_complete: false,
    interests: [],
    favorite_genres: [],
  };
}

/**
 * validate-profile-setup: what is missing or inconsistent. `profile_missing`: no profile row;
 * `registration_flag_unset`: the address is complete but the account is not marked registered;
 * `address_incomplete`: marked registered, but a password account has no complete address;
 * `email_mismatch`: the profile's e-mail is not the account's.
 */
function setupProblems(profile: Profile | null, authEmail: string, provider: string): string[] {
  if (!profile) return ['profile_missing'];
  const problems: string[] = [];
  const addressComplete = isProfileComplete({ ...profile, registration_completed: true }, 'credential');
  if (!profile.registration_completed && addressComplete) problems.push('registration_flag_unset');
  if (profile.registration_completed && provider !== 'google' && !addressComplete) {
    problems.push('address_incomplete');
  }
  if (profile.email !== authEmail) problems.push('email_mismatch');
  return problems;
}

export async function getUserDetail(c: Context<AppEnv>, id: string): Promise<UserDetail> {
  const database = db(c);
  const user = await requireAuthUser(database, id);
  const [row, providers, sessions] = await Promise.all([
    findProfileById(database, id),
    findUserProviders(database, id),
    countActiveSessions(database, id),
  ]);
  const profile = row ? toProfile(row) : null;
  return {
    profile: profile ?? virtualProfile(user),
    active_sessions: sessions,
    setup_problems: setupProblems(profile, user.email, primaryProvider(providers)),
  };
}

/**
 * Refuses a change to an admin's role or status that would leave no active admin, then one by
 * an admin to their own role or status (someone else must do that).
 */
async function guardAdminChange(
  c: Context<AppEnv>,
  tx: Queryable,
  target: { id: string; role: string; status: string },
) {
  if (target.role === 'admin' && target.status === 'active') {
    const others = await lockOtherActiveAdmins(tx, target.id);
    if (others.length === 0) throw new AppError('LAST_ADMIN');
  }
  if (target.id === c.get('actor').id) throw new AppError('SELF_CHANGE');
}

/**
 * PATCH: role (users.manage_roles), status and profile fields (users.edit). Each kind of change
 * is audited in the same transaction as the change; leaving 'active' ends the user's sessions.
 */
export async function updateUser(c: Context<AppEnv>, id: string, update: UserAdminUpdate): Promise<UserDetail> {
  const actor = c.get('actor');
  if (update.role !== undefined && !can(actor.role, 'users.manage_roles')) throw new AppError('FORBIDDEN');
  const { role, status, ...fields } = update;
  await db(c).transaction(async (tx) => {
    const current = await findProfileById(tx, id);
    if (!current) {
      await requireAuthUser(tx, id);
      throw new AppError('PROFILE_NOT_FOUND');
    }
    const roleChanges = role !== undefined && role !== current.role;
    const statusChanges = status !== undefined && status !== current.status;
    if ((roleChanges && role !== 'admin') || (statusChanges && status !== 'active')) {
      await guardAdminChange(c, tx, current);
    } else if ((roleChanges || statusChanges) && id === actor.id) {
      throw new AppError('SELF_CHANGE');
    }
    const columns: ProfileUpdate = {};
    if (fields.display_name !== undefined) columns.displayName = fields.display_name;
    if (fields.biography !== undefined) columns.biography = fields.biography;
    if (fields.borrowing_limit !== undefined) columns.borrowingLimit = fields.borrowing_limit;
    if (roleChanges) columns.role = role;
    if (statusChanges) columns.status = status;
    if (Object.keys(columns).length === 0) return;
    await updateProfileRow(tx, id, columns);
    if (roleChanges) {
      await audit(c, tx, 'update_user_role', id, {
        changes: { role },
        metadata: { previous_role: current.role },
      });
    }
    if (statusChanges) {
      await audit(c, tx, 'update_user_status', id, {
        changes: { status },
        metadata: { previous_status: current.status },
      });
      if (status !== 'active') {
        const endedSessions = await revokeSessions(tx, { userId: id, reason: 'admin' });
        await insertActivity(tx, id, 'status_changed', { status, endedSessions });
      }
    }
    if (Object.keys(fields).length > 0) {
      const previous = {
        display_name: current.displayName,
        biography: current.biography,
        borrowing_limit: current.borrowingLimit,
      };
      await audit(c, tx, 'update_user_profile', id, {
        changes: fields,
        metadata: {
          previous: Object.fromEntries(Object.keys(fields).map((key) => [key, previous[key as keyof typeof previous]])),
        },
      });
    }
  });
  return getUserDetail(c, id);
}

/** Admin update of a user's e-mail: the account and the profile, with a notice to the old address. */
export async function changeUserEmail(c: Context<AppEnv>, id: string, input: { email: string }): Promise<UserDetail> {
  const email = sanitizeEmail(input.email);
  await takenAsConflict(
    db(c).transaction(async (tx) => {
      const user = await requireAuthUser(tx, id);
      if (user.email === email) return;
      if (await findUserByEmailExcept(tx, email, id)) throw new AppError('EMAIL_TAKEN');
      await setUserEmail(tx, id, email);
      await audit(c, tx, 'update_user_email', id, { changes: { email }, metadata: { previous_email: user.email } });
      await insertActivity(tx, id, 'email_changed', { by: 'admin' });
      await enqueueEmail(tx, {
        to: user.email,
        locale: pickLocale(undefined, c.req.header('Accept-Language')),
        template: 'email_changed',
        data: { signInUrl: `${c.get('deps').config.publicUrl}/signin` },
      });
    }),
  );
  void c.get('deps').mailer.wake();
  return getUserDetail(c, id);
}

export async function revokeUserSessions(c: Context<AppEnv>, id: string): Promise<{ ended: number }> {
  return db(c).transaction(async (tx) => {
    await requireAuthUser(tx, id);
    const ended = await revokeSessions(tx, { userId: id, reason: 'admin' });
    await audit(c, tx, 'revoke_user_sessions', id, { metadata: { ended_sessions: ended } });
    return { ended };
  });
}

/** validate-or-repair: the missing default profile, the e-mail and the registration flag made consistent. */
export async function repairUser(c: Context<AppEnv>, id: string): Promise<UserDetail> {
  const before = await getUserDetail(c, id);
  const problems = before.setup_problems;
  if (problems.length > 0) {
    const source = creationSourceOf(primaryProvider(await findUserProviders(db(c), id)));
    await db(c).transaction(async (tx) => {
      const user = await requireAuthUser(tx, id);
      if (problems.includes('profile_missing')) await ensureDefaultProfile(tx, user, source);
      const columns: ProfileUpdate = {};
      if (problems.includes('registration_flag_unset')) columns.registrationCompleted = true;
      if (problems.includes('address_incomplete')) columns.registrationCompleted = false;
      if (problems.includes('email_mismatch')) columns.email = user.email;
      if (Object.keys(columns).length > 0) await updateProfileRow(tx, id, columns);
      await audit(c, tx, 'repair_user_profile', id, { metadata: { problems } });
    });
  }
  return getUserDetail(c, id);
}

export async function listActivity(c: Context<AppEnv>, id: string, limit: number): Promise<UserActivity[]> {
  await requireAuthUser(db(c), id);
  const rows = await findActivity(db(c), id, limit ?? LIMITS.activityLogLimit);
  return rows.map((row) => ({
    id: row.id,
    activity_type: row.activityType,
    activity_data: row.activityData,
    created_at: row.createdAt.toISOString(),
  }));
}

export async function listBorrowings(c: Context<AppEnv>, id: string): Promise<UserBorrowing[]> {
  await requireAuthUser(db(c), id);
  const rows = await findBorrowings(db(c), id);
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
export async function createUser(c: Context<AppEnv>, input: UserCreate): Promise<UserDetail> {
  const actor = c.get('actor');
  if (input.role !== 'patron' && !can(actor.role, 'users.manage_roles')) throw new AppError('FORBIDDEN');
  const email = sanitizeEmail(input.email);
  const token = crypto.randomBytes(32).toString('base64url');
  const { config, mailer } = c.get('deps');
  const id = await takenAsConflict(
    db(c).transaction(async (tx) => {
      if (await findUserByEmail(tx, email)) throw new AppError('EMAIL_TAKEN');
      const userId = await insertAuthUser(tx, { email, name: input.display_name });
      await ensureDefaultProfile(tx, { id: userId, email, name: input.display_name }, 'admin');
      await updateProfileRow(tx, userId, { role: input.role, createdBy: actor.id });
      await insertActivity(tx, userId, 'registration', { source: 'admin' });
      await replaceResetToken(tx, {
        userId,
        tokenHash: hashResetToken(token),
        expiresAt: new Date(Date.now() + WELCOME_LINK_LIFETIME_MINUTES * 60_000),
        requestedIp: c.get('clientIp'),
      });
      await enqueueEmail(tx, {
        to: email,
        locale: input.locale ?? pickLocale(undefined, c.req.header('Accept-Language')),
        template: 'account_created',
        data: {
          link: `${config.publicUrl}/auth/update-password#access_token=${token}`,
          expiresInMinutes: WELCOME_LINK_LIFETIME_MINUTES,
        },
      });
      await audit(c, tx, 'create_user', userId, {
        changes: { email, display_name: input.display_name, role: input.role },
      });
      return userId;
    }),
  );
  void mailer.wake();
  return getUserDetail(c, id);
}

/**
 * delete-user: never yourself, never the last active admin. In one transaction: feedback loses the
 * sender's name and e-mail, the loans are kept without identity in the audit entry, and the account
 * goes with everything that hangs on it (sessions, profile, bookmarks, notifications, history…).
 */
export async function deleteUser(c: Context<AppEnv>, id: string): Promise<void> {
  await db(c).transaction(async (tx) => {
    const user = await requireAuthUser(tx, id);
    const profile = await findProfileById(tx, id);
    await guardAdminChange(c, tx, { id, role: profile?.role ?? 'patron', status: profile?.status ?? 'active' });
    const loans = await anonymiseBeforeDeletion(tx, id);
    // Recorded as revoked, so a browser still holding a session learns it was ended, not that it expired.
    await revokeSessions(tx, { userId: id, reason: 'admin' });
    await deleteAuthUser(tx, id);
    await audit(c, tx, 'delete_user', id, {
      metadata: { email: user.email, role: profile?.role ?? null, retained_loans: loans },
    });
  });
}

export async function listAudit(c: Context<AppEnv>, query: AuditQuery) {
  const { rows, total } = await findAuditPage(db(c), query);
  const entries: AuditEntry[] = rows.map((row) => ({
    id: row.entry.id,
    action_type: row.entry.actionType,
    actor: { id: row.entry.actorId, email: row.actorEmail, display_name: row.actorName },
    target_user: row.entry.targetUser,
    target_email: row.targetEmail,
    changes: row.entry.changes,
    metadata: row.entry.metadata,
    ip_address: row.entry.ipAddress,
    created_at: new Date(row.entry.createdAt).toISOString(),
  }));
  return { entries, total, page: query.page, per_page: query.per_page };
}
