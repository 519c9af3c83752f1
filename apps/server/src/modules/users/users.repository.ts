import { ACTIVE_LOAN_STATUSES, OUT_LOAN_STATUSES } from '@maktaba/shared/lending';
import type {
  AuditAction,
  AuditQuerySchema,
  AuditTargetType,
  UserListQuery,
} from '@maktaba/shared/schemas/admin-users';
import { and, asc, count, desc, eq, gte, ilike, inArray, lte, ne, or, type SQL, sql } from 'drizzle-orm';
import type { z } from 'zod';
import { escapeLike } from '../../db/like.js';
import type { Queryable } from '../../db/queryable.js';
import {
  adminAuditLog,
  authSessions,
  authUsers,
  books,
  checkouts,
  feedbackReports,
  profiles,
  userActivityLog,
} from '../../db/schema/index.js';
import type { ProfileRow } from '../profiles/profiles.mapper.js';

export type AuditQuery = z.infer<typeof AuditQuerySchema>;

const SORT_COLUMNS = {
  created_at: profiles.createdAt,
  email: profiles.email,
  display_name: profiles.displayName,
  role: profiles.role,
  status: profiles.status,
  last_activity_at: profiles.lastActivityAt,
  borrowing_limit: profiles.borrowingLimit,
} as const;

/** One page of profiles with the exact count of all that match the filters. */
export async function findProfilesPage(
  db: Queryable,
  query: UserListQuery,
): Promise<{ rows: ProfileRow[]; total: number }> {
  const conditions: SQL[] = [];
  if (query.role) conditions.push(eq(profiles.role, query.role));
  if (query.status) conditions.push(eq(profiles.status, query.status));
  if (query.search) {
    const pattern = `%${escapeLike(query.search)}%`;
    const match = or(ilike(profiles.email, pattern), ilike(profiles.displayName, pattern));
    if (match) conditions.push(match);
  }
  const where = conditions.length > 0 ? and(...conditions) : undefined;
  const column = SORT_COLUMNS[query.sort];
  const order = query.direction === 'asc' ? sql`${column} asc nulls last` : sql`${column} desc nulls last`;
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(profiles)
      .where(where)
      .orderBy(order, asc(profiles.id))
      .limit(query.per_page)
      .offset((query.page - 1) * query.per_page),
    db.select({ value: count() }).from(profiles).where(where),
  ]);
  return { rows, total: total?.value ?? 0 };
}

export async function countActiveSessions(db: Queryable, userId: string): Promise<number> {
  const [row] = await db
    .select({ value: count() })
    .from(authSessions)
    .where(and(eq(authSessions.userId, userId), sql`${authSessions.expiresAt} > now()`));
  return row?.value ?? 0;
}

/**
 * The ids of the active admins other than `exceptId`, locked until the transaction ends, so two
 * admins demoting each other at once cannot both pass the "another admin remains" check.
 */
export async function lockOtherActiveAdmins(db: Queryable, exceptId: string): Promise<string[]> {
  const rows = await db
    .select({ id: profiles.id })
    .from(profiles)
    .where(and(eq(profiles.role, 'admin'), eq(profiles.status, 'active'), ne(profiles.id, exceptId)))
    .for('update');
  return rows.map((row) => row.id);
}

export type AuditRecord = {
  actorId: string | null;
  actionType: AuditAction;
  /** A user account the entry is about; or `targetType` and `targetId` for anything else. */
  targetUser?: string | null;
  targetType?: AuditTargetType;
  targetId?: string | null;
  changes?: Record<string, unknown>;
  metadata?: Record<string, unknown>;
  ipAddress: string | null;
};

/** One audit entry; call it in the transaction of the change it records. */
export async function insertAudit(db: Queryable, entry: AuditRecord): Promise<void> {
  const targetType = entry.targetType ?? 'user';
  const targetUser = targetType === 'user' ? (entry.targetUser ?? entry.targetId ?? null) : null;
  await db.insert(adminAuditLog).values({
    actorId: entry.actorId,
    actionType: entry.actionType,
    targetUser,
    targetType,
    targetId: targetType === 'user' ? targetUser : (entry.targetId ?? null),
    changes: entry.changes ?? {},
    metadata: entry.metadata ?? {},
    ipAddress: entry.ipAddress,
  });
}

export async function findUserByEmailExcept(db: Queryable, email: string, exceptId: string) {
  const [row] = await db
    .select({ id: authUsers.id })
    .from(authUsers)
    .where(and(eq(authUsers.email, email), ne(authUsers.id, exceptId)));
  return row;
}

export async function setUserEmail(db: Queryable, userId: string, email: string): Promise<void> {
  await db.update(authUsers).set({ email, updatedAt: new Date() }).where(eq(authUsers.id, userId));
  await db.update(profiles).set({ email, updatedAt: new Date() }).where(eq(profiles.id, userId));
}

export async function insertAuthUser(db: Queryable, user: { email: string; name: string }): Promise<string> {
  const [row] = await db
    .insert(authUsers)
    .values({ email: user.email, name: user.name, emailVerified: false })
    .returning({ id: authUsers.id });
  if (!row) throw new Error('User creation returned no row.');
  return row.id;
}

export async function findActivity(db: Queryable, userId: string, limit: number) {
  return db
    .select()
    .from(userActivityLog)
    .where(eq(userActivityLog.userId, userId))
    .orderBy(desc(userActivityLog.createdAt), desc(userActivityLog.id))
    .limit(limit);
}

export async function findBorrowings(db: Queryable, userId: string) {
  return db
    .select({
      id: checkouts.id,
      bookId: checkouts.bookId,
      titleEn: books.titleEn,
      titleAr: books.titleAr,
      checkedOutAt: checkouts.checkedOutAt,
      dueDate: checkouts.dueDate,
      returnedAt: checkouts.returnedAt,
      status: checkouts.status,
    })
    .from(checkouts)
    .innerJoin(books, eq(books.id, checkouts.bookId))
    .where(eq(checkouts.userId, userId))
    .orderBy(desc(checkouts.checkedOutAt), desc(checkouts.id));
}

/**
 * Before an account is deleted: the sender's name and e-mail leave their feedback reports (the
 * account link is cleared by the foreign key), and the loans are returned without anyone's
 * identity, for the lending records the library keeps (privacy policy, "Data retention").
 */
/**
 * How many of the reader's loans have their copy out of the library. The reader's active loans are
 * locked until the caller's transaction ends, so the desk cannot ship one of them in between (its
 * transition waits, then finds the loan gone).
 */
export async function countBooksOut(db: Queryable, userId: string): Promise<number> {
  const active = await db
    .select({ status: checkouts.status })
    .from(checkouts)
    .where(and(eq(checkouts.userId, userId), inArray(checkouts.status, [...ACTIVE_LOAN_STATUSES])))
    .for('update');
  const out: readonly string[] = OUT_LOAN_STATUSES;
  return active.filter((loan) => out.includes(loan.status)).length;
}

export async function anonymiseBeforeDeletion(db: Queryable, userId: string) {
  await db.update(feedbackReports).set({ name: null, email: null }).where(eq(feedbackReports.userId, userId));
  return db
    .select({
      book_id: checkouts.bookId,
      checked_out_at: checkouts.checkedOutAt,
      due_date: checkouts.dueDate,
      returned_at: checkouts.returnedAt,
      status: checkouts.status,
    })
    .from(checkouts)
    .where(eq(checkouts.userId, userId))
    .orderBy(asc(checkouts.checkedOutAt));
}

export async function deleteAuthUser(db: Queryable, userId: string): Promise<boolean> {
  const rows = await db.delete(authUsers).where(eq(authUsers.id, userId)).returning({ id: authUsers.id });
  return rows.length > 0;
}

const actors = sql`profiles`;

/** Audit entries, newest first, with the actor's e-mail and name and the target's e-mail when known. */
export async function findAuditPage(db: Queryable, query: AuditQuery) {
  const conditions: SQL[] = [];
  if (query.action_type) conditions.push(eq(adminAuditLog.actionType, query.action_type));
  if (query.target_user) conditions.push(eq(adminAuditLog.targetUser, query.target_user));
  if (query.actor) conditions.push(eq(adminAuditLog.actorId, query.actor));
  if (query.from) conditions.push(gte(adminAuditLog.createdAt, new Date(query.from)));
  if (query.to) conditions.push(lte(adminAuditLog.createdAt, new Date(query.to)));
  const where = conditions.length > 0 ? and(...conditions) : undefined;
  const [rows, [total]] = await Promise.all([
    db
      .select({
        entry: adminAuditLog,
        actorEmail: sql<string | null>`(select email from ${actors} where id = ${adminAuditLog.actorId})`,
        actorName: sql<string | null>`(select display_name from ${actors} where id = ${adminAuditLog.actorId})`,
        targetEmail: sql<string | null>`coalesce(
          (select email from ${actors} where id = ${adminAuditLog.targetUser}),
          ${adminAuditLog.metadata} ->> 'email')`,
      })
      .from(adminAuditLog)
      .where(where)
      .orderBy(desc(adminAuditLog.createdAt), desc(adminAuditLog.id))
      .limit(query.per_page)
      .offset((query.page - 1) * query.per_page),
    db.select({ value: count() }).from(adminAuditLog).where(where),
  ]);
  return { rows, total: total?.value ?? 0 };
}
