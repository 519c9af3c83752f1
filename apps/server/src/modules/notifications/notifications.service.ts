import { LIMITS } from '@maktaba/shared/constants';
import type {
  Notification,
  NotificationEventType,
  NotificationList,
  NotificationType,
  SendNotification,
} from '@maktaba/shared/schemas/notifications';
import type { Actor } from '../../actor.js';
import type { Queryable } from '../../db/queryable.js';
import { AppError } from '../../errors.js';
import {
  countUnread,
  deleteRead,
  findLastSeq,
  findNewestForUser,
  insertNotification,
  markAllRead,
  markRead,
  type NotificationRow,
  userExists,
} from './notifications.repository.js';

export function toNotification(row: NotificationRow): Notification {
  return {
    id: row.id,
    title: row.title,
    message: row.message,
    type: row.type as NotificationType,
    event_type: (row.eventType as NotificationEventType | null) ?? null,
    link: row.link ?? null,
    created_at: row.createdAt.toISOString(),
    read_at: row.readAt ? row.readAt.toISOString() : null,
  };
}

export type NotifyInput = {
  userId: string;
  title: string;
  message: string;
  type?: NotificationType;
  eventType?: NotificationEventType | null;
  /** The page it is about: a path of the app (`/myimam`), never an address elsewhere. */
  link?: string | null;
};

/**
 * Sends a notification to one user: only an insert. The table's trigger announces it on the
 * `user_notifications` channel when the transaction commits, and every server instance relays it
 * to that user's open tabs. Pass the transaction of the event that causes it (a request approved)
 * so that a rolled-back event notifies nobody.
 */
export async function notifyUser(db: Queryable, input: NotifyInput): Promise<Notification> {
  const row = await insertNotification(db, {
    userId: input.userId,
    title: input.title,
    message: input.message,
    type: input.type ?? 'info',
    eventType: input.eventType ?? null,
    link: input.link ?? null,
  });
  return toNotification(row);
}

export async function listOwnNotifications(db: Queryable, actor: Actor): Promise<NotificationList> {
  const [rows, unread, cursor] = await Promise.all([
    findNewestForUser(db, actor.id, LIMITS.notificationsLimit),
    countUnread(db, actor.id),
    findLastSeq(db, actor.id),
  ]);
  return { notifications: rows.map(toNotification), unread_count: unread, stream_cursor: cursor };
}

/** Another user's notification answers as an unknown one: 404, so ids cannot be probed. */
export async function markOwnRead(db: Queryable, actor: Actor, id: string): Promise<Notification> {
  const row = await markRead(db, actor.id, id);
  if (!row) throw new AppError('NOT_FOUND', 'No such notification.');
  return toNotification(row);
}

export async function markAllOwnRead(db: Queryable, actor: Actor): Promise<{ count: number }> {
  return { count: await markAllRead(db, actor.id) };
}

export async function clearOwnRead(db: Queryable, actor: Actor): Promise<{ count: number }> {
  return { count: await deleteRead(db, actor.id) };
}

/** Support sends a notification to a reader (users.edit). */
export async function sendNotification(db: Queryable, input: SendNotification): Promise<Notification> {
  if (!(await userExists(db, input.user_id))) throw new AppError('NOT_FOUND', 'No such user.');
  return notifyUser(db, {
    userId: input.user_id,
    title: input.title,
    message: input.message,
    type: input.type,
    eventType: input.event_type ?? null,
  });
}
