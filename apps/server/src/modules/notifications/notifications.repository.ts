import { and, count, desc, eq, gt, gte, isNotNull, isNull, max, or, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Queryable } from '../../db/queryable.js';
import { authUsers, userNotifications } from '../../db/schema/index.js';

export type NotificationRow = typeof userNotifications.$inferSelect;
export type NotificationInsert = Pick<
  typeof userNotifications.$inferInsert,
  'userId' | 'title' | 'message' | 'type' | 'eventType' | 'link'
>;

/** The newest `limit` of one user's notifications (reader-area §7: filter user_id, newest first). */
export function findNewestForUser(db: Queryable, userId: string, limit: number): Promise<NotificationRow[]> {
  return db
    .select()
    .from(userNotifications)
    .where(eq(userNotifications.userId, userId))
    .orderBy(desc(userNotifications.createdAt), desc(userNotifications.seq))
    .limit(limit);
}

export async function countUnread(db: Queryable, userId: string): Promise<number> {
  const [row] = await db
    .select({ value: count() })
    .from(userNotifications)
    .where(and(eq(userNotifications.userId, userId), isNull(userNotifications.readAt)));
  return row?.value ?? 0;
}

export async function findById(db: Queryable, id: string): Promise<NotificationRow | undefined> {
  const [row] = await db.select().from(userNotifications).where(eq(userNotifications.id, id));
  return row;
}

/**
 * What a stream that last delivered `afterSeq` replays for one user (the newest `limit`, newest first): the rows with a
 * larger `seq`, and also those created up to `overlapSeconds` before the row `afterSeq` itself.
 * `seq` is taken when a row is inserted, not when its transaction commits, so a row with a smaller
 * `seq` can become visible after a larger one was sent; any such row belongs to a transaction that
 * was open when the sent row was created, so it was created at most that transaction's length
 * before it. The caller drops what it already sent (by id), the browser does too.
 */
export function findReplay(
  db: Queryable,
  userId: string,
  afterSeq: number,
  overlapSeconds: number,
  limit: number,
): Promise<NotificationRow[]> {
  const seen = alias(userNotifications, 'seen');
  const since = db
    .select({ at: sql`${seen.createdAt} - make_interval(secs => ${overlapSeconds})` })
    .from(seen)
    .where(and(eq(seen.seq, afterSeq), eq(seen.userId, userId)));
  return db
    .select()
    .from(userNotifications)
    .where(
      and(
        eq(userNotifications.userId, userId),
        or(gt(userNotifications.seq, afterSeq), gte(userNotifications.createdAt, sql`(${since})`)),
      ),
    )
    .orderBy(desc(userNotifications.seq))
    .limit(limit);
}

/** The largest `seq` of the user's rows, 0 without any. */
export async function findLastSeq(db: Queryable, userId: string): Promise<number> {
  const [row] = await db
    .select({ seq: max(userNotifications.seq) })
    .from(userNotifications)
    .where(eq(userNotifications.userId, userId));
  return row?.seq ?? 0;
}

export async function insertNotification(db: Queryable, values: NotificationInsert): Promise<NotificationRow> {
  const [row] = await db.insert(userNotifications).values(values).returning();
  if (!row) throw new Error('the notification was not inserted');
  return row;
}

/** Marks one of the user's own notifications read (kept as first read); undefined when it is not theirs. */
export async function markRead(db: Queryable, userId: string, id: string): Promise<NotificationRow | undefined> {
  const [row] = await db
    .update(userNotifications)
    .set({ readAt: new Date() })
    .where(and(eq(userNotifications.id, id), eq(userNotifications.userId, userId), isNull(userNotifications.readAt)))
    .returning();
  if (row) return row;
  const [existing] = await db
    .select()
    .from(userNotifications)
    .where(and(eq(userNotifications.id, id), eq(userNotifications.userId, userId)));
  return existing;
}

export async function markAllRead(db: Queryable, userId: string): Promise<number> {
  const rows = await db
    .update(userNotifications)
    .set({ readAt: new Date() })
    .where(and(eq(userNotifications.userId, userId), isNull(userNotifications.readAt)))
    .returning({ id: userNotifications.id });
  return rows.length;
}

export async function deleteRead(db: Queryable, userId: string): Promise<number> {
  const rows = await db
    .delete(userNotifications)
    .where(and(eq(userNotifications.userId, userId), isNotNull(userNotifications.readAt)))
    .returning({ id: userNotifications.id });
  return rows.length;
}

export async function userExists(db: Queryable, userId: string): Promise<boolean> {
  const [row] = await db.select({ id: authUsers.id }).from(authUsers).where(eq(authUsers.id, userId));
  return row !== undefined;
}
